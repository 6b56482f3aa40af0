"""What the strict loader tells a contributor about a file it refuses (the message and the fix, as `ygorules
check` prints them), the size limit, and where values are found in files that load."""
import pytest

from ygorules.core import loader
from ygorules.core.loader import MAX_DEPTH, LoadError, load_bytes, load_file, parse

SYNTAX_FIX = ("check the indentation and quoting on this line and the one before; quote text containing ': ' or "
              "starting with a special character")
UTF8_FIX = "save the file as UTF-8 in your editor (VS Code: 'Save with Encoding' → UTF-8)"


def _problem(raw):
    with pytest.raises(LoadError) as info:
        load_bytes(raw if isinstance(raw, bytes) else raw.encode("utf-8"), "kb/t.yaml")
    p = info.value.problem
    assert str(info.value) == p.format() and p.path == "kb/t.yaml" and p.severity == "error"
    return p.line, p.col, p.code, p.message, p.fix


@pytest.mark.parametrize("raw, expected", [
    ("a: yes\n", (1, 4, "yaml11-bool", "'yes' is a boolean in YAML 1.1 but a string in YAML 1.2",
                  "write true or false for a yes/no value, or quote it ('yes') for text")),
    ("a: 0123\n", (1, 4, "ambiguous-number", "'0123' is read as a different number by different YAML versions",
                   "quote it ('0123') if it is text, or write a plain decimal number")),
    ("a: .inf\n", (1, 4, "special-float", "'.inf' is not a usable number", "quote it if it is text")),
    ("a: -.INF\n", (1, 4, "special-float", "'-.INF' is not a usable number", "quote it if it is text")),
    ("a: .NaN\n", (1, 4, "special-float", "'.NaN' is not a usable number", "quote it if it is text")),
    ("a: 1e3\n", (1, 4, "ambiguous-number", "'1e3' is read as a number by some YAML parsers and as text by others",
                  "quote it ('1e3') if it is text, or write a plain decimal such as 1.5")),
    ("a: 2E3\n", (1, 4, "ambiguous-number", "'2E3' is read as a number by some YAML parsers and as text by others",
                  "quote it ('2E3') if it is text, or write a plain decimal such as 1.5")),
    ("a: 1.\n", (1, 4, "ambiguous-number", "'1.' is read as a number by some YAML parsers and as text by others",
                 "quote it ('1.') if it is text, or write a plain decimal such as 1.5")),
    ("a: 1\nb:\n  c: 2\n  c: 3\n", (4, 3, "duplicate-key", "duplicate key 'c' (first at line 3)",
                                    "keep one 'c': merge the two or delete one (lines 3 and 4)")),
    ("a: &x 1\n", (1, 4, "anchor", "an anchor (&x)", "remove it: anchors and aliases are not allowed")),
    ("a: *x\n", (1, 4, "alias", "an alias (*x)", "write the value out in full: anchors and aliases are not allowed")),
    ("a: !!str 1\n", (1, 4, "tag", "a YAML tag (tag:yaml.org,2002:str)",
                      "remove the tag: values are plain text, numbers, true/false or null")),
    ("<<: {a: 1}\n", (1, 1, "merge-key", "merge keys (<<) are not allowed", "write the keys out in full")),
    ("a: <<\n", (1, 4, "merge-key", "merge keys (<<) are not allowed", "write the keys out in full")),
    ("a: 1\n---\na: 2\n", (2, 1, "multi-document", "a second YAML document (---) in the file", "keep one entry per file")),
    ("a:\n\t- b\n", (2, 1, "tab", "a tab character", "indent and separate with spaces only")),
    ("a: b\x07\n", (1, 5, "control-char", "control character U+0007", "delete it")),
    ("a: b\x7f\n", (1, 5, "control-char", "control character U+007F", "delete it")),
    ("\ufeffa: 1\n", (1, 1, "bom", "the file starts with a byte order mark", "save it as UTF-8 without BOM")),
    ("a: \"unclosed\n", (2, 1, "yaml-syntax", "YAML syntax error: found unexpected end of stream (while scanning a quoted scalar)",
                         SYNTAX_FIX)),
    ("a: b: c\n", (1, 5, "yaml-syntax", "YAML syntax error: mapping values are not allowed in this context", SYNTAX_FIX)),
    ("? [a]\n: 1\n", (1, 3, "complex-key", "a key that is a list or mapping", "use a plain text key")),
    ("1: a\n", (1, 1, "non-string-key", "the key '1' is not text", "use a text key such as a field name")),
    ("a: ok\nb: Cafe\u0301\n", (2, 7, "not-nfc", "text is not in Unicode NFC form (a letter and its accent are stored apart)",
                                "run `ygorules fmt` on the file, or retype the accented letter")),
    ("   \n", (1, 1, "empty-file", "the file is empty",
               "write an entry (`ygorules new KIND NAME` makes one) or delete the file")),
    ("a: " + "[" * (MAX_DEPTH + 2) + "]" * (MAX_DEPTH + 2) + "\n",
     (1, 3 + MAX_DEPTH, "too-deep", f"nesting deeper than {MAX_DEPTH} levels",
      "flatten the entry: no kind of entry needs this depth")),
    (b"a: \0\n", (1, 1, "binary-file", "this is a binary file, not YAML text", "keep only UTF-8 YAML files in kb/")),
    ("a: ok\nb: Força\n".encode("latin-1"), (2, 7, "not-utf8",
                                             "byte 0xe7 is not UTF-8 (the file looks like Latin-1 or Windows-1252)", UTF8_FIX)),
])
def test_a_refused_file_gets_its_place_message_and_fix(raw, expected):
    assert _problem(raw) == expected


