"""Translation coverage of the knowledge base: what is missing, and what is present but unreviewed.

Two different gaps, never mixed up:

- **missing**: a localized text lacks a language (``note: {es: …, en: …}`` without ``pt``), or an
  official name is null (``names: {it: null}``; its ``absent`` reason is reported with it);
- **unreviewed**: the text is there, but the entry's ``review:`` state for the language is not
  ``native-reviewed`` (a machine draft, or text the team checked itself, that a fluent speaker has
  not checked yet). ``review`` counts each state per language.

``report(kb)`` returns plain JSON-ready data; ``render_text`` and ``render_markdown`` format it.
The site's status page is built from ``report(kb)`` too, so its shape is a contract (see report()).
"""
from __future__ import annotations

from ..core.link import localized_texts
from ..core.model import KB, LANGS
from ..core.schema import KINDS

_FOLDER_OF = {kind: folder for folder, kind in KINDS.items()}
REVIEW_STATES = ("machine-draft", "self-reviewed", "native-reviewed")
"""The review states of schema/defs.schema.json, from least to most reviewed."""


def _label(entry) -> str:
    """A short English (or first available) label for an entry, for lists of entries."""
    data = entry.data
    for key in ("names", "title"):
        value = data.get(key)
        if isinstance(value, dict):
            for lang in ("en", *LANGS):
                if isinstance(value.get(lang), str):
                    return value[lang]
        elif isinstance(value, str) and value:
            return value
    if isinstance(data.get("text"), str):
        return data["text"]
    return entry.id


def _field(path: tuple) -> str:
    return ".".join(str(p) for p in path)


def entry_gaps(entry) -> dict[str, list[dict]]:
    """Every missing text or name of one entry, by language: ``{lang: [{"field", "what", "reason"?}]}``.

    ``what`` is ``"text"`` (a localized text lacks the language) or ``"name"`` (an official
    name is null); a null name carries ``reason``, the entry's ``absent`` value or null.
    """
    gaps: dict[str, list[dict]] = {lang: [] for lang in LANGS}
    data = entry.data
    names = data.get("names")
    if isinstance(names, dict):
        absent = data.get("absent") or {}
        for lang in LANGS:
            if lang in names and names[lang] is None:
                gaps[lang].append({"field": f"names.{lang}", "what": "name", "reason": absent.get(lang)})
    for path, text in localized_texts(data):
        for lang in LANGS:
            if lang not in text:
                gaps[lang].append({"field": _field(path), "what": "text"})
    return gaps


def _count_texts(entry) -> int:
    """How many translatable slots (localized texts and official names) an entry has."""
    count = sum(1 for _ in localized_texts(entry.data))
    if isinstance(entry.data.get("names"), dict):
        count += 1
    return count


