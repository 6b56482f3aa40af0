"""The items of a combo list are cards (issue 24): "Jowgen + D Fissure + Rivalry", "Apollousa + Borreload Savage".

Players write the cards of a combo or a lock joined by "+". Between two plus signs (or a plus sign and the edge of
its clause) stands one card, often by a shortened name that the scan does not read in running text: a name's first
words ("Borreload Savage"), a series member without its series ("Fate" for Spellbook of Fate), a word cut to its
initial ("D Fissure"). ``find`` looks each capitalised item that no name found covers up as ``lookup`` does and keeps
the card when lookup's answer is one of those shortened readings (a score of ``MIN_SCORE`` or more, below an exact
match) and clear: no other card within ``index.TIE_MARGIN`` of it unless the first has ``LEAD`` times its printings
("Priestess" names two members of two series printed about as often: none). A count before the item ("2 Fate") and
lower-case words after it ("set", "etc.") are not part of the name.

``find_joined`` reads the lists players join otherwise: "/", "VS"/"vs.", "x" ("Raigeki x Honest"), commas and
semicolons, "e"/"y"/"and"/"ou"/"o"/"ed"/"or", and one name per line (under a heading, or deck-list lines with a count
"3x"/"x3"/"1"/"0-2" or a bullet), each item perhaps in quotes ‘…’ “…” «…». A list is one of cards when a card name
found whole is one of its items and another item is a card too: the list is then the evidence that an item lacks
alone. Each capitalised item no name covers is the card it names exactly (in the text's language or in English), or
the card lookup reads it as by a shortened name, clear as above; a shortened reading that shares a series with the
list's cards comes first, and one of another series than the one they share, or of a single ordinary word of the
text's language ("Portal") that shares none, is no card. An item that is the head of a card's name before its comma,
where that card shares a series with the list's cards, is that card even where it is an everyday word ("Burner,
Stream, Lightning e Reactan": Stream, Dragon Ruler of Droplets). Series names stay series, but for a series' name
that is exactly a card's nickname too, in a list of cards and no series: it is the card ("Slifer, Obelisk e Ra", and
beside the one card of a list of two: "Slifer e Rá", "a Ra y a Slifer"; an item of two letters is read in such lists,
never in a "+" list).
"""
from __future__ import annotations

import re
from bisect import bisect_left

from ..core.fold import TOKEN, fold, fold_word, tkey
from . import mentions, people
from .evidence import _DECK_LINKS, LIST_LINKS, ORDINARY, _game_word, a_type
from .index import TIE_MARGIN
from .mentions import sentence_start

HEAD_SCORE = 97.0
"""The score of a list item read as the head of a card name before its comma (``_head_card``): a shortened reading."""
MIN_SCORE = 95.0
"""The lowest lookup score read as a shortened name (acronyms.SHORTENED_SCORE; partial's scores are above it)."""
LEAD = 2.0
"""A first card tied with others is kept when it has this many times the printings of each of them."""
MAX_WORDS = 4
_PLUS = re.compile(r"[ \t]\+[ \t]")
_EDGE = re.compile(r"[\n()\[\];:,.!?]|\s[-–—]\s")
"""What ends a list item away from its plus sign: a line break, a bracket (opening or closing: "Pegasus (BCD) até ter
8 dragons + Trap" has no item before its plus sign), a clause's punctuation, a dash."""


def find(tr, text: str, spans: list, span_type) -> list:
    """``spans`` with the cards of the items of "+" lists that no name found covers (the module doc), in order."""
    if " + " not in text and "\t+" not in text and "+\t" not in text:
        return spans
    items = _items(text)
    if not items:
        return spans
    starts = [s.start for s in spans]  # (sorted, not overlapping: the last name to start before an item's end is the one
    # that may reach into it)
    add = []
    for a, b in items:
        k = bisect_left(starts, b)
        if (k and spans[k - 1].end > a) or (add and add[-1].end > a):
            continue
        item = text[a:b]
        got = _card_of(tr, item)
        if got is not None and _a_type(tr, a, b):
            continue  # (a monster's Type: "Aqua + Spellcaster", the Types of a fusion's materials)
        if got is not None:
            e, form, score = got
            add.append(span_type(a, b, item, e.id, "card", e.name(tr.dst) or item, form.lang, "approximate",
                                 e.origin, [], tr.threshold, score, e.passcodes))
    weak = [s.text.isupper() or _everyday(tr, s.text) for s in add]
    if any(weak):  # initials, or an everyday word, read as a card need a card across one of their plus signs ("Delta
        # + LZMA2", two compression methods)
        cards = [s for s in spans if s.kind == "card"] + [s for s, w in zip(add, weak) if not w]
        ends, starts = {s.end for s in cards}, {s.start for s in cards}
        add = [s for s, w in zip(add, weak) if not w or _partnered(text, s, ends, starts)]
    return sorted(spans + add, key=lambda s: s.start) if add else spans


