"""core.locales: the one language list, read from kb/locales.yaml by a strict reader of its canonical form."""
import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from ygorules.core import locales, resources
from ygorules.core.errors import YgoError

ROOT = Path(__file__).resolve().parents[1]

FIVE = """\
# yaml-language-server: $schema=../schema/locales.schema.json
languages:
  - code: es
    name: Español
    english_name: Spanish
  - code: pt
    name: Português (Brasil)
    english_name: Portuguese (Brazil)
    note:
      es: Los nombres impresos en productos TCG.
      en: Names printed on TCG products.
  - code: it
    name: Italiano
    english_name: Italian
  - code: en
    name: English
    english_name: English
  - code: fr
    name: 'Français'
    english_name: "French"
"""


def test_the_list_is_what_yaml_reads_from_kb_locales_yaml():
    with open(resources.path("locales.yaml"), encoding="utf-8") as fh:
        doc = yaml.safe_load(fh)
    want = [{k: lang[k] for k in ("code", "name", "english_name")} for lang in doc["languages"]]
    assert locales.LOCALES == want
    assert list(locales.LANGS) == [lang["code"] for lang in want]
    assert locales.NAMES == {lang["code"]: lang["name"] for lang in want}


def test_a_fifth_language_in_the_file_is_read_with_its_note_skipped(tmp_path):
    path = tmp_path / "locales.yaml"
    path.write_text(FIVE, encoding="utf-8")
    got = locales.read(str(path))
    want = [{k: lang[k] for k in ("code", "name", "english_name")} for lang in yaml.safe_load(FIVE)["languages"]]
    assert got == want and [lang["code"] for lang in got] == ["es", "pt", "it", "en", "fr"]


