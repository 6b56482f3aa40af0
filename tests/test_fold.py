"""core.fold: the one folding of names, and the JavaScript generated from it for the site.

The browser test (tests/browser/test_fold_js.py) runs the generated JavaScript in chromium over
tests/fixtures/fold-corpus.txt; these tests check the Python side and the generation itself.
"""
import json
import re
import shutil
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

from ygorules.core import fold as core_fold
from ygorules.core.fold import TOKEN, WORD, casefold_exceptions, fold, javascript, normalize, tkey

CORPUS = Path(__file__).parent / "fixtures" / "fold-corpus.txt"
NODE = shutil.which("node")


def corpus() -> list[str]:
    """The corpus: one string per line (a line may be empty)."""
    return CORPUS.read_text(encoding="utf-8").split("\n")[:-1]


@pytest.mark.parametrize("a,b", [
    ("Dark Magician’s Blessing", "dark magician's blessing"),
    ("L’Onesto", "L'Onesto"),
    ("Blue–Eyes White Dragon", "blue-eyes white dragon"),
    ("Straße", "STRASSE"),
    ("ﬁnal", "FINAL"),
    ("ＡＢＣ", "abc"),
    ("Força", "Forc\u0327a"),
    ("ΣΟΦΟΣ", "σοφος"),
    ("Øresund", "oresund"),
])
def test_fold_makes_spellings_of_one_name_equal(a, b):
    assert fold(a) == fold(b)


def test_fold_keeps_what_tells_names_apart():
    assert fold("Mago Oscuro") != fold("Mago Obscuro")
    assert fold("Number 39") != fold("Number 38")
    assert fold("a-b") != fold("a b") and normalize("a-b") == normalize("a b")


def test_normalize_is_the_folded_words_joined_by_single_spaces():
    assert normalize("  ¡Fuerza  de Espejo! ") == "fuerza de espejo"
    assert normalize("Ｎｏ.３９: Utopía") == "no 39 utopia"
    assert normalize("…") == "" and normalize("") == ""


def test_tkey_keeps_the_punctuation_between_words_folded():
    assert tkey("Dark Magician’s Blessing") == tkey("Dark Magician's Blessing") == "dark magician's blessing"
    assert tkey("Slifer, o Dragão Celeste") == "slifer,o dragao celeste"


@pytest.mark.parametrize("sep,cls", [
    (" ", " "), ("-", " "), (" - ", " "), ("\n", " "), (" \n  ", " "),  # spacing and hyphens: one space
    (", ", ","), ("’", "'"), (": ", ":"), (", '", ",'"),                 # other punctuation, folded, kept in order
    ("\n\n", None), (" \n\n", None),                                   # a paragraph break never joins two words
    ("  - ", " "), ("   - ", None), ("  ,  ", None),                      # four characters at most between two words
])
def test_sep_class_says_how_the_gap_between_two_words_counts(sep, cls):
    assert core_fold.sep_class(sep) == cls


def test_tkeys_grow_word_by_word_and_a_gap_that_never_joins_counts_as_a_space():
    assert core_fold.tkeys_of("Mago  Oscuro") == ["mago", "mago oscuro"]
    assert core_fold.tkeys_of("Mago\n\nOscuro") == ["mago", "mago oscuro"]
    assert core_fold.tkeys_of("¡!") == [] and tkey("¡!") == "" and tkey("") == ""


def test_every_folding_of_the_package_is_core_fold():
    """The lookup page's Python side, the site's sort key, the overlap report and `new` fold as core.fold does."""
    from ygorules.commands.new import _fold as new_fold
    from ygorules.reports.overlap import words
    from ygorules.site.lookup import fold as lookup_fold
    from ygorules.site.pages import sort_key

    for line in corpus():
        assert lookup_fold(line) == normalize(line) == new_fold(line), line
        assert sort_key(line) == fold(line), line
        assert words(line) == normalize(line).split(), line


def test_name_table_find_ignores_typographic_apostrophes():
    from ygorules.names.table import CardRecord, NameTable

    t = NameTable([CardRecord("12345678", "spell", {"es": None, "pt": None, "it": None, "en": "Dark Magician's Blessing"})])
    assert [c.passcode for c in t.find("dark magician’s blessing")] == ["12345678"]


def test_word_class_is_unicode_letters_and_digits_as_javascript_writes_it():
    """js_token_pattern writes Python's [^\\W_] as [\\p{L}\\p{N}]: true for every code point."""
    word = re.compile(WORD)
    wrong = [hex(c) for c in range(0x110000) if bool(word.match(chr(c))) != (unicodedata.category(chr(c))[0] in "LN")]
    assert wrong == []