_PLUS_AFTER = re.compile(r"[ \t]*\+[ \t]*(?:\d+x?[ \t]*)?")
"""A plus sign between two items, a count of copies after it allowed ("MMF + 3 EDLM")."""
_PLUS_BEFORE = re.compile(_PLUS_AFTER.pattern + r"\Z")


def _everyday(tr, item: str) -> bool:
    """Whether an item is one everyday word of the four languages ("Delta"; ``mentions.Frequencies.common``)."""
    words = TOKEN.findall(item)
    return len(words) == 1 and fold_word(words[0]) in tr.freq.common


def _partnered(text: str, s, ends: set, starts: set) -> bool:
    """Whether a card ends right before the plus sign before span ``s`` or starts right after the one after it (a count
    between allowed): initials on both sides and no card ("MMF + EDLM", a blog's title) read none."""
    m = _PLUS_BEFORE.search(text, max(0, s.start - 12), s.start)
    if m is not None and m.start() in ends:
        return True
    m = _PLUS_AFTER.match(text, s.end)
    return m is not None and m.end() in starts


def _a_type(tr, a: int, b: int) -> bool:
    """Whether ``text[a:b]`` is one word that is a monster's Type, or its plural ("Spellcaster", "Dragons"; asked only of
    an item read as a card, so that most texts never load the Types)."""
    i, j = bisect_left(tr._starts, a), bisect_left(tr._ends, b)
    if i != j or i >= len(tr._words):
        return False
    return a_type(tr._words[i])


def _items(text: str) -> list:
    """(start, end) of the capitalised items next to each plus sign of the text, each once: the capitalised words
    right before it, and the first capitalised words after it (after a count or a conjunction). A plus sign between
    two quoted strings of code ('"Tipo: Magica\\n" + "Efecto: …"', whatever spaces and lines are around it) joins text,
    not cards: it has no items."""
    out = set()
    for m in _PLUS.finditer(text):
        if text[max(0, m.start() - 40):m.start()].rstrip()[-1:] in _CODE_QUOTES \
                and text[m.end():m.end() + 40].lstrip()[:1] in _CODE_QUOTES:
            continue
        left = max((e.end() for e in _EDGE.finditer(text, max(0, m.start() - 80), m.start())), default=max(0, m.start() - 80))
        right = _PLUS.search(text, m.end())
        stop = _EDGE.search(text, m.end())
        end = min(right.start() if right else len(text), stop.start() if stop else len(text), m.end() + 80)
        for span in (_name_in(text, left, m.start(), last=True, across=True),
                     _name_in(text, m.end(), end, last=False, across=True)):
            if span:
                out.add(span)
    return sorted(out)


_CODE_QUOTES = frozenset("\"'`")
"""The quotes that open and close code's strings, either side of a plus sign that joins them."""
_ITEM_LINKS = frozenset("de del della dell di do da dos das of".split())
"""Link words a capitalised item runs across ("Olho de Critias", "Presa di Critias")."""


def _name_in(text: str, a: int, b: int, last: bool, across: bool = False, least: int = 3):
    """The run of capitalised words in ``text[a:b]`` that is the item's name, across link words (``_ITEM_LINKS``) where
    ``across`` (a "+" list's item: "Olho de Critias +"): the last run (``last``: the item before a plus sign; lower-case
    words after it, "set", are left out) or the first one (the item after it; a count or a conjunction before it is
    left out); None when it is longer than ``MAX_WORDS`` words or shorter than ``least`` letters."""
    words = list(TOKEN.finditer(text, a, b))
    caps = [w.group()[:1].isupper() for w in words]
    if not any(caps):
        return None
    links = [across and w.group().lower() in _ITEM_LINKS for w in words]
    if last:
        k = max(i for i, c in enumerate(caps) if c)
        j = k
        while j and (caps[j - 1] or (j > 1 and links[j - 1] and caps[j - 2])):
            j -= 1  # ("Olho de Critias +": the item is the whole name, not the word after its "de")
    else:
        j = caps.index(True)
        k = j
        while k + 1 < len(words) and (caps[k + 1] or (k + 2 < len(words) and links[k + 1] and caps[k + 2])):
            k += 1
    if k - j + 1 > MAX_WORDS or words[k].end() - words[j].start() < least:
        return None
    return words[j].start(), words[k].end()


