"""A card named in full once, then by one of its words (issue 24): "Qliphort Helix … o Helix", "Lonefire Blossom …
Lonefire serve para…", "Blaster, Dragon Ruler of Infernos … renascer o Blaster".

Writers name a card in full the first time (or in a deck list, a heading) and afterwards by its most distinctive
word. ``find`` reads the card names found in a text, and makes each distinctive word of them a name of its card for
the whole text: a capitalised word that no name found covers, equal to a word of exactly one card named in full in
the text (or of several, of the one of them the text has named in full before it: "Espadachín de la Llama Azul … mi
Espadachín …", then "Espadachín de la Llama"). A word is distinctive when it is not ordinary (Zipf below ``ORDINARY`` in the text's language and in
English: not "Dragon", "Ruler", "Master"), not a function word, not a one-word series name nor a word that begins with
one ("qualquer outro Qliphort" is the Qli series), and not a card's own one-word name (but a little-printed card's
one-word name near the card named in full is that card's word: "Fire King Avatar Yaksha … Yaksha", ``_obscure_own``;
and a little-printed card's name of two words is a run of it: "Mythic Water Dragon … o Water Dragon"). The word
stands alone: no capitalised word is joined to it by a space or a hyphen, perhaps with "de"/"of" between (then it is
part of a longer name), but an everyday word that opens a sentence going on in lower case is no such word ("Evoca Bora e termina il turno": ``_opening_word``); a name written loosely
or misspelt lends only its words that the card's names in the text's language or English have ("Slifer o Dragão dos
Céus … do slifer"; not "Slyfer"), and a plural
lends its singular too where that is a word of the names read (so that "Fuerzas de Espejo" and "Fuerza de Espejo
Oscura" share "Fuerza"). A word whose name was held back (evidence: "Yata-Lock") stays so. A card's given name before
an epithet ("Alfa el Guerrero Magnético") is distinctive though an everyday word, and another card's nickname that is
that word is this card ("Alfa, Beta y Gamma": not Psy-Framegear Gamma; ``_given_names``, ``_given_nicknames``).

A very rare word of the name (``LOWER_RARE``) is such a word in lower case too, right after an article or a word that
counts it (``LOWER_BEFORE``: "Reborn Tengu … el tengu sale … otro tengu"), and a rare one (``LOWER_THE``) right after
a singular definite article or possessive once the card is named ("la giara dell'avarizia … la giara non sarà
attivabile"); any such word after a count of copies, once
the card is named ("-2 Red-Eyes Wyvern" … "-2 wyvern", a deck list's changes). A card's one-word name found
capitalised, written again in lower case after a count, is that card too ("+1 Lyla" … "+1 lyla": ``_counted_again``).

An ordinary word of the name (not distinctive) stands for the card only where it is written as a name: capitalised in
the middle of a sentence, right after a singular definite article, contraction or possessive ("asseriva che il Drago
fosse immune", "o efeito do Jardim"; ``_determined``) or as an item of a list of names, after a name found and its
comma ("Kizanes, Portal, Magatama o …"; ``_listed``), and only after the card's full name: it refers back ("la misión
del Dragón" before the text names Dragón Blanco de Ojos Azules is a dragon of the story).

A series' whole name ("Goblin", "Archidemonio") is such a word only after a singular article or possessive ("o Goblin",
"a mi Archidemonio"; ``_one_of_series``). Two or more words of the name in its order, written together, stand for the
card too, in lower case as well ("Agente Júpiter", "o dragão negro", "that grass"; ``_runs``). A name held back only
for want of evidence is the card where the text reads the same words elsewhere as that card (``_released``). The
initials of a card named in full, in capitals after it, are the card too ("That Grass Looks Greener … TGLG";
``_initials``).
"""
from __future__ import annotations

import re
from bisect import bisect_left, bisect_right, insort
from itertools import compress, takewhile
from operator import attrgetter

from . import mentions
from .mentions import SCAN_WORDS, positions_of, words_of  # noqa: F401 (read as discourse's by the passes)
from .evidence import CONTEXT_STEMS, CONTEXT_WORDS, COPIES, DETERMINERS, INDEFINITE, _game_word, name_word
from ..core.fold import TOKEN, fold, initials, normalize, tkey

ORDINARY = 3.5
"""A word this common (Zipf, in the text's language or in English) is no card's distinctive word."""
FULL_VARIANTS = ("official", "english", "no-article", "approximate", "misspelling", "fan-translation", "old-name",
                 "anime-name")
"""How a card must have been found to lend its words: by its whole name (not by a nickname or short form)."""
OTHER_NAMES = ("fan-translation", "old-name", "anime-name")
"""… and of those, the whole names that are not the card's printed ones (a fan's translation, a name changed since):
they lend only the words the card's printed names have, as a name written loosely does (not "Osiride" of "Drago del
Cielo di Osiride", which is the god); a card printed in Japan only, which has no such name, lends every word of the one
the text uses ("Funny Dark Rabbit … no Rabbit")."""
ACRONYM_LETTERS = (3, 7)
"""How many capitals the initials of a card named in full have to be read as it (``_initials``)."""
MIN_LETTERS = 3
"""A distinctive word has at least this many letters: "Tyr" of Tyr of the Nordic Champions is one (3, from 4: spent
set 11 +3 mentions, no set lost one); "Ra" of The Winged Dragon of Ra is not."""
OBSCURE = 6
"""A card whose one-word name is a word of another card named in full in the text yields that word to it where it was
printed at most this many times (``_obscure_own``: Yaksha 2, Agido 4, Kelbek 6; Raigeki 22, Kuriboh 28, Jinzo 24 keep
theirs)."""
OBSCURE_WORDS = 2
"""… and so does a little-printed card's name of two words, a run of the other's name (``_runs``: "Mythic Water Dragon
… o Water Dragon", Water Dragon printed 5 times)."""
OBSCURE_BEFORE = 2
"""… unless the text names the little card by its word this many times before it first names the other in full."""
OBSCURE_NEAR = 2000
"""… where the card named in full is this close (characters, before or after: a writer may quote the card's text after
naming it by its word)."""
JOINS = (" ", "-", "\u2011")
PLAY_SHORT = frozenset({"ns", "ss", "ts"})
"""The initials players write for a Normal, Special or Tribute Summon ("NS Rabbit"): in capitals before a word, they
are what is done to a card, no word of a longer name."""
LINKS = {"de", "del", "do", "da", "di", "della", "of", "the"}
"""Separators that join a word to the capitalised word next to it into one longer name."""
SINGULAR_DETERMINERS = DETERMINERS - {"los", "las", "unos", "unas", "os", "as", "uns", "umas", "i", "gli", "le", "mis",
                                      "tus", "sus", "dos", "das", "dei", "degli", "delle"}
