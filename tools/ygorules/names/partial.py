"""A lookup query that is part of a card's name, or its name with the spaces dropped (issue 24).

Ways writers shorten or run together a name that ``lookup``'s fuzzy score ranks below a look-alike:

- ``joined``: the words of a name written as one ("Feralimp" for Feral Imp): the query with one space put back
  is a name;
- ``piece``: a name whose head is written otherwise but whose epithet after a dash or a comma is the card's own
  ("Soldato dell'Oscuro Desiderio – Emissario dell'Inizio" for Black Luster Soldier - Envoy of the Beginning, whose
  Italian name ends "- Emissario dell'Inizio");
- ``head``: the head of one card's name before its comma ("Stream" for Stream, Dragon Ruler of Droplets, before
  Time Stream), alone or with another epithet ("Tidal, Elemental Dragon of Cascades"), where no other card's name
  begins so;
- ``part``: the name of a series member without its series ("Rat" for Wind-Up Rat, "Defender" for Destiny HERO -
  Defender; the index's ``series-member`` forms, which ``translate`` reads only where the series is named), and a
  name's first words with its last ones dropped ("Borreload Savage" for Borreload Savage Dragon, "Rivalry" for
  Rivalry of Warlords). Both rank above cards whose names merely contain the words elsewhere ("Giant Rat", "Jam
  Defender") or in another order ("Dragon Buster" is the start of Dragon Buster Destruction Sword, not Buster Dragon
  reordered).

``skeleton``: a name with its linking words or articles written otherwise ("Dragão da Água" for Dragão de Água,
Water Dragon), which ranks above a longer name the query begins (Dragão da Água Mística: ``part``'s).

``mixed``: a name written half in one language and half in another, each word as one of the card's official names
has it ("Chamado do Archfiend": the Portuguese name's first word, the English name's last), which ranks below the
series or the one-word card of the one word its printed names share ("Archfiend").

Before all of these, ``covering``: among fuzzy matches tied with the best, a name that has every word of the query
(one misspelt: "The Chaso Creator") ranks before a shorter name of its other words (The Creator), printed more or not.

``base``: the own part of a longer card's name whose English name is another card's with words added ("Cráneo
Invocado" of Cráneo Invocado Toon) is that other card (Summoned Skull, Cráneo Convocado), where it scores near.

Last, ``numbers``: a query with a number ("Horus LV6", "Número 86: …") names a card whose name has that number; a
look-alike with another number or none (LV8, the Heroic Champion the rest of the words find) ranks below it.

``famous``, for an exact one-word name instead: a rare card's one-word name is first the far more printed card whose
name begins with it ("Tifone": Mystical Space Typhoon before Typhoon).

Each other one takes the matches of a query with no exact match and gives them back with its cards first, the most printed
first, at its score; the other matches are kept below them, more than index's ``TIE_MARGIN`` lower (passed in as
``margin``), so that the tie-break of ``Result`` (official names and printings) does not put a look-alike back on top.
"""
from __future__ import annotations

import re
from bisect import bisect_left

from ..core.fold import TOKEN, normalize, tkey

JOINED_SCORE = 98.5
"""The score of a card whose name the query is with one space dropped: above a fuzzy match, below a plural."""
PIECE_SCORE = 97.0
"""The score of a card one of whose name's pieces (between " - ", commas, colons) the query has whole."""
PIECE_WORDS = 2
"""A piece of fewer words is not distinctive enough ("Gorz", "Raye")."""
_PIECES = re.compile(r"\s*[,:–—]\s*|\s+-\s+")
"""What splits a card name into pieces (index._PIECES: this module is imported by index)."""
PART_SCORE = 98.0
"""The score of a card named by its name without its series or by the first words of its name."""
SKELETON_SCORE = 98.5
"""The score of the one card whose printed name has the query's content words in their order, its linking words or
articles written otherwise: above ``part``'s start of a longer name, below a plural."""
PREFIX_WORDS = 2
"""A query of fewer words names the cards it starts only where it also names a series member: "Miracle" starts
many names and is a member's one word (Miracle of the Supreme King); alone, the fuzzy score's order is kept."""
JOIN_MIN = 6
"""A word shorter than this is not split in two: short words run together are mostly ordinary words."""
_CAMEL = re.compile(r"(?<=[a-zß-ÿ])(?=[A-ZÀ-Þ][a-zß-ÿ])")
"""Where a word written with its words run together, each capitalised, begins another ("Droll|Lock|Bird"): a small
letter, then a capital and a small letter."""