# Lists joined otherwise (issue 24): "Raigeki/Honest", "Dark Magician VS Black Rose", "Raigeki x Honest" (pt), commas,
# "e/y/and/ou/o", and one name per line (a count or a bullet before it, or none).

_QUOTE_OPEN = "\"'“‘«„"
_QUOTE_CLOSE = "\"'”’»“"
_COUNT = r"(?:\d{1,2}(?:[-–]\d{1,2})?[ \t]*[xX×]?|[xX×][ \t]*\d{1,2})[ \t]*[-–:.)]?[ \t]+|[-*•·][ \t]+"
"""Before an item: a count ("3x ", "x2 ", "2 ", "0-2 ") or a bullet."""
NOTE_CHARS = 24
"""How long a note in brackets after a list's item may be (``_AFTER``); a longer aside ends the list."""
_AFTER = rf"[ \t]*(?:\(?[xX×][ \t]*\d{{1,2}}\)?|\([^()\n]{{1,{NOTE_CHARS}}}\))"
"""After an item: a count ("Raigeki x3", "(x2)"), or a short note in brackets ("Metamorphosis (From Unlimited)",
"Marshmallon (OCG)": a banlist's change, a format)."""
_LINK = re.compile(
    rf"[{_QUOTE_CLOSE}]?(?:{_AFTER})?(?P<sep>[ \t]*(?:[,;/+]|\r?\n)[ \t]*|[ \t]+(?:e|y|and|ou|o|ed|or|x|×|vs\.?|VS\.?|Vs\.?)[ \t]+(?:a[ \t]+)?)"
    rf"(?:{_COUNT})?[{_QUOTE_OPEN}]?")
"""What joins two items of a list: a closing quote or a count after the first, the separator (a comma, a semicolon, a
slash, a plus sign, one line break, "e"/"y"/"and"/"ou"/"o"/"ed"/"or", "x" as players write "Raigeki x Honest", "VS";
after a conjunction, the "a" of "y a Slifer", the Spanish object's, the Portuguese article's "e a Maga Negra"), and a
count, a bullet or an opening quote before the second."""
_LINK_CAPS = re.compile(_LINK.pattern.replace("(?:e|y|and|ou|o|ed|or|x|×|vs", "(?:e|y|and|ou|o|ed|or|x|×|vs|E|Y|AND|OU|O|ED|OR"))
"""``_LINK``, and the conjunctions in capitals too: between items of a list written in capitals ("FORZA SPECCHIO E
CILINDRO MAGICO"), where a capital says nothing."""
_SEP_CHAR = re.compile(r"[,;/+\n]")
"""The characters of which a separator that is no word has one ("," ";" "/" "+" a line break)."""
_LINK_FIRST = re.compile(rf"[ \t]+|[\r\n,;/+(xX×{_QUOTE_CLOSE}]")
"""Where a separator (``_LINK``) may start: at a closing quote, a count's bracket or "x", a separator's character, or
blanks (at the first of a run: a separator that starts inside one starts at its first blank too)."""
_LINK_END = re.compile(rf"(?:{_LINK.pattern})\Z")
"""A separator that ends where the text searched ends (``endpos``): the one before an item."""
_LINE_HEAD = re.compile(rf"[ \t]*(?:{_COUNT})?[{_QUOTE_OPEN}]?")
_LINE_TAIL = re.compile(rf"[{_QUOTE_CLOSE}]?(?:{_AFTER})?[ \t]*")
_OF = "(?:" + "|".join(sorted(_DECK_LINKS | {"des", "du"})) + ")"
"""The small words that join a name's words ("Dragón Emperador del Caos"): "of" and its contractions with an article
in es/pt/it/en. One set (``evidence._DECK_LINKS``) serves three readers: ``evidence`` (a deck, a product, an epithet
or a longer name after it: "Deck de X", "la leggenda del X", "X, il Creatore di Luce", "el dragón bebé de ojos
rojos"), ``translate.TAIL_LINKS`` (a capitalised name after a capitalised word and one of them ends a longer name:
"Mejores Cartas de Mago Oscuro") and this module (a capitalised run with one of them before or after it goes on into
more name: no whole item). Here alone French "des"/"du" are added: a run that goes on is only left unread, so a
wider set costs no card, and a name borrowed from French may go on with them."""
_GOES_ON = re.compile(rf"[ \t]+{_OF}[ \t]+\w")
_WENT_ON = re.compile(rf"\w[ \t]+{_OF}[ \t]+\Z")
"""After or before a capitalised run, a small word that joins it to more of a name ("Dragón Emperador del Caos"): the
run is not the whole item."""
_ITEM_EDGE = re.compile(r"[\n()\[\]{}:.!?;,/+]")
"""Characters that no item holds (a clause's end, brackets, another separator)."""
_ITEM_CHARS = 80
"""Longer than any item (characters): how far a separator after an item is looked for."""
MIN_CARDS = 2
"""A run of items joined as a list is a list of cards when this many of them are cards (one at least found whole);
the series a list's cards share is read where this many cards name it."""
MAX_ITEMS = 6
"""How many items no name covers a list may have before its first name found, and after its last."""