"""The articles, contractions and possessives of one thing ("el", "do", "mi", "il", "the"): before a series' whole name
they make it one card."""
DEFINITE = (SINGULAR_DETERMINERS - INDEFINITE) | {"ao", "dal", "dall", "nell", "sull", "all"}
"""The singular definite articles, contractions and possessives: before an ordinary word written as a name they make it
the one card the text names in full ("il Drago"); "un drago" is any dragon."""
_AFTER_ARTICLE = (" ", "'", "\u2019")
LOWER_RARE = 2.5
"""A distinctive word written in lower case stands for its card only when it is this rare (Zipf, in the text's
language and in English: "tengu", "fulhelmknight"; not "helix", "blossom") …"""
LOWER_THE = 3.0
"""… or this rare ("la giara", "il tifone") right after a singular definite article or a possessive, once the card is
named in full before it: the thing the text just named ("un obelisco", any obelisk, is not the god) …"""
LOWER_BEFORE = DETERMINERS | {"otro", "otra", "outro", "outra", "altro", "altra", "segundo", "segunda", "secondo",
                              "seconda", "primer", "primero", "primera", "primeiro", "primeira", "primo", "prima",
                              "cada", "ogni", "cualquier", "qualquer", "qualsiasi", "another", "every"}
"""… and right after an article, a possessive or a word that counts it ("el tengu", "otro tengu", "del segundo
tengu"): a noun, the card."""
WANT_OF_EVIDENCE = ("an everyday word", "no card context")
"""How ``evidence.review``'s reasons begin when a name was held back only because nothing near it said it is a card."""
_AFTER_ALL = float("inf")
_start_of, _end_of = attrgetter("start"), attrgetter("end")


def find(tr, text: str, spans: list, span_type) -> list:
    """``spans`` with the words that stand for a card named in full in the text added (the module doc), in order."""
    several = tr.__dict__.setdefault("_several_words", {})  # a name as written → whether it has two words or more
    if len(several) > 100_000:
        several.clear()
    if tr.held:
        spans = _released(tr, spans)
    spans = _counted_again(tr, text, spans, span_type)
    spans = _opening_again(tr, text, spans, span_type)
    full, loose = [], []
    for s in spans:
        if s.kind == "card" and s.variant in FULL_VARIANTS:
            two = several.get(s.text)
            if two is None:
                two = several[s.text] = len(TOKEN.findall(s.text)) >= 2
            if two:
                (full if s.similarity >= 100 and (s.variant not in OTHER_NAMES or not _card_words(
                    tr, (s.text, s.replacement), s.id)) else loose).append(s)  # (a name written loosely or misspelt lends only
                # the words its card's names have: ``_single``)
    if not full and not loose:
        return spans
    one = _one_word_series(tr, spans)  # a series' one word after a singular article: the one card named, if any
    obscure = _obscure_own(tr, spans, full)  # a little-printed card's one-word name, a word of a card named in full
    if obscure:
        one = one | set(obscure)
        full = [s for s in full if (s.start, s.end) not in obscure]  # (a name that yields lends no words)
    given = _given_names(tr, full)  # the given names before an epithet of the cards named in full
    nicks = _given_nicknames(spans, full, given)  # another card's nickname that is the given name of a card named in full
    if nicks:
        one = one | nicks
    others = [s for s in spans if (s.start, s.end) not in one] if one else spans
    taken = taken_of(tr, others)  # (a name held back stays so)
    add = _single(tr, text, others, span_type, full, taken, set(obscure.values()), loose, given)
    if one:
        mine = one.intersection((s.start, s.end) for s in add)
        if mine:  # "el Vrask", read as the series, is the one Vrask card named in full; "Yaksha", Fire King Avatar Yaksha
            spans = [s for s in spans if (s.start, s.end) not in mine]
        taken = taken_of(tr, spans)
    for s in add:  # (a few words: put in place, not sorted again)
        insort(taken, (s.start, s.end))
    runs, mine = _runs(tr, text, spans, span_type, full, taken, obscure)
    if mine:  # (a run takes in the short forms of its own card inside it: "Agente Júpiter" over "Júpiter")
        spans = [s for s in spans if (s.start, s.end) not in mine or s.kind != "card"]
    add += runs
    for s in runs:  # (the words of _single are in place already)
        insort(taken, (s.start, s.end))
    initials_of, yielded = _initials(tr, text, full, taken, span_type, spans)
    add += initials_of
    if yielded:  # ("TTT" after Triple Tactics Thrust: not the players' TTT, Triple Tactics Talent)
        spans = [s for s in spans if (s.start, s.end) not in yielded or s.kind != "card"]
    if not add:
        return spans
    return sorted(spans + add, key=_start_of)


def _initials(tr, text: str, full: list, taken: list, span_type, spans: list) -> tuple:
    """The spans of the initials of a card named in full in the text, written in capitals ("That Grass Looks Greener,
    que chamarei de TGLG"): ``ACRONYM_LETTERS`` capitals (or digits) that are the first letters of its name's words as
    the text writes them or as the replacement does, no name found covers, and no two such cards share. Alone,
    capitals are too often something else (TCG, ATK) for the scan to read them (``acronyms``); after the name, they
    are its short form. That holds over another card's nickname or abbreviation in those capitals: "Triple Tactics
    Thrust … a TTT" is Thrust, not the Triple Tactics Talent players call TTT. Returns the spans and the (start, end)
    of the ``spans`` they take the place of."""
    lo, hi = ACRONYM_LETTERS
    written = {w.upper() for w in tr._distinct if lo <= len(w) <= hi and _capitals(w)}  # (the text's words in
    if not written:  # capitals, or mostly: most texts have few, many none)
        return [], set()
    memo = tr.__dict__.setdefault("_initials", {})  # a name → its initials
    if len(memo) > 100_000:
        memo.clear()
    owner: dict = {}
    for s in full:
        for name in (s.text, s.replacement):
            got = memo.get(name)
            if got is None:
                got = memo[name] = initials(name)
            if got in written and got.isalnum():
                prev = owner.get(got, s)
                owner[got] = prev if prev is not None and prev.id == s.id else None  # (two cards' initials: neither's;
                # one card's: its first place in the text)
    owner = {k: s for k, s in owner.items() if s is not None and not _game_word(k.lower())}
    if not owner:
        return [], set()
    raw, starts, ends = tr._raw, tr._starts, tr._ends
    add, yielded = [], set()
    nicknamed = None  # (start, end) → the nickname or abbreviation span there: made at the first covered initials
    for k in positions_of(tr, {k.lower() for k in owner}):
        s = owner.get(raw[k].upper()) if _capitals(raw[k]) else None
        if s is None or tr._blocked[k]:
            continue  # (written otherwise than in capitals: "tglg")
        a, b = starts[k], ends[k]
        if b <= s.start:
            continue  # (written before the name: the initials follow it)
        if _covered(taken, a, b):
            if nicknamed is None:
                nicknamed = {(n.start, n.end): n for n in spans
                             if n.kind == "card" and n.variant in mentions.NICKNAME_KINDS}
            other = nicknamed.get((a, b))
            if other is None or other.id == s.id:
                continue  # (covered by a longer name, or read as this card already)
            yielded.add((a, b))
        add.append(span_type(a, b, raw[k], s.id, "card", s.replacement, s.lang, "abbreviation", s.origin, [],
                             s.score, 100.0, s.passcodes))  # (written as the card's name: a translation has no initials)
    return add, yielded