def _first(cards: list, score: float, matches: list, match_type, margin: float) -> list:
    """``matches`` with ``cards`` ((entry, form) pairs) first at ``score``, the most printed first; every other match
    more than ``margin`` (index's TIE_MARGIN) below ``score``."""
    made, seen = [], set()
    for e, f in sorted(cards, key=lambda ef: -ef[0].prominence):
        if id(e) not in seen:
            seen.add(id(e))
            made.append(match_type(e, score, f))
    return made + capped([m for m in matches if id(m.entry) not in seen], score - margin - 0.01, match_type)


def capped(matches: list, cap: float, match_type) -> list:
    """``matches`` with every score above ``cap`` lowered to it (the matches put below the ones a rule puts first)."""
    return [m if m.score <= cap else match_type(m.entry, cap, m.form, m.exact) for m in matches]


def _cards(index, key: str, lang: str | None) -> list:
    return [(f.entry, f) for f in index.forms_for_key(key, lang) if f.entry.kind == "card"]


def _members(index, tk: str, lang: str | None) -> list:
    """(entry, form) of the series members whose name without the series has the translate key ``tk`` (their
    ``series-member`` forms, which lookup's own keys leave out), each shown by its official name."""
    cards = []
    for p in index.parts:
        for fi in p._range("t_keys", "t_off", "t_forms", tk):  # (a bisection: tkey_forms's dict costs a cold lookup 80 ms)
            if p.visible(fi):
                f = p.form(fi)
                if f.variant == "series-member" and (lang is None or f.lang == lang) and f.entry.kind == "card":
                    name = f.entry.names.get(f.lang)  # shown by its name, ranked as one (Result's tie-break)
                    cards.append((f.entry, next((g for g in index.forms_for_key(normalize(name), f.lang) if g.entry is f.entry),
                                                f) if name else f))
    return cards


def joined(index, key: str, lang: str | None, matches: list, match_type, margin: float, query: str = "") -> list:
    """The cards whose name (in ``lang`` when given) is the folded query with one space put back in a word of
    ``JOIN_MIN`` letters or more, each side two letters or more ("feralimp" → "feral imp"), or whose name without its
    series is ("Grandmole": Neo-Spacian Grand Mole); or, where the query as written (``query``) runs its words
    together with a capital for each ("DrollLockBird"), whose name it is with a space before each such capital."""
    words = key.split()
    cards = []
    spaced = _CAMEL.sub(" ", query) if query else ""
    if spaced != query:
        cards = _cards(index, normalize(spaced), lang)
        if cards:
            return _first(cards, JOINED_SCORE, matches, match_type, margin)
    for k, w in enumerate(words):
        if len(w) < JOIN_MIN or not w.isalpha():
            continue
        for cut in range(2, len(w) - 1):
            split = " ".join(words[:k] + [w[:cut], w[cut:]] + words[k + 1:])
            cards += _cards(index, split, lang) or _members(index, tkey(split), lang)
    return _first(cards, JOINED_SCORE, matches, match_type, margin) if cards else matches


def part(index, query: str, key: str, lang: str | None, matches: list, match_type, margin: float) -> list:
    """The cards the query names by a part of their name: the series members whose name without the series it is
    (their ``series-member`` forms), and the cards among ``matches`` one of whose names (in ``lang`` when given)
    begins with the query's words, in their order (a one-word query: only next to a member). Both kinds rank
    together by printings: "Defender" is Destiny HERO
    - Defender (a member) before Defender of the Ice Barrier (a member, and the start of a name), "Rivalry" is Rivalry
    of Warlords (the start of a name) before the rarely printed Mikanko Rivalry (a member)."""
    cards = _members(index, tkey(query), lang)
    if not cards and len(key.split()) < PREFIX_WORDS:
        return matches  # one word that starts names only ranks them against a series member it also names
    head = key + " "
    for m in matches:
        if m.entry.kind != "card":
            continue
        for l, name in m.entry.names.items():
            if name and (lang is None or l == lang) and normalize(name).startswith(head):
                f = next((f for f in index.forms_for_key(normalize(name), l) if f.entry is m.entry), m.form)
                cards.append((m.entry, f))
                break
    return _first(cards, PART_SCORE, matches, match_type, margin) if cards else matches