def find_joined(tr, text: str, spans: list, span_type) -> list:
    """``spans`` with the items of lists joined by commas, slashes, "VS", "x", conjunctions or line breaks made cards
    where the list is one of cards: a capitalised item no name covers, in a list with a card name found whole, is the
    card it names exactly or the card lookup reads it as by a shortened name (``_card_of``), so that the list has
    ``MIN_CARDS`` cards at least. The list is the evidence a lone ordinary word or a name after a capitalised "VS"
    lacks: such an item held back (``evidence.review``) is the card, and leaves ``tr.held``; so is a whole item held
    back in lower case, in a list with ``MIN_CARDS`` cards found whole ("giudizio solenne, ritorno forzato, corno del
    paradiso"). Series names stay series."""
    n = len(spans)
    if n == 0:
        return spans
    add, k = [], 0
    held_at = None  # (start, end) → a card name held back, made when a list first asks
    match = _LINK.match
    while k < n:
        s = spans[k]
        if s.kind not in ("card", "series"):
            k += 1
            continue
        linked = match(text, s.end) is not None
        if not linked and not _linked_before(tr, s.start):
            k += 1
            continue
        chain, items, k2 = [s], [], k  # the spans of the list, and the items between and around them no span covers
        while linked and k2 + 1 < n:  # (no separator after the first span: none before the next one either)
            got = _between(text, spans[k2], spans[k2 + 1])
            if got is None:
                break
            items += got
            k2 += 1
            chain.append(spans[k2])
        k0, k = k, k2 + 1
        found = [x for x in chain if x.kind == "card"]
        if not found:
            continue  # (a list of series names only: nothing to read)
        a, b = chain[0].start, chain[-1].end
        m = match(text, b, spans[k].start if k < n else len(text)) if linked else None  # (the same truncation)
        nxt = text[m.end():m.end() + 1] if m is not None else ""
        if (nxt.isupper() or nxt.isdigit() or _linked_before(tr, a)) and (
                _capital_near(tr, a, -1) or _capital_near(tr, b, 1)
                or _QUOTES_BETWEEN.search(text, max(0, a - 8), a)):  # (_outer's first tests on each side, then
            items = sorted(_outer(tr, text, a, b, spans, k0, k2) + items)  # the cheap test for a capital near)
        if not items:
            continue
        first = bisect_left(tr._starts, min(items[0][0], chain[0].start))
        if first and tr._words[first - 1] in STRATEGY_NOUNS:
            continue  # "las estrategias Burn, Exodia o Final Countdown": a list of ways to win, not of cards
        for a, b in items:
            item = text[a:b]
            if add and add[-1].end > a:
                continue  # (an item the list before read already)
            if tr.held:
                if held_at is None:
                    held_at = {(h.start, h.end): (h, why) for h, why in tr.held if h.kind == "card"}
                got = held_at.get((a, b))
                if got is not None and got[1].startswith((people.SPEAKER, people.CHARACTER)):
                    continue  # (a character of a story written as a script, "Lira e Morvane recua", or of the anime:
                    # '"Brazo Izquierdo del Prohibido", Yami activa…' is no list of two cards)
                if got is not None and len(found) >= MIN_CARDS:  # a whole item held back for want of evidence
                    add.append(got[0])  # ("giudizio solenne, ritorno forzato, corno del paradiso": ordinary words, but
                    continue  # between cards): the list is the evidence
            if not (item[:1].isupper() or item[:1].isdigit()) or mentions.CAMEL.fullmatch(item):
                continue  # (a lower-case item; a name of code: "import MirrorForce, Cilindro, BuracoArmadilha")
            key = " ".join(tr._words[bisect_left(tr._starts, a):bisect_left(tr._ends, b) + 1])
            if " " not in key and _game_word(key):
                continue  # (a word of the game, "1 Spell/Trap": no card's shortened name)
            card = _card_of(tr, item, found, tr.keys.get(key) == 1, len(found) == len(chain),
                            len(chain) + len(items) == 2)
            if card is not None and card[2] < 100 and len(chain) + len(items) == 2 and b <= chain[0].start:
                w = bisect_left(tr._starts, a)
                if w and tr._words[w - 1] in _POSSESSIVES and tr._seps[w] == " ":
                    continue  # a possessive, a name not found, a comma and a name found: the second names the first, an
                    # apposition ("revivir a su Dios Egipcio, «Obelisk el Atormentador»"), no list of two cards
            if card is not None and _a_type(tr, a, b):
                continue  # (a monster's Type among a data row's fields, "'Luz','Dragón',8": asked only of an item read
                # as a card, so that most texts never load the Types)
            if card is not None:
                e, form, score = card
                add.append(span_type(a, b, item, e.id, "card", e.name(tr.dst) or item, form.lang,
                                     form.variant if score >= 100 else "approximate", e.origin, [], tr.threshold, score,
                                     e.passcodes))
    if not add:
        return spans
    taken = {(x.start, x.end) for x in add}
    tr.held = [h for h in tr.held if (h[0].start, h[0].end) not in taken]
    return sorted(spans + add, key=lambda s: s.start)