def _capitals(w: str) -> bool:
    """Whether a word is written as initials are: in capitals ("TGLG"), or a capital first and ``MIXED_CAPITALS``
    capitals or more, the small words' letters in lower case ("CotLB" for Charge of the Light Brigade)."""
    return w.isupper() or (w[:1].isupper() and sum(map(str.isupper, w)) >= MIXED_CAPITALS)


MIXED_CAPITALS = 3
"""The least capitals of a word with lower-case letters written as initials (``_capitals``)."""


def _one_word_series(tr, spans: list) -> set:
    """(start, end) of the series spans of one word right after a singular article or possessive ("el Vrask", "il
    Lightsworn"): the series, or its deck, unless the text names one card of it in full (``_single`` then reads the
    word as that card: ``_one_of_series``)."""
    starts, seps, words = tr._starts, tr._seps, tr._words
    out = set()
    for s in spans:
        if s.kind == "series":
            i = bisect_left(starts, s.start)
            if 0 < i < len(starts) and starts[i] == s.start and tr._ends[i] == s.end and seps[i] == " " \
                    and words[i - 1] in SINGULAR_DETERMINERS:
                out.add((s.start, s.end))
    return out


def _counted_again(tr, text: str, spans: list, span_type) -> list:
    """``spans`` with the one-word names of cards found written again in lower case right after a count of copies, as
    a deck list's changes write them ("+1 Lyla/Ehren" … "+1 lyla": Lyla, Lightsworn Sorceress), each the card found (a
    word that names two cards: neither). In lower case alone, a short form or a series member is no name (``translate``);
    the count and the card named before make it one."""
    words, raw, seps, starts = tr._words, tr._raw, tr._seps, tr._starts

    def key(s):
        w = fold(s.text)
        return w if " " not in w and w.isalpha() and len(w) >= MIN_LETTERS else None

    present = words_of(tr)
    owner = {w: s for w, s in _sole_cards(spans, key).items() if w in present}
    if not owner:
        return spans
    places = []
    for k in positions_of(tr, owner):
        s = owner[words[k]]
        if k and seps[k] == " " and words[k - 1] in COPIES and raw[k].islower() and starts[k] > s.start \
                and not tr._blocked[k]:
            places.append((k, s))
    return _placed(tr, spans, places, lambda k, s: span_type(
        starts[k], tr._ends[k], raw[k], s.id, "card", _case(s.replacement, raw[k]), s.lang, "short-form", s.origin, [],
        s.score, 100.0, s.passcodes))


def _opening_again(tr, text: str, spans: list, span_type) -> list:
    """``spans`` with the one-word names of cards found that the text writes again, as written, at the start of a
    sentence, each the card found ("Slyfer attaccherà … \nSlyfer non mi farà nulla"): the scan reads no misspelt word
    or short form where a capital may only open a sentence; the text has read it as a name already. Only a word that
    is no word of the languages (``mentions.Frequencies.is_word``: "Recarga la página" opens with a verb, whatever
    "usa Recarga" said before) and one card's everywhere, no word of a longer capitalised name."""
    owner = {w: s for w, s in _sole_cards(spans, lambda s: s.text if s.text.isalpha() else None).items()
             if not tr.freq.is_word(fold(w))}
    if not owner:
        return spans
    raw, seps = tr._raw, tr._seps
    places = []
    for k in positions_of(tr, {fold(w) for w in owner}):
        s = owner.get(raw[k])
        if s is not None and not tr._blocked[k] and tr._sentence_start(k) \
                and not (k + 1 < len(raw) and seps[k + 1] in JOINS and raw[k + 1][:1].isupper()):
            places.append((k, s))
    return _placed(tr, spans, places, lambda k, s: span_type(
        tr._starts[k], tr._ends[k], raw[k], s.id, "card", s.replacement, s.lang, s.variant, s.origin, [], s.score,
        s.similarity, s.passcodes))


def _sole_cards(spans: list, key) -> dict:
    """``key``(span) → the first span of a card found capitalised, for the keys (not None) that name one card only in
    the text (a word two cards are found by is neither's)."""
    owner: dict = {}
    for s in spans:
        if s.kind == "card" and s.text[:1].isupper():
            w = key(s)
            if w is not None:
                prev = owner.get(w, s)
                owner[w] = prev if prev is not None and prev.id == s.id else None  # (its first place in the text)
    return {w: s for w, s in owner.items() if s is not None}


def _placed(tr, spans: list, places: list, make) -> list:
    """``spans`` with ``make(k, s)`` for each (word ``k``, span ``s``) of ``places`` that no name found or held back
    covers, in order."""
    if not places:
        return spans
    taken = taken_of(tr, spans)
    add = [make(k, s) for k, s in places if not _covered(taken, tr._starts[k], tr._ends[k])]
    return sorted(spans + add, key=_start_of) if add else spans


def _covered(taken: list, a: int, b: int) -> bool:
    """Whether ``text[a:b]`` overlaps a name of ``taken`` (sorted (start, end) pairs that do not overlap)."""
    p = bisect_left(taken, (a, a))
    return any(x < b and a < y for x, y in taken[max(0, p - 1):p + 1])


def _released(tr, spans: list) -> list:
    """``spans`` with the names held back only for want of evidence (an everyday word, no card context: ``evidence``)
    that the text reads elsewhere, in the same words, as the same card: "gaia" held in one sentence is Gaia The Fierce
    Knight where another "gaia" of the text was taken as it. Held back for what the words around them say (a product,
    a deck, an epithet, a modifier), they stay so."""
    weak = {h[0].id for h in tr.held if h[1].startswith(WANT_OF_EVIDENCE)}
    if not weak:
        return spans
    found = {(fold(s.text), s.id) for s in spans if s.id in weak and s.kind == "card"}
    back = [h for h in tr.held if h[1].startswith(WANT_OF_EVIDENCE) and (fold(h[0].text), h[0].id) in found]
    if not back:
        return spans
    tr.held = [h for h in tr.held if h not in back]
    return sorted(spans + [h[0] for h in back], key=_start_of)