def head(index, query: str, lang: str | None, matches: list, match_type, margin: float) -> list:
    """The one card whose name (in ``lang`` when given; official or English) is the query, a comma and an epithet
    ("Stream" for Stream, Dragon Ruler of Droplets), at ``PIECE_SCORE``, where the query is one or two words; or, where
    the query has a comma, whose name has the query's head before its comma and another epithet (a pre-release or
    translated one: "Tidal, Elemental Dragon of Cascades" for Tidal, Dragon Ruler of Waterfalls); none where two cards'
    names begin so ("Minerva": Minerva, Lightsworn Maiden and Minerva, the Exalted Lightsworn). A bisection in the
    translate keys' column (no column is read whole: a cold lookup stays fast)."""
    query = query.split(",", 1)[0]
    if not 1 <= len(TOKEN.findall(query)) <= 2:
        return matches
    prefix = tkey(query) + ","
    cards = []
    for p in index.parts:
        keys = p.col("t_keys")
        j = bisect_left(keys, prefix)
        while j < len(keys) and keys[j].startswith(prefix):
            for fi in p._range("t_keys", "t_off", "t_forms", keys[j]):
                if p.visible(fi):
                    f = p.form(fi)
                    if f.entry.kind == "card" and f.variant in ("official", "english") and (lang is None or f.lang == lang):
                        cards.append((f.entry, f))
            j += 1
    if len({id(e) for e, _ in cards}) != 1:
        return matches
    return _first(cards, PIECE_SCORE, matches, match_type, margin)


def piece(index, query: str, lang: str | None, matches: list, match_type, margin: float) -> list:
    """The cards among ``matches`` one of whose names (in ``lang`` when given) has a piece (``_PIECES``) of
    ``PIECE_WORDS`` words or more that is a piece of the query too, where the query has two pieces or more; a piece
    that is a series name ("Destiny HERO - …") is shared by the series' members and counts for none."""
    pieces = _PIECES.split(query)
    if len(pieces) < 2:
        return matches
    want = {k for k in (normalize(p) for p in pieces if len(TOKEN.findall(p)) >= PIECE_WORDS)
            if not any(f.entry.kind == "series" for f in index.forms_for_key(k))}  # (a series heads many names)
    if not want:
        return matches
    cards = []
    for m in matches:
        if m.entry.kind != "card":
            continue
        for l, name in m.entry.names.items():
            if name and (lang is None or l == lang) and want.intersection(normalize(p) for p in _PIECES.split(name)):
                f = next((f for f in index.forms_for_key(normalize(name), l) if f.entry is m.entry), m.form)
                cards.append((m.entry, f))
                break
    return _first(cards, PIECE_SCORE, matches, match_type, margin) if cards else matches


_NUMBER = re.compile(r"\d+")


def numbers(key: str, matches: list, match_type, margin: float) -> list:
    """``matches`` of the folded query ``key`` with those whose form has every number of the query (digits in a word
    count: "lv6", "c39") first, in their order, and every other one more than ``margin`` below the best of them; as
    they are when the query has no number or no match has its numbers.

    >>> class M:
    ...     def __init__(self, text, score, form=None, exact=False):
    ...         self.form, self.score, self.entry, self.exact = (form or type("F", (), {"text": text})()), score, text, exact
    >>> [(m.entry, m.score) for m in numbers("horus lv6", [M("Horus LV8", 90.0), M("Horus LV6", 89.0)], M, 1.0)]
    [('Horus LV6', 89.0), ('Horus LV8', 87.99)]
    """
    want = set(_NUMBER.findall(key))
    if not want:
        return matches
    agree = [m for m in matches if want <= set(_NUMBER.findall(m.form.text))]
    if not agree:
        return matches
    return _ahead(agree, matches, match_type, margin)


