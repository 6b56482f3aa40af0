"""What `ygorules check` says about a schema violation: the place (line, column of the value or key), the
problem in words and the fix, for each kind of violation; one problem per place; and how `$ref`s resolve."""
import json
from pathlib import Path

import pytest

from ygorules.core import schema
from ygorules.core.loader import load_file
from ygorules.core.schema import resolve, validate

FIXTURES = Path(__file__).parent / "fixtures" / "schema"
SOURCE = """id: test-article
type: article
title: Un artículo
lang: es
no_url: not-recorded
locator: lines
extent: 120
covers:
  es: Un texto.
  pt: Um texto.
  it: Un testo.
  en: A text.
"""
CARD = (FIXTURES / "card" / "valid" / "full.yaml").read_text(encoding="utf-8")
FACTS = (FIXTURES / "card" / "valid" / "facts.yaml").read_text(encoding="utf-8")
SOURCE_KEYS = ("author, cites, covers, date, extent, file, id, lang, locator, no_url, pages, reliability, review, title, "
               "translator, type, url, version")
CITE = "write a source id from kb/sources/, e.g. - fuentealba-battle-phase-es"
SUBSTEP_ID = "a substep id is the step id, a dot and a kebab-case name, e.g. damage-step.before-damage-calculation"


def _problems(tmp_path, kind, text):
    path = tmp_path / "entry.yaml"
    path.write_text(text, encoding="utf-8")
    return [(p.line, p.col, p.code, p.message, p.fix) for p in validate(load_file(path), kind)]


def _source(old, new):
    assert old in SOURCE
    return SOURCE.replace(old, new)


def _card(text, old, new):
    assert old in text
    return text.replace(old, new)