def _single(tr, text: str, spans: list, span_type, full: list, taken: list, yielding=frozenset(), loose=(),
            given=frozenset()) -> list:
    """The spans of single distinctive words of the cards named in full (the module doc); a word of ``yielding``
    (``_obscure_own``) is one though it is a card's own one-word name, and so is one of ``given`` (``_given_names``)
    though an everyday word. The cards named in full loosely (``loose``: a
    fan translation, "Slifer o Dragão dos Céus"; a misspelt name) lend only the words of their names as the card's names
    write them ("slifer", not "slyfer")."""
    series_words = {w for s in spans if s.kind == "series" for w in TOKEN.findall(fold(s.text))}
    function = mentions.FUNCTION_WORDS.get(tr.src, set()) | mentions.FUNCTION_WORDS["en"]
    owner: dict = {}
    lent = tr.__dict__.setdefault("_lent_words", {})  # a name as written → its words and their singulars
    if len(lent) > 100_000:
        lent.clear()
    rendered = {s.id: s.replacement for s in loose}
    for name, cid, exact in dict.fromkeys([(s.text, s.id, True) for s in full] + [(s.text, s.id, False) for s in loose]):
        # (each name as written and its card once: a word's owner depends only on which cards lend it)
        ws = lent.get(name)
        if ws is None:
            own = TOKEN.findall(fold(name))
            ws = lent[name] = set(own).union(x for w in own for x in tr._singulars(w) if name_word(tr, x))
            # (a singular made from a name's word is lent only where it is a word of the names: "fuerza" of "Fuerzas de
            # Espejo"; not "distrugge" of "Distruggi carte", a verb the frequencies do not know)
        if not exact:
            ws = ws & _card_words(tr, (name, rendered[cid]), cid)
        for w in ws:
            if len(w) < MIN_LETTERS or w in function or w in series_words or w.isdigit():
                continue
            got = owner.get(w, cid)
            if got != cid:  # a word of two cards named in full: the one of them the text has named before it (below)
                got = got if isinstance(got, tuple) else (got,)
                owner[w] = got if cid in got else got + (cid,)
            else:
                owner[w] = cid
    present = words_of(tr)
    heads = _english_heads(tr, full) if tr.src != "en" else ()
    owner = {w: i for w, i in owner.items() if w in present}
    determined = set()  # ordinary words, a card's only where a definite article makes them one thing ("il Drago")
    kinds = tr.__dict__.setdefault("_lent_kinds", {})  # (a word, whether an English head, whether yielding) → its kind
    if len(kinds) > 100_000:
        kinds.clear()
    for w in list(owner):
        key = (w, w in heads, w in yielding, w in given)
        kind = kinds.get(key)
        if kind is None:
            kind = kinds[key] = _lent_kind(tr, w, *key[1:])
        if kind == _LENT_DETERMINED:
            determined.add(w)
        elif kind != _LENT_RARE:
            del owner[w]
    if not owner:
        return []
    by_id = {s.id: s for s in (*loose, *full)}  # (a card named in full exactly lends as named so)
    first = {}  # a card → where the text first names it in full
    for s in sorted((*full, *loose), key=_start_of):
        first.setdefault(s.id, s.start)
    words, raw, seps, starts, ends = tr._words, tr._raw, tr._seps, tr._starts, tr._ends
    add = []
    n_taken = len(taken)
    for k in positions_of(tr, owner):  # (the few words of the text that may be one)
        cid = owner[words[k]]
        if isinstance(cid, tuple):  # a word of two cards or more named in full stands for the one of them named before
            before = [c for c in cid if first[c] < starts[k]]  # it ("Espadachín de la Llama Azul … mi Espadachín",
            if len(before) != 1:  # then "Espadachín de la Llama" later), else for none
                continue
            cid = before[0]
        a, b = starts[k], ends[k]
        p = bisect_left(taken, (a, a))
        if (p and taken[p - 1][1] > a) or (p < n_taken and taken[p][0] < b):
            continue  # inside a name found (most of the words asked: the names that lend them), asked first
        if tr._blocked[k] or not (raw[k][:1].isupper() or (
                k and seps[k] == " " and words[k - 1] in LOWER_BEFORE and _rare_enough(tr, words, k, a > first[cid])) or (
                k and seps[k] == " " and words[k - 1] in COPIES and a > first[cid])):
            continue  # (in lower case after a count of copies too, once the card is named: "-2 Red-Eyes Wyvern" … "-2
            # wyvern", a deck list's changes)
        if words[k] in yielding and a < first[cid]:
            continue  # (a card's own name yields to a card named in full before it, not after: "el caso de Gagagigo …
            # Gogiga Gagagigo" is the old card, then its later form)
        if words[k] in determined and (a < first[cid] or _after_a_name(words, seps, ends, k, taken) or not (
                _determined(tr, raw, words, seps, k) or _listed(text, a, b, taken))):
            continue  # (an ordinary word refers back: "la misión del Dragón" before any Dragón Blanco is a dragon; right
            # after another name, its article and word are that name's epithet: "Slyfer el Dragón del cielo")
        if _in_longer(raw, words, seps, k, tr) or mentions.LONGER_NAME.match(text, b):
            continue  # a word of a longer capitalised name ("os Seis Samurai Lendários", "Fuerza de Espejo")
        if _TYPE_AFTER.match(text, b):
            continue  # a monster's Type, so called: "a Dragon-Type monster" after Dragon's Gunfire is no card
        if tr._series_word(words[k]) and (a < first[cid] or not _one_of_series(tr, words, k, cid)):
            continue  # (a series' name stands for its card named in full before it: "contra o Infernoid" before any
            # Infernoid Devyaty is the deck)
        s = by_id[cid]
        add.append(span_type(a, b, text[a:b], s.id, "card", _case(s.replacement, raw[k]), s.lang, "short-form", s.origin, [],
                             s.score, 100.0, s.passcodes))
    return add


_TYPE_AFTER = re.compile(r"[- ][Tt]ype\b")
"""What says the word before it is a monster's Type ("Dragon-Type", "Warrior type")."""
_LENT_RARE, _LENT_DETERMINED, _LENT_NONE = 1, 2, 0
"""(``_lent_kind``: a rare word, a card's wherever it stands; an ordinary word, a card's after a definite article; no
card's.)"""