MIXED_SCORE = 97.0
"""The score of the card whose names in two languages or more hold every word of the query (no single name does)."""
MIXED_LEAD = 2.0
"""… the most printed such card, when it has this many times the printings of the next one (else none)."""
MIXED_POSTINGS = 1500
"""A query whose rarest word is in more lookup keys of a part than this looks for no mixed name there."""
MIXED_NEAR = 80.0
"""A query word this close (rapidfuzz ratio) to a word of the best match's form is that word written otherwise
("Invocado" for "Invocada"): the best match explains it, and no mixed name is looked for."""


def _near_all(words: set, form_words: list) -> bool:
    """Whether each of ``words`` is a word of ``form_words`` or within ``MIXED_NEAR`` of one."""
    from rapidfuzz import fuzz, process
    return all(w in form_words or process.extractOne(w, form_words, scorer=fuzz.ratio, score_cutoff=MIXED_NEAR)
               for w in words)


def mixed(index, key: str, lang: str | None, matches: list, match_type, margin: float) -> list:
    """``matches`` with the card first whose official names, taken together, hold every content word of the folded
    query as it is (no typo) while none of its names alone does, where the best match's form lacks one of the words
    (``MIXED_NEAR``): of those whose closest name has the fewest words the query lacks, the most printed, by
    ``MIXED_LEAD``; as they are otherwise."""
    from .fanmatch import STOP  # (articles, prepositions and conjunctions: no evidence of a name either way)
    words = set(w for w in key.split() if w not in STOP and not w.isdigit())
    if len(words) < 2 or (matches and _near_all(words, normalize(matches[0].form.text).split())):
        return matches
    found: dict = {}
    for p in index.parts:
        keys, woff, wvals = p.col("w_keys"), p.ints("w_off"), p.ints("w_vals")
        sizes = []
        for w in words:
            i = bisect_left(keys, w)
            sizes.append((woff[i + 1] - woff[i], i) if i < len(keys) and keys[i] == w else (0, -1))
        n, i = min(sizes)
        if not n or n > MIXED_POSTINGS:
            continue
        off, kforms, owner = p.ints("k_off"), p.ints("k_forms"), p.ints("f_entry")
        for ki in wvals[woff[i]:woff[i + 1]]:
            for fi in kforms[off[ki]:off[ki + 1]]:
                if (id(p), owner[fi]) not in found and p.visible(fi):
                    found[id(p), owner[fi]] = p.entry(owner[fi])
    cards = []
    for e in found.values():
        if e.kind != "card":
            continue
        names = {l: set(normalize(n).split()) for l, n in e.names.items() if n}
        if words <= set().union(*names.values()) and not any(words <= ws for ws in names.values()):
            cards.append((e, names))
    if not cards:
        return matches
    # the cards with a name closest to the query first ("Drake Shark" for "Shark Draghetto", not "Number 32: Shark
    # Drake"), then the most printed
    extra = {id(e): min(len(ws - words - STOP) for ws in names.values()) for e, names in cards}
    least = min(extra.values())
    cards = sorted((c for c in cards if extra[id(c[0])] == least), key=lambda c: -c[0].prominence)
    if len(cards) > 1 and cards[0][0].prominence < MIXED_LEAD * max(1, cards[1][0].prominence):
        return matches
    e, names = cards[0]
    l = lang if lang in names else max(names, key=lambda l: len(words & names[l]))
    f = next((f for f in index.forms_for_key(normalize(e.names[l]), l) if f.entry is e), None)
    return _first([(e, f)], MIXED_SCORE, matches, match_type, margin) if f is not None else matches


def covering(key: str, matches: list, match_type, margin: float) -> list:
    """``matches`` (fuzzy, best first) with those tied with the best (within ``margin``) whose form has every content
    word of the folded query, each as it is or within ``MIXED_NEAR``, before the tied ones whose form lacks one, which
    go more than ``margin`` below them: a name with one word misspelt ("The Chaso Creator") is that name, not the
    shorter name of its other words (The Creator), whichever is printed more. As they are for a query of one content
    word, or when all or none of the tied matches have every word."""
    from .fanmatch import STOP
    words = {w for w in key.split() if w not in STOP}
    if len(words) < 2 or not matches:
        return matches
    best = matches[0].score
    tied = [m for m in matches if best - m.score <= margin]
    full = [m for m in tied if _near_all(words, normalize(m.form.text).split())]
    if not full or len(full) == len(tied):
        return matches
    return _ahead(full, matches, match_type, margin)


