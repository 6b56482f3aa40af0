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