def _lent_kind(tr, w: str, head: bool, yielding: bool, given: bool = False) -> int:
    """What a word lent by a card named in full is (``_single``): ``_LENT_RARE`` (rarer than ORDINARY, or an English
    name's head word that is no everyday word of the text's language nor a word of the game, or a card's given name
    rarer than ``GIVEN_EVERYDAY`` that is no word of the game, ``_given_names``, or a little-printed card's
    own name that yields, ``_obscure_own``, though an everyday word: the scan read it as a card's name already, the card
    named in full says which, "Blackwing – Blizzard the Far North … evoca Blizzard"), ``_LENT_DETERMINED`` (an
    ordinary word that is neither a function word nor a word of the game) or ``_LENT_NONE`` (neither; or a card's own
    one-word name unless it is ``yielding``, ``_obscure_own``; or a rare word that begins with a series' word and goes
    on, ``_series_prefix``: an everyday word of the language begins with no series' coined word, "Jardim")."""
    rare = tr.freq.get_any(w) < ORDINARY or (
        (head and tr.freq.get(w) < ORDINARY or given and tr.freq.get_any(w) < GIVEN_EVERYDAY) and not _game(tr, w))
    if not rare and (w in mentions.ALL_FUNCTION or _game(tr, w)):
        return _LENT_NONE
    if (_own_name(tr, w) and not yielding) or (rare and _series_prefix(tr, w)):
        return _LENT_NONE
    return _LENT_RARE if rare or yielding else _LENT_DETERMINED


_ITEM_BEFORE = re.compile(r"[ \t]*[,;][ \t]*")
_ITEM_AFTER = re.compile(r"[ \t]*(?:[,;]|[ \t](?:y|e|o|ou|ed|and|or)[ \t])[ \t]*")


def _listed(text: str, a: int, b: int, taken: list) -> bool:
    """Whether the word at ``text[a:b]`` is an item of a list of names: a name found ends right before it, then a comma
    or a semicolon, and after it a comma, a semicolon or a conjunction, then the next item, capitalised ("Kizanes,
    Portal, Magatama o Seis Samuráis Unidos"). Written among names, the everyday word is a name too."""
    p = bisect_left(taken, (a, a))
    if not p:
        return False
    before = taken[p - 1][1]
    if before > a or not _ITEM_BEFORE.fullmatch(text, before, a):
        return False
    m = _ITEM_AFTER.match(text, b)
    return m is not None and m.end() > b and text[m.end():m.end() + 1].isupper()


def _card_words(tr, names: tuple, cid: str) -> set:
    """The folded words of the names of card ``cid`` in the text's language and in English (a word of its name in another
    language is an everyday word of the text's, or of no name it writes), its entry found through one of ``names`` (the
    name as written, the name it is rendered as), or an empty set."""
    memo = tr.__dict__.setdefault("_card_words", {})
    got = memo.get((cid, tr.src))
    if got is None:
        e = entry_named(tr.index, names, cid)
        got = memo[(cid, tr.src)] = set() if e is None else {
            w for lang in (tr.src, "en") if e.names.get(lang) for w in TOKEN.findall(fold(e.names[lang]))}
    return got


def entry_named(index, names, cid: str):
    """The entry of card ``cid`` that one of ``names`` finds (a name as written, then the name it is rendered as: a form
    the index does not store, a fan's or a misspelt one, is found through the other), or None."""
    for name in names:
        for f in index.forms_for_key(normalize(name)):
            if f.entry.id == cid:
                return f.entry
    return None


def _after_a_name(words, seps, ends, k, taken: list) -> bool:
    """Whether the definite article before word ``k`` (``_determined``: right before it, or one adjective before) comes
    right after a name found, a space between ("Slyfer el Dragón del cielo"): the article and the word go on that name
    as its epithet, written loosely; they do not name the card named in full ("El Dragón Alado de Ra")."""
    j = k - 1 if words[k - 1] in DEFINITE else k - 2
    if j < 1 or seps[j] != " " or words[j] not in _ANY_EPITHET_ARTICLE:
        return False  # (a contraction begins a phrase of its own: "usou Smashing Ground no Cyber")
    end = ends[j - 1]
    p = bisect_left(taken, (end, end))  # (``taken``: the names' (start, end), sorted; one ends at ``end`` before it)
    return any(y == end for _, y in taken[max(0, p - 3):p])


def _rare_enough(tr, words: list, k: int, named_before: bool) -> bool:
    """Whether word ``k`` of a name, in lower case after a word of ``LOWER_BEFORE``, is rare enough to stand for its card
    there (``LOWER_RARE``; ``LOWER_THE`` after a singular definite article or possessive, the card named before it)."""
    z = tr.freq.get_any(words[k])
    return z < LOWER_RARE or (z < LOWER_THE and named_before and words[k - 1] in SINGULAR_DETERMINERS
                              and words[k - 1] not in INDEFINITE)


def _determined(tr, raw, words, seps, k) -> bool:
    """Whether word ``k``, an ordinary word of the card named in full that it stands for, is that card: capitalised in
    the middle of a sentence right after a singular definite article, contraction or possessive that does not open the
    sentence ("asseriva che il Drago fosse immune", "o efeito do Jardim", "il leggendario Drago"; an adjective may come
    between). Capitalised there, the everyday word ("drago", "jardim") is written as a name; after an indefinite
    article, in the plural or opening a sentence ("La Fuerza bruta", a heading's capitals) it is the word."""
    j = k - 1
    if j < 0 or raw[k].isupper():
        return False
    if words[j] not in DEFINITE:
        if seps[k] != " " or not raw[j].islower() or words[j] in LINKS or tr.freq.get(words[j]) >= ORDINARY + 1:
            return False
        j -= 1  # (one lower-case adjective between: "il leggendario Drago")
        if j < 0 or words[j] not in DEFINITE:
            return False
    return seps[j + 1] in _AFTER_ARTICLE and not tr._sentence_start(k) and not tr._sentence_start(j)


def _english_heads(tr, full: list) -> set:
    """The last words of the English names among the names in full, before a series' word that ends one ("Throne" of
    Throne of the Archfiends, "Miracle" of Miracle Fusion): an English name's head noun ("Magician" of Wind-Up Magician,
    "Blossom" of Lonefire Blossom), which Romance text keeps as the card's short form even where the word is an everyday
    English one; it must be no everyday word of the text's language, nor a word of the game
    (``evidence.CONTEXT_WORDS``, "Spell", "Monster"; a term of the index in any language, "Chain")."""
    last = tr.__dict__.setdefault("_last_words", {})  # an English name as written → its head: its last folded word,
    if len(last) > 100_000:  # or the word before a series' word that ends it ("Throne" of Throne of the Archfiends)
        last.clear()
    for name in {s.text for s in full if s.lang == "en"}.difference(last):
        ws = [w for w in TOKEN.findall(fold(name)) if w not in mentions.ALL_FUNCTION]
        while len(ws) > 1 and tr._series_word(ws[-1]):
            ws.pop()
        last[name] = ws[-1] if ws else ""
    return {last[s.text] for s in full if s.lang == "en"}


