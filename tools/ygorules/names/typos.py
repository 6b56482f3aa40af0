"""Card names written with a letter wrong in running text (issue 24): "Papilloperativ" for Photon Papilloperative's
"Papilloperative", "Dwellerr" for Abyss Dweller, "Crneo Convocado" for Cráneo Convocado, "… UN CAMBIO DE FIDELIDD …".

The scan reads a misspelt first word only where a longer name goes on after it ("Slyfer el Dragón del cielo"; in
lower case, of ``translate.FIRST_TYPO_LOWER`` letters or more: "miracule fusion"), and never a misspelt short form nor
a misspelt word alone in lower case: a word one letter away from a name is most often another word. ``find`` reads
the words left over for the one-word names (a card's whole one-word name, or its short form) they are a misspelling
of, where nothing else can be meant:

- the word is written in lower case, capitalised or in capitals (not "DuelistaSP": a handle), MIN_LETTERS long at
  least, no name word of the pool and no word of the four languages (``mentions.Frequencies.is_word``: a word that
  wordfreq lists among a language's first ``mentions.KNOWN_WORDS`` is no misspelling, "Unicode" no "Unicore"); but a
  capitalised word of LISTED_LETTERS letters or more that is an item of a list of card names found, even a word of a
  language ("una copia de Sagan, una Heavy Storm": Sangan, ``_listed``);
- a name word one edit away from it (``Translator._near``: a letter missing, extra, wrong, or two swapped), or the word
  with one sound spelt the other way (``index.respellings``: "Slipher" for "Slifer", two edits), is a card's
  whole one-word name, or (written with a capital) its short form or one-word nickname; where the words one edit away
  name two cards or more, it names the one of them the text names elsewhere, else none (no answer over a wrong one);
- a letter added or left out at the end is no vowel nor "s", and a vowel at the end is not another vowel: "Honestos",
  "Honest" and "Honesta" are other forms of "Honesto";
- the text has no other name word one edit away from it (the writer may mean that card: no answer over a wrong one);
- a capitalised word is no longer name's first word (``mentions.LONGER_NAME``: "Contruct of Mask", a card the pool
  lacks, is not El Shaddoll Construct's "Construct");
- the words around it make it a name (``mentions.evidence``, as a typo; a short form only where it is capitalised; a
  word in lower case only quoted or with "carta"/"card" next to it: a rare word in lower case is most often a word
  of the language the pool does not know, a verb's form).

A misspelt word in lower case may be one word of a longer name written in lower case ("cráneo lintrna"): the scan
reads a typo in lower case only from a name's third word on. ``_in_name`` reads the window of WINDOW words or fewer
around it that is one card's name once the word is read as a name word one typo away, the others as written, where the
words before it begin a name that may go on with its first letter (no article or link word alone) or a rare name word
follows it; two windows as long that fit give no answer, and the evidence judges the window as the scan judges a name.

The translator's rescue of capitalised runs (``Translator._closest``) asks ``respelt_sharing`` for the names a short
run shares two words with once its misspelt word is read right, and ``caps_windows`` for the windows of a sentence in
capitals; ``doubtful`` tells the scan (``Translator._at``) when its own reading of a typo is in doubt.
"""
from __future__ import annotations

import re
from bisect import bisect_left
from itertools import chain, compress, filterfalse, repeat
from operator import and_, attrgetter, is_

from . import mentions
from .mentions import QUOTES_OPEN
from ..core.fold import TOKEN
from .discourse import positions_of, words_of
from .index import RESPELT_SCORE, respellings

_start_of = attrgetter("start")
_OPENS = QUOTES_OPEN + "*_"
"""What may open a quoted name (``mentions.quoted``: quotes and emphasis marks)."""
CAPS_WINDOW = 6
"""The longest window of a sentence in capitals tried as a name, in words."""
WINDOW = 4
"""The longest name written in lower case read around a misspelt word, in words."""
LINKS = frozenset("de del la el los las do da dos das di della dello delle dei degli of the".split())
"""The linking words that may stand between a misspelt word and the rest of its name ("crga de profundidad")."""
MIN_LETTERS = 6
"""The shortest word read as a misspelling (shorter words are one letter away from too many others) …"""
LISTED_LETTERS = 5
"""… but a capitalised word of this many letters or more, even a word of a language, is read so where it is an item of
a list of card names found ("una copia de Sagan, una Heavy Storm, una Dark Hole": Sangan; ``_listed``): among cards,
a card."""
_ITEM_GAP = re.compile(r"[ \t]*[,;/][ \t]*(?:\w{1,4}[ \t]+)?")
"""What stands between two items of a list: a comma, a semicolon or a slash, perhaps a short word after it ("una", "2x")."""
READ = ("official", "no-article")
"""The forms a misspelt word may stand for: a card's one-word name …"""
SHORT = ("short-form", "nickname")
"""… or, written with a capital, its short form or a one-word nickname ("Dweller")."""
INFLECTIONS = "aeios"
"""A word that is a name word with one of these letters added or left out at the end (not its last letter doubled), or
with one of these vowels at the end in place of another, is another gender or number of it, not a misspelling."""


