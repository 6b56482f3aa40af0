"""Translate the card names and rules terms in running text, leaving every other character as it was.

Names are found word by word (the ``TOKEN`` words of ``names``), ignoring case and accents, longest
name first, on word boundaries. The text between two words of a name must be the same kind of
separator as in the name (spaces and hyphens are alike; a comma must be a comma), so a name never
runs across a full stop or a paragraph break.

False positives are kept down by a few rules, tested in tests/test_translate.py:

- a one-word name of two letters or fewer is never matched, except an all-capitals name (LP)
  written in capitals;
- a one-word name written in capitals (ATK, DEF) matches only in capitals;
- a one-word name written with a capital (Honest, Reload) matches only with a capital; one from
  the imported card pool also not as the first word of a sentence, where a capital proves nothing;
- a name of several words from the imported card pool must start with a capital; at the start of
  a sentence, the name's other capitals must be there too (so "Uno por uno, …" is not One for One);
- a KB term written in lower case (cadena, cálculo de daño) matches in any case;
- any of these may be written between quotes ("reload", «honest»), which always counts as a name.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .names import LANGS, TOKEN, Form, NameIndex, fold, fold_word, form_rank, sep_class

QUOTES_OPEN = "\"'“‘«„‚"
QUOTES_CLOSE = "\"'”’»“‘"


@dataclass
class Span:
    """A recognised name: where it is in the input (character offsets), what it is, and what replaces it."""

    start: int
    end: int
    text: str
    id: str
    kind: str
    replacement: str
    lang: str
    variant: str
    origin: str
    alternatives: list = field(default_factory=list)

    def as_dict(self) -> dict:
        """The JSON shape fixed by DESIGN.md, plus lang, variant, origin and alternatives."""
        out = {"start": self.start, "end": self.end, "text": self.text, "id": self.id, "kind": self.kind,
               "replacement": self.replacement, "lang": self.lang, "variant": self.variant, "origin": self.origin}
        if self.alternatives:
            out["alternatives"] = self.alternatives
        return out


def _sentence_start(text: str, start: int) -> bool:
    i = start - 1
    while i >= 0 and text[i] in " \t\"'“‘«(¿¡*_-—–":
        i -= 1
    return i < 0 or text[i] in ".!?:\n\r;…"


def _quoted(text: str, start: int, end: int) -> bool:
    return start > 0 and end < len(text) and text[start - 1] in QUOTES_OPEN and text[end] in QUOTES_CLOSE


def acceptable(form: Form, text: str, start: int, end: int, words: int) -> bool:
    """Whether the name ``form`` may be recognised in ``text[start:end]`` (the false-positive rules above)."""
    if words > 1 and form.entry.origin == "kb":
        return True
    orig = text[start:end]
    name = form.text
    quoted = _quoted(text, start, end)
    if words == 1:
        caps = name.isupper() and sum(ch.isalpha() for ch in name) > 1  # ATK, LP
        if len(fold(orig)) <= 2:
            return caps and orig == orig.upper() and fold(orig) == fold(name)
        if caps:
            return orig.isupper()
        if quoted:
            return True
        if name[:1].isupper():
            if not orig[:1].isupper():
                return False
            return form.entry.origin == "kb" or not _sentence_start(text, start)
        return form.entry.origin == "kb"
    if form.entry.origin == "table" and not quoted:
        if not orig[:1].isupper():
            return False
        if _sentence_start(text, start):
            # a capital at the start of a sentence proves nothing: the name's other capitals must be there too
            caps = [i for i, w in enumerate(TOKEN.findall(name)) if i and w[:1].isupper()]
            got = TOKEN.findall(orig)
            return bool(caps) and all(got[i][:1].isupper() for i in caps if i < len(got))
    return True


def _match_case(replacement: str, orig: str, form: Form) -> str:
    """A term follows the case of the text it replaces at its first letter (cadena → chain), unless its name has
    other capitals (Start Step); card names never change."""
    if form.entry.kind != "term" or not replacement or not orig:
        return replacement
    words = replacement.split(" ")
    if orig[0].islower() and words[0][:1].isupper() and not words[0].isupper() \
            and not any(ch.isupper() for w in words[1:] for ch in w):  # "Start Step" keeps its capitals
        return replacement[0].lower() + replacement[1:]
    if orig[0].isupper() and replacement[0].islower():
        return replacement[0].upper() + replacement[1:]
    return replacement


class Translator:
    """Finds names of language ``src`` (and English card names) in text and renders them in ``dst``."""

    def __init__(self, index: NameIndex, src: str, dst: str):
        self.index, self.src, self.dst = index, src, dst
        # one dict for every part: translate key → [(part, key index)], and [] for the first words of a name
        keys: dict = {}
        wanted = (1 << LANGS.index(src)) | (1 << LANGS.index("en"))
        for p in index.parts:
            langs = p._raw("t_langs")
            for ki, k in enumerate(p.strings("t_keys")):
                if langs[ki] & wanted:
                    keys.setdefault(k, []).append((p, ki))
            for lang in dict.fromkeys((src, "en")):
                for k in p.strings(f"t_pre_{lang}"):
                    keys.setdefault(k, [])
        self.keys = keys
        self._forms_cache: dict = {}
        self._span_cache: dict = {}

    def _forms(self, tk: str) -> list[Form]:
        """The forms with translate key ``tk`` that may be recognised in a text of ``src``."""
        out = self._forms_cache.get(tk)
        if out is None:
            out = []
            for p, ki in self.keys[tk]:
                off = p.ints("t_off")
                for fi in p.ints("t_forms")[off[ki]:off[ki + 1]]:
                    if not p.visible(fi):
                        continue
                    f = p.form(fi)
                    if f.entry.kind in ("card", "term") and (
                            f.lang == self.src or (f.lang == "en" and f.entry.kind == "card" and f.variant == "official")):
                        out.append(f)
            self._forms_cache[tk] = out
        return out

    def spans(self, text: str) -> list[Span]:
        """Every recognised name in ``text``, left to right, longest first, never overlapping."""
        bounds = [m.span() for m in TOKEN.finditer(text)]
        starts = [a for a, _ in bounds]
        ends = [b for _, b in bounds]
        words = [fold_word(w) for w in TOKEN.findall(text)]
        n = len(words)
        keys, out, classes = self.keys, [], {" ": " "}
        i = 0
        for at in [k for k, w in enumerate(words) if w in keys]:  # only where a name may begin
            if at < i:
                continue
            i = at
            cur = words[i]
            hit = keys[cur]
            cands = [(1, cur)] if hit else []
            size = 1
            while i + size < n:  # read on while the words so far begin some name
                j = i + size
                sep = text[ends[j - 1]:starts[j]]
                cls = classes.get(sep)
                if cls is None:
                    cls = classes[sep] = sep_class(sep) or ""
                if not cls:
                    break
                cur = cur + cls + words[j]
                hit = keys.get(cur)
                if hit is None:
                    break
                size += 1
                if hit:
                    cands.append((size, cur))
            span = None
            for size, tk in reversed(cands):  # the longest name first
                forms = self._forms(tk)
                if forms:
                    start, end = starts[i], ends[i + size - 1]
                    forms = [f for f in forms if acceptable(f, text, start, end, size)]
                    if forms:
                        span = self._span(text, start, end, forms)
                        i += size
                        break
            if span is not None:
                out.append(span)
        return out

    def _span(self, text: str, start: int, end: int, forms: list[Form]) -> Span:
        orig = text[start:end]
        key = (orig, tuple(map(id, forms)))
        done = self._span_cache.get(key)
        if done is None:
            forms = sorted(forms, key=lambda f: (form_rank(f), f.entry.id))
            best = forms[0]
            replacement = _match_case(best.entry.name(self.dst) or orig, orig, best)
            alts = []
            for f in forms[1:]:
                if f.entry is not best.entry and f.entry.id not in alts and (f.entry.name(self.dst) or orig) != replacement:
                    alts.append(f.entry.id)
            done = self._span_cache[key] = (best, replacement, alts)
        best, replacement, alts = done
        e = best.entry
        return Span(start, end, orig, e.id, e.kind, replacement, best.lang, best.variant, e.origin, list(alts))


def render(text: str, spans: list[Span], annotate: bool = False) -> str:
    """The text with each span replaced (or, with ``annotate``, followed by its translation in parentheses,
    after the closing quote when the name is quoted)."""
    out, pos = [], 0
    for s in spans:
        out.append(text[pos:s.start])
        pos = s.end
        if not annotate:
            out.append(s.replacement)
        elif fold(s.text) == fold(s.replacement):
            out.append(s.text)
        elif _quoted(text, s.start, s.end):  # "Honesto" (L'Onesto): the note goes after the closing quote
            out.append(f"{s.text}{text[s.end]} ({s.replacement})")
            pos = s.end + 1
        else:
            out.append(f"{s.text} ({s.replacement})")
    out.append(text[pos:])
    return "".join(out)


def translate(index: NameIndex, text: str, src: str, dst: str, annotate: bool = False) -> tuple[str, list[Span]]:
    """Translate the names in ``text`` from ``src`` to ``dst``; return the new text and the spans found."""
    spans = Translator(index, src, dst).spans(text)
    return render(text, spans, annotate), spans


def position(text: str, offset: int) -> tuple[int, int]:
    """1-based line and column of a character offset.

    >>> position("ab\\ncd", 4)
    (2, 2)
    """
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1
