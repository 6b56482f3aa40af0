"""The schema pass: validate loaded documents against schema/*.schema.json (Draft 2020-12)."""
from __future__ import annotations

import difflib
import json
from functools import lru_cache
from pathlib import Path

from .errors import Problem
from .loader import Document
from .model import FOLDERS

SCHEMA_DIR = Path(__file__).resolve().parents[2] / "schema"
"""Where the schemas live: schema/ at the top of the project."""

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


def schema_for(kind: str) -> dict:
    """The JSON Schema of one kind of entry (or of 'locales')."""
    return schemas()[f"{kind}.schema.json"]


@lru_cache(maxsize=None)
def validator(kind: str):
    """A jsonschema Draft 2020-12 validator for one kind, resolving $refs through the local registry."""
    from jsonschema import Draft202012Validator
    return Draft202012Validator(schema_for(kind), registry=registry())


@lru_cache(maxsize=None)
def fast_check(kind: str):
    """The compiled predicate of one kind (see fastschema), or None when it cannot be compiled."""
    from .fastschema import compile_schema

    def lookup(base: str, ref: str):
        name, _, pointer = ref.partition("#")
        name = name or base
        target = schemas()[name]
        for part in pointer.strip("/").split("/"):
            if part:
                target = target[part]
        return target, name

    try:
        return compile_schema(schema_for(kind), lookup, f"{kind}.schema.json")
    except NotImplementedError:
        return None


def validate(doc: Document, kind: str) -> list[Problem]:
    """Every schema problem of one document, each at the line and column of the value concerned."""
    fast = fast_check(kind)
    if fast is not None and fast(doc.data):
        return []
    problems = []
    for err in validator(kind).iter_errors(doc.data):
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


def _resolve(schema: dict) -> dict:
    ref = schema.get("$ref")
    if ref:
        name, _, pointer = ref.partition("#")
        target = schemas()[name or "defs.schema.json"]
        for part in pointer.strip("/").split("/"):
            if part:
                target = target[part]
        return {**_resolve(target), **{k: v for k, v in schema.items() if k != "$ref"}}
    return schema


def _field(path) -> str:
    return ".".join(str(p) for p in path) or "the entry"


def _explain(doc: Document, kind: str, err) -> list[Problem]:
    path = tuple(err.absolute_path)
    where = _field(path)
    schema = _resolve(err.schema) if isinstance(err.schema, dict) else {}
    line, col = doc.where(path)
    v = err.validator
    mk = lambda msg, fix, at=(line, col), code=v: Problem(doc.display, at[0], at[1], msg, fix, "error", f"schema-{code}")
    schema_file = f"schema/{kind}.schema.json"
    if v == "additionalProperties":
        allowed = sorted(schema.get("properties", {}))
        out = []
        for extra in sorted(set(err.instance) - set(allowed), key=str):
            close = difflib.get_close_matches(str(extra), allowed, n=1, cutoff=0.5)
            fix = f"did you mean '{close[0]}'?" if close else f"allowed keys here: {', '.join(allowed)}"
            out.append(mk(f"unknown key '{extra}' in {where}", fix, doc.where(path + (extra,), key=True), "unknown-key"))
        return out
    if v == "required":
        missing = err.message.split("'")[1] if "'" in err.message else err.message
        desc = schema.get("properties", {}).get(missing, {}).get("description", "")
        return [mk(f"{'the entry' if not path else where} lacks the required key '{missing}'", f"add `{missing}:`" + (f" ({desc})" if desc else f" (see {schema_file})"), code="required")]
    if v == "type":
        want = err.validator_value if isinstance(err.validator_value, list) else [err.validator_value]
        names = {"string": "text", "integer": "a whole number", "object": "a mapping", "array": "a list", "null": "null", "boolean": "true/false", "number": "a number"}
        wanted = " or ".join(names.get(w, w) for w in want)
        fix = "put the text in quotes" if "string" in want and isinstance(err.instance, (bool, int, float)) else f"write {wanted} here"
        if schema.get("enum"):
            fix = "write one of: " + ", ".join(map(str, schema["enum"]))
        if "array" in want and isinstance(err.instance, (str, dict)):
            fix = "write a list: one item per line, each starting with '- '"
        return [mk(f"{where} must be {wanted}, not {_type_name(err.instance)}", fix, code="type")]
    if v == "enum":
        options = [str(o) for o in err.validator_value]
        close = difflib.get_close_matches(str(err.instance), options, n=1, cutoff=0.4)
        fix = f"did you mean '{close[0]}'? " if close else ""
        return [mk(f"{where}: '{err.instance}' is not an allowed value", f"{fix}allowed: {', '.join(options)}", code="enum")]
    if v == "pattern":
        desc = schema.get("description", "")
        if "kebab" in desc or "id" in where.split(".")[-1:] or err.validator_value.startswith("^[a-z0-9]+(-"):
            fix = "ids are ASCII lower-case words joined by single hyphens, e.g. mirror-force"
            if "\\." in err.validator_value:
                fix = "a substep id is the step id, a dot and a kebab-case name, e.g. damage-step.before-damage-calculation"
        elif err.validator_value == "\\S":
            fix = "write the text, or remove the key"
        else:
            fix = desc or f"match the pattern {err.validator_value}"
        return [mk(f"{where}: '{err.instance}' is not in the expected form", fix, code="pattern")]
    if v in ("minLength", "minProperties"):
        return [mk(f"{where} is empty", "write a value, or remove the key if it is optional", code="empty")]
    if v == "minItems":
        return [mk(f"{where} needs at least {err.validator_value} item(s)", "add an item" + (": cite at least one source id from kb/sources/" if "sources" in where else ""), code="min-items")]
    if v == "uniqueItems":
        return [mk(f"{where} lists the same item twice", "remove the repeated item", code="unique")]
    if v in ("minimum", "maximum", "maxLength"):
        return [mk(f"{where}: {err.message}", "see the field's description in " + schema_file, code=v)]
    if v in ("anyOf", "oneOf"):
        best = None
        for sub in err.context or []:
            if best is None or len(sub.absolute_path) > len(best.absolute_path):
                best = sub
        if best is not None and isinstance(err.instance, dict):
            subs = [e for e in err.context if e.validator != "type"]
            if subs:
                return _explain(doc, kind, max(subs, key=lambda e: len(e.absolute_path)))
        if "citation" in str(err.schema.get("description", "")).lower() or "source" in str(err.schema.get("description", "")):
            return [mk(f"{where} must be a source id or {{source: ID, where: ...}}", "write a source id from kb/sources/, e.g. - article-000", code="citation")]
        return [mk(f"{where}: {err.message[:200]}", f"see {schema_file}", code=v)]
    return [mk(f"{where}: {err.message[:200]}", f"see {schema_file}", code=str(v))]