CASES = {
    "misspelt key": ("source", _source("title:", "titel:"), [
        (3, 1, "schema-unknown-key", "unknown key 'titel' in the entry", "did you mean 'title'?")]),
    "unknown keys": ("source", _source("extent: 120", "extent: 120\nzzz: 1\naaa: 2"), [
        (8, 1, "schema-unknown-key", "unknown key 'zzz' in the entry", f"allowed keys here: {SOURCE_KEYS}"),
        (9, 1, "schema-unknown-key", "unknown key 'aaa' in the entry", f"allowed keys here: {SOURCE_KEYS}")]),
    "missing key": ("source", _source("type: article\n", ""), [
        (1, 1, "schema-required", "the entry lacks the required key 'type'", "add `type:` (What kind of document this is.)")]),
    "number for text": ("source", _source("title: Un artículo", "title: 12"), [
        (3, 8, "schema-type", "title must be text, not a number", "put the text in quotes")]),
    "decimal for text": ("source", _source("title: Un artículo", "title: 1.5"), [
        (3, 8, "schema-type", "title must be text, not a number", "put the text in quotes")]),
    "boolean for text": ("source", _source("title: Un artículo", "title: true"), [
        (3, 8, "schema-type", "title must be text, not true/false", "put the text in quotes")]),
    "empty value": ("source", _source("title: Un artículo", "title:"), [
        (3, 7, "schema-type", "title must be text, not null (an empty value)", "write text here")]),
    "list for text": ("source", _source("title: Un artículo", "title: [a]"), [
        (3, 8, "schema-type", "title must be text, not a list", "write text here")]),
    "mapping for text": ("source", _source("title: Un artículo", "title: {a: 1}"), [
        (3, 8, "schema-type", "title must be text, not a mapping", "write text here")]),
    "text for a whole number": ("source", _source("extent: 120", "extent: '120'"), [
        (7, 9, "schema-type", "extent must be a whole number, not text", "write a whole number here")]),
    "number for a choice": ("source", _source("type: article", "type: 5"), [
        (2, 7, "schema-type", "type must be text, not a number", "write one of: article, rulebook, web-page, wiki, database")]),
    "text for a list": ("source", _source("extent: 120", "cites: a"), [
        (7, 8, "schema-type", "cites must be a list, not text", "write a list: one item per line, each starting with '- '")]),
    "a list for the entry": ("card", "[1, 2]\n", [
        (1, 1, "schema-type", "the entry must be a mapping, not a list", "write a mapping here")]),
    "misspelt choice": ("source", _source("type: article", "type: articel"), [
        (2, 7, "schema-enum", "type: 'articel' is not an allowed value",
         "did you mean 'article'? allowed: article, rulebook, web-page, wiki, database")]),
    "unknown choice": ("source", _source("type: article", "type: zzzzzz"), [
        (2, 7, "schema-enum", "type: 'zzzzzz' is not an allowed value", "allowed: article, rulebook, web-page, wiki, database")]),
    "bad id": ("source", _source("id: test-article", "id: Test_Article"), [
        (1, 5, "schema-pattern", "id: 'Test_Article' is not in the expected form",
         "ids are ASCII lower-case words joined by single hyphens, e.g. mirror-force")]),
    "bad substep id": ("card", _card(CARD, "substep: damage-step.start", "substep: Damage-Step"), [
        (17, 12, "schema-pattern", "timings.0.substep: 'Damage-Step' is not in the expected form", SUBSTEP_ID)]),
    "blank text": ("source", _source("  en: A text.", "  en: '  '"), [
        (12, 7, "schema-pattern", "covers.en: '  ' is not in the expected form", "write the text, or remove the key")]),
    # whitespace to only one of the two regex dialects (ECMA-262 for the schema, Python's re) is blank to both
    "blank text of a next-line character": ("source", _source("  en: A text.", '  en: "\\x85"'), [
        (12, 7, "schema-pattern", "covers.en: '\x85' is not in the expected form", "write the text, or remove the key")]),
    "blank text of a byte-order mark": ("source", _source("  en: A text.", '  en: "\\ufeff "'), [
        (12, 7, "schema-pattern", "covers.en: '\ufeff ' is not in the expected form", "write the text, or remove the key")]),
    "url not http": ("source", _source("extent: 120", "url: ftp://x"), [
        (7, 6, "schema-pattern", "url: 'ftp://x' is not in the expected form",
         "Where the document can be read: an http(s) address. Without one, say why in no_url.")]),
    "empty text": ("source", _source("title: Un artículo", "title: ''"), [
        (3, 8, "schema-empty", "title is empty", "write a value, or remove the key if it is optional")]),
    "empty mapping": ("source", _source("extent: 120", "reliability: {}"), [
        (7, 14, "schema-empty", "reliability is empty", "write a value, or remove the key if it is optional")]),
    "too small": ("source", _source("extent: 120", "extent: 0"), [
        (7, 9, "schema-minimum", "extent must be at least 1", "see the field's description in schema/source.schema.json")]),
    "too large": ("card", _card(FACTS, "speed: 2\n      when: attack", "speed: 4\n      when: attack"), [
        (9, 14, "schema-maximum", "facts.effects.0.speed must be at most 3",
         "see the field's description in schema/card.schema.json")]),
    "repeated item": ("source", _source("extent: 120", "cites: [a, a]"), [
        (7, 8, "schema-unique", "cites lists the same item twice", "remove the repeated item")]),
    "no sources": ("card", _card(CARD, "  sources:\n  - test-article", "  sources: []"), [
        (24, 12, "schema-min-items", "timings.0.sources needs at least 1 item(s)",
         "add an item: cite at least one source id from kb/sources/")]),
    "a number as citation": ("card", _card(CARD, "  sources:\n  - test-article", "  sources:\n  - 12"), [
        (25, 5, "schema-citation", "timings.0.sources.0 must be a source id or {source: ID, where: ...}", CITE)]),
    "a list as citation": ("card", _card(CARD, "  sources:\n  - test-article", "  sources:\n  - [a]"), [
        (25, 5, "schema-citation", "timings.0.sources.0 must be a source id or {source: ID, where: ...}", CITE)]),
    "misspelt key in a citation": ("card", _card(CARD, "  sources:\n  - test-article",
                                                 "  sources:\n  - {source: test-article, wher: L3}"), [
        (25, 28, "schema-unknown-key", "unknown key 'wher' in timings.0.sources.0", "did you mean 'where'?")]),
    "citation without its source": ("card", _card(CARD, "  sources:\n  - test-article", "  sources:\n  - {where: L3}"), [
        (25, 5, "schema-required", "timings.0.sources.0 lacks the required key 'source'",
         "add `source:` (The id of an entry in kb/sources/.)")]),
    "misspelt key in a list item": ("card", _card(FACTS, "    - kind: continuous\n", "    - kidn: continuous\n"), [
        (11, 7, "schema-unknown-key", "unknown key 'kidn' in facts.effects.1", "did you mean 'kind'?")]),
    "misspelt required key": ("card", _card(FACTS, "  effects:", "  efects:"), [
        (7, 3, "schema-unknown-key", "unknown key 'efects' in facts", "did you mean 'effects'?")]),
    "one problem per place, others elsewhere": ("card", _card(CARD, "names:\n", "names: {}\nx:\n"), [
        (5, 8, "schema-required", "names lacks the required key 'es'",
         "add `es:` (The official Spanish name, or null when none was printed.)"),
        (6, 1, "schema-unknown-key", "unknown key 'x' in the entry",
         "allowed keys here: absent, card_type, facts, id, members, names, passcode, review, spellings, steps, timings")]),
}