_POSSESSIVES = {"su", "sus", "mi", "mis", "tu", "tus", "seu", "sua", "seus", "suas", "meu", "minha", "teu", "tua", "suo",
                "suoi", "sue", "mio", "mia", "tuo", "his", "her", "their", "my", "your", "its"}
"""Possessive determiners: before the first of two items, they make a description the second names ("su Dios
Egipcio, «Obelisk»")."""
_CONJUNCTIONS = {"e", "y", "and", "ou", "o", "ed", "or"}
STRATEGY_NOUNS = {"estrategia", "estrategias", "strategia", "strategie", "strategy", "strategies", "arquetipos",
                  "archetipi", "archetypes", "mazos", "barajas", "baralhos", "mazzi", "decks"}
"""Plural nouns of decks and ways to win (folded): a list right after one is of decks or strategies ("las estrategias
Burn, Exodia o Final Countdown"), whose items are no cards to read by a shortened name."""


def _capital_near(tr, pos: int, step: int) -> bool:
    """Whether a capitalised word (or a number) comes right before ``pos`` (``step`` -1) or after it (1), past separator
    words and counts: where an item no name covers may stand (a cheap test: most lists have none)."""
    words, raw = tr._words, tr._raw
    i = bisect_left(tr._starts, pos) if step > 0 else bisect_left(tr._ends, pos) - 1
    for _ in range(5):  # ("e 0-1 Ehren": a separator word and a count of two numbers)
        if not 0 <= i < len(raw):
            return False
        w = words[i]
        if w == "a" and i and words[i - 1] in _CONJUNCTIONS:
            i += step  # (the "a" right after a conjunction: ``_LINK``)
            continue
        if w not in LIST_LINKS and not w[:1].isdigit() and not (w[:1] == "x" and w[1:2].isdigit()):
            return raw[i][:1].isupper()
        i += step
    return False


def _linked_before(tr, start: int) -> bool:
    """Whether a separator may end right before ``start`` (a cheap test on the words before it; ``_outer`` reads the
    separator itself): a separator's character between the word before and ``start``, or that word is a link word or
    part of a count (a separator "e", "vs." or "," with a count after it: "e 2 ", ", 3x "). Any other characters there
    (". ", a quote alone) make no separator."""
    i = bisect_left(tr._starts, start)
    if i == 0 or i >= len(tr._starts) or tr._starts[i] != start:
        return False
    if _SEP_CHAR.search(tr._seps[i]):
        return True  # a comma, a line break, a slash…
    w = tr._words[i - 1]
    if w == "a" and i > 1:
        w = tr._words[i - 2]  # ("y a Slifer": the "a" after a conjunction, ``_LINK``)
        return w in _CONJUNCTIONS
    return w in LIST_LINKS or w[:1].isdigit() or (w[:1] == "x" and w[1:2].isdigit())


def _between(text: str, a, b):
    """The items between spans ``a`` and ``b`` ((start, end) each, maybe none) when only list separators and items
    join them ("Raigeki, Honest", "Raigeki, Michael e Honest"; across a line break, each item the whole of its line),
    else None."""
    link = _LINK_CAPS if text[a.start:b.end].isupper() else _LINK
    m = link.match(text, a.end, b.start)
    if m is None:
        return None
    items, pos, prev = [], m.end(), (a.start, a.end)
    while True:
        line = "\n" in m.group("sep")
        if pos == b.start:
            return items if not line or (_whole_line(text, *prev) and _whole_line(text, b.start, b.end)) else None
        m = _next_link(text, pos, min(b.start, pos + _ITEM_CHARS), link)
        if m is None:
            return None
        item = _item(text, pos, m.start())
        if item is None or (line and not (_whole_line(text, *prev) and _whole_line(text, *item))):
            return None
        items.append(item)
        prev, pos = item, m.end()