def find(tr, text: str, spans: list, span_type) -> list:
    """``spans`` with the one-word misspellings read (module doc) added, in order; ``span_type``: translate's Span."""
    raw, words, blocked = tr._raw, tr._words, tr._blocked
    memo = tr.__dict__.setdefault("_typo_words", {})  # folded word → whether it may be a misspelt name word
    cards = tr.__dict__.setdefault("_typo_cards", {})  # (folded word, capitalised) → its cards (_card_of), asked where
    # the word is free
    windows = tr.__dict__.setdefault("_typo_windows", {})  # the words and separator classes around a word → _in_name's
    # reading of it, relative to it (it reads nothing else of the text: the same words around, the same reading)
    if len(memo) > 100_000 or len(windows) > 100_000:
        memo.clear()
        cards.clear()
        windows.clear()
    present = words_of(tr)  # (the text's distinct words, shared with the passes after this one)
    new = list(present.difference(memo))
    if new:
        memo.update(dict.fromkeys(new, False))
        memo.update(dict.fromkeys(filterfalse(tr.freq.is_word, _plain(new, tr.keys)), True))  # (no word of a language)
    cand = set(filter(memo.__getitem__, present))
    listed = _listed(tr, text, spans)
    if not cand and not listed:
        return spans
    starts, ends, cls = tr._starts, tr._ends, tr._cls
    found = list(map(_start_of, spans))
    caps = tr._caps  # (word as written → whether it begins with a capital)
    add = []
    named = []  # the ids of the names found, read when a word close to several cards first needs them
    at = positions_of(tr, cand) if cand else ()
    if listed:  # (the short words and the words of a language written as items of a list of cards: few, if any)
        at = sorted(listed.union(at))
    for i in at:  # (the few words that may be misspelt, in C)
        r = raw[i]
        a, b = starts[i], ends[i]
        up = caps[r]
        span = None
        # in lower case, alone only quoted or next to "carta"/"card" (asked first: most of these words are in lower case)
        if up or (tr._card_word_near(i, i + 1) and tr._card_context(i, 1, a, b)) \
                or (text[a - 1:a] in _OPENS and mentions.quoted(text, a, b)):
            span = _alone(tr, text, spans, found, add, named, cards, i, span_type)
        if span is None and not up and r.islower() and not blocked[i]:  # one word of a longer name in lower case
            lo = i - WINDOW + 1 if i >= WINDOW else 0  # (the words _in_name reads: WINDOW - 1 either way, cut by the text's
            wk = (tuple(words[lo:i + WINDOW]), tuple(cls[lo:i + WINDOW]), i - lo)  # edges, and where word i is among them)
            got = windows.get(wk, 0)
            if got == 0:
                got = _in_name(tr, i)
                windows[wk] = None if got is None else (got[0] - i, got[1] - i, got[2])
            elif got is not None:
                got = (got[0] + i, got[1] + i, got[2])
            if got is not None:
                span = _window_span(tr, text, spans, found, add, got, span_type)
        if span is not None:
            add.append(span)
    if not add:
        return spans
    return sorted(spans + add, key=_start_of)


def _listed(tr, text: str, spans: list) -> set:
    """The capitalised words of ``LISTED_LETTERS`` letters or more, no name's first word as they are, that are an item of
    a list of card names found: a card's name right before or right after the word, with a comma, a semicolon or a
    slash between (``_ITEM_GAP``)."""
    words, raw, starts, ends, caps, keys = tr._words, tr._raw, tr._starts, tr._ends, tr._caps, tr.keys
    out = set()
    for s in spans:
        if s.kind != "card":
            continue
        m = _ITEM_GAP.match(text, s.end)
        if m and m.end() > s.end:
            i = bisect_left(starts, m.end())
            if i < len(starts) and starts[i] == m.end():
                out.add(i)
        k = bisect_left(ends, s.start) - 1
        for j in (k, k - 1):  # (the word right before, or the one before a short word: "Sagan, una Heavy Storm")
            if j >= 0 and _ITEM_GAP.fullmatch(text, ends[j], s.start):
                out.add(j)
                break
    return {i for i in out if len(words[i]) >= LISTED_LETTERS and caps[raw[i]] and raw[i].isalpha()
            and keys.get(words[i]) is None}


