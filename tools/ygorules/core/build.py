"""Turn schema-valid entry data into the typed model (dataclasses)."""
from __future__ import annotations

from pathlib import Path

from . import model as m

_STATEMENT_LISTS = ("happens", "may_activate", "may_not_activate", "applies_without_chain",
                    "special_cases", "disagreements", "entering", "leaving", "who_may_act", "explanation", "notes", "history")
_STATEMENTS = ("statement", "summary", "chains_note", "answer", "disagreement", "setup", "outcome", "definition", "official_usage")


def citation(raw) -> m.Citation:
    """A citation from its YAML form: an id, or {source, where}."""
    if isinstance(raw, str):
        return m.Citation(raw)
    return m.Citation(raw["source"], raw.get("where"))


def statement(raw: dict | None) -> m.Statement | None:
    """A statement from its YAML form."""
    if raw is None:
        return None
    until = raw.get("until")
    return m.Statement(dict(raw["text"]), [citation(c) for c in raw["sources"]], raw.get("status", "current"),
                       until["when"] if until else None, [citation(c) for c in until["sources"]] if until else [])


def _frozen(localized: dict | None):
    return tuple(sorted(localized.items())) if localized else None


def entry(kind: str, data: dict, path: Path):
    """Build the dataclass of one entry of ``kind`` from its validated data."""
    common = dict(id=data["id"], kind=kind, path=path, data=data, review=dict(data.get("review", {})))
    fields = {k: v for k, v in data.items() if k not in ("id", "review")}
    for key in _STATEMENTS:
        if key in fields:
            fields[key] = statement(fields[key])
    for key in _STATEMENT_LISTS:
        if key in fields:
            fields[key] = [statement(s) for s in fields[key]]
    if kind == "source":
        return m.Source(**common, **fields)
    if kind == "phase":
        if "rules_version" in fields:
            rv = fields["rules_version"]
            fields["rules_version"] = {"follows": list(rv["follows"]), "checked": str(rv["checked"]), "label": dict(rv["label"])}
        return m.Phase(**common, **fields)
    if kind == "step":
        return m.Step(**common, **fields)
    if kind == "substep":
        return m.Substep(**common, **fields)
    if kind == "scheme":
        fields["parts"] = [m.SchemePart(**p) for p in fields.get("parts", [])]
        return m.Scheme(**common, **fields)
    if kind == "card":
        fields["spellings"] = [m.Spelling(**{**s, "note": _frozen(s.get("note"))}) for s in fields.get("spellings", [])]
        fields["timings"] = [m.Timing(t["substep"], t["role"], dict(t["note"]), [citation(c) for c in t["sources"]])
                             for t in fields.get("timings", [])]
        return m.Card(**common, **fields)
    if kind == "term":
        fields["variants"] = [m.Variant(v["text"], v["lang"], v["status"], tuple(citation(c) for c in v["sources"]), _frozen(v.get("note")), v.get("avoid", False))
                              for v in fields.get("variants", [])]
        return m.Term(**common, **fields)
    if kind == "ruling":
        return m.Ruling(**common, **fields)
    if kind == "example":
        fields["sequence"] = [m.Event(dict(e["text"]), e.get("substep")) for e in fields.get("sequence", [])]
        fields["sources"] = [citation(c) for c in fields.get("sources", [])]
        return m.Example(**common, **fields)
    if kind == "unidentified":
        return m.Unidentified(**common, **fields)
    if kind == "damage":
        fields["rows"] = [m.DamageRow(**{**r, "sources": [citation(c) for c in r["sources"]]}) for r in fields.get("rows", [])]
        return m.DamageTable(**common, **fields)
    if kind == "rule":
        return m.Rule(**common, **fields)
    raise ValueError(f"unknown kind {kind}")
