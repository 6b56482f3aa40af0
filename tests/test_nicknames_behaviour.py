"""The nickname file (data/nicknames.tsv, $YGORULES_NICKNAMES) as a contributor edits it: what is read from
it, where each mistake is reported, and when the name index must notice that it changed."""
import os

import pytest

from ygorules.core.errors import YgoError
from ygorules.names import nicknames

HEADER = "passcode\ten\ttext\tlangs\tkind\tsource\tnote\n"


def _write(tmp_path, text, name="nick.tsv", encoding="utf-8"):
    path = tmp_path / name
    path.write_bytes(text.encode(encoding) if isinstance(text, str) else text)
    return str(path)


def _error(tmp_path, text):
    with pytest.raises(YgoError) as exc:
        nicknames.load(_write(tmp_path, text))
    return exc.value


def test_rows_are_read_with_their_languages_kind_and_source_skipping_comments_blank_lines_and_a_bom(tmp_path):
    text = ("\ufeff" + HEADER.replace("\n", "\r\n") + "# a comment\r\n   \r\n  # an indented comment\n"
            "97268402\tEffect Veiler\t Veiler \t es, pt ,it,en\tnickname\t\t\n"
            "kdb4007\tSome Card\tSC\ten\tabbreviation\tforum post\ta note\n"
            "97268402\tEffect Veiler\tVeiler\tit\tnickname\t\t\n")
    rows = nicknames.load(_write(tmp_path, text))
    assert [(r.passcode, r.text, r.langs, r.kind, r.source) for r in rows] == [
        ("97268402", "Veiler", ("es", "pt", "it", "en"), "nickname", None),
        ("kdb4007", "SC", ("en",), "abbreviation", "forum post"),
        ("97268402", "Veiler", ("it",), "nickname", None)]
    assert {p: [r.text for r in rs] for p, rs in nicknames.by_passcode(rows).items()} == {
        "97268402": ["Veiler", "Veiler"], "kdb4007": ["SC"]}


def test_columns_are_found_by_header_name_in_any_order_and_case_and_the_text_is_nfc(tmp_path):
    text = "KIND\tText\tlangs\tpasscode\ten\nanime-name\tCafe\u0301\tes\t123\tX\n"
    rows = nicknames.load(_write(tmp_path, text))
    assert [(r.passcode, r.text, r.langs, r.kind, r.source) for r in rows] == [("123", "Café", ("es",), "anime-name", None)]


def test_a_header_without_a_required_column_is_refused_naming_the_missing_ones(tmp_path):
    err = _error(tmp_path, "# comment\npasscode\ten\tlangs\tnote\n")
    p = err.problems[0]
    assert (p.path, p.line, p.col) == (str(tmp_path / "nick.tsv"), 2, 1)
    assert p.message == "the header lacks the column(s) text, kind"
    assert p.fix == "the first line must be: passcode\ten\ttext\tlangs\tkind\tsource\tnote (tab-separated)"
    assert str(err) == f"{p.path}:2:1: {p.message} → {p.fix}"


PASSCODE_FIX = ("write the card's passcode as digits (kdb<Konami id> for a card without one), or series:<the series' English "
                "name> for a series")
LANGS_FIX = "list the languages as a comma list of es, pt, it, en"


@pytest.mark.parametrize("row, col, message, fix", [
    ("44095762\tMirror Force\t  \tes\tnickname\t\t", 23, "the text is empty", "write the nickname as people write it"),
    ("44095762\tMirror Force\tMF\t , \tnickname\t\t", 26, "unknown language '(none)'", LANGS_FIX),
    ("44095762\tMirror Force\tMF\tes,xx,yy\tnickname\t\t", 26, "unknown language 'xx'", LANGS_FIX),
    ("kdb\tMirror Force\tMF\tes\tnickname\t\t", 1, "'kdb' is not a passcode", PASSCODE_FIX),
    ("kdbx1\tMirror Force\tMF\tes\tnickname\t\t", 1, "'kdbx1' is not a passcode", PASSCODE_FIX),
    ("\tMirror Force\tMF\tes\tnickname\t\t", 1, "'' is not a passcode", PASSCODE_FIX),
    ("series:  \tDragon Ruler\tED\tes\tnickname\t\t", 1, "'series:' is not a passcode", PASSCODE_FIX),  # no series named
    ("44095762\tMirror Force\tMF\tes\tnickname\t\t\textra", 45, "8 tab-separated fields, the header has 7",
     "give every row one field per column (empty fields for a missing source or note)"),
])
def test_a_bad_row_is_reported_at_its_line_and_column(tmp_path, row, col, message, fix):
    err = _error(tmp_path, HEADER + row + "\n")
    p = err.problems[0]
    assert (p.path, p.line, p.col, p.message, p.fix) == (str(tmp_path / "nick.tsv"), 2, col, message, fix)
    assert p.severity == "error" and str(err) == f"{p.path}:2:{col}: {message} → {fix}"