def test_every_language_list_of_the_package_follows_the_file(tmp_path):
    """With a fifth language in the file, the model, names, commands, site catalogs and language switcher all list it."""
    path = tmp_path / "locales.yaml"
    path.write_text(FIVE, encoding="utf-8")
    code = f"""
import json, sys
import ygorules.core.resources as r
real = r.path
r.path = lambda name: {str(path)!r} if name == "locales.yaml" else real(name)
from ygorules.core import model
from ygorules.names import index, table, mentions, nicknames
from ygorules.commands import lookup, can, translate
from ygorules.site import i18n, pages
print(json.dumps({{"model": model.LANGS, "index": index.LANGS, "table": table.COLUMNS, "mentions": mentions.LANGS,
                  "nicknames": nicknames.LANGS, "lookup": lookup.LANGS, "can": can.LANGS, "translate": translate.LANGS,
                  "catalogs": i18n.CATALOG_LANGS, "switcher": pages.LANG_NAMES}}))
"""
    out = json.loads(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
    five = ["es", "pt", "it", "en", "fr"]
    for name in ("model", "index", "mentions", "nicknames", "lookup", "can", "translate"):
        assert out[name] == five, name
    assert out["table"][2:7] == five
    assert out["catalogs"] == ["es", "pt", "it", "fr"]
    assert out["switcher"] == {"es": "Español", "pt": "Português", "it": "Italiano", "en": "English", "fr": "Français"}


@pytest.mark.parametrize("text,line,what", [
    ("languages: [es, pt]\n", 1, "expected 'languages:'"),
    ("languages:\n  - code: es\n   name: Español\n", 3, "unexpected line"),
    ("languages:\n  - code: es\n    name: Español\n    english_name: Spanish\n    name: Otra\n", 5, "given twice"),
    ("languages:\n  - code: es\n    name: \"Esp\\u00f1ol\"\n", 3, "not a one-line text"),
    ("languages:\n  - code: es\n    name: >-\n      Español\n", 3, "not a one-line text"),
    ("languages:\n    name: Español\n", 2, "before the first"),
])
def test_a_file_not_in_canonical_form_is_an_error_naming_file_and_line(tmp_path, text, line, what):
    path = tmp_path / "locales.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(YgoError) as err:
        locales.read(str(path))
    assert f"{path}:{line}: " in str(err.value) and what in str(err.value) and "ygorules fmt" in str(err.value)


@pytest.mark.parametrize("text,what", [
    ("languages:\n  - code: es\n    name: Español\n", "lacks english_name"),
    ("languages:\n  - code: es\n    name: A\n    english_name: A\n  - code: es\n    name: B\n    english_name: B\n", "listed twice"),
    ("# nothing\nlanguages:\n", "no languages"),
])
def test_an_incomplete_list_is_an_error(tmp_path, text, what):
    path = tmp_path / "locales.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(YgoError, match=what):
        locales.read(str(path))


def test_a_broken_language_file_stops_a_command_with_a_message_not_a_traceback(tmp_path):
    path = tmp_path / "locales.yaml"
    path.write_text("languages:\n  - code: es\n   name: x\n", encoding="utf-8")
    code = f"""
import sys
import ygorules.core.resources as r
real = r.path
r.path = lambda name: {str(path)!r} if name == "locales.yaml" else real(name)
from ygorules.cli import main
sys.exit(main(["lookup", "fuerza de espejo"]))
"""
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 1
    assert f"{path}:3: unexpected line" in proc.stderr and "Traceback" not in proc.stderr


def _language_keyed(node, where=""):
    """Every object schema of ``node`` whose properties include a language code, with where it is."""
    if isinstance(node, dict):
        props = node.get("properties")
        if isinstance(props, dict) and set(props) & {"es", "pt", "it", "en", *locales.LANGS}:
            yield where, list(props)
        for k, v in node.items():
            yield from _language_keyed(v, f"{where}/{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _language_keyed(v, f"{where}/{i}")


def test_schemas_list_the_languages_of_the_file_in_its_order():
    """The schemas are written by hand: their language keys and codes must be the list of kb/locales.yaml."""
    found = []
    for path in sorted(Path(resources.path("schema")).glob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        found += [(f"{path.name}#{where}", keys) for where, keys in _language_keyed(doc)]
        lang = doc.get("$defs", {}).get("lang")
        if lang:
            assert lang["enum"] == list(locales.LANGS), f"{path.name}#/$defs/lang"
    assert any(where.endswith("/localized_text") for where, _ in found)
    for where, keys in found:
        assert keys == list(locales.LANGS), where


def _read(tmp_path, text):
    path = tmp_path / "locales.yaml"
    path.write_text(text, encoding="utf-8")
    return locales.read(str(path))


def _error(tmp_path, text):
    """The message of the YgoError that reading ``text`` raises, with the file's path written as ``FILE``."""
    path = tmp_path / "locales.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(YgoError) as err:
        locales.read(str(path))
    return str(err.value).replace(str(path), "FILE")


def _one(name):
    return f"languages:\n  - code: es\n    name: {name}\n    english_name: Spanish\n"


@pytest.mark.parametrize("written,read", [
    ("'it''s'", "it's"), ("'a '' b'", "a ' b"), ('"a: b #c"', "a: b #c"), ("Português (Brasil)", "Português (Brasil)"),
    ("a:b", "a:b"), ("a#b", "a#b"), ("nullish", "nullish"),
])
def test_a_name_is_read_as_yaml_reads_it(tmp_path, written, read):
    got = _read(tmp_path, _one(written))
    assert got[0]["name"] == read == yaml.safe_load(_one(written))["languages"][0]["name"]


@pytest.mark.parametrize("written", [
    "'it's'", "''", '""', '"a"b"', "a: b", "a #b", "ends:", "[es]", "- x", "null", "True", "false", "YES", "no", "On", "off",
])
def test_a_name_that_is_not_a_plain_one_line_text_is_an_error_at_its_line(tmp_path, written):
    assert _error(tmp_path, _one(written)).startswith(f"FILE:3: name: {written!r} is not a one-line text → ")


def test_a_missing_file_is_an_error_naming_it_and_the_reason(tmp_path):
    path = tmp_path / "nowhere.yaml"
    with pytest.raises(YgoError) as err:
        locales.read(str(path))
    assert str(err.value) == f"{path}: cannot read the language list (No such file or directory) → restore kb/locales.yaml"


def test_an_indented_top_key_is_an_error_at_line_one(tmp_path):
    text = "  languages:\n  - code: es\n    name: Español\n    english_name: Spanish\n"
    assert _error(tmp_path, text).startswith("FILE:1: expected 'languages:' as the first key, found 'languages:' → ")


def test_trailing_spaces_after_the_top_key_are_allowed(tmp_path):
    got = _read(tmp_path, "languages:  \n" + _one("Español").split("\n", 1)[1])
    assert got == [{"code": "es", "name": "Español", "english_name": "Spanish"}]


def test_a_note_written_as_a_block_scalar_is_skipped(tmp_path):
    """`ygorules fmt` keeps block scalars, and the schema allows any text: a long note over several lines is canonical."""
    text = ("languages:\n  - code: es\n    name: Español\n    english_name: Spanish\n    note:\n      es: >-\n"
            "        Los nombres impresos,\n\n        en dos líneas.\n      en: Printed names.\n  - code: en\n"
            "    name: English\n    english_name: English\n")
    got = _read(tmp_path, text)
    assert [lang["code"] for lang in got] == ["es", "en"] and "note" not in got[0]


@pytest.mark.parametrize("text,line", [
    ("languages:\n  - code: es\n      es: stray\n    name: Español\n    english_name: Spanish\n", 3),  # no note open
    ("languages:\n  - code: es\n    note:\n      es: x\n    name: Español\n      es: stray\n", 6),  # the note ended
])
def test_an_indented_line_outside_a_note_is_an_error(tmp_path, text, line):
    assert _error(tmp_path, text).startswith(f"FILE:{line}: unexpected line 'es: stray' ")


def test_a_language_lacking_fields_is_named_by_its_place_and_code(tmp_path):
    text = "languages:\n  - code: es\n    name: A\n    english_name: A\n  - code: pt\n"
    assert _error(tmp_path, text) == "FILE: language 2 (pt) lacks name, english_name → add it"


def test_the_file_is_read_as_utf8_whatever_the_locales_encoding(tmp_path):
    import locale
    saved = locale.setlocale(locale.LC_CTYPE)
    locale.setlocale(locale.LC_CTYPE, "C")  # ASCII, as under a bare C locale or a Windows code page
    try:
        got = _read(tmp_path, _one("Español"))
    finally:
        locale.setlocale(locale.LC_CTYPE, saved)
    assert got[0]["name"] == "Español"