def _alone(tr, text: str, spans: list, found: list, add: list, named: list, cards: dict, i: int, span_type):
    """The span of word ``i`` read alone as the one-word name it misspells (the module doc), or None. ``named``: empty,
    or the set of the ids of the names found; ``cards``: the memo of ``_card_of``."""
    r, a, b = tr._raw[i], tr._starts[i], tr._ends[i]
    if tr._blocked[i] or not (r[1:].islower() or r.isupper()):
        return None  # "DuelistaSP", "McDonald": a handle or a name of its own, not a misspelt word
    k = bisect_left(found, a)
    if (k < len(spans) and spans[k].start < b) or (k and spans[k - 1].end > a) or (add and add[-1].end > a):
        return None  # inside a name found
    w, up = tr._words[i], tr._caps[r]
    if up and not r.isupper() and mentions.LONGER_NAME.match(text, b):
        return None  # "Contruct of Mask", a card the pool lacks: the first word of a longer name, as the scan reads one
    got = cards.get((w, up))
    if got is None:
        got = cards[(w, up)] = _card_of(tr, w, up)
    if not got:
        return None
    if len(got) > 1:
        if not named:
            named.append({s.id for s in spans})
        got = _choose(got, named[0])
    else:
        got = got[0]
    if got is None or _other_card(tr, w, got):
        return None
    e, form, key = got
    sim = _similarity(w, key)
    score = mentions.evidence(text, a, b, [r], [key], "approximate", "card", e.origin, sim, tr.freq, tr.src, True, None,
                              False, mentions.context(text, a, b, False), form.lang)
    if score < tr.threshold:
        return None
    return span_type(a, b, r, e.id, "card", e.name(tr.dst) or r, form.lang, "approximate", e.origin, [], score, sim,
                     e.passcodes)


def _in_name(tr, i: int):
    """(first word, last word, key) of the one card name, of two to WINDOW words written in lower case, that word ``i``
    is a misspelt word of, the others as written ("cráneo connvocado", "crga de profundidad"), or None. Asked only where
    the words before it begin a name that may go on with it, or a rare name word follows it."""
    words, cls, keys, n = tr._words, tr._cls, tr.keys, len(tr._words)
    w = words[i]
    # the words before it begin a name that goes on with its first letter (a typo keeps it mostly: the scan's typo words
    # begin with it too), or a rare name word follows it
    small = mentions.FUNCTION_WORDS.get(tr.src, LINKS)  # (a name's article or link word alone begins too many)
    before = i and cls[i] and (words[i - 1] not in small and keys.get(words[i - 1]) is not None
                               and tr._begins(words[i - 1] + cls[i] + w[0]) or (
        i > 1 and cls[i - 1] and words[i - 2] not in small and keys.get(words[i - 2] + cls[i - 1] + words[i - 1]) is not None
        and tr._begins(words[i - 2] + cls[i - 1] + words[i - 1] + cls[i] + w[0])))
    if not before:
        j = i + 2 if i + 2 < n and words[i + 1] in LINKS and cls[i + 2] else i + 1
        if not (j < n and all(cls[i + 1:j + 1]) and pool_word(tr, words[j]) and words[j] not in tr.freq.common):
            return None
    best = []
    for s in range(i, max(-1, i - WINDOW), -1):  # (the words before it, as written, must begin a name: keys has the
        # first words of every name, so the window is walked as the scan walks, from a key to a longer one)
        if s < i and not cls[s + 1]:
            break
        head = _respelt_key(words, cls, s, i - 1, i, "") if s < i else ""
        if head and keys.get(head) is None:
            continue
        for v in tr._near(w):
            key = head + cls[i] + v if head else v
            e = i
            while keys.get(key) is not None:
                if keys[key] and e > s and (not best or e - s >= best[0][1] - best[0][0]):
                    if best and e - s > best[0][1] - best[0][0]:
                        best = []
                    if (s, e, key) not in best:
                        best.append((s, e, key))
                e += 1
                if e >= n or e - s >= WINDOW or not cls[e]:
                    break
                key += cls[e] + words[e]
    if len(best) != 1:
        return None  # none, or two readings as long: no answer over a wrong one
    return best[0]