PRINTED_MARGIN = 6.0
"""How far below the best fuzzy match a card may score and still come first as the much more printed one (``printed``)."""
PRINTED_LEAD = 4.0
"""… when it has this many times the best match's printings."""


def skeleton_keys(index, content: list, options: list | None = None) -> list:
    """(key, part, key index) of every name whose content words (no language's function word,
    ``mentions.ALL_FUNCTION``) are the folded ``content`` words in their order, whatever its linking words and
    articles; ``options``: for each content word, the words that may stand in its place (the word and its singulars),
    the word alone by default. ``skeleton`` (lookup) and ``Translator._skeleton`` (a run of a text) read names so."""
    from .mentions import ALL_FUNCTION
    options = options or [[w] for w in content]
    extra = [x for o in options for x in o[1:]]
    out = []
    for k, p, ki in index.sharing(content + extra, miss=len(extra)):
        kc = [x for x in k.split() if x not in ALL_FUNCTION]
        if len(kc) == len(content) and all(x in o for x, o in zip(kc, options)):
            out.append((k, p, ki))
    return out


def skeleton(index, key: str, lang: str | None, matches: list, match_type, margin: float) -> list:
    """The one card whose official or English name (in ``lang`` when given) has the content words of the folded query
    in their order, and no other, where the query's linking words or articles are written otherwise ("Dragão da Água"
    for Dragão de Água, Water Dragon), first at ``SKELETON_SCORE``; two or more cards so: the matches as they are (as
    ``translate``'s reading of such a run, ``Translator._skeleton``). Content words are no language's function words
    (``mentions.ALL_FUNCTION``); two or more of them, the first and last words among them."""
    from .mentions import ALL_FUNCTION
    words = key.split()
    content = [w for w in words if w not in ALL_FUNCTION]
    if not 2 <= len(content) <= 6 or len(content) == len(words) or words[0] not in content or words[-1] not in content:
        return matches
    cards = []
    for k, p, ki in skeleton_keys(index, content):
        if k == key:
            continue
        for f in index.key_forms_of(p, ki):
            if f.entry.kind == "card" and f.variant in ("official", "english") and (lang is None or f.lang == lang):
                cards.append((f.entry, f))
    if len({id(e) for e, _ in cards}) != 1:
        return matches
    return _first(cards, SKELETON_SCORE, matches, match_type, margin)


def printed(key: str, matches: list, match_type, margin: float) -> list:
    """``matches`` (fuzzy, best first) with the card printed ``PRINTED_LEAD`` times as often as the best match first,
    where both their forms hold every content word of the folded query as it is and it scores within
    ``PRINTED_MARGIN`` of it: the words are part of both names, and the fuzzy score only says in which one they stand
    together ("Dragón Definitivo" is in Dragón Definitivo Alternativo de Ojos Azules, printed once, and in Dragón de
    Ojos Azules Definitivo, printed 17 times: that one). As they are for a query of one content word."""
    from .fanmatch import STOP
    words = {w for w in key.split() if w not in STOP}
    if len(words) < 2 or not matches or matches[0].entry.kind != "card":
        return matches
    best = matches[0]
    if not words.issubset(normalize(best.form.text).split()):
        return matches
    lead = None
    for m in matches[1:]:
        if best.score - m.score > PRINTED_MARGIN:
            break
        if m.entry.kind == "card" and m.entry is not best.entry and m.entry.prominence >= PRINTED_LEAD * max(
                1, best.entry.prominence) and (lead is None or m.entry.prominence > lead.entry.prominence) \
                and words.issubset(normalize(m.form.text).split()):
            lead = m
    if lead is None:
        return matches
    return _ahead([match_type(lead.entry, best.score, lead.form, lead.exact)], [m for m in matches if m is not lead],
                  match_type, margin)


BASE_MARGIN = 10.0
"""How far below the best fuzzy match the card its name is made on may score and still come first (``base``)."""