def report(kb: KB) -> dict:
    """Coverage of ``kb`` per language and kind, as JSON-ready data.

    The shape (keys may be added; none of these change)::

        {"languages": ["es", "pt", "it", "en"],
         "entries": 123,                         # entries counted
         "totals": {LANG: COUNTS},               # over every kind
         "kinds": {KIND: {"folder": "cards", "entries": 40, "languages": {LANG: COUNTS}}},
         "missing": [{"kind", "id", "folder", "file", "label", "lang",
                      "gaps": [{"field": "timings.0.note", "what": "text"},
                               {"field": "names.it", "what": "name", "reason": "never-printed"}]}],
         "unreviewed": [{"kind", "id", "folder", "file", "label", "langs": ["pt"],
                         "states": {"pt": "machine-draft"}}],
         "review": {LANG: {"machine-draft": 3, "self-reviewed": 40, "native-reviewed": 80, "none": 0}},
         "changed_since_review": [{"kind", "id", "folder", "file", "label", "lang", "fields": ["timings.0.note"]}]}

    ``review`` counts the entries of each review state per language, as it holds: a language the
    entry marks native-reviewed whose text changed since that review (kb/review-ledger.tsv, see
    core/review.py) counts as self-reviewed, and ``changed_since_review`` lists those fields; ``none``
    counts entries that give no state for the language (no prose of ours there).

    COUNTS is ``{"entries", "complete", "missing", "unreviewed", "texts", "texts_missing",
    "percent"}``: ``entries`` in the kind; ``complete`` entries with nothing missing in that
    language and not marked unreviewed in it; ``missing`` entries with at least one gap in
    that language; ``unreviewed`` entries that list the language under ``unreviewed:``;
    ``texts`` translatable slots (localized texts and name sets) and ``texts_missing`` those
    lacking the language; ``percent`` = complete / entries × 100, one decimal (100.0 when
    there are no entries). An entry may be both missing and unreviewed in a language.
    ``kinds`` lists every kind (in kb/ folder order), even one with no entries yet.
    ``missing`` has one item per (entry, language) with gaps; ``unreviewed`` one per entry
    with any unreviewed language; both are sorted by kind (folder order), id, language.
    ``file`` is the entry's path relative to the kb folder (e.g. ``cards/mirror-force.yaml``),
    ``folder`` its kb/ folder, so its page is ``<lang>/<folder>/<id>/`` on the site.
    """
    kinds: dict[str, dict] = {}
    totals = {lang: _zero() for lang in LANGS}
    missing, unreviewed, changed = [], [], []
    review = {lang: dict.fromkeys((*REVIEW_STATES, "none"), 0) for lang in LANGS}
    count = 0
    for folder, kind in KINDS.items():
        table = getattr(kb, folder)
        summary = {"folder": folder, "entries": len(table), "languages": {lang: _zero() for lang in LANGS}}
        kinds[kind] = summary
        for entry in sorted(table.values(), key=lambda e: e.id):
            count += 1
            where = _where(kb, kind, folder, entry)
            gaps = entry_gaps(entry)
            slots = _count_texts(entry)
            marked = [lang for lang in LANGS if lang in entry.unreviewed]
            for lang in LANGS:
                review[lang][entry.review.get(lang, "none")] += 1
                for counts in (summary["languages"][lang], totals[lang]):
                    counts["entries"] += 1
                    counts["texts"] += slots
                    counts["texts_missing"] += len({g["field"] for g in gaps[lang]})
                    counts["missing"] += bool(gaps[lang])
                    counts["unreviewed"] += lang in marked
                    counts["complete"] += not gaps[lang] and lang not in marked
                if gaps[lang]:
                    missing.append({**where, "lang": lang, "gaps": gaps[lang]})
            if marked:
                unreviewed.append({**where, "langs": marked, "states": {lang: entry.review.get(lang, "none") for lang in marked}})
            for lang, fields in sorted(entry.review_changed.items()):
                changed.append({**where, "lang": lang, "fields": list(fields)})
    for counts in [*totals.values(), *(c for k in kinds.values() for c in k["languages"].values())]:
        counts["percent"] = round(100.0 * counts["complete"] / counts["entries"], 1) if counts["entries"] else 100.0
    return {"languages": list(LANGS), "entries": count, "totals": totals, "kinds": kinds,
            "missing": missing, "unreviewed": unreviewed, "review": review, "changed_since_review": changed}


def _zero() -> dict:
    return {"entries": 0, "complete": 0, "missing": 0, "unreviewed": 0, "texts": 0, "texts_missing": 0}


def _where(kb: KB, kind: str, folder: str, entry) -> dict:
    try:
        file = entry.path.resolve().relative_to(kb.root.resolve()).as_posix()
    except ValueError:
        file = entry.path.as_posix()
    return {"kind": kind, "id": entry.id, "folder": folder, "file": file, "label": _label(entry)}


def _gap_text(gap: dict) -> str:
    if gap["what"] == "name":
        reason = gap.get("reason")
        return f"{gap['field']} (no official name{': ' + reason if reason else ', no reason given'})"
    return gap["field"]