@pytest.mark.parametrize("case", CASES, ids=list(CASES))
def test_each_violation_is_reported_at_its_place_with_its_fix(tmp_path, case):
    kind, text, expected = CASES[case]
    assert _problems(tmp_path, kind, text) == expected


def test_a_valid_entry_has_no_problems(tmp_path):
    assert _problems(tmp_path, "source", SOURCE) == []
    assert _problems(tmp_path, "card", CARD) == []


def test_a_list_that_needs_items_says_so_and_only_sources_point_to_kb_sources(tmp_path):
    text = (FIXTURES / "rule" / "invalid" / "min-items.timings.yaml").read_text(encoding="utf-8")
    assert _problems(tmp_path, "rule", text) == [(16, 10, "schema-min-items", "timings needs at least 1 item(s)", "add an item")]


# ── $ref resolution ───────────────────────────────────────────────────────────

def test_a_ref_is_replaced_by_its_target_keeping_the_keys_written_beside_it():
    resolved, base = resolve({"$ref": "defs.schema.json#/$defs/lang", "description": "here"}, "card.schema.json")
    assert base == "defs.schema.json"
    assert resolved["description"] == "here" and resolved["enum"] == ["es", "pt", "it", "en"] and "$ref" not in resolved


def test_a_ref_without_a_file_name_is_relative_to_the_schema_it_is_in():
    resolved, base = resolve({"$ref": "#/$defs/citation"}, "defs.schema.json")
    assert base == "defs.schema.json" and "anyOf" in resolved and "$ref" not in resolved
    assert resolve({"type": "string"}, "card.schema.json") == ({"type": "string"}, "card.schema.json")


@pytest.fixture
def chained_schemas(tmp_path, monkeypatch):
    """A schema folder where refs lead to refs: a chain across two files, and chains of 20 and 21 refs."""
    chain = {f"d{i}": {"$ref": f"#/$defs/d{i + 1}"} for i in range(20)}
    chain["d20"] = {"type": "integer"}
    files = {"a.schema.json": {"$defs": {"one": {"$ref": "b.schema.json#/$defs/two", "description": "from one"}}},
             "b.schema.json": {"$defs": {"two": {"$ref": "#/$defs/three", "title": "two", "description": "from two"},
                                         "three": {"type": "string", "description": "three", "minLength": 1}}},
             "c.schema.json": {"$defs": chain}}
    for name, contents in files.items():
        (tmp_path / name).write_text(json.dumps(contents), encoding="utf-8")
    monkeypatch.setattr(schema, "SCHEMA_DIR", tmp_path)
    schema.schemas.cache_clear()
    schema.registry.cache_clear()
    yield
    schema.schemas.cache_clear()
    schema.registry.cache_clear()


def test_a_ref_to_a_ref_is_followed_to_the_end_keeping_the_nearest_keys(chained_schemas):
    resolved, base = resolve({"$ref": "a.schema.json#/$defs/one"}, "x.schema.json")
    assert base == "b.schema.json"
    assert resolved == {"type": "string", "description": "from one", "title": "two", "minLength": 1}


def test_refs_are_followed_twenty_deep_and_no_further(chained_schemas):
    assert resolve({"$ref": "#/$defs/d1"}, "c.schema.json") == ({"type": "integer"}, "c.schema.json")
    resolved, base = resolve({"$ref": "#/$defs/d0"}, "c.schema.json")
    assert resolved == {"$ref": "#/$defs/d20"} and base == "c.schema.json"


# ── rules the project's schemas do not use yet still get a message ──────────────