def _respelt_key(words: list, cls: list, s: int, e: int, i: int, v: str) -> str:
    """The translate key of words ``s``…``e`` (joined by their separator classes) with word ``i`` read as ``v``."""
    parts = []
    for j in range(s, e + 1):
        if j > s:
            parts.append(cls[j])
        parts.append(v if j == i else words[j])
    return "".join(parts)


def _window_span(tr, text: str, spans: list, found: list, add: list, got: tuple, span_type):
    """The span of a window ``_in_name`` read, or None where it runs into a name found or added, names two cards or
    scores too little."""
    s, e, key = got
    a, b = tr._starts[s], tr._ends[e]
    k = bisect_left(found, a)
    if (k < len(spans) and spans[k].start < b) or (k and spans[k - 1].end > a) or (add and add[-1].end > a) \
            or any(tr._blocked[s:e + 1]):
        return None
    forms = {f.entry.id: f for f in tr._forms(key) if f.entry.kind == "card" and f.variant in READ}
    if len(forms) != 1:
        return None
    f = next(iter(forms.values()))
    e_ = f.entry
    orig = text[a:b]
    sim = _similarity(" ".join(tr._words[s:e + 1]), " ".join(TOKEN.findall(key)))
    variant = "official" if f.lang == tr.src else "english"
    score = mentions.evidence(text, a, b, tr._raw[s:e + 1], TOKEN.findall(key), variant, "card", e_.origin, sim, tr.freq,
                              tr.src, True, None, False, mentions.context(text, a, b, False), f.lang)
    if score < tr.threshold:
        return None
    return span_type(a, b, orig, e_.id, "card", e_.name(tr.dst) or orig, f.lang, "approximate", e_.origin, [], score, sim,
                     e_.passcodes)


def _plain(new: list, keys: dict):
    """The folded words of ``new`` long enough, of letters only and no name's first words as they are, in C (a text has
    thousands of distinct words); whether one is an everyday word is asked of these only, and whether it is a name word
    with its cards."""
    new = list(compress(new, map(MIN_LETTERS.__le__, map(len, new))))
    return compress(new, map(and_, map(str.isalpha, new), map(is_, map(keys.get, new), repeat(None))))


def _card_of(tr, w: str, up: bool) -> tuple:
    """(entry, form, key) of each card the folded word ``w`` (``up``: written with a capital) may be a misspelling of
    (module doc), one per card; empty when it is none's."""
    if pool_word(tr, w):
        return ()
    got: dict = {}
    for v in chain(tr._near(w), respellings(w)):  # (one edit away, or one sound spelt the other way: "Slipher")
        if not tr.keys.get(v):
            continue  # a word of longer names only
        forms = [f for f in tr._forms(v) if f.entry.kind == "card" and (f.variant in READ or (up and f.variant in SHORT))]
        if not forms:
            continue
        if _inflected(v, w) or _inflected(w, v):
            continue  # another form of the word, not a misspelling of it
        for f in forms:
            got.setdefault(f.entry.id, (f.entry, f, v))
    return tuple(got.values())


def _other_card(tr, w: str, got: tuple) -> bool:
    """Whether the text has a name word one edit away from ``w`` other than the chosen card's (``got``): a card named
    elsewhere the writer may mean."""
    present = words_of(tr)
    e, _, key = got
    return any(v != key and v in present and not (tr.keys.get(v) and any(f.entry is e for f in tr._forms(v)))
               for v in tr._near(w))


def respelt_sharing(tr, words: list) -> list:
    """``NameIndex.sharing`` of a run's folded ``words`` with its one misspelt word (MIN_LETTERS - 1 letters or more, no
    name word nor everyday word) read as each name word one typo away from it ("crneo convocado" as "craneo convocado"): a
    run of two words with one misspelt shares one word only with the name, too few for ``sharing``; where the other words
    are too common to count, the respelt run's own name ("Vaice Dragon" as Vice Dragon). Empty where the run has no such
    word, or two."""
    odd = [k for k, w in enumerate(words) if len(w) >= MIN_LETTERS - 1 and w.isalpha() and w not in tr.keys
           and not tr.freq.is_word(w) and not pool_word(tr, w)]
    if len(odd) != 1:
        return []
    k = odd[0]
    out = []
    for v in tr._near(words[k]):
        respelt = words[:k] + [v] + words[k + 1:]
        got = tr.index.sharing(respelt)
        if not got:  # "vaice dragon": a word in too many names to count ("dragon") leaves one word, too few to share:
            key = " ".join(respelt)  # the run respelt may be a name as it is ("vice dragon")
            got = [(key, p, ki) for p in tr.index.parts for ki in (p.col("k_keys").find(key),) if ki >= 0]
        out += got
    return out