def test_a_binary_file_is_recognised_by_a_nul_in_its_first_8_kib_only():
    assert _problem(b"a: b\n" + b"x" * 8000 + b"\0")[2] == "binary-file"
    assert _problem(b"a: b\n#" + b"x" * 8200 + b"\0\n")[2] == "control-char"


def test_nesting_up_to_the_limit_loads():
    depth = MAX_DEPTH - 1
    text = "a: " + "[" * depth + "1" + "]" * depth + "\n"
    value = parse(text, "t").data["a"]
    for _ in range(depth - 1):
        value = value[0]
    assert value == [1]


def test_files_over_the_size_limit_are_refused_before_reading(tmp_path, monkeypatch):
    monkeypatch.setattr(loader, "MAX_FILE_BYTES", 100)
    big = tmp_path / "big.yaml"
    big.write_text("a: " + "x" * 300 + "\n", encoding="utf-8")
    with pytest.raises(LoadError) as info:
        load_file(big, "kb/big.yaml")
    p = info.value.problem
    assert (p.path, p.line, p.col, p.code) == ("kb/big.yaml", 1, 1, "too-large")
    assert p.message == "the file is 0.0 MB; the limit is 0 MB"
    assert p.fix == "split it into one entry per file; an entry is a few kilobytes"
    with pytest.raises(LoadError) as info:
        load_bytes(b"a: " + b"x" * 300, "stdin")
    assert (info.value.problem.code, info.value.problem.message) == ("too-large", "the input is 0.0 MB; the limit is 0 MB")
    small = tmp_path / "small.yaml"
    small.write_text("a: " + "x" * 90 + "\n", encoding="utf-8")
    assert load_file(small).data == {"a": "x" * 90}


def test_a_file_that_cannot_be_read_is_named_with_the_reason(tmp_path):
    with pytest.raises(LoadError) as info:
        load_file(tmp_path / "gone.yaml")
    p = info.value.problem
    assert (p.path, p.line, p.col, p.code) == (str(tmp_path / "gone.yaml"), 1, 1, "unreadable")
    assert p.message == "cannot read the file (No such file or directory)"
    assert p.fix == "check that it exists and is readable"