GIVEN_EVERYDAY = 4.5
"""A card's given name (``_given_names``) rarer than this (Zipf, in the text's language and in English) is its word
though an everyday one: "Alfa" (3.9 in Spanish) of Alfa el Guerrero Magnético."""
_GIVEN = re.compile(r"([^\W\d_][\w'’-]*)(?:,[ \t]|[ \t]+(?:el|la|lo|il|the|o|a)[ \t]+)", re.I)


def _given_names(tr, full: list) -> set:
    """The folded first words of the names in full that are a given name and an epithet after it, a comma or an article
    between ("Alfa el Guerrero Magnético", "Ryko, Lightsworn Hunter", "Gaia The Fierce Knight"): the card's own name,
    which writers keep as its short form though it is an everyday word; not a series' word ("Vylon el …")."""
    memo = tr.__dict__.setdefault("_given", {})  # a name as written → its given name, folded, or ""
    if len(memo) > 100_000:
        memo.clear()
    out = set()
    for s in full:
        got = memo.get(s.text)
        if got is None:
            m = _GIVEN.match(s.text)
            got = memo[s.text] = fold(m.group(1)) if m and not tr._series_word(fold(m.group(1))) else ""
        if got:
            out.add(got)
    return out


def _given_nicknames(spans: list, full: list, given: set) -> set:
    """(start, end) of the spans of one word found as a card's nickname that is the given name (``_given_names``) of
    another card the text names in full, the nickname's card not named in full: "Alfa, Beta y Gamma … Gamma el Guerrero
    Magnético" is the Magnet Warrior, not Psy-Framegear Gamma, which players call "Gamma". ``_single`` reads them again
    as the card named in full where the word is its alone."""
    nicks = [s for s in spans if s.kind == "card" and s.variant == "nickname" and " " not in s.text.strip()]
    if not nicks or not given:
        return set()
    named = {s.id for s in full}
    return {(s.start, s.end) for s in nicks if s.id not in named and fold(s.text) in given}


def _game(tr, w: str) -> bool:
    """Whether a folded word is a word of the game (``evidence.CONTEXT_WORDS``, its stems) or a term of the index."""
    return w in CONTEXT_WORDS or w.startswith(CONTEXT_STEMS) or _term(tr, w)


def _term(tr, w: str) -> bool:
    """Whether a folded word is a term of the game in the index, in any language (a Type, an Attribute, a mechanic:
    "Warrior", "Chain")."""
    if w not in tr.keys:
        return False
    for p, ki in tr._key_places(w):
        off = p.ints("t_off")
        if any(p.form(fi).entry.kind == "term" for fi in p.ints("t_forms")[off[ki]:off[ki + 1]]):
            return True
    return False


RUN_EVERYDAY = 5.5
"""How common (Zipf, the text's language) every word of a run of a named card's words in lower case may be before the
run is the language's own words, not the card ("può essere", "solo uno"; not "o dragão negro": "dragão" is 4.2)."""


def _runs(tr, text: str, spans: list, span_type, full: list, taken: list, yielding=()) -> tuple:
    """Two or more words of a card named in full, in the name's order and written one after the other, standing alone:
    "Agente Júpiter" for "Agente de los milagros, Júpiter", "o dragão negro" for "dragão negro de olhos vermelhos",
    "that grass" for That Grass Looks Greener. Each pair of the name's content words in order (not a function word of
    any language, not a digit; names of three content words or more) belongs to its card, and to none when two cards
    named in full share it. A run is read where no name found or held back covers it (a short form of its own card
    inside it gives way to it, and so does a form the index made of the name of a card the text does not name in full:
    "Dragão Alado", the head of Winged Dragon, Guardian of the Fortress #1, in a text that names O Dragão Alado de Rá),
    where it names nothing else in the index (another card's or a series' name, "White Dragon", is the scan's to judge;
    but a little-printed card's name found there yields, ``yielding``: ``_obscure_own``) and, when capitalised, where
    it is not part of a longer capitalised name. Lower case is read too: two words of a name in its order, in a text
    that names the card, are the card. Returns the new spans and the (start, end) of the short forms they take in."""
    memo = tr.__dict__.setdefault("_name_pairs", {})  # a name as written → its content words, and their pairs in order
    if len(memo) > 100_000:
        memo.clear()
    pairs: dict = {}
    order: dict = {}
    shared: set = set()
    for name, cid in dict.fromkeys([(s.text, s.id) for s in full]):
        got = memo.get(name)
        if got is None:
            got = memo[name] = _pairs_of(name)
        ws, its = got
        if not its:
            continue
        mine = dict.fromkeys(its, cid)  # (dicts and sets made in C: a pair of two cards named in full is neither's)
        both = pairs.keys() & mine.keys()
        if both:
            shared.update(ab for ab in both if pairs[ab] != cid)
        pairs.update(mine)
        order.update(dict.fromkeys(its, ws))
    good = pairs.keys() - shared
    if not good:
        return [], set()
    words, raw, seps, starts, ends, blocked = tr._words, tr._raw, tr._seps, tr._starts, tr._ends, tr._blocked
    by_id = {s.id: s for s in full}
    n, add, mine, shorts, autos, skip = len(words), [], set(), None, None, -1
    firsts = {a for a, _ in good}
    for k in positions_of(tr, firsts, 0, n - 1):  # (the few words that may begin one, in C)
        if starts[k] < skip or (words[k], words[k + 1]) not in good or seps[k + 1] not in JOINS or blocked[k] \
                or blocked[k + 1]:
            continue
        p = bisect_right(taken, (starts[k], _AFTER_ALL))  # (the last name found or held back that begins by this word)
        if p and taken[p - 1][1] > starts[k] and taken[p - 1] not in yielding \
                and (shorts is None or shorts.get(taken[p - 1]) is None):
            if shorts is None:
                shorts = _short_forms(spans)
            if shorts.get(taken[p - 1]) is None:
                skip = taken[p - 1][1]  # (inside a name found or held back: its other pairs too)
                continue
        cid = pairs[(words[k], words[k + 1])]
        ws = order[(words[k], words[k + 1])]
        j = k + 1  # longer runs: the name's next words in order
        while j + 1 < n and seps[j + 1] in JOINS and words[j + 1] in ws[ws.index(words[j]) + 1:]:
            j += 1
        a, b = starts[k], ends[j]
        over = [t for t in takewhile(lambda t: t[0] < b, taken[max(0, p - 1):]) if t[1] > a]
        if over:  # only short forms of the same card inside the run may give way to it, or the automatic short form of
            # a card the text never names in full ("Dragão Alado", the head of Winged Dragon, Guardian of the Fortress
            # #1, in a text that names O Dragão Alado de Rá)
            if shorts is None:
                shorts = _short_forms(spans)
            if autos is None:
                autos = _automatic(spans)
            if any((shorts.get(t) != cid and not (shorts.get(t) not in by_id and t in autos) and t not in yielding)
                   or t[0] < a or t[1] > b for t in over):
                continue
        caps = raw[k][:1].isupper()
        if caps and (_in_longer(raw, words, seps, k, tr) or mentions.LONGER_NAME.match(text, b)):
            continue
        if not caps and all(tr.freq.get(words[x]) >= RUN_EVERYDAY for x in range(k, j + 1)):
            continue  # in lower case, words among the commonest of the language are what they say ("può essere", "can
            # be", in a text that names Ce Ne Può Essere Solo Uno, There Can Be Only One)
        tk = tkey(text[a:b])
        if (a, b) not in yielding and tr.keys.get(tk) and any(
                f.entry.id != cid and not (f.variant in _AUTOMATIC and f.entry.id not in by_id) for f in tr._forms(tk)):
            continue  # (the run names something else too, "White Dragon": the scan's to judge; but a short form of a
            # card not named in full gives way to the card named in full)
        mine.update(over)
        skip = b
        s = by_id[cid]
        add.append(span_type(a, b, text[a:b], s.id, "card", _case(s.replacement, text[a:b]), s.lang, "short-form",
                             s.origin, [], s.score, 100.0, s.passcodes))
    return add, mine