def caps_windows(text: str, a0: int, b0: int, taken: list) -> list:
    """(start, end) of the windows of CAPS_WINDOW words or fewer, two at least, of a run in capitals (``text[a0:b0]``)
    that begin and end with a word of more than two letters and cut no name found (``taken``), each start's longest first:
    in a sentence written in capitals, the capitals say nothing of where a name begins and ends.

    >>> t = "YA NO JUEGO CAMBIO DE FIDELIDD"
    >>> [t[a:b] for a, b in caps_windows(t, 0, len(t), [])]
    ['JUEGO CAMBIO DE FIDELIDD', 'JUEGO CAMBIO', 'CAMBIO DE FIDELIDD']
    """
    words = [(m.start(), m.end()) for m in TOKEN.finditer(text, a0, b0)]
    out = []
    for i, (a, _) in enumerate(words):
        if words[i][1] - a <= 2:
            continue
        for j in range(min(len(words), i + CAPS_WINDOW) - 1, i, -1):
            b = words[j][1]
            if b - words[j][0] <= 2 or (a, b) == (a0, b0):
                continue
            if any(x < b and a < y and not (a <= x and y <= b) for x, y in taken):
                continue
            out.append((a, b))
    return out


def _inflected(a: str, b: str) -> bool:
    """Whether ``a`` is ``b`` with one of INFLECTIONS added at the end (not the last letter doubled: a typo), or with
    another vowel of them at the end ("honesta" of "honesto").

    >>> _inflected("honestos", "honesto"), _inflected("honesta", "honesto"), _inflected("kuriboo", "kuribo")
    (True, True, False)
    >>> _inflected("dwellerr", "dweller"), _inflected("papilloperativ", "papilloperative")
    (False, False)
    """
    if len(a) == len(b) + 1:
        return a.startswith(b) and a[-1] in INFLECTIONS and a[-1] != b[-1]
    return len(a) == len(b) and a[:-1] == b[:-1] and a[-1] in INFLECTIONS and b[-1] in INFLECTIONS


def doubtful(tr, i: int, size: int, key: str, span, keys: list) -> bool:
    """Whether the scan's reading of words ``i``… (``size`` of them) as ``span`` (translate key ``key``, one typo or two
    away) is in doubt: one word written in mixed case (a handle) or another gender or number of the name word, or
    ``keys`` (the keys of the window's other readings with typos) name other cards and the text does not name
    ``span``'s card elsewhere, as written, while naming none of them."""
    if size == 1:
        r, w = tr._raw[i], tr._words[i]
        if not (r[1:].islower() or r.isupper()) or _inflected(w, key) or _inflected(key, w):
            return True
    rivals = [k for k in keys if k != key and any(f.entry.kind == "card" and f.entry.id != span.id for f in tr._forms(k))]
    if not rivals:
        return False
    present = words_of(tr)
    return not (_written(key, present) and not any(_written(k, present) for k in rivals))


def _written(key: str, present: set) -> bool:
    """Whether every word of translate key ``key`` is a word of the text (``present``)."""
    return all(x in present for x in TOKEN.findall(key))


def _choose(cands: tuple, ids: set):
    """The one card of ``cands`` ((entry, form, key)) named in the text (``ids``: the ids of the names found): "kuribo"
    where the text names Kuriboh, not Kuribon; where the text names none of them, the one whose whole one-word name it
    misspells, over cards it would name by a short form or a nickname ("Sagan": Sangan, not Sanga of the Thunder, whose
    short form "Sanga" is one edit away too); None when that is not one."""
    named = [c for c in cands if c[0].id in ids]
    if not named:
        named = [c for c in cands if c[1].variant in READ]
    return named[0] if len(named) == 1 else None


def pool_word(tr, w: str) -> bool:
    """Whether ``w`` is a word of the names read here (it is then itself a name word, not a misspelling of one)."""
    words = tr._vocabulary(w[0]).get(len(w), ())
    j = bisect_left(words, w)
    return j < len(words) and words[j] == w


def _similarity(w: str, key: str) -> float:
    """The rapidfuzz ratio of a word and the name word it is a misspelling of; a sound spelt the other way ("Slipher"
    for "Slifer", two edits) is as close as ``lookup`` scores it (``index.RESPELT_SCORE``)."""
    if key in respellings(w):
        return RESPELT_SCORE
    from rapidfuzz import fuzz
    return fuzz.ratio(w, key)