def test_a_loaded_file_knows_its_path_and_display_name(tmp_path):
    path = tmp_path / "x.yaml"
    path.write_text("id: x\n", encoding="utf-8")
    doc = load_file(path, "kb/x.yaml")
    assert (doc.path, doc.display, doc.data) == (path, "kb/x.yaml", {"id": "x"})
    assert load_file(path).display == str(path)


TEXT = "id: x\nnames:\n  es: Uno\nlist:\n  - a\n  - {b: c}\n  - [d, e]\n"


def test_the_fast_and_the_tracking_parse_read_the_same_data():
    fast = parse(TEXT, "t")
    tracked = parse(TEXT, "t", track=True)
    assert fast.data == tracked.data == {"id": "x", "names": {"es": "Uno"}, "list": ["a", {"b": "c"}, ["d", "e"]]}
    assert parse("- 1\n- [2, {a: 3}]\n", "t").data == [1, [2, {"a": 3}]]
    assert parse("just text\n", "t").data == "just text"
    assert parse("12\n", "t").data == 12


def test_positions_are_found_lazily_from_the_file_when_the_text_is_not_kept(tmp_path):
    path = tmp_path / "x.yaml"
    path.write_text(TEXT, encoding="utf-8")
    doc = load_file(path)
    doc.text = None
    assert doc.where(("list", 2, 1)) == (7, 9)
    assert doc.where(("list", 1, "b"), key=True) == (6, 6)
    assert doc.where(("list", 0), key=True) == (5, 5)  # a list item has no key: the item itself
    assert doc.where(("nothing",)) == (1, 1)
    assert doc.where(()) == (1, 1)


def test_a_document_that_is_a_single_value_is_at_line_one():
    doc = parse("\n\n  hello\n", "t")
    assert doc.data == "hello" and doc.where(()) == (3, 3) and doc.where(("a",)) == (3, 3)


@pytest.mark.parametrize("raw, expected", [
    ("\tb: 1\n", (1, 1, "tab")),
    ("\n\tb: 1\n", (2, 1, "tab")),
    ("a: 1\nb: 2\nc:\t1\n\td: 2\n", (3, 3, "tab")),
    ("a: 1\nb: 2\nc: x\x07\n", (3, 5, "control-char")),
    ("\n\x07", (2, 1, "control-char")),
    ("e\u0301: 1\n", (1, 1, "not-nfc")),
    (b"#" + b"x" * 8191 + b"\0\n", (1, 8193, "control-char")),
    (b"#" + b"x" * 8190 + b"\0\n", (1, 1, "binary-file")),
])
def test_the_first_bad_character_is_reported_at_its_line_and_column(raw, expected):
    assert _problem(raw)[:3] == expected


def test_the_tracking_parse_reads_what_the_fast_parse_reads():
    assert parse("hello\n", "t", track=True).data == "hello"
    assert parse("a:\n  a: 1\n", "t", track=True).data == {"a": {"a": 1}}
    depth = MAX_DEPTH - 1
    text = "a: " + "[" * depth + "1" + "]" * depth + "\n"
    assert parse(text, "t", track=True).data == parse(text, "t").data
    doc = parse("a: 1\n", "shown", loader.Path("real.yaml"), track=True)
    assert (doc.path, doc.display) == (loader.Path("real.yaml"), "shown")


def test_a_file_of_exactly_the_size_limit_loads_and_sizes_are_shown_in_mb(tmp_path, monkeypatch):
    exact = tmp_path / "exact.yaml"
    exact.write_text("a: " + "x" * 96 + "\n", encoding="utf-8")
    monkeypatch.setattr(loader, "MAX_FILE_BYTES", 100)
    assert load_file(exact).data == {"a": "x" * 96}
    assert load_bytes(exact.read_bytes(), "t").data == {"a": "x" * 96}
    monkeypatch.undo()
    big = tmp_path / "big.yaml"
    big.write_bytes(b"a: " + b"x" * (1_050_000 - 4) + b"\n")
    with pytest.raises(LoadError) as info:
        load_file(big)
    assert info.value.problem.message == "the file is 1.1 MB; the limit is 1 MB"