_AUTOMATIC = ("short-form", "series-member")
"""The forms the index makes of a card's name (its head, its first words, a member's words without its series)."""


def _automatic(spans: list) -> set:
    """(start, end) of the names found by a form the index made of a card's name (``_AUTOMATIC``)."""
    return {(s.start, s.end) for s in spans if s.kind == "card" and s.variant in _AUTOMATIC}


def _short_forms(spans: list) -> dict:
    """(start, end) → card of the names found as a card's short form or nickname (a run of its card may take them in)."""
    return {(s.start, s.end): s.id for s in spans if s.kind == "card" and s.variant in mentions.NICKNAME_KINDS}


def _pairs_of(name: str) -> tuple:
    """A name's content words (no function word of any language: a name may be in another language than the text, and
    "de la" is no content; no digit) and each ordered pair of them, none for a name of fewer than three (two content
    words are the whole name: the scan's)."""
    ws = [w for w in TOKEN.findall(fold(name)) if w not in mentions.ALL_FUNCTION and not w.isdigit()]
    if len(ws) < 3:
        return ws, ()
    return ws, tuple((a, b) for i, a in enumerate(ws) for b in ws[i + 1:] if a != b)


def taken_of(tr, spans: list) -> list:
    """(start, end) of the spans and of the names held back (``tr.held``), sorted; the spans' pairs made in C."""
    return sorted([*zip(map(_start_of, spans), map(_end_of, spans)), *[(h.start, h.end) for h, _ in tr.held]])


def _in_longer(raw, words, seps, k, tr=None) -> bool:
    """Whether word ``k`` follows a capitalised word, joined by a space or a hyphen, perhaps with a linking word ("de",
    "of") between; with ``tr``, not an everyday word that opens the sentence and begins no name with it ("Evoca Bora e
    termina il turno": the verb is capitalised because it comes first); or ends an epithet, after a capitalised word, a
    comma and a definite article ("Dinoster Powerful, the Dracoslayer": another card's name, not the Dracoslayer named
    in full before)."""
    if k and seps[k] in JOINS:
        if raw[k - 1][:1].isupper() and words[k - 1] not in DETERMINERS and not (
                seps[k] == " " and raw[k - 1].isupper() and (words[k - 1] in PLAY_SHORT or (tr is not None and _game(tr, words[k - 1])))):
            # (a word of the game in capitals is no name's: "NS Rabbit", "SS Rabbit" are Summons of the card)
            return tr is None or not _opening_word(tr, raw, words, k - 1)  # (an article that opens a sentence, "O
            # Helix", is no name)
        if k > 1 and seps[k] == " " and seps[k - 1].strip() == "," and raw[k - 2][:1].isupper() \
                and words[k - 1] in EPITHET_ARTICLES.get(tr.src if tr is not None else "en", EPITHET_ARTICLES["en"]):
            return True
        return k > 1 and words[k - 1] in LINKS and seps[k - 1] in JOINS and raw[k - 2][:1].isupper() and not (
            tr is not None and _opening_phrase(tr, raw, words, k - 2))  # ("Apesar de Rabbit ser …": no name's words)
    return False


def _opening_phrase(tr, raw, words, i) -> bool:
    """Whether word ``i``, capitalised, is an everyday word that opens its sentence and with the linking word after it
    begins no name the translator reads ("Apesar de", "Después de", "Dopo di"): capitalised only because it comes
    first, not the first word of a longer name ("Espada de …" may be one)."""
    return (not raw[i].isupper() and words[i] in tr.freq.common and tr._sentence_start(i)
            and f"{words[i]} {words[i + 1]}" not in tr.keys)


EPITHET_ARTICLES = {"en": frozenset({"the"}), "es": frozenset({"el", "la", "the"}), "pt": frozenset({"o", "a", "the"}),
                    "it": frozenset({"il", "lo", "la", "the"})}
"""The definite articles that open a card name's epithet after its comma ("Brionac, the …", "Vorlak, el …"), by
language; an English name's "the" in text of any language."""
_ANY_EPITHET_ARTICLE = frozenset().union(*EPITHET_ARTICLES.values())
"""(The articles that join an epithet to a name, in any language: ``_after_a_name``; a contraction or a possessive
right after a name begins a phrase of its own.)"""


def _opening_word(tr, raw, words, i) -> bool:
    """Whether word ``i``, capitalised, is an everyday word (of the four languages) that opens a sentence going on in
    lower case after the next word, and with that word begins no name the translator reads: capitalised only because
    it comes first ("Evoca Bora e termina il turno"; not a heading, "Macro Rabbit", a deck)."""
    return (i + 2 < len(words) and "\n" not in tr._seps[i + 2] and raw[i + 2][:1].islower() and not raw[i].isupper()
            and words[i] in tr.freq.common and tr._sentence_start(i) and f"{words[i]} {words[i + 1]}" not in tr.keys)


