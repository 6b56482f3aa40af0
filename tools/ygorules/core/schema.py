"""The schema pass: validate loaded documents against schema/*.schema.json (Draft 2020-12)."""
from __future__ import annotations

import difflib
import json
from functools import lru_cache
from pathlib import Path

from . import resources
from .errors import Problem
from .loader import Document
from .model import FOLDERS

SCHEMA_DIR = Path(resources.path("schema"))
"""Where the schemas live: schema/ at the top of the project (in a wheel, its copy: ``resources``)."""

KINDS = {folder: kind for kind, folder in FOLDERS.items()}  # folder in kb/ → kind (schema name)


@lru_cache(maxsize=None)
def schemas() -> dict:
    """Every schema file's contents by file name (e.g. 'card.schema.json')."""
    return {path.name: json.loads(path.read_text(encoding="utf-8")) for path in sorted(SCHEMA_DIR.glob("*.schema.json"))}


@lru_cache(maxsize=None)
def registry():
    """Every schema in a referencing.Registry under its file name, so relative $refs resolve locally (no network)."""
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT202012
    return Registry().with_resources(
        (name, Resource.from_contents(contents, default_specification=DRAFT202012)) for name, contents in schemas().items())


def _text_pattern() -> str | None:
    """The pattern of a piece of text (``defs.schema.json``'s "text": not blank), None in a schema set without it."""
    return schemas().get("defs.schema.json", {}).get("$defs", {}).get("text", {}).get("pattern")


def schema_for(kind: str) -> dict:
    """The JSON Schema of one kind of entry (or of 'locales')."""
    return schemas()[f"{kind}.schema.json"]


def resolve(schema: dict, base: str) -> tuple[dict, str]:
    """Follow ``$ref`` (relative to the schema file ``base``) to a schema without one: the one $ref resolution.

    Keys next to a ``$ref`` (a description, say) are kept over the target's.

    >>> resolve({"$ref": "defs.schema.json#/$defs/lang", "description": "here"}, "card.schema.json")[0]["description"]
    'here'
    """
    seen = 0
    while isinstance(schema, dict) and "$ref" in schema and seen < 20:
        name, _, pointer = schema["$ref"].partition("#")
        base = name or base
        target = registry().resolver(base).lookup(f"{base}#{pointer}").contents
        merged = {**target, **{k: v for k, v in schema.items() if k != "$ref"}}
        if "$ref" in target:
            merged["$ref"] = target["$ref"]
        else:
            merged.pop("$ref", None)
        schema, seen = merged, seen + 1
    return schema, base


_BASE_URI = "file:///ygorules/schema/"


@lru_cache(maxsize=None)
def validator(kind: str):
    """The compiled validator of one kind (jsonschema-rs, Draft 2020-12); $refs resolve among the local schema files only."""
    import jsonschema_rs
    rs_registry = jsonschema_rs.Registry([(_BASE_URI + name, contents) for name, contents in schemas().items()])
    return jsonschema_rs.Draft202012Validator(schema_for(kind), registry=rs_registry,
                                              base_uri=f"{_BASE_URI}{kind}.schema.json", offline=True)


def validate(doc: Document, kind: str) -> list[Problem]:
    """Every schema problem of one document, each at the line and column of the value concerned."""
    check = validator(kind)
    if check.is_valid(doc.data):
        return []
    problems = []
    for err in check.iter_errors(doc.data):
        problems.extend(_explain(doc, kind, err))
    return _one_per_place(problems)


_PRIORITY = ["schema-unknown-key", "schema-type", "schema-required", "schema-enum", "schema-pattern"]


def _one_per_place(problems: list[Problem]) -> list[Problem]:
    """Keep the most useful problem at each place, and drop 'required' for a key that is only misspelt."""
    suggested = {p.fix.split("'")[1] for p in problems if p.code == "schema-unknown-key" and p.fix.startswith("did you mean")}
    best: dict = {}
    for p in problems:
        if p.code == "schema-required" and p.message.split("'")[-2] in suggested:
            continue
        rank = _PRIORITY.index(p.code) if p.code in _PRIORITY else len(_PRIORITY)
        key = (p.line, p.col, p.message if p.code == "schema-unknown-key" else "")
        if key not in best or rank < best[key][0]:
            best[key] = (rank, p)
    return sorted(p for _, p in best.values())


def _type_name(value) -> str:
    if value is None:
        return "null (an empty value)"
    return {bool: "true/false", int: "a number", float: "a number", str: "text", list: "a list", dict: "a mapping"}.get(type(value), type(value).__name__)


def _subschema(err) -> dict:
    """The (resolved) schema object that holds the keyword an error failed, from its absolute keyword location."""
    location = getattr(err, "absolute_keyword_location", None) or ""
    if not location.startswith(_BASE_URI):
        return {}
    name, _, pointer = location[len(_BASE_URI):].partition("#")
    node = schemas().get(name, {})
    try:
        for part in [p.replace("~1", "/").replace("~0", "~") for p in pointer.strip("/").split("/") if p][:-1]:
            node = node[int(part)] if isinstance(node, list) else node[part]
    except (KeyError, IndexError, ValueError, TypeError):
        return {}
    return resolve(node, name)[0] if isinstance(node, dict) else {}