def test_casefold_is_lowercase_but_for_the_exceptions_the_javascript_carries():
    """The JS casefolds character by character: the exception if there is one, else toLowerCase."""
    ex = casefold_exceptions()
    wrong = [hex(c) for c in range(0x110000) if ex.get(chr(c), chr(c).lower()) != chr(c).casefold()]
    assert wrong == []
    assert {"ß", "ς", "ﬁ", "µ", "ꭰ"} <= set(ex)  # where JS toLowerCase and casefold differ
    assert "ΣΑΣ".casefold() != "ΣΑΣ".lower()  # why the JS never lowercases a whole string (final sigma)


def test_token_pattern_of_the_javascript_is_tokens():
    js = json.loads(re.search(r"var data = (\{.*?\});\n", javascript()).group(1))
    assert js["token"] == TOKEN.pattern.replace(WORD, r"[\p{L}\p{N}]")
    assert js["typo"] == core_fold.TYPO


def _run_node(script: str, lines: list[str]) -> list:
    prog = ("globalThis.self = globalThis;\n" + script
            + "\nconst lines = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
              "process.stdout.write(JSON.stringify(lines.map(l => [self.ygoFold.fold(l), self.ygoFold.normalize(l)])));")
    out = subprocess.run([NODE, "-e", prog], input=json.dumps(lines), capture_output=True, text=True, timeout=60, check=True)
    return json.loads(out.stdout)


@pytest.mark.skipif(NODE is None, reason="node is missing")
def test_generated_javascript_follows_a_changed_definition(monkeypatch):
    """The JS is generated from core.fold's data: a changed typographic map changes what the JS does."""
    before = javascript()
    assert _run_node(before, ["a☆b"]) == [["a☆b", "a b"]]
    monkeypatch.setitem(core_fold.TYPO, "☆", "x")
    after = javascript()
    assert after != before
    assert _run_node(after, ["a☆b"]) == [["axb", "a b"]]  # normalize splits words before folding: ☆ is no letter


@pytest.mark.skipif(NODE is None, reason="node is missing")
def test_generated_javascript_in_node_agrees_with_python_on_the_corpus():
    lines = corpus()
    assert _run_node(javascript(), lines) == [[fold(l), normalize(l)] for l in lines]


def test_corpus_covers_what_folding_must_handle():
    text = "\n".join(corpus())
    for needle in ("’", "‘", "“", "”", "–", "—", "ß", "ﬁ", "Ｅ", "ç", "ã", "È", "ñ", "\u0301", "Σ"):
        assert needle in text, needle
    assert len(corpus()) >= 100


def test_fold_and_locales_import_nothing_but_re_and_unicodedata():
    """lookup's cold start imports core.fold and core.locales: nothing heavier than re and unicodedata may come with them."""
    code = ("import sys, re, unicodedata; before = set(sys.modules); import ygorules.core.fold, ygorules.core.locales; "
            "print(' '.join(sorted(set(sys.modules) - before)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out and [m for m in out if not m.startswith("ygorules") and m != "__future__"] == []


def test_site_build_loads_fold_js_before_the_lookup_script_and_puts_it_in_the_search_worker(tmp_path):
    from ygorules.site import build, lookup

    cfg = build.mkdocs_config("es", tmp_path / "docs", tmp_path / "out", [], "x")
    scripts = cfg["extra_javascript"]
    assert scripts.index(build.FOLD_JS) < scripts.index("assets/ygorules.js")
    worker = tmp_path / "es" / "assets" / "javascripts" / "workers" / "search.1234.min.js"
    worker.parent.mkdir(parents=True)
    worker.write_text("/* lunr */", encoding="utf-8")
    build.patch_search(tmp_path / "es")
    text = worker.read_text(encoding="utf-8")
    assert lookup.fold_script() == javascript()
    assert text.index("/* lunr */") < text.index(javascript()) < text.index("lunr.Pipeline.prototype.run")


def test_a_typographic_map_that_changes_an_ascii_letter_is_refused(monkeypatch):
    """normalize's ASCII fast path (Python fold_word, JS foldWord) lowercases ASCII words without the map."""
    monkeypatch.setitem(core_fold.TYPO, "k", "c")
    with pytest.raises(ValueError, match="ASCII letter or digit"):
        javascript()