def base(key: str, matches: list, match_type, margin: float) -> list:
    """``matches`` (fuzzy, best first) with the card first whose name the best match's is made on, where the query is
    that name's own part of it: the best match is a card whose form begins or ends with the query's words, its English
    name is another card's with words added before or after, and that card scores within ``BASE_MARGIN`` with a form
    that shares a word of the query and none of the words the query leaves out. "Giovane Maga Nera" is Dark Magician
    Girl (Ragazza Maga Nera), not Giovane Maga Nera, il Cavaliere del Drago cut short; "Cráneo Invocado" is Summoned
    Skull (Cráneo Convocado), not Cráneo Invocado Toon. As they are otherwise ("Dragon Nova" leaves out Cyber, a word
    of Cyber Dragon's: Cyber Dragon Nova stays first)."""
    from .fanmatch import STOP
    if not matches or matches[0].exact or matches[0].entry.kind != "card":
        return matches
    best = matches[0]
    words = key.split()
    form = normalize(best.form.text).split()
    n = len(words)
    if not words or n >= len(form) or (form[:n] != words and form[-n:] != words):
        return matches
    left = set(form[n:] if form[:n] == words else form[:-n]) - set(STOP)
    content = set(words) - set(STOP)
    made_on = normalize(best.entry.names.get("en") or "").split()
    for m in matches[1:]:
        if best.score - m.score > BASE_MARGIN:
            break
        if m.entry.kind != "card" or m.entry is best.entry:
            continue
        en = normalize(m.entry.names.get("en") or "").split()
        k = len(en)
        if not en or k >= len(made_on) or (made_on[:k] != en and made_on[-k:] != en):
            continue
        own = set(normalize(m.form.text).split())
        if own & content and not own & left:
            return _ahead([match_type(m.entry, best.score, m.form, m.exact)], [x for x in matches if x is not m],
                          match_type, margin)
    return matches


SERIES_WORD_MIN = 75.0
"""The least score of a card that covers more of a query's words than a one-word series name fitting it better (a
query of three words or more, ``over_series_word``)."""
WORD_FIT = 80.0
"""How close (rapidfuzz ratio) a query's word must be to a word of a name to count as that word, a typo allowed."""


def over_series_word(key: str, matches: list, match_type, margin: float) -> list:
    """``matches`` (fuzzy, best first) with the card first whose name holds more of the query's words, a typo each
    allowed, than the one-word series name that fits best: a query of three content words or more names a card, and one
    of its words alone only a series ("Ultimate Greath Moth" is Perfectly Ultimate Great Moth, not the Moth series;
    "Pitch-Black Dragon" Pitch-Dark Dragon, not Black). The card scores ``SERIES_WORD_MIN`` or more and holds two of the
    words at least."""
    from rapidfuzz import fuzz

    from .fanmatch import STOP
    words = [w for w in key.split() if w not in STOP]
    if len(words) < 3 or not matches or matches[0].entry.kind != "series" or " " in normalize(matches[0].form.text):
        return matches

    def held(m) -> int:
        mine = normalize(m.form.text).split()
        return sum(1 for w in words if any(fuzz.ratio(w, x) >= WORD_FIT for x in mine))

    top = held(matches[0])
    for m in matches[1:]:
        if m.score < SERIES_WORD_MIN:
            break
        if m.entry.kind == "card" and held(m) >= max(2, top + 1):
            return _ahead([match_type(m.entry, matches[0].score, m.form, m.exact)], [x for x in matches if x is not m],
                          match_type, margin)
    return matches


def _ahead(front: list, matches: list, match_type, margin: float) -> list:
    """``front`` (some of ``matches``, in order) first, and the other matches more than ``margin`` below its best."""
    keep = {id(m) for m in front}
    return front + capped([m for m in matches if id(m) not in keep], front[0].score - margin - 0.01, match_type)


FAMOUS_LEAD = 8.0
"""An obscure card's one-word name stands for a card whose name begins with that word when that card was printed this
many times as often, and ``FAMOUS_OVER`` times as often as any other card whose name begins so (``famous_head``)."""
FAMOUS_OVER = 2.0
"""… and this many times as often as any other card whose name begins with the word (``famous_head``)."""
FAMOUS_SCAN = 24
"""How many names beginning with the word ``famous_head`` reads at most: more, and the word begins many names (a
series' or a Type's word), no one card's head."""