def _first_link(link, text: str, a: int, last: int, end: int):
    """``link.search(text, a, end)`` (``_LINK`` or ``_LINK_END``) for a separator that starts before ``last``, else None:
    only the places where a separator may start (``_LINK_FIRST``; a run of blanks at its first blank) are tried. Most
    text around a name's comma is prose, and a search that tried every character was the list reader's largest cost."""
    match = link.match
    for c in _LINK_FIRST.finditer(text, a, last):
        m = match(text, c.start(), end)
        if m is not None:
            return m
    return None


def _next_link(text: str, pos: int, end: int, link=_LINK):
    """The separator that may end an item starting at ``pos`` (``link`` in ``text[pos:end]``), or None: it starts at the
    first character no item holds (``_ITEM_EDGE``) at the latest, as an item holds none."""
    edge = _ITEM_EDGE.search(text, pos, end)
    return _first_link(link, text, pos, edge.start() + 1 if edge else end, end)


def _item(text: str, a: int, b: int):
    """(start, end) of ``text[a:b]`` as one item: at most ``MAX_WORDS`` words, no edge of a clause inside; else None."""
    words = list(TOKEN.finditer(text, a, b))
    if not words or len(words) > MAX_WORDS or _ITEM_EDGE.search(text, a, b):
        return None
    return words[0].start(), words[-1].end()


def _whole_line(text: str, a: int, b: int) -> bool:
    """Whether ``text[a:b]`` is a whole line but for a count, a bullet or quotes around it."""
    start = text.rfind("\n", 0, a) + 1
    end = text.find("\n", b)
    end = len(text) if end < 0 else end
    return _LINE_HEAD.fullmatch(text, start, a) is not None and _LINE_TAIL.fullmatch(text, b, end) is not None


def _outer(tr, text: str, a: int, b: int, spans: list, k: int, k2: int) -> list:
    """The items before the first span of a list (which ends at ``a``) and after its last (from ``b``) that no span
    covers: capitalised runs joined to the list and to each other by separators, at most ``MAX_ITEMS`` each side."""
    out = []
    lo = spans[k - 1].end if k else 0
    end, right = a, spans[k].end
    for _ in range(MAX_ITEMS):
        if not _linked_before(tr, end):
            break  # (no separator can end here: most lists)
        m = _first_link(_LINK_END, text, max(lo, end - 40), end, end)  # (_LINK_END.search, cheaper)
        if m is None:
            break
        if not text[m.start() - 1:m.start()].isalnum():
            break  # (no word right before the separator)
        got = _quoted_before(text, m.start(), max(lo, m.start() - _ITEM_CHARS)) if text[m.start()] in _QUOTE_CLOSE else None
        if got is None:
            got = _cut(text, _name_in(text, max(lo, m.start() - 60), m.start(), last=True, least=2), last=True)
            edges = list(_ITEM_EDGE.finditer(text, *got)) if got else None
            if edges:
                got = _item(text, edges[-1].end(), got[1])  # "Bene. Avevo Orrik": the run began in another sentence
            if got and sentence_start(text, got[0]) and not _english_run(tr, text, *got):
                got = _item(text, TOKEN.search(text, got[0]).end(), got[1]) or got  # "Avevo Orrik ed …": a sentence's capital
            if not got or got[1] != m.start() or _WENT_ON.search(text, max(0, got[0] - 12), got[0]):
                break
        if "\n" in m.group("sep") and not (_whole_line(text, got[0], got[1]) and _whole_line(text, end, right)):
            break
        out.append(got)
        end, right = got
    hi = spans[k2 + 1].start if k2 + 1 < len(spans) else len(text)
    start, left = b, spans[k2].start
    for _ in range(MAX_ITEMS):
        m = _LINK.match(text, start, hi)
        if m is None or not (text[m.end():m.end() + 1].isupper() or text[m.end():m.end() + 1].isdigit()):
            break  # (no capitalised item right after the separator: most lists)
        got = _quoted(text, m.end(), hi) if m.group()[-1:] in _QUOTE_OPEN else None  # "‘Forza di attacco goblin’"
        if got is None:
            got = _cut(text, _name_in(text, m.end(), min(hi, m.end() + 60), last=False, least=2), last=False)
            edge = _ITEM_EDGE.search(text, *got) if got else None
            if edge:
                got = _item(text, got[0], edge.start())  # "Orrik. Luego …": the run goes on in another sentence
            if not got or got[0] != m.end() or _GOES_ON.match(text, got[1]):
                break
        if "\n" in m.group("sep") and not (_whole_line(text, got[0], got[1]) and _whole_line(text, left, start)):
            break
        out.append(got)
        left, start = got
    return sorted(out)