def _series_prefix(tr, w: str) -> bool:
    """Whether a folded word begins with a one-word series name and goes on ("Qliphort" of the Qli, "Onomatopea" of
    the Onomat, "Elementales" of the Element cards): the series' word in a member's name, not the member. A word that
    is the series' whole name ("Goblin") is not: with one card of that series named in full in the text, the word alone
    is that card (the series itself, when meant, is read as a series by the scan, or follows a quantifier). Nor is a
    compound of a series' word and an everyday word of the four languages (``Frequencies.common``: "Snowman" of Snowman
    Eater, "snow" and "man"; "Starlight"): a word of its own, not the series' coined prefix."""
    common = tr.freq.common
    return any(tr._series_word(w[:n]) and (len(w) - n < COMPOUND_LETTERS or w[n:] not in common)
               for n in range(len(w) - 1, 2, -1))


COMPOUND_LETTERS = 3
"""An everyday word after a series' word makes a compound where it has this many letters or more (not an ending:
"Elementos" is the Element series' word and "os")."""


def _one_of_series(tr, words: list, k: int, cid: str) -> bool:
    """Whether word ``k``, a series' whole name ("Goblin"), stands for the one card of that series named in full
    (before it: ``_single`` asks that): a singular article or possessive right before it makes it one thing ("o
    Goblin", "a mi Archidemonio"); without one, or after a plural or a quantifier ("cualquier Goblin", "de Spright"), it
    is the series or its deck. A card that is the whole of a set of pieces the text names (``pieces`` finds them:
    Exodia) is never: its first word alone is the set."""
    return bool(k and words[k - 1] in SINGULAR_DETERMINERS) and cid not in getattr(tr, "wholes", ())


def _obscure_own(tr, spans: list, full: list) -> dict:
    """(start, end) → folded word, of the spans of a card's own one-word name (official or English, as the scan found it) that is a word
    of exactly one other card named in full in the text within ``OBSCURE_NEAR`` characters, where every card of that
    one-word name was printed at most ``OBSCURE`` times (a name of up to ``OBSCURE_WORDS`` words: its folded words, a run
    of the other's name, which ``_runs`` reads; "Mythic Water Dragon … o Water Dragon"): "Fire King Avatar Yaksha …
    Yaksha", "Agido la Sentinella Antica … il ban di Agido" (the old cards Yaksha and Agido). A writer who names a card
    in full and then by its word means that card, not a card few players know; a famous one-word card keeps its name ("Raigeki" beside "Raigeki Break", "Kuriboh" beside "Winged Kuriboh")."""
    little = tr.__dict__.setdefault("_little", {})  # a one-word name as written → its folded word if every card of
    if len(little) > 100_000:  # that name was printed at most OBSCURE times, else ""
        little.clear()
    ones = []
    for s in spans:
        if s.kind != "card" or s.variant not in ("official", "english"):
            continue
        w = little.get(s.text)
        if w is None:
            w = " ".join(TOKEN.findall(fold(s.text)))
            printed = [f.entry.prominence for f in _own_forms(tr, tkey(s.text))] if w.count(" ") < OBSCURE_WORDS else ()
            w = little[s.text] = w if printed and max(printed) <= OBSCURE else ""
        if w:
            ones.append((s, w))
    if not ones:
        return {}
    wanted = {w for _, w in ones}
    owners: dict = {}
    places: dict = {}  # a card named in full → where
    folded = tr.__dict__.setdefault("_name_words", {})  # a name as written → its folded words
    if len(folded) > 100_000:
        folded.clear()
    for s in full:
        ws = folded.get(s.text)
        if ws is None:
            own = TOKEN.findall(fold(s.text))
            ws = folded[s.text] = (frozenset(own), f" {' '.join(own)} ")
        for w in (wanted.intersection(ws[0]) | {w for w in wanted if " " in w and f" {w} " in ws[1]}):
            owners.setdefault(w, set()).add(s.id)
            places.setdefault(s.id, []).append(s.start)
    out = {}
    for s, w in ones:
        ids = owners.get(w)
        if ids and " " in w:
            ids = ids - {x.id for x, y in ones if y == w}  # (a name of two words is itself named in full)
        if not ids or len(ids) != 1 or s.id in ids:
            continue
        where = places[next(iter(ids))]
        if not any(abs(p - s.start) <= OBSCURE_NEAR for p in where):
            continue  # (named in full far away: another part of a long text, which may speak of the little card)
        first = min(where)
        if sum(1 for x, y in ones if y == w and x.start < first) >= OBSCURE_BEFORE and not _its_series_named(
                tr, spans, full, next(iter(ids))):
            continue  # (the text names the little card by its own name again and again before it names the other in
            # full: it speaks of that card, "la strategia è incentrata su ‘Gradius’" before "Opzione di Gradius"; but
            # not where it names the other's series too: "Yaksha … ‘Rey de Fuego’ … Avatar del Rey de Fuego Yaksha")
        out[(s.start, s.end)] = w
    return out


def _its_series_named(tr, spans: list, full: list, cid: str) -> bool:
    """Whether the text names, by the series' own name, a series that the name in full of card ``cid`` names."""
    named = {s.id for s in spans if s.kind == "series"}
    if not named:
        return False
    for s in full:
        if s.id == cid:
            words = TOKEN.findall(fold(s.text))
            if named.intersection(tr._named_series(words, 0, len(words))):
                return True
    return False


def _own_forms(tr, w: str) -> list:
    """The forms by which a folded word is some card's whole name (official, or its English name)."""
    return [f for f in tr._forms(w) if f.entry.kind == "card" and f.variant in ("official", "english")] if tr.keys.get(w) else []


def _own_name(tr, w: str) -> bool:
    """Whether a folded word is some card's whole name (then the scan judged it already as that card)."""
    return bool(_own_forms(tr, w))


def _case(replacement: str, written: str) -> str:
    return replacement.upper() if written.isupper() and len(written) > 1 else replacement


def member_series(tr, spans: list) -> None:
    """Add to the series the text names (``tr._present``) the series in the full names of the cards found by a nickname
    ("Luminas" for Lumina, Lightsworn Summoner names the Lightsworn): a member of a series in the text is the series'
    context, as the series' own name is, so the other members may be named by their own word ("Lylas", "Celestias")."""
    memo = tr.__dict__.setdefault("_member_series", {})
    for s in spans:
        if s.kind != "card" or s.variant not in mentions.NICKNAME_KINDS + ("nickname",):
            continue
        got = memo.get(s.id)
        if got is None:
            got = memo[s.id] = _series_named(tr, s)
        tr._present.update(got)


def _series_named(tr, s) -> tuple:
    """The series named in the English and source-language names of a span's card (found by its name in the target
    language, which the span replaces it with)."""
    for f in tr.index.forms_for_key(normalize(s.replacement), tr.dst):
        if f.entry.id == s.id:
            words = [w for n in (f.entry.names.get("en"), f.entry.names.get(tr.src)) if n for w in TOKEN.findall(fold(n))]
            return tr._named_series(words, 0, len(words))
    return ()