def famous_head(index, key: str, lang: str | None, entry):
    """The form of the card whose name (in ``lang`` when given) begins with the one-word name ``key`` of ``entry``, a
    card printed ``FAMOUS_LEAD`` times as often (and ``FAMOUS_OVER`` times as often as any other card whose name begins
    so), or None. Players shortened the famous card's name to its first word long before a card was printed under that
    word alone: "Tifone" is Mystical Space Typhoon (Tifone Spaziale Mistico, 63 printings), not Typhoon (Tifone, 4); "a
    Tempestade" Heavy Storm (Tempestade Pesada), not Storm."""
    if " " in key or entry.kind != "card":
        return None
    return _most_printed(entry, _beginning(index, key + " "), lang)


def famous_tail(index, key: str, lang: str, entry):
    """The form of the card whose name in ``lang`` ends with the name ``key`` (one or two words) of ``entry``, printed
    ``FAMOUS_LEAD`` times as often (and ``FAMOUS_OVER`` times as often as any other card whose name ends so), or None.
    Players shortened a famous English name to its last words as they did to its first: "el Typhoon" of a text on Heavy
    Storm is Mystical Space Typhoon (63 printings), not Typhoon (4); "Sky Dragon" beside Obelisk is Slifer the Sky
    Dragon, not the Sky Dragon printed once."""
    words = key.split()
    if not 1 <= len(words) <= 2 or entry.kind != "card":
        return None
    return _most_printed(entry, _ending(index, words, " " + key), lang)


def _most_printed(entry, forms, lang: str | None):
    """Of ``forms`` (a None among them: too many names to be one card's), the official form in ``lang`` (any, when None)
    of the card far more printed than ``entry`` and than any other (``FAMOUS_LEAD``, ``FAMOUS_OVER``), or None."""
    best, lead, second, seen = None, 0, 0, {id(entry)}
    for f in forms:
        if f is None:
            return None
        e = f.entry
        if e.kind != "card" or f.variant != "official" or (lang is not None and f.lang != lang) or id(e) in seen:
            continue
        seen.add(id(e))
        if e.prominence > lead:
            best, lead, second = f, e.prominence, lead
        else:
            second = max(second, e.prominence)
    if best is None or lead < FAMOUS_LEAD * max(1, entry.prominence) or lead < FAMOUS_OVER * max(1, second):
        return None
    return best


def _beginning(index, prefix: str):
    """The forms of the keys that begin with ``prefix`` (sorted keys: a bisect, then a run), part by part; None, and no
    more, past ``FAMOUS_SCAN`` keys of a part (the word begins many names: a series' or a Type's word)."""
    for p in index.parts:
        keys = p.col("k_keys")
        j = bisect_left(keys, prefix)
        for k in range(j, len(keys)):
            if not keys[k].startswith(prefix):
                break
            if k - j >= FAMOUS_SCAN:
                yield None
                return
            yield from index.key_forms_of(p, k)  # (this part's forms of the key: each part is read once)


def _ending(index, words: list, suffix: str):
    """The forms of the keys that end with ``suffix``, found through the posting list of the rarest of ``words`` (the
    key's), part by part; None, and no more, where that list is longer than ``FAMOUS_SCAN`` times four (a word in
    that many names is no one card's)."""
    for p in index.parts:
        wkeys, woff, wvals = p.strings("w_keys"), p.ints("w_off"), p.ints("w_vals")
        posting = None
        for w in words:
            i = bisect_left(wkeys, w)
            if i < len(wkeys) and wkeys[i] == w and (posting is None or woff[i + 1] - woff[i] < len(posting)):
                posting = wvals[woff[i]:woff[i + 1]]
        if posting is None:
            continue
        if len(posting) > FAMOUS_SCAN * 4:
            yield None
            return
        kk = p.col("k_keys")
        for ki in posting:
            if kk[ki].endswith(suffix):
                yield from index.key_forms_of(p, ki)


FAMOUS_SCORE = 99.5
"""The score of the famous card a one-word exact name stands for (``famous``): above every fuzzy match and below the
exact name it is put before (ranked after it, so no tie)."""


def famous(index, key: str, lang: str | None, matches: list, match_type) -> list:
    """``matches`` (the exact ones first) with the famous card first whose name the first match's one-word name begins
    (``famous_head``), the obscure card right after it."""
    top = matches[0]
    got = famous_head(index, key, lang or top.form.lang, top.entry)
    if got is None:
        return matches
    return [match_type(got.entry, FAMOUS_SCORE, got, False)] + [m for m in matches if m.entry is not got.entry]