def _quoted(text: str, a: int, hi: int):
    """(start, end) of the item that an opening quote right before ``a`` encloses, up to its closing quote (one that no
    letter follows: "d’Attacco" holds an apostrophe) before ``hi``, where it is one item (``_item``: a few words, no
    edge of a clause): a quoted item is read whole, its words in lower case too ("‘Forza di attacco goblin’"); else
    None."""
    c = _QUOTE_END.search(text, a, min(hi, a + _ITEM_CHARS))
    if c is None or text[a - 1] + text[c.start()] not in _QUOTE_PAIRS:
        return None
    return _item(text, a, c.start())


_QUOTES_BETWEEN = re.compile(rf"[{_QUOTE_CLOSE}][ \t]*[,;/][ \t]*[{_QUOTE_OPEN}]\Z")
"""A quoted item's closing quote, a separator and the next item's opening quote, right before a list's first name found:
an item in quotes before it may be read whole, its words in lower case too (``_outer``)."""


def _quoted_before(text: str, b: int, lo: int):
    """(start, end) of the item that the closing quote at ``b`` ends, from its opening quote (one no letter comes
    before: "l'Onesto" holds an apostrophe) after ``lo``, where it is one item (``_item``); else None."""
    close = text[b]
    for p in range(b - 1, lo - 1, -1):
        c = text[p]
        if c == "\n":
            return None
        if c in _QUOTE_OPEN and not (p and text[p - 1].isalnum()):
            return _item(text, p + 1, b) if c + close in _QUOTE_PAIRS and text[p + 1:p + 2].isupper() else None
    return None


_QUOTE_END = re.compile(rf"[{_QUOTE_CLOSE}](?!\w)|\n")
"""What ends a quoted item: a closing quote no letter follows, or a line break (the quote never closes: no item)."""
_QUOTE_PAIRS = frozenset(["\"\"", "''", "“”", "‘’", "«»", "„“", "„”", "“\"", "\"”"])
"""The opening and closing quotes that enclose an item together."""


def _english_run(tr, text: str, a: int, b: int) -> bool:
    """Whether the run ``text[a:b]`` of two words or more is English: each word is more common in English than in the
    text's language ("Chaos Emperor Dragon" in Portuguese), its first word strictly. Such a run opening a sentence keeps
    its first word: it is the capital of an English name, not the sentence's ("Avevo Orrik", "Bene Orrik": a word of the
    text's language, or of no card name, is the sentence's)."""
    words = [fold(w) for w in TOKEN.findall(text, a, b)]
    if len(words) < 2:
        return False
    en, here = tr.freq.en.get, tr.freq.get
    return en(words[0]) > here(words[0]) and all(en(w) >= here(w) and en(w) > 0 for w in words[1:])


def _cut(text: str, got, last: bool):
    """A capitalised run (start, end) cut at a separator inside it ("Raigeki VS Ehren"): its part after the last one
    (``last``) or before the first one; None stays None."""
    if got is None:
        return None
    links = list(_LINK.finditer(text, *got))
    if not links:
        return got
    return _item(text, links[-1].end(), got[1]) if last else _item(text, got[0], links[0].start())


def _series_of(tr, entry) -> frozenset:
    """The series a card's English name names (memoised on the translator)."""
    memo = tr.__dict__.setdefault("_list_series", {})
    got = memo.get(entry.id)
    if got is None:
        words = TOKEN.findall(fold(entry.name("en") or ""))
        got = memo[entry.id] = frozenset(tr._named_series(words, 0, len(words)))
    return got


def _span_series(tr, span):
    """The series of the card a span found names (``_series_of``), or None when its entry is not found again."""
    memo = tr.__dict__.setdefault("_list_span_series", {})
    if span.id in memo:
        return memo[span.id]
    got = None
    for m in tr.index.lookup(span.replacement, None, 5).all:
        if m.entry.id == span.id:
            got = _series_of(tr, m.entry)
            break
    memo[span.id] = got
    return got