THING = {"type": "object", "additionalProperties": False, "required": ["name"], "properties": {
    "name": {"type": "string"},
    "id": {"type": "string", "pattern": "^x"},
    "slug": {"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$"},
    "code": {"type": "string", "description": "A kebab-case code.", "pattern": "^c"},
    "word": {"type": "string", "pattern": "^w"},
    "sub": {"type": "string", "pattern": "^[a-z]+\\.[a-z]+$", "description": "kebab"},
    "short": {"type": "string", "maxLength": 3},
    "few": {"type": "array", "maxItems": 1},
    "fixed": {"const": "v1"},
    "either": {"anyOf": [{"type": "integer"}, {"type": "boolean"}]},
    "obj": {"anyOf": [{"type": "integer"}, {"type": "object", "additionalProperties": False, "properties": {
        "zz": {"type": "integer"}, "a": {"type": "object", "additionalProperties": False, "properties": {"b": {"type": "integer"}}}}}]},
    "odd": {"type": "integer", "multipleOf": 2},
    "both": {"type": ["string", "integer"]},
}}
THING_FIX = "see schema/thing.schema.json"
IDS = "ids are ASCII lower-case words joined by single hyphens, e.g. mirror-force"


@pytest.fixture
def thing_schema(tmp_path, monkeypatch):
    (tmp_path / "thing.schema.json").write_text(json.dumps(THING), encoding="utf-8")
    monkeypatch.setattr(schema, "SCHEMA_DIR", tmp_path)
    caches = (schema.schemas, schema.registry, schema.validator)
    for cached in caches:
        cached.cache_clear()
    yield
    for cached in caches:
        cached.cache_clear()


@pytest.mark.parametrize("text, expected", [
    ("name: a\nid: z\n", (2, 5, "schema-pattern", "id: 'z' is not in the expected form", IDS)),
    ("name: a\nslug: A\n", (2, 7, "schema-pattern", "slug: 'A' is not in the expected form", IDS)),
    ("name: a\ncode: x\n", (2, 7, "schema-pattern", "code: 'x' is not in the expected form", IDS)),
    ("name: a\nword: x\n", (2, 7, "schema-pattern", "word: 'x' is not in the expected form", "match the pattern ^w")),
    ("name: a\nsub: x\n", (2, 6, "schema-pattern", "sub: 'x' is not in the expected form", SUBSTEP_ID)),
    ("name: a\nshort: abcd\n", (2, 8, "schema-maxLength", "short must be at most 3 characters",
                                "see the field's description in schema/thing.schema.json")),
    ("name: a\nfew: [1, 2]\n", (2, 6, "schema-maxItems", "few must be at most 1 items",
                                "see the field's description in schema/thing.schema.json")),
    ("name: a\nfixed: v2\n", (2, 8, "schema-const", "fixed must be 'v1'", THING_FIX)),
    ("name: a\neither: x\n", (2, 9, "schema-any-of", "either does not have any of the forms allowed here", THING_FIX)),
    ("name: a\nobj: {zz: 1, yy: 2, a: {c: 1}}\n", (2, 25, "schema-unknown-key", "unknown key 'c' in obj.a", "allowed keys here: b")),
    ("name: a\nodd: 3\n", (2, 6, "schema-multipleOf", "odd: the schema's 'multipleOf' rule fails here", THING_FIX)),
    ("id: xa\n", (1, 1, "schema-required", "the entry lacks the required key 'name'", "add `name:` (see schema/thing.schema.json)")),
    ("name: a\nboth: [1]\n", (2, 7, "schema-type", "both must be a whole number or text, not a list", "write a whole number or text here")),
    ("name: a\nboth: true\n", (2, 7, "schema-type", "both must be a whole number or text, not true/false", "put the text in quotes")),
])
def test_every_kind_of_rule_gets_a_message_and_a_fix(tmp_path, thing_schema, text, expected):
    assert _problems(tmp_path, "thing", text) == [expected]


def test_close_misspellings_are_suggested_and_far_ones_list_the_choices(tmp_path):
    assert _problems(tmp_path, "source", _source("type: article\n", "type: article\ntyxx: 1\n"))[0][3:] == (
        "unknown key 'tyxx' in the entry", "did you mean 'type'?")
    assert _problems(tmp_path, "source", _source("type: article", "type: web"))[0][4] == \
        "did you mean 'web-page'? allowed: article, rulebook, web-page, wiki, database"