def test_a_series_row_names_the_series_by_its_english_name_with_its_spaces_as_one(tmp_path):
    rows = nicknames.load(_write(tmp_path, HEADER + "series:Dragon   Ruler\tDragon Ruler\tElemental Dragons\ten\tnickname\t\t\n"))
    assert [(r.passcode, r.text) for r in rows] == [("series:Dragon Ruler", "Elemental Dragons")]
    from ygorules.names import index
    assert rows[0].passcode.startswith(index.SERIES_ROW) and index.SERIES_ROW == nicknames.SERIES  # what the index reads


def test_a_repeated_nickname_names_the_line_it_repeats_whatever_its_case(tmp_path):
    err = _error(tmp_path, HEADER + "1\tA\tVeiler\tes\tnickname\t\t\n1\tA\tVeiler\tpt\tnickname\t\t\n"
                 "1\tA\tVEILER\tes\tabbreviation\t\t\n")
    p = err.problems[0]
    assert (p.path, p.line, p.col, p.message) == (str(tmp_path / "nick.tsv"), 4, 1, "the same nickname is on line 2")
    assert p.fix == "keep one row per nickname and card"


def test_unknown_kinds_list_the_allowed_ones(tmp_path):
    p = _error(tmp_path, HEADER + "1\tA\tB\tes\tpet\t\t\n").problems[0]
    assert p.message == "unknown kind 'pet'"
    assert p.fix == "use one of nickname, abbreviation, anime-name, old-name, fan-translation, misspelling"


def test_a_file_that_is_not_utf8_is_reported_at_the_bad_byte(tmp_path):
    err = _error(tmp_path, (HEADER + "1\tA\tVeiler\tes\tnickname\t\t\n1\tA\tCaf").encode() + b"\xe9 x\tes\tnickname\t\t\n")
    p = err.problems[0]
    assert (p.path, p.line, p.col, p.message, p.fix) == (str(tmp_path / "nick.tsv"), 3, 8, "byte 0xe9 is not UTF-8",
                                                         "save the file as UTF-8")
    err = _error(tmp_path, b"\n\xff" + HEADER.encode())
    assert (err.problems[0].line, err.problems[0].col) == (2, 1)
    err = _error(tmp_path, b"\xff" + HEADER.encode())
    assert (err.problems[0].line, err.problems[0].col) == (1, 1)


def test_a_missing_file_is_a_usage_error_and_no_file_means_no_nicknames(tmp_path):
    missing = str(tmp_path / "nope.tsv")
    with pytest.raises(YgoError) as exc:
        nicknames.load(missing)
    assert exc.value.exit_code == 2 and str(exc.value) == f"{missing}: no such nickname file → check $YGORULES_NICKNAMES"
    assert nicknames.load(None) == [] and nicknames.load("") == []


def test_an_unreadable_path_is_an_error_with_the_reason(tmp_path):
    with pytest.raises(YgoError) as exc:
        nicknames.load(str(tmp_path))
    assert exc.value.exit_code == 1 and str(exc.value).startswith(f"{tmp_path}: cannot read it (")


def test_the_environment_names_another_file_or_none(tmp_path, monkeypatch):
    monkeypatch.setenv("YGORULES_NICKNAMES", "")
    assert nicknames.default_path() is None
    monkeypatch.setenv("YGORULES_NICKNAMES", str(tmp_path / "mine.tsv"))
    assert nicknames.default_path() == str(tmp_path / "mine.tsv")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("YGORULES_NICKNAMES", "~/n.tsv")
    assert nicknames.default_path() == str(tmp_path / "n.tsv")
    monkeypatch.delenv("YGORULES_NICKNAMES")
    default = nicknames.default_path()
    assert default is None or (default.endswith("nicknames.tsv") and os.path.isfile(default))


def test_the_stamp_changes_when_the_file_changes_and_tells_missing_from_none(tmp_path):
    path = _write(tmp_path, HEADER)
    first = nicknames.stamp(path)
    assert first == nicknames.stamp(path) and first.startswith(os.path.realpath(path) + ":")
    _write(tmp_path, HEADER + "1\tA\tB\tes\tnickname\t\t\n")
    assert nicknames.stamp(path) != first
    st = os.stat(path)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))
    assert nicknames.stamp(path) not in (first, f"{os.path.realpath(path)}:{st.st_size}:{st.st_mtime_ns}:{st.st_ino}")
    assert nicknames.stamp(None) == nicknames.stamp("") == "-"
    assert nicknames.stamp(str(tmp_path / "gone.tsv")) == f"{tmp_path / 'gone.tsv'}:missing"