def _card_of(tr, item: str, found: list | None = None, read_here: bool = False, only_cards: bool = False,
             pair: bool = False):
    """(entry, form, score) of the card an item of a list names, or None.

    Both kinds of list read an item alike: lookup's answer (memoised), of which only cards scoring ``MIN_SCORE`` or
    more count and a name's own words in another order are no shortened reading ("Cupa Viverna" beside a card is weak
    evidence for Viverna Cupa); a series name stays a series, unless it is also a card's official name; the reading
    must be clear (``_clear``). They differ in what stands beside the item:

    - an item of a "+" list (``found`` None: no card found whole need be beside it) is only a shortened reading, and
      only lookup's first answer of all: an exact name is the scan's to find, and any entry as good as the first (a
      series too) makes it unclear;
    - an item of a list of cards (``found``: the list's cards found whole) is the card it names exactly where the
      text's language or English has that name (``read_here``: the translator's keys; "Buco Nero" in Spanish text is
      no item's name), or a shortened reading. Among those a card of a series of the list's cards comes first
      ("Michael" among Lightsworn is Michael, the Arch-Lightsworn); a reading of another series than the one the
      list's cards share, or of an ordinary word of the text's language (``evidence.ORDINARY``: "Portal"; not an English
      word, far more common in English, ``mentions._foreign``: "Mirror" in Spanish text) that shares no series with
      them, is none. A name that is a series' and, exactly, a card's nickname is the card in a list of
      ``MIN_CARDS`` cards found whole and no series (``only_cards``: "Slifer, Obelisk e Ra"), or beside the one card of a
      list of two (``pair``: "Slifer e Rá")."""
    memo = tr.__dict__.setdefault("_list_lookups", {})  # item → (lookup's answer, the cards of it that count)
    got = memo.get(item)
    if got is None:
        if len(memo) > 10_000:
            memo.clear()
        ms = tr.index.lookup(item, None, 5, in_text=True).all
        cards = ms
        tied = ()
        if any(m.exact and m.entry.kind == "series" for m in ms):  # a series name stays a series, unless it is also
            cards = [m for m in ms if m.exact and m.entry.kind == "card" and m.form.variant == "official"]  # a card's name
            tied = [m for m in ms if m.exact and m.entry.kind == "card"]  # (… or a list of cards only names it: below)
        words = sorted(fold(item).split())
        cards = [m for m in cards if m.entry.kind == "card" and m.score >= MIN_SCORE
                 and (m.exact or sorted(fold(m.form.text).split()) != words)]
        got = memo[item] = (ms, cards, tied)
    ms, cards, tied = got
    if not cards and tied and only_cards and read_here and (len(found) >= MIN_CARDS or pair):
        return _clear(tied)  # a series' name that is also a card's nickname, among cards only: the card ("Slifer,
        # Obelisk e Ra")
    if found is not None and (not cards or not cards[0].exact):
        head = _head_card(tr, item, found)
        if head is not None:
            return head
    if not cards:
        return None
    if found is None:
        return _clear(ms) if cards[0] is ms[0] and not ms[0].exact else None
    if cards[0].exact:
        return _clear([m for m in cards if m.exact]) if read_here else None
    series = [s for s in (_span_series(tr, f) for f in found) if s is not None]
    listed = frozenset().union(*series) if series else frozenset()
    shared = frozenset.intersection(*series) if len(series) >= MIN_CARDS else frozenset()
    near = [m for m in cards if _series_of(tr, m.entry) & listed]
    if near:
        return _clear(near)
    word = fold(item.strip())
    if shared or (" " not in word and tr.freq.get(word) >= ORDINARY and not mentions._foreign([word], tr.freq)):
        return None  # (an everyday word of the text's language, "Portal"; an English one in Spanish text, "Mirror",
        # is a card's word)
    return _clear(cards)


def _head_card(tr, item: str, found: list):
    """(entry, form, HEAD_SCORE) of the one card of the list's series whose name is the item, a comma and an epithet
    ("Stream" of Stream, Dragon Ruler of Droplets, between Burner and Reactan), or None. An everyday word ("Stream",
    "Lightning") is no such name alone; in a list of its series' cards it is."""
    series = [s for s in (_span_series(tr, f) for f in found) if s]
    if not series or len(TOKEN.findall(item)) > 2:
        return None
    listed = frozenset().union(*series)
    got, more = tr._cards_beginning(tkey(item) + ",")
    mine = {f.entry.id: (f.entry, f) for _, f in got if _series_of(tr, f.entry) & listed}
    if more or len(mine) != 1:
        return None
    e, form = next(iter(mine.values()))
    return e, form, HEAD_SCORE


def _clear(ms: list):
    """(entry, form, score) of the first match when no other entry is as good (within ``TIE_MARGIN``) unless the first
    has ``LEAD`` times its printings; else None."""
    top = ms[0]
    rivals = [m for m in ms[1:] if m.entry is not top.entry and top.score - m.score <= TIE_MARGIN]
    if any(top.entry.prominence < LEAD * max(1, m.entry.prominence) for m in rivals):
        return None
    return top.entry, top.form, top.score