def render_text(rep: dict) -> str:
    """The report as plain text for a terminal: a table, then the entries concerned."""
    langs = rep["languages"]
    lines = [f"Translation coverage: {rep['entries']} entries (complete / entries; m = missing, u = unreviewed)", ""]
    head = f"{'kind':<13}" + "".join(f"{lang:>22}" for lang in langs)
    lines.append(head)
    rows = [(kind, k["languages"]) for kind, k in rep["kinds"].items() if k["entries"]]
    rows.append(("all", rep["totals"]))
    for kind, by_lang in rows:
        cells = "".join(f"{_cell(by_lang[lang]):>22}" for lang in langs)
        lines.append(f"{kind:<13}{cells}")
    lines += ["", "Review state (entries per language: " + ", ".join(REVIEW_STATES) + ", none):"]
    for lang in langs:
        states = rep["review"][lang]
        lines.append(f"  {lang}  " + "  ".join(f"{state} {states[state]}" for state in (*REVIEW_STATES, "none")))
    if rep["missing"]:
        lines += ["", "Missing (write the text, or the official name / its absent reason):"]
        for item in rep["missing"]:
            gaps = "; ".join(_gap_text(g) for g in item["gaps"])
            lines.append(f"  {item['lang']}  {item['file']}: {gaps}")
    if rep["unreviewed"]:
        lines += ["", "Not yet reviewed by a fluent speaker (once reviewed, set `review: {LANG: native-reviewed}`):"]
        for item in rep["unreviewed"]:
            lines.append(f"  {','.join(item['langs'])}  {item['file']}  ({', '.join(sorted(set(item['states'].values())))})")
    if rep.get("changed_since_review"):
        lines += ["", "Changed since its native review, so counted as self-reviewed (once reviewed again: `ygorules review mark --lang LANG FILE`):"]
        for item in rep["changed_since_review"]:
            lines.append(f"  {item['lang']}  {item['file']}: {', '.join(item['fields'])}")
    if not rep["missing"] and not rep["unreviewed"]:
        lines += ["", "Nothing missing and nothing unreviewed."]
    return "\n".join(lines) + "\n"


def _cell(counts: dict) -> str:
    return f"{counts['complete']}/{counts['entries']} m{counts['missing']} u{counts['unreviewed']}"


def _md_escape(text: str) -> str:
    return text.replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;")


def render_markdown(rep: dict) -> str:
    """The report as GitHub-flavoured Markdown, fit for a pull-request comment."""
    langs = rep["languages"]
    out = ["## Translation coverage", "",
           f"{rep['entries']} entries. Each cell: complete entries / entries (percent); "
           "then how many entries have something **missing** and how many are **unreviewed**.", "",
           "| kind | " + " | ".join(langs) + " |", "|---|" + "---|" * len(langs)]
    rows = [(kind, k["languages"]) for kind, k in rep["kinds"].items() if k["entries"]]
    rows.append(("**all**", rep["totals"]))
    for kind, by_lang in rows:
        cells = []
        for lang in langs:
            c = by_lang[lang]
            extra = [f"{c['missing']} missing" if c["missing"] else "", f"{c['unreviewed']} unreviewed" if c["unreviewed"] else ""]
            extra = ", ".join(e for e in extra if e)
            cells.append(f"{c['complete']}/{c['entries']} ({c['percent']:g}%)" + (f"<br>{extra}" if extra else ""))
        out.append(f"| {kind} | " + " | ".join(cells) + " |")
    out += ["", "Review state, entries per language:", "", "| state | " + " | ".join(langs) + " |", "|---|" + "---|" * len(langs)]
    for state in (*REVIEW_STATES, "none"):
        out.append(f"| {state} | " + " | ".join(str(rep["review"][lang][state]) for lang in langs) + " |")
    for lang in langs:
        items = [m for m in rep["missing"] if m["lang"] == lang]
        if items:
            out += ["", f"<details><summary><b>{lang}</b>: {len(items)} entr{'y' if len(items) == 1 else 'ies'} with something missing</summary>", ""]
            for item in items:
                gaps = "; ".join(f"`{_gap_text(g)}`" for g in item["gaps"])
                out.append(f"- `{item['file']}` ({_md_escape(item['label'])}): {gaps}")
            out += ["", "</details>"]
    if rep["unreviewed"]:
        out += ["", f"<details><summary><b>unreviewed</b>: {len(rep['unreviewed'])} entr{'y' if len(rep['unreviewed']) == 1 else 'ies'} with draft text</summary>", ""]
        for item in rep["unreviewed"]:
            out.append(f"- `{item['file']}` ({_md_escape(item['label'])}): {', '.join(item['langs'])}")
        out += ["", "</details>"]
    if rep.get("changed_since_review"):
        out += ["", f"<details><summary><b>changed since its native review</b>: {len(rep['changed_since_review'])} "
                "(entry, language) pairs, counted as self-reviewed</summary>", ""]
        for item in rep["changed_since_review"]:
            out.append(f"- `{item['file']}` ({item['lang']}): " + ", ".join(f"`{f}`" for f in item["fields"]))
        out += ["", "</details>"]
    if not rep["missing"] and not rep["unreviewed"]:
        out += ["", "Nothing missing and nothing unreviewed. :tada:"]
    return "\n".join(out) + "\n"
