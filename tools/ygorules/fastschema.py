"""A compiled fast path for the schema pass.

jsonschema is thorough but slow (about 4 ms per card entry). ``compile_schema`` turns one of our
schemas into a plain Python predicate that answers "valid or not" about 20x faster. It may say
"not valid" where jsonschema would accept (then jsonschema runs and has the last word), but it
never accepts what jsonschema rejects: every keyword it does not know makes compilation fail, and
the kind falls back to jsonschema alone. Tests check the two agree on every fixture and on fuzzed
input.
"""
from __future__ import annotations

import re
from typing import Callable

Predicate = Callable[[object], bool]
_IGNORED = {"description", "title", "$schema", "$defs", "$id", "$comment", "enumDescriptions", "markdownEnumDescriptions", "examples", "default"}


def _type_check(name: str) -> Callable[[object], bool]:
    return {
        "string": lambda v: v.__class__ is str,
        "integer": lambda v: v.__class__ is int or (v.__class__ is float and v.is_integer()),
        "number": lambda v: v.__class__ in (int, float),
        "boolean": lambda v: v.__class__ is bool,
        "null": lambda v: v is None,
        "object": lambda v: v.__class__ is dict,
        "array": lambda v: v.__class__ is list,
    }[name]


def compile_schema(schema: dict, lookup: Callable[[str, str], dict], base: str) -> Predicate:
    """A predicate for ``schema``; ``lookup(base, ref)`` returns (the target schema, its base) for a $ref."""
    cache: dict = {}

    def comp(node: dict, base: str) -> Predicate:
        key = (id(node), base)
        if key in cache:
            return cache[key]
        holder: list = []
        cache[key] = lambda v: holder[0](v)  # allows recursive references
        checks: list[Predicate] = []
        unknown = set(node) - _IGNORED - {"type", "properties", "required", "additionalProperties", "enum", "pattern",
                                           "minLength", "maxLength", "minItems", "maxItems", "uniqueItems", "minimum",
                                           "maximum", "$ref", "anyOf", "minProperties", "items"}
        if unknown:
            raise NotImplementedError(f"keywords {sorted(unknown)}")
        if "$ref" in node:
            target, tbase = lookup(base, node["$ref"])
            checks.append(comp(target, tbase))
        if "type" in node:
            types = node["type"] if isinstance(node["type"], list) else [node["type"]]
            tests = [_type_check(t) for t in types]
            checks.append(tests[0] if len(tests) == 1 else (lambda v, tests=tests: any(t(v) for t in tests)))
        if "enum" in node:
            allowed = node["enum"]
            if all(isinstance(a, str) for a in allowed):
                aset = frozenset(allowed)
                checks.append(lambda v, aset=aset: v.__class__ is str and v in aset)
            else:
                raise NotImplementedError("non-string enum")
        if "pattern" in node:
            rx = re.compile(node["pattern"])
            checks.append(lambda v, rx=rx: v.__class__ is not str or rx.search(v) is not None)
        if "minLength" in node:
            n = node["minLength"]
            checks.append(lambda v, n=n: v.__class__ is not str or len(v) >= n)
        if "maxLength" in node:
            n = node["maxLength"]
            checks.append(lambda v, n=n: v.__class__ is not str or len(v) <= n)
        if "minimum" in node:
            n = node["minimum"]
            checks.append(lambda v, n=n: v.__class__ not in (int, float) or v >= n)
        if "maximum" in node:
            n = node["maximum"]
            checks.append(lambda v, n=n: v.__class__ not in (int, float) or v <= n)
        if "minItems" in node:
            n = node["minItems"]
            checks.append(lambda v, n=n: v.__class__ is not list or len(v) >= n)
        if "maxItems" in node:
            n = node["maxItems"]
            checks.append(lambda v, n=n: v.__class__ is not list or len(v) <= n)
        if node.get("uniqueItems"):
            # strings only on the fast path; anything else is left to jsonschema
            checks.append(lambda v: v.__class__ is not list or (all(x.__class__ is str for x in v) and len(set(v)) == len(v)))
        if "items" in node:
            item = comp(node["items"], base)
            def check_items(v, item=item):
                if v.__class__ is list:
                    for x in v:
                        if not item(x):
                            return False
                return True
            checks.append(check_items)
        if "minProperties" in node:
            n = node["minProperties"]
            checks.append(lambda v, n=n: v.__class__ is not dict or len(v) >= n)
        if "required" in node:
            req = tuple(node["required"])
            def check_required(v, req=req):
                if v.__class__ is dict:
                    for k in req:
                        if k not in v:
                            return False
                return True
            checks.append(check_required)
        if "properties" in node or "additionalProperties" in node:
            props = {k: comp(sub, base) for k, sub in node.get("properties", {}).items()}
            extra = node.get("additionalProperties", True)
            if extra not in (True, False):
                raise NotImplementedError("additionalProperties as a schema")

            def check_props(v, props=props, closed=extra is False):
                if v.__class__ is not dict:
                    return True
                for k, val in v.items():
                    p = props.get(k)
                    if p is None:
                        if closed:
                            return False
                    elif not p(val):
                        return False
                return True
            checks.append(check_props)
        if "anyOf" in node:
            subs = [comp(s, base) for s in node["anyOf"]]
            checks.append(lambda v, subs=subs: any(s(v) for s in subs))
        if not checks:
            fn = lambda v: True
        elif len(checks) == 1:
            fn = checks[0]
        else:
            def fn(v, checks=tuple(checks)):
                for c in checks:
                    if not c(v):
                        return False
                return True
        holder.append(fn)
        cache[key] = fn
        return fn

    return comp(schema, base)