def _field(path) -> str:
    return ".".join(str(p) for p in path) or "the entry"


_TYPE_NAMES = {"string": "text", "integer": "a whole number", "object": "a mapping", "array": "a list", "null": "null",
               "boolean": "true/false", "number": "a number"}


def _explain(doc: Document, kind: str, err) -> list[Problem]:
    """Problems from one jsonschema-rs error, built from its structured fields (kind, instance path, keyword location)."""
    path = tuple(err.instance_path)
    where = _field(path)
    detail = err.kind.as_dict()
    v = err.kind.name
    schema = _subschema(err)
    line, col = doc.where(path)
    mk = lambda msg, fix, at=(line, col), code=v: Problem(doc.display, at[0], at[1], msg, fix, "error", f"schema-{code}")
    schema_file = f"schema/{kind}.schema.json"
    instance = err.instance
    if v == "additionalProperties":
        allowed = sorted(schema.get("properties", {}))
        out = []
        for extra in sorted(detail.get("unexpected", []), key=str):
            close = difflib.get_close_matches(str(extra), allowed, n=1, cutoff=0.5)
            fix = f"did you mean '{close[0]}'?" if close else f"allowed keys here: {', '.join(allowed)}"
            out.append(mk(f"unknown key '{extra}' in {where}", fix, doc.where(path + (extra,), key=True), "unknown-key"))
        return out
    if v == "required":
        missing = detail.get("property", "?")
        desc = resolve(schema.get("properties", {}).get(missing, {}), "defs.schema.json")[0].get("description", "")
        return [mk(f"{'the entry' if not path else where} lacks the required key '{missing}'", f"add `{missing}:`" + (f" ({desc})" if desc else f" (see {schema_file})"), code="required")]
    if v == "type":
        want = detail.get("types", [])
        wanted = " or ".join(_TYPE_NAMES.get(w, w) for w in want)
        fix = "put the text in quotes" if "string" in want and isinstance(instance, (bool, int, float)) else f"write {wanted} here"
        if schema.get("enum"):
            fix = "write one of: " + ", ".join(map(str, schema["enum"]))
        if "array" in want and isinstance(instance, (str, dict)):
            fix = "write a list: one item per line, each starting with '- '"
        return [mk(f"{where} must be {wanted}, not {_type_name(instance)}", fix, code="type")]
    if v == "enum":
        options = [str(o) for o in detail.get("options", [])]
        close = difflib.get_close_matches(str(instance), options, n=1, cutoff=0.4)
        fix = f"did you mean '{close[0]}'? " if close else ""
        return [mk(f"{where}: '{instance}' is not an allowed value", f"{fix}allowed: {', '.join(options)}", code="enum")]
    if v == "pattern":
        pattern = detail.get("pattern", "")
        desc = schema.get("description", "")
        if "kebab" in desc or "id" in where.split(".")[-1:] or pattern.startswith("^[a-z0-9]+(-"):
            fix = "ids are ASCII lower-case words joined by single hyphens, e.g. mirror-force"
            if "\\." in pattern:
                fix = "a substep id is the step id, a dot and a kebab-case name, e.g. damage-step.before-damage-calculation"
        elif pattern == _text_pattern():
            fix = "write the text, or remove the key"
        else:
            fix = desc or f"match the pattern {pattern}"
        return [mk(f"{where}: '{instance}' is not in the expected form", fix, code="pattern")]
    if v in ("minLength", "minProperties"):
        return [mk(f"{where} is empty", "write a value, or remove the key if it is optional", code="empty")]
    if v == "minItems":
        return [mk(f"{where} needs at least {detail.get('limit')} item(s)", "add an item" + (": cite at least one source id from kb/sources/" if "sources" in where else ""), code="min-items")]
    if v == "uniqueItems":
        return [mk(f"{where} lists the same item twice", "remove the repeated item", code="unique")]
    if v in ("minimum", "maximum", "maxLength", "maxItems"):
        bound = {"minimum": "at least", "maximum": "at most", "maxLength": "at most", "maxItems": "at most"}[v]
        unit = {"maxLength": " characters", "maxItems": " items"}.get(v, "")
        return [mk(f"{where} must be {bound} {detail.get('limit')}{unit}", "see the field's description in " + schema_file, code=v)]
    if v in ("anyOf", "oneOf"):  # jsonschema-rs names both oneOf failures (none or several branches valid) "oneOf"
        branches = [e for branch in detail.get("context", []) for e in branch]
        if isinstance(instance, dict):
            subs = [e for e in branches if e.kind.name != "type"]
            if subs:
                return _explain(doc, kind, max(subs, key=lambda e: len(e.instance_path)))
        if "citation" in str(schema.get("description", "")).lower() or "source" in str(schema.get("description", "")):
            return [mk(f"{where} must be a source id or {{source: ID, where: ...}}", "write a source id from kb/sources/, e.g. - fuentealba-battle-phase-es", code="citation")]
        return [mk(f"{where} does not have any of the forms allowed here", f"see {schema_file}", code="any-of")]
    if v == "const":
        return [mk(f"{where} must be {detail.get('expected_value')!r}", f"see {schema_file}", code="const")]
    return [mk(f"{where}: the schema's '{v}' rule fails here", f"see {schema_file}", code=v)]
