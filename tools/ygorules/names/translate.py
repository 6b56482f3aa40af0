"""Translate the card names and rules terms in running text, leaving every other character as it was.

Candidates are found word by word (the ``TOKEN`` words of ``names``), ignoring case and accents, longest
name first, on word boundaries: a multi-pattern pass over the folded words reads on while the words so
far begin some name, and where a word does not continue any name it tries the name words one typo away
(accents, a letter missing, extra, wrong or swapped) and, after a plural article ("los Kuribohs"),
the word without its plural ending. The text between two words of a name must be the same kind of
separator as in the name (spaces and hyphens are alike; a comma must be a comma), so a name never runs
across a full stop or a paragraph break. Names that begin with an article are also found without it
("del Dragón Alado de Ra", "do Dragão…").

Each candidate is then scored with the evidence of ``mentions.evidence`` (casing, quotes, "carta"/"card"
next to it, how ordinary its words are in the text's language, its length, how it matched, the rapidfuzz
similarity of an approximate window) and kept when the score reaches ``mentions.ACCEPT``. A few hard
rules stay, tested in tests/test_translate.py:

- a one-word name of two letters or fewer is never matched, except an all-capitals name (LP)
  written in capitals; a name written in capitals (ATK, MST) matches only in capitals or in quotes;
- a rules term written in lower case in the KB (cadena, cálculo de daño) needs a rules context: another
  name within the same stretch of text, or quotes;
- nothing inside a URL, an e-mail address, an @handle, a #hashtag or code is ever touched;
- a series (archetype) name is rendered as the series' name in the target language, never as a card.

Real forum text (issue 24) adds: a member of a series written by its own word ("Lyla", "Rat") where the text names
the series (``index.member_forms``; read after the whole text when the series comes later); a capitalised name right
after "Capitalised-word de/of" is the end of a longer name, not a card (``_tail``); a run of capitalised words that
no name was found in, or that begins with one and goes on, is the card whose name it fits closely (``_rescue``); one
capitalised rare word in the plural is copies of the card, as is a name in the plural after a name in the plural in
a list ("Luminas e Lylas": ``_listed_plural``). ``fanmatch``: a run that is a literal translation of an
English name (word by word, with a table learned from the pool's aligned names), a card's head with its epithet
written loosely ("Felis, lightsworm archer"), a two- or three-word name written as one word ("Feralimp"). Last,
``evidence`` reads a deck list's lines whole and holds back the weak names that the words around them make a deck, a
product, part of a longer name or an everyday word, and the names that are ordinary words, or a rare card's nickname,
with no card context near them. Then ``pieces`` (a set's pieces by body part and side, "braccio dx/sx"),
``discourse`` (a card named in full once, then by one distinctive word), ``numbers`` (a Number without its number)
and ``evidence.joined`` (a head and its quoted epithet) add the names those ways of writing leave out, and ``lists``
the items of a "+" list that lookup reads as one card's shortened name ("Borreload Savage", "D Fissure").
"""
from __future__ import annotations

import gc
import os
from bisect import bisect_left, bisect_right
from itertools import accumulate, chain, compress, groupby, permutations, repeat
from operator import attrgetter

import re

from . import (abbreviated, commas, discourse, epithets, evidence, fanmatch, glosses, lists, mentions, numbers, partial, people,
               pieces, plurals, prefixed, typos, variants)
from ..core.fold import TOKEN, WORD, fold, fold_word, normalize, sep_class, tkey
from ..core.locales import LANGS
from .index import ARTICLES, Form, NameIndex, Named, Record, form_rank, singular_keys
from .typos import doubtful as _doubtful_typo
from .typos import pool_word as _is_name_word

_AND = re.compile(r"\s*(?:,|&|/|\+|e|y|and|ou|o|ed)\s*|[ \t]+", re.I)
"""What joins two names in a list ("Sky Striker e Labrinto", "HERO, Lightsworn", "Frog Monarch")."""
_LIST_JOIN = re.compile(rf"\s*,\s*|\s+{mentions.LIST_AND_RE}\s+", re.I)
"""What joins two names of a list that share a plural article or count ("os Luminas e Lylas")."""
_start_of = attrgetter("start")
_kind_of = attrgetter("kind")
_end_of = attrgetter("end")
_AND_NEXT = re.compile(r"[ \t]*(?:,|&|e|y|and|ou|ed)[ \t]+(?:(?:i|gli|le|los|las|os|as|the)[ \t]+)?([A-ZÁÉÍÓÚÀÈÌÒÙÂÊÎÔÛÃÕÄËÏÖÜÇÑ]\w+)")
"""After a name: "and" (or a comma), perhaps a plural article, and a capitalised word (the next name in a list)."""
_SPLIT = re.compile(f"({WORD}++(?:[\u0300-\u036f]++{WORD}*+)*+)")
"""Splits a text into separators and words (TOKEN), alternately, starting and ending with a separator. TOKEN's pattern
written with possessive repeats (the same words: a word's letters, its accents and the letters after them are disjoint
sets, so no repeat ever gives back a character), which saves the regex engine its backtracking records: about a sixth
of the split's time (tests/test_translate.py checks that both split alike)."""
QUOTES_OPEN = mentions.QUOTES_OPEN
QUOTES_CLOSE = mentions.QUOTES_CLOSE
_MARKS = QUOTES_OPEN + "*_"
"""What may open a quoted name (``mentions.quoted`` decides; most names have none of these right before them)."""
_PAIRED_CLOSE = {'"': '"', "»": "«", "”": "“"}
"""A closing quote and the mark that opens it: a span that holds the opening one and stops before its close takes the
close in (``_opened_inside``)."""
PLURAL_BEFORE = {"los", "las", "unos", "unas", "os", "as", "uns", "umas", "dos", "das", "i", "gli", "le", "dei", "degli", "delle",
                 "the", "two", "three", "dos", "dois", "duas", "tres", "três", "due", "tre", "mis", "tus", "sus", "meus", "miei", "tuoi", "suoi",
                 "2", "3", "4", "5", "6", "7", "8", "9", "x2", "x3", "2x", "3x"}
"""Words after which a name may be written in the plural (an -s or -es added to its last word)."""
CAPITAL_ONLY = ("short-form", "series-member")
"""Forms read only where the text writes them with a capital."""
NEAR_LONG = 10
"""A text word this long may be two typos away from a name word (``Translator._near``): a long word keeps enough letters
to say which."""
SHORTENED_ZIPF = 3.0
"""A run's last word this common (Zipf, in the text's language or English) is a word, not a name's word cut short
(``Translator._shortened``)."""
RARE_OWN = 2.5
"""A card's official one-word name rarer than this (Zipf) in the text's language, written weakly (in lower case), is the
card where card names are near it (``_nearby``)."""
LOWER_INITIALS = 4
"""A name printed in capitals (initials: "RFDD") written in lower case, this many letters long or more and in no
language's word list, is judged as a name ("e i rfdd con il quale si chiudono le partite", beside other cards' names);
a shorter one only with a count, quotes or a card word ("3 mst"): three letters in lower case are too often a word."""
LOWER_SHORT_ZIPF = 2.0
"""A card's one-word short form rarer than this (Zipf) in every language is a made-up word, read in lower case too."""
FIRST_TYPO_UP = 6
"""The shortest capitalised word read as a name's first word written with a typo ("Slyfer el Dragón del cielo") …"""
FIRST_TYPO_LOWER = 7
"""… and the shortest word in lower case, read so only where more of the name follows ("miracule fusion")."""
_HEADING_LINKS = {"es": {"de", "del", "of"}, "pt": {"de", "do", "da", "dos", "das", "of"},
                  "it": {"di", "del", "della", "dello", "dei", "degli", "delle", "of"}, "en": {"of"}}
"""The linking words of a heading's longer name in each language (``Translator._heading_of_two``: "Relatos de
Oricalcos"), and English "of": the text's own only, since "dos" opens "Tengo dos MFES." in Spanish as a number."""
_HEADING_MARK = re.compile(r"[ \t]*(?:#{1,6}[ \t]+)?")
"""What may open a heading line before the name (``Translator._heading``): blanks, a Markdown heading's marks."""
_LINE_END = re.compile(r"[.:]{0,2}[ \t]*(?:\n|$)")
"""What may end a heading line after the name: a full stop, a colon or both ("D.D.:", the name's own last dot), blanks, the
line's end."""
TAIL_LINKS = evidence._DECK_LINKS  # (one set of linking words: lists._OF says what reads it)
"""A capitalised name right after a capitalised word (not at a sentence start) and one of these is the end of a longer
name (of a product, a deck or another card), never a card of its own."""
TAIL_ARTICLES = frozenset(["el", "la", "los", "las", "the"])
"""An article after a linking word ("de las", "of the") that goes on with a longer name all the same (Spanish and English
write it apart; Portuguese and Italian join it to the link: "das", "della"), for a series or a term there; a card's name
there is ``evidence``'s to judge (a product's title: "Rise of the Velkar")."""
COPIES = evidence.COPIES
"""A count of a card's copies, as deck lists write it before the card's name."""
_COUNT_OPENS = frozenset(" \t(")
"""What may follow a name before ``evidence.COPIES_AFTER`` (a quick test before the pattern's)."""
ORDINALS = frozenset("""primera primer segunda segundo tercera tercer tercero cuarta cuarto primeira primeiro terceira
terceiro quarta quarto prima primo seconda secondo terza terzo first second third fourth""".split())
"""An ordinal right before a name counts copies of one card ("la segunda Ojos Anómalos", "il terzo Occhi Blu")."""
ONE_BEFORE = frozenset(discourse.SINGULAR_DETERMINERS | evidence.COUNTS - {"todas", "todos", "tutte", "tutti", "all"}
                       | COPIES | evidence.PLAY_WORDS | ORDINALS)
"""A singular article, contraction or possessive, or a count, right before a name: one card, or copies of it ("el Ojos
Rojos", "tres Ojos Azules", "3 Ojos Azules"); so does a verb that summons, activates, uses or plays it
(``evidence.PLAY_WORDS`` here; ``evidence._ACTIVATE`` and ``PLAY_STEMS``, beginnings, asked apart: "Evoco Polvere di Stelle", "joguei Ember-Eyes no campo"). Without one, nor quotes or a card word near, a card's capitalised nickname of two words or
more that is also its series' official name in the text's language is the series (``_series_twin``): "el dominio de
los Ojos Rojos", "un metajuego como el de Ojos Rojos". Not at a sentence's start, where a card's name is most often
the subject ("Polvo de Estrellas ahora niega…")."""
COPY_WORDS = frozenset("copia copias cópia cópias copie copy copies".split())
"""Before "de"/"di"/"of", a name's copies follow: one card ("dos copias de Ojos Anómalos", "2 copies of Blue-Eyes")."""
OWNER_LINKS = frozenset({"de", "del", "do", "da", "di", "dello", "della"})
"""The linking words before an owner's name after a card's ("el Mago Oscuro de Yugi", "o Olhos Azuis do Kaiba"): a main
character of the anime (``people.CHARACTERS``) after one of these owns the card; the two words are no part of a longer
name, so they do not hold back a nickname or a short form before them."""
ACTION_NOUNS = frozenset("""invocacion invocaciones invocacao invocacoes invocazione invocazioni evocazione evocazioni
summon summons summoning activacion activacao attivazione activation atk def nivel level livello efecto efectos efeito
efeitos effetto effetti effect effects""".split()) | evidence.SITES
"""Nouns of what is done to a card or what it has (folded): a capitalised one, then "de"/"del"/"do"/"of", then a name,
is that card's Summon, activation, ATK, Level or effect, not a longer name ("La Invocación del Dragón Blanco de Ojos
Azules", "Qual o ATK do Dragão Branco de Olhos Azuis?"); and the sites where people show one ("as fotos no Twitter do
Dragão Supremo de Olhos Azuis")."""
PLURAL_CARD_ZIPF = 2.5
"""A capitalised one-word card name in the plural with no plural article or count before it ("de Luminas") is copies of
the card when the word is rarer than this in the text's language."""
_NUMBER_AFTER = re.compile(r" #?(\d{1,2})(?![\w.,]\d)\b")
"""A number of one or two digits right after a name (perhaps with its "#"), no decimal or thousands part after it."""
CUT_LETTERS = 5
"""A run's word shorter than this that begins a name's word is cut short ("Trap Ho"); a longer one is another form of
it ("Pesca del Destino" for Pescata del Destino: ``_closest``)."""
CUT_WORDS = 6
"""How many words before the end of a text a name cut by the end may begin (``_cut_at_end``)."""
CUT_STUB = 3
"""A word cut by the end has this many letters or more ("Drago Orbe Bianc") …"""
CUT_BEFORE = 2
"""… or follows this many whole words of the name ("Guardián de la Pu", "Beta The Magnet W"; not "Dark Ma")."""
FIRST_WORDS_KEYS = 8
"""How many keys that begin with a capitalised run's words are read for the one card they name (``_first_words``)."""
INITIAL_WORDS = 8
"""A capital alone inside a name ("Meteor B Dragon") stands for at most this many different words of the names that go
on so: more, and it is no one name's initial."""
FAN_RUN_SIM = 60.0
"""A capitalised run read as a literal translation (``fanmatch``) needs this similarity (100 × the match's score)."""
EVERYDAY_CAPS = 3.5
"""A run in capitals whose every word is this common (Zipf) in the text's language is ordinary words, not a literal
translation of a name."""
RARE_SERIES_ZIPF = 1.5
"""A capitalised one-word series name rarer than this (Zipf) in the text's language and in English is a made-up word
that names its series wherever it is written (away from a sentence start), with no series context."""
PLURAL_SERIES_ZIPF = 3.6
"""A capitalised one-word series name in the plural ("Gladiadores") is a series when the word is rarer than this."""
_LINKS = ({"de", "del", "de la", "de los", "de las"}, {"do", "da", "dos", "das", "de"},
          {"di", "del", "della", "dello", "delle", "dei", "degli"}, {"of", "of the"})
LINK_WORDS = {w: sorted({v for g in _LINKS if w in g for v in g if " " not in v} - {w}) for g in _LINKS for w in g if " " not in w}
"""A linking word of a name ("di") and those a writer may put in its place ("delle", "della"…), per language group."""
_ARTICLE_AFTER = {"con", "com", "en", "em", "di", "de", "da", "do", "sin", "sem", "senza", "per", "para", "por", "with"}
_INSERTED_ARTICLES = {"el", "la", "los", "las", "o", "a", "os", "as", "il", "lo", "gli", "le", "the", "l"}
"""An article a writer puts in after a preposition of a name ("Contrato com o Exodia", "Contratto con l'Exodia"), a
step of the walk that reads on from the same key. The Italian article elided before a vowel ("l'") is read past with
its apostrophe: the state after it is marked (``_ELIDED``) and goes on only across the apostrophe."""
_ELIDED = "\x01"
COUNT_WORDS = {"par", "pares", "paio", "coppia", "montón", "monton", "monte", "varios", "vários", "varias", "muchos", "muitos",
               "molti", "lot", "couple", "bunch", "docenas", "decenas", "cientos", "miles", "dezenas", "centenas", "milhares",
               "decine", "dozzine", "centinaia", "migliaia", "dozens", "hundreds", "thousands"}
"""Before "de"/"di"/"of": a number of copies follows ("un par de Kuribohs", "milhares de Kuribohs", "a couple of")."""
_RUN_SPLIT = re.compile(r"[ \t]+(?:y|e|and|o|ou|ed|vs\.?|VS|con|com|with)[ \t]+|[ \t]*[,/;][ \t]*")
"""Where a capitalised run is a list of names ("Enviado del Principio y Dragón Emperador…"), or names a card with
another ("el Dandylion con Una Por Uno"; but "Saggio con Occhi di Blu" is one name, tried whole first)."""
_WITH = frozenset({"con", "com", "with"})
"""The words for "with" among ``_RUN_SPLIT``'s."""
CLEAR_ITEM_WORDS = 3
"""A list's item in a capitalised run with names found in it, clear of them, is read alone when it has this many words
or more ("Dragón Emperador del Caos-Envío del Fin"); a shorter one, a pair of words reordered next to a real name
("Colpo di Piuma e Cupa Viverna"), is too weak a sign of a name."""
_ARTICLE_JOINED = frozenset({"dell", "all", "dall", "nell", "sull", "coll"})
"""Italian prepositions joined to the elided article "l'" ("dell'Onesto")."""
_OR_WORD = re.compile(r"[ \t]o[ \t]")
"""The conjunction "o" ("or" in Spanish and Italian) between two words."""
_LISTED_NICKNAMES = ("nickname", "abbreviation", "anime-name", "old-name")
"""Other names of a card that people wrote and the KB or the nickname list records (not those made from its name)."""
_NICKNAME_OF = {"de", "del", "do", "da", "di", "della", "dello", "delle", "dei", "degli", "dell", "of", "des", "du"}
"""The linking words after which a nickname goes on with words of its card's name ("Plumero de Arpía")."""
_RUN_LINKS = {"de", "del", "la", "el", "los", "las", "do", "da", "dos", "das", "di", "della", "dello", "delle", "dei", "degli",
              "of", "the", "e", "y", "and", "en", "em", "in", "il", "lo", "le", "o", "a", "al", "des", "du", "con", "com",
              "with"}
"""Lower-case words that may stand between two capitalised words of one run (as in ``mentions.name_like``)."""
_RUN_OF = {"de", "di", "da", "do", "of", "en", "em", "in", "a", "con", "com", "with"}
_RUN_THE = {"la", "el", "los", "las", "il", "lo", "le", "gli", "i", "the", "o", "a", "os", "as"}
"""A preposition and an article, two words that may stand between two capitalised words of one run ("Reina de los
Insectos")."""
_RUN_ELIDED = {"dell", "dall", "nell", "sull", "all", "l", "d", "un"}
"""Elided Italian linking words that may stand between two capitalised words of one run, an apostrophe after them
("Piuma dell’Arpia"; in capitals, "SCARICO DELL'ANIMA", the linking word is a capitalised word of the run)."""
_EPITHET_DASH = re.compile(r"\s+[-–—]\s+")
"""A dash set off by spaces, between a card name's head and its epithet ("Glorioso Soldato Nero - Emissario
dell'Inizio")."""
RESCUE_MARGIN = 3.0
"""…and every other card's name fits it this many points less (else the run names no card for sure)."""
CAPS_RUN_WORDS = 3
"""A capitalised run written in capitals of more words than this may be a sentence in capitals ("… CAMBIO DE FIDELIDD ESTÁ
PROHIBIDO"): its windows of a few words are tried too (``typos.caps_windows``)."""
COVERED_WORDS = 8
"""The longest capitalised run (in words) read as a name with one word put in (``Translator._covered``) …"""
COVERED_ORDERS = 5
"""… and the most words whose every order is looked up as a name's key."""
RESCUE_SCORE = 90.0
"""A capitalised run that no name was found in is the card whose name it fits with this lookup score or more."""
INFINITIVE = mentions.INFINITIVE
"""The endings of the infinitive: a card's one-word official name so written, in lower case and out of quotes, is the
verb."""
MEMBER_EVERYDAY = 3.5
"""A one-word series-member form ("Rat" for Wind-Up Rat) is never read where it is an everyday word of the text's
language at this Zipf frequency or more ("Dragão" in Portuguese)."""
_NAME_GOES_ON = re.compile(r"\s+(?:de|del|di|da|do|dos|das|della|dei|degli|dagli|of)\s+", re.I)
"""Between a name found and a lower-case phrase: a linking word, across which the name may go on."""
_LINKED_ON = re.compile(r"[ \t]+(?:de|del|da|do|di|della|dello|of)[ \t]+")
"""(A linking word after a name, before the capitalised words of a longer one: ``_judge``.)"""
KB_EVERYDAY = 3.0
"""A KB card's one-word name this frequent (Zipf) or more in the text's language is an everyday word: before more
capitalised words after a linking word it begins a longer name, as a card of the pool's does (``Translator._everyday_kb``)."""
NEARBY_EVERYDAY = 4.0
"""A nickname of two or more words in lower case, each this common (Zipf) in the text's language, is no card for the
card names near it alone (``_nearby``)."""
CONTEXT_CHARS = 300
MEMO_LIMIT = 200_000
"""A translator's memos of walk steps, word starts, key starts and separators are emptied between pieces of text
beyond this many entries."""
"""A lower-case rules term needs another name within this many characters (a rules context)."""


class Span(Record):
    """A recognised name: where it is in the input (character offsets), what it is, and what replaces it; ``why``:
    the evidence, when asked for (report). (A slotted record, not a dataclass: translate's start imports no
    dataclasses.)"""

    __slots__ = ("start", "end", "text", "id", "kind", "replacement", "lang", "variant", "origin", "alternatives", "score",
                 "similarity", "passcodes", "why")

    def __init__(self, start: int, end: int, text: str, id: str, kind: str, replacement: str, lang: str, variant: str,
                 origin: str, alternatives: list | None = None, score: float = 0.0, similarity: float = 100.0,
                 passcodes: tuple = (), why: list | None = None):
        self.start, self.end, self.text, self.id, self.kind, self.replacement = start, end, text, id, kind, replacement
        self.lang, self.variant, self.origin = lang, variant, origin
        self.alternatives = [] if alternatives is None else alternatives
        self.score, self.similarity, self.passcodes, self.why = score, similarity, passcodes, why

    def as_dict(self) -> dict:
        """The JSON shape fixed by DESIGN.md, plus lang, variant, origin, score, similarity, passcodes and alternatives."""
        out = {"start": self.start, "end": self.end, "text": self.text, "id": self.id, "kind": self.kind,
               "replacement": self.replacement, "lang": self.lang, "variant": self.variant, "origin": self.origin,
               "score": round(self.score, 2), "similarity": round(self.similarity, 1)}
        if self.passcodes:
            out["passcodes"] = list(self.passcodes)
        if self.alternatives:
            out["alternatives"] = self.alternatives
        if self.why is not None:
            out["evidence"] = self.why
        return out


_new = object.__new__


class Candidate(Record):
    """A window that fits a name but was not taken (for ``--report``), with its best score."""

    __slots__ = ("start", "end", "text", "id", "score", "similarity", "why")

    def __init__(self, start: int, end: int, text: str, id: str, score: float, similarity: float, why: list | None = None):
        self.start, self.end, self.text, self.id, self.score, self.similarity, self.why = start, end, text, id, score, similarity, why


def _quoted(text: str, start: int, end: int) -> bool:
    return mentions.quoted(text, start, end)


_JOINING_WORDS = frozenset("e y and ou o or ed".split())
"""The words that join the items of a list of Types ("Dragons e Thunders": ``Translator._fan_run``)."""


def _alone_on_line(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is a line of its own: only blanks or a Markdown heading's marks before it on its line
    (``_HEADING_MARK``), only a full stop or a colon and blanks after it (``_LINE_END``)."""
    line = text.rfind("\n", 0, start) + 1
    return (line == start or _HEADING_MARK.fullmatch(text, line, start) is not None) \
        and _LINE_END.match(text, end) is not None


def _series_twin(forms: list, src: str):
    """The form of a window that is a series' official name in the text's language ``src``, if any: a card's nickname
    of the same text ("Ojos Rojos", "Olhos Azuis", "Polvere di Stelle") is that series where nothing says one card
    (``ONE_BEFORE``)."""
    for f in forms:
        if f.entry.kind == "series" and f.variant == "official" and f.lang == src:
            return f
    return None


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


class _SepClasses(dict):
    """separator → ``sep_class`` (or "" for a separator that never joins two words of a name), computed on first use."""

    def __missing__(self, sep: str) -> str:
        out = self[sep] = sep_class(sep) or ""
        return out


_COMBINING = re.compile("[\u0300-\u036f]")


def _card_word(word: str) -> int:
    """1 when a word as written is one of mentions.CARD_WORDS, 0 when not, 2 when it has combining accents."""
    return 2 if _COMBINING.search(word) else int(word.lower() in mentions.CARD_WORDS)


def _hard_rules(form: Form, orig: str, quoted: bool, words: int) -> bool:
    """The rules no evidence overrides: short names, names in capitals, lower-case terms (see the module doc), a name
    whose capitalised first word joined by a hyphen is written in lower case and apart."""
    name = form.text
    if words > 1 and orig[:1].islower() and name[:1].isupper() and "-" in name.split(" ")[0] and "-" not in orig.split(" ")[0]:
        return False  # "Monstruo de Fusión": a lower-case word, then a space, is no name's capitalised first word joined
        # to the next by a hyphen (De-Fusión): written so, it is the sentence's word
    if words == 1:
        if len(fold(orig)) <= 2:
            return name.isupper() and orig == orig.upper() and fold(orig) == fold(name)
    letters = [ch for ch in name if ch.isalpha()]
    if len(letters) > 1 and all(ch.isupper() for ch in letters) and not quoted:  # ATK, MST, BLS
        return all(ch.isupper() for ch in orig if ch.isalpha())
    return True


class Translator:
    """Finds names of language ``src`` (and English card names) in text and renders them in ``dst``."""

    span_class = Span  # the passes of other modules (fanmatch) make their spans with it, without importing this one

    def __init__(self, index: NameIndex, src: str, dst: str, threshold: float | None = None):
        self.index, self.src, self.dst = index, src, dst
        self.threshold = mentions.ACCEPT if threshold is None else threshold
        # one dict for every part: translate key → 1 for a key with forms read here (``_key_places`` finds them in the
        # parts' sorted key lists), 0 for a key that only begins names (the first words of a name); built in C with no
        # tuple a key (the dict of key → place codes it replaces cost about 30 M instructions a start)
        self._wanted = wanted = (1 << LANGS.index(src)) | (1 << LANGS.index("en"))
        parts = index.parts
        self._keep = keep = bytes(1 if b & wanted else 0 for b in range(256))  # a key's language bits → 1 when read here
        # (one dict made from one chain of the prefixes, then updated from one chain of the keys: half the time of a
        # dict made and merged per part and column)
        keys = dict.fromkeys(chain.from_iterable(p.strings(f"t_pre_{lang}") for p in parts for lang in dict.fromkeys((src, "en"))), 0)
        self._read_here = [p._raw("t_langs").translate(keep) for p in parts]  # per part: one byte a key of its sorted
        # list, 1 where the key is read here
        keys.update(zip(chain.from_iterable(compress(p.strings("t_keys"), sel) for p, sel in zip(parts, self._read_here)), repeat(1)))
        self.keys = keys
        self.freq = mentions.Frequencies(index.parts, src)
        self._forms_cache: dict = {}
        self._near_cache: dict = {}
        self._vocab: dict = {}  # first letter → self._vocabulary
        self._classes = _SepClasses()  # separator → sep_class, or "" where it never joins two words of a name
        self._judged: dict = {}  # (text, key, typos, context…) → the judgement (a Span's fields), for names written again
        self._has_series: dict = {}
        self._no_word: dict = {}  # folded word → whether it is in no language's word list (_made_up)
        self._short_memo: dict = {}  # (a run, whole) → the card it names short of a word or of a word's end, or None
        self._twin: dict = {}  # (key, forms asked) → the series' form a nickname of it also names, or False (``_series_twin``)
        self._kwords: dict = {}
        self._series_end = -99
        self._present: set = set()  # the series named so far in the text (series names, and series words in card names)
        self._waiting: list = []  # words where a member of a series not (yet) named could begin (``_members``)
        self._ahead: dict = {}  # (translate key, forms asked) → whether it has forms a longer capitalised name rules out (_judge)
        self._archetypes: dict = {}  # a KB archetype's id → its entry as a series (``_as_series``)
        self._has_member: dict = {}  # translate key → whether some of its forms are series-member forms
        self._series_in: dict = {}  # a card name's folded words → the series named in them
        self._closest_memo: dict = {}  # a capitalised run → self._closest
        self._names_memo: dict = {}  # (card id, language, replacement) → its names in lower case (``_closing``)
        self._famous_memo: dict = {}  # (a one-word name as written, its card, language) → the famous card's form (``_famous``)
        self._fanmatch = None  # fanmatch.Matcher, made on first use
        self._run_memo: dict = {}  # (a run, at a sentence start, where the names found in it are) → the names _rescue finds in it
        self._caps: dict = {}  # word as written → whether it begins with a capital (self._runs; filled with self._fold)
        self._sing: dict = {}  # folded word → self._singulars
        self._mixed: set = set()  # the words seen written with a capital after a lower-case letter ("DesMuñeca")
        self._mixed_here = False  # whether the text read last has one
        self._series_words: dict = {}  # folded word → self._series_word
        self._cont: dict = {}  # translate key → whether a longer name begins with it (self._continues)
        self._starts_with: dict = {}  # text → whether some key begins with it (self._begins)
        self._sorted_keys: list | None = None  # the parts' sorted key lists (self._key_lists), read on first use
        self._fold: dict = {}  # word as written → folded
        self._trig: dict = {}  # word as written → self._trigger
        self._opens: dict = {}  # separator → how it opens a sentence (self._sentence_start)
        self._cardw: dict = {}  # word as written → _card_word
        self._cardn: dict = {}  # word as written → 1 where it is, or a piece of it may be, a card word (_card_context)
        self._game_text = True  # whether the text read may be about the card game (evidence.about_the_game)
        self._first: dict = {}  # word as written → self._begin
        self._trans: dict = {}  # (states, separator class, word as written, two words read) → self._step
        self._walks: dict = {}  # word as written → the walk's first node (self._root; the nodes after it: self._grow)
        self._nodes = 0  # how many nodes the walks hold
        self._pairs: dict = {}  # (word, separator, next word, as written) → self._goes_on
        self.rejected: list = []
        self.held: list = []  # (span, reason): card names held back for want of evidence (evidence.review)

    def _forms(self, tk: str) -> list[Form]:
        """The forms with translate key ``tk`` that may be recognised in a text of ``src``."""
        out = self._forms_cache.get(tk)
        if out is None:
            out = []
            for p, ki in self._key_places(tk):
                off = p.ints("t_off")
                for fi in p.ints("t_forms")[off[ki]:off[ki + 1]]:
                    if not p.visible(fi) or p.code("f_lang", fi) not in (self.src, "en"):
                        continue  # (a form in a third language is never read here: it is not built)
                    f = p.form(fi)
                    if f.entry.card_type == "archetype" and f.entry.kind == "card":
                        f = self._as_series(f)  # an archetype the KB describes (Gladiator Beast) is a series in text
                    if f.entry.kind in ("card", "term", "series") and (
                            f.lang == self.src or (f.lang == "en" and (f.entry.kind == "card" or (
                                f.entry.kind == "series" and f.variant != "video-game") or (
                                f.entry.kind == "term" and f.variant == "community")))):
                        out.append(f)  # (an English name of a card of the video games only, "Mon Larvas", is read
                        # as the text's own: Forbidden Memories' cards, never printed, have no other name; the
                        # players' English words for a rule, "floodgate", "SEGOC", are written untranslated everywhere)
            if any(f.entry.kind == "term" for f in out):
                out = [f for f in out if not (f.entry.kind == "card" and f.variant in CAPITAL_ONLY)]  # a word of the
                # rules is not the automatic short form of a card that begins with it ("Floodgate", Floodgate Trap Hole)
            self._forms_cache[tk] = out
        return out

    def _as_series(self, f: Form) -> Form:
        """Form ``f`` of a KB card entry that is an archetype (``card_type: archetype``) as the form of a series of the
        same id and names, one such entry for each KB entry."""
        e = f.entry
        s = self._archetypes.get(e.id)
        if s is None:
            s = self._archetypes[e.id] = Named(e.id, "series", e.names, e.origin, e.passcodes, e.card_type, e.concept,
                                               e.prominence)
        return Form(f.text, f.lang, f.variant, s, f.source, f.yields)

    def _key_places(self, tk: str) -> list:
        """(part, key index) of every part that has the translate key ``tk`` read here (none for a first-words key), in
        the parts' order: a bisection in each part's sorted key list."""
        if not self.keys[tk]:
            return []
        out = []
        for p, sel in zip(self.index.parts, self._read_here):
            lst = p.strings("t_keys")
            ki = bisect_left(lst, tk)
            if ki < len(lst) and lst[ki] == tk and sel[ki]:
                out.append((p, ki))
        return out

    def _continues(self, key: str) -> bool:
        """Whether some name goes on after the words of translate key ``key`` (a longer key begins with it and a
        separator). The parts' key lists are sorted: the keys that begin with ``key`` follow it."""
        cut = len(key)
        for lst in self._key_lists():
            j = bisect_right(lst, key)
            while j < len(lst) and lst[j].startswith(key):
                if not lst[j][cut].isalnum():
                    return True
                j += 1
        return False

    def _key_lists(self) -> list:
        """The parts' sorted lists of translate keys (of every language), read once. A part's lists of first words
        (``t_pre_*``) hold only beginnings of its keys, so what begins one of them begins a key too: they are not read
        (half the bisections of ``_begins`` and ``_continues``)."""
        lists = self._sorted_keys
        if lists is None:
            lists = []
            for p in self.index.parts:
                try:
                    lists.append(p.strings("t_keys"))
                except KeyError:
                    continue
            self._sorted_keys = lists
        return lists

    def _begins(self, start: str) -> bool:
        """Whether some key may begin with ``start`` (a bisect in the parts' sorted key lists, once per string): where
        none does, no word one typo away can go on a name, and the typo search is skipped."""
        out = self._starts_with.get(start)
        if out is None:
            out = False
            for lst in self._key_lists():
                j = bisect_left(lst, start)
                if j < len(lst) and lst[j].startswith(start):
                    out = True
                    break
            self._starts_with[start] = out
        return out

    def _initialled(self, start: str) -> tuple:
        """The words of two letters or more that follow ``start`` less its last letter in the keys that begin with
        ``start`` ("meteor b" → "black"), at most INITIAL_WORDS of them, each key's next word once (a bisection in the
        sorted key lists): the words a capital alone may stand for there. Kept per ``start``."""
        out = self._starts_with.get(("initial", start))
        if out is None:
            got = {}
            at = len(start) - 1
            for lst in self._key_lists():
                j = bisect_left(lst, start)
                while j < len(lst) and lst[j].startswith(start) and len(got) < INITIAL_WORDS:
                    m = TOKEN.match(lst[j], at)
                    if m is not None and len(m.group()) > 1:
                        got[m.group()] = None
                    j += 1
            out = self._starts_with[("initial", start)] = tuple(got)
        return out

    def _vocabulary(self, first: str) -> dict:
        """The words (four letters or more) of the keys read here that begin with the letter ``first``, by length: the
        few a typo can stand for. From each part's sorted word list and the languages of its words (``z_mask``),
        one letter at a time, when a typo is first looked for."""
        out = self._vocab.get(first)
        if out is None:
            found: set = set()
            for p in self.index.parts:
                try:
                    words, mask = p.strings("z_words"), p._raw("z_mask")
                except KeyError:
                    continue
                lo, hi = bisect_left(words, first), bisect_left(words, chr(ord(first) + 1))
                found.update(compress(words[lo:hi], mask[lo:hi].translate(self._keep)))
            # by length, each sorted (a stable sort by length of the sorted words), in C
            out = self._vocab[first] = {n: list(g) for n, g in groupby(sorted(sorted(found), key=len), key=len) if n >= 4}
        return out

    def _near(self, w: str) -> list:
        """Name words one typo away from the folded text word ``w`` (none for short words): one letter changed, added or
        dropped, two letters swapped, "ph" written for "f" or the other way ("Slipher"), or, in a word of ``NEAR_LONG``
        letters or more, two of those ("Imperamenza" for Impermanenza)."""
        out = self._near_cache.get(w)
        if out is not None:
            return out
        out = []
        if len(w) >= 5 and not w.isdigit():
            vocab = self._vocabulary(w[0])
            from rapidfuzz.distance import Levenshtein
            from rapidfuzz.process import extract
            for n in (len(w) - 1, len(w), len(w) + 1):
                cands = vocab.get(n)
                if cands:
                    out += [v for v, d, _ in extract(w, cands, scorer=Levenshtein.distance, score_cutoff=2, limit=6)
                            if 0 < d <= 1 or (d == 2 and (
                                (n == len(w) and sorted(v) == sorted(w))  # two letters swapped
                                or w.replace("ph", "f") == v.replace("ph", "f")  # "ph" for "f": "Slipher"
                                or len(w) >= NEAR_LONG))]
            if w[0] == "f":  # "Falanx" for Phalanx: a name word under another first letter
                v = "ph" + w[1:]
                if v in self._vocabulary("p").get(len(v), ()):
                    out.append(v)
            out = out[:6]
        self._near_cache[w] = out
        return out

    def _singulars(self, w: str) -> list[str]:
        """The words a folded plural may stand for: without -s or -es; -ies → -y (an English plural); in Portuguese
        -ões/-ães → -ão, -ais → -al, -éis → -el, -ns → -m; in Spanish -ces → -z; in Spanish and Portuguese -as → -o (a
        feminine plural); in Italian -i/-e → -o/-a/-e, -chi/-ghi → -ca/-co, -ga/-go."""
        out = self._sing.get(w)
        if out is None:
            out = []
            if w[-1:] == "s":
                out += [w[:-1]] + ([w[:-2]] if w.endswith("es") else [])
                if w.endswith("ies") and len(w) > 4:
                    out.append(w[:-3] + "y")  # an English name in its English plural: "Harpie Ladies" for Harpie Lady
                if self.src == "pt":
                    out += [w[:-3] + x for end, x in (("oes", "ao"), ("aes", "ao"), ("ais", "al"), ("eis", "el")) if w.endswith(end)]
                    out += [w[:-2] + "m"] if w.endswith("ns") else []
                elif self.src == "es" and w.endswith("ces"):
                    out.append(w[:-3] + "z")
                if self.src in ("es", "pt") and w.endswith("as"):
                    out.append(w[:-2] + "o")  # a feminine plural of a masculine name: "Honestas" for Honesto
            elif self.src == "it" and w[-1:] in ("i", "e"):
                out += [w[:-1] + "e", w[:-1] + "o", w[:-1] + "a"]
                if w.endswith(("chi", "ghi")):
                    out += [w[:-2] + "a", w[:-2] + "o"]
            out = self._sing[w] = [x for x in dict.fromkeys(out) if len(x) > 1 and x != w]  # (no word is its own plural)
        return out

    def _series_word(self, w: str) -> bool:
        """Whether the folded word ``w`` (or its singular) is a one-word series name in this language or English."""
        out = self._series_words.get(w)
        if out is None:
            out = any(f.entry.kind == "series" for tk in (w, *self._singulars(w)) if self.keys.get(tk) for f in self._forms(tk))
            self._series_words[w] = out
        return out

    def _trigger(self, r: str, w: str) -> int:
        """Whether the word ``r`` (folded: ``w``) may begin a name: 1 yes, 2 only after a plural article (a
        lower-case word in -s), 3 (written in lower case) or 4 (with a capital) when it only begins names and the
        next word decides, 5 (a rare word in lower case) as a misspelt first word where the next word is a name word,
        0 never. Decided once per distinct word, so the pass over a text is in C."""
        hit = self.keys.get(w)
        if hit is not None:
            if hit and not r[:1].isupper() and all(f.variant in CAPITAL_ONLY for f in self._forms(w)) \
                    and not self._made_up_short(w):
                hit = 0  # in lower case the word is none of its names (automatic short forms, series members)
                if not self._continues(w):
                    return 2 if w[-1:] == "s" else 0
            return 1 if hit else 4 if r[:1].isupper() else 3
        if not r[:1].isupper():  # a lower-case word: a plural, or a typo of a longer name's first word
            if len(w) >= FIRST_TYPO_LOWER and w not in self.freq.common:
                return 5
            return 2 if w[-1:] == "s" else 0
        if (len(w) < FIRST_TYPO_UP or w in self.freq.common) and w[-1:] not in "sie":
            return 0  # (a capitalised word may be a typo of a name's first word, or a plural)
        return 1

    def spans(self, text: str, report: bool = False) -> list[Span]:
        """Every recognised name in ``text``, left to right, longest first, never overlapping.

        With ``report``, the windows that fit a name but did not score enough are kept in ``self.rejected``.
        The cyclic garbage collector is paused meanwhile: the pass makes many small objects and no cycles, and
        each collection would walk the whole index (about a tenth of the time).

        A text with Windows line ends ("\\r\\n") is read as the same text with "\\n" alone (the rules that look at
        lines, blocks of code, headings and lists know that one), and its places given back in the text as it is.
        """
        if "\r\n" in text:
            flat = text.replace("\r\n", "\n")
            out = self.spans(flat, report)
            at = [m.start() - k for k, m in enumerate(_CRLF.finditer(text))]  # (where each "\n" stands in ``flat``)
            for x in (*out, *self.rejected, *(h for h, _ in self.held)):
                x.start, x.end = x.start + bisect_right(at, x.start), x.end + bisect_left(at, x.end)
                x.text = text[x.start:x.end]
            return out
        enabled = gc.isenabled()
        gc.disable()
        try:
            out = self._spans(text, report)
            glued = self._glued(text, self._mixed.intersection(self._distinct)) if self._mixed_here else ()
            if not glued:
                return out
            # words run together where a page lost what stood between them ("Gobernante Oscuro Ha DesMuñeca Malvada…",
            # "doDragon"): read apart, the places given back in the text as it is
            places = [g for g, _ in glued]
            spaced = "".join(text[a:b] + sep for a, (b, sep) in zip((0, *places), glued)) + text[places[-1]:]
            # (a semicolon, not a space, between two words that belong to no one name: "GerniaEspíritu Oscuro…" is two;
            # not a line break, which would change what is a block of code. A space inside one name: "DrollLockBird")
            out = self._spans(spaced, report)
            put = list(accumulate(len(sep) for _, sep in glued))  # (the characters put back up to each place, and it)
            at = [g + n - len(sep) for (g, sep), n in zip(glued, put)]  # (where each stands in the spaced text)
            for x in (*out, *self.rejected, *(h for h, _ in self.held)):
                x.start, x.end = _unspaced(at, put, x.start), _unspaced(at, put, x.end)
                x.text = text[x.start:x.end]
            return out
        finally:
            if enabled:
                gc.enable()

    def _glued(self, text: str, mixed: set) -> list:
        """The places of ``text`` where two words run together and what stood between them is missing, in order, each
        with what to read there: in a word of ``mixed`` (the text's words with a capital after a
        lower-case letter), a lower-case letter, then a capitalised word that begins a name of two words or more the
        text goes on with, after a function word or a capitalised word ("doDragon Buster…", "GerniaEspíritu Oscuro…"),
        inside a word that begins no name as it is ("DoSolfachord Cutia" is one), read apart ("; "); every such place
        of a word that, so cut, is inside a name written with words of its line around it ("Abyss ActorWild Hope"), read
        as one name (" "); and a deck list's count of copies run into the name after it ("3xEffect Veiler",
        ``_GLUED_COUNT``), read as a count (" "). Each such word is found by ``str.find`` (a scan of the whole text for
        a small letter and a capital costs about 1.5 % of a translation)."""
        out = []
        for word in mixed:
            count = _GLUED_COUNT.match(word)
            cuts = [k for k in range(1, len(word) - 1) if word[k].isupper() and word[k - 1].islower() and word[k + 1].islower()]
            whole = fold_word(word)
            if not count and (not cuts or whole in self.keys):
                continue  # (a capitalised word must follow, not "LaDD"; a word that is a name's start as it is:
                # "DoSolfachord Cutia")
            a = text.find(word)
            while a >= 0:
                b = a + len(word)
                if (a and text[a - 1].isalnum()) or (b < len(text) and text[b].isalnum()):
                    a = text.find(word, a + 1)
                    continue  # (inside a longer word)
                if count:
                    out.append((a + count.end(), " "))
                    a = text.find(word, b)
                    continue
                if self._whole_card(text, a, b, word, cuts):
                    out += [(a + k, " ") for k in cuts]
                    a = text.find(word, b)
                    continue
                nxt = _NEXT_WORD.match(text, b)
                goes_on = nxt is not None and (nxt.group(1)[:1].isupper() or nxt.group(1)[:1].isdigit()
                                               or nxt.group(1) in LINK_WORDS)
                for k in cuts:  # (a name goes on with a capitalised word, a number ("DestinoNumero 88: …") or a
                    # linking word)
                    left, right = fold_word(word[:k]), fold_word(word[k:])
                    if len(right) < 2:
                        continue
                    if goes_on and (left in mentions.ALL_FUNCTION or word[:1].isupper()) \
                            and (right + " " + fold_word(nxt.group(1))) in self.keys:  # (the keys hold every
                        out.append((a + k, "; "))  # name's first words); a one-word name glued to a capitalised
                        # word is an identifier's ("EfectoFisura :")
                    elif self._ends_name(text, a, left):
                        out.append((a + k, "; "))  # a name of two words or more ends where the next word begins,
                        # glued: "Gearfried the Iron KnightGearfried possui", a heading run into its paragraph
                a = text.find(word, b)
        return sorted(out)

    def _ends_name(self, text: str, a: int, left: str) -> bool:
        """Whether the words before ``a`` on its line (one space apart, up to GLUE_BACK of them) and ``left``, the
        folded start of the word at ``a``, are a name of two words or more ("Gearfried the Iron" and "Knight")."""
        key = left
        for w in reversed(_words_before(text, a)):
            key = fold_word(w) + " " + key
            if self.keys.get(key) == 1:
                return True
        return False

    def _whole_card(self, text: str, a: int, b: int, word: str, cuts: list) -> bool:
        """Whether the word at ``a``–``b``, with a space put back at each of its ``cuts``, is inside a name of the
        keys with words of its line around it, one space apart (up to GLUE_BACK before it, GLUE_AHEAD after it): "Abyss
        ActorWild Hope(Scale: 2)" is Abyss Actor - Wild Hope. (Alone, such a word is a name of code, "DarkMagician":
        ``mentions.CAMEL``.)"""
        back = list(map(fold_word, _words_before(text, a)))
        parts = [fold_word(word[i:j]) for i, j in zip((0, *cuts), (*cuts, len(word)))]
        ahead, at = [], b
        while len(ahead) < GLUE_AHEAD:
            m = _NEXT_WORD.match(text, at)  # (spaces or tabs, no line break: the name's line)
            if m is None or m.start(1) != at + 1:
                break
            ahead.append(fold_word(m.group(1)))
            at = m.end()
        if not back and not ahead:
            return False
        words = back + parts + ahead
        keys = self.keys
        last = len(back) + len(parts)  # (a window ends at the last part or after it)
        for first in range(len(back) + 1):  # (a window begins at the first part or before it)
            key = ""
            for k in range(first, len(words)):
                key = key + " " + words[k] if key else words[k]
                hit = keys.get(key)
                if hit is None:
                    break  # (the keys hold every name's first words: no name goes on so)
                if hit == 1 and k + 1 >= last and (first < len(back) or k + 1 > last):
                    return True
        return False

    def _spans(self, text: str, report: bool) -> list[Span]:
        self.rejected, self.held = [], []
        for memo in (self._trans, self._first, self._starts_with, self._opens, self._classes, self._pairs, self._judged,
                     self._closest_memo, self._short_memo, self._run_memo, self._names_memo, self._famous_memo):
            if len(memo) > MEMO_LIMIT:  # bounded memory on long streams of varied text (a piece adds at most ~100,000)
                memo.clear()
        if self._nodes > MEMO_LIMIT or len(self._walks) > MEMO_LIMIT:
            self._walks.clear()
            self._nodes = 0
        # one pass in C over the text: the words and the separators between them, their offsets by running sums
        parts = _SPLIT.split(text)
        bounds = list(accumulate(map(len, parts)))
        self._t = text
        self._underscore = "_" in text  # (else no window is part of an identifier: _judge need not look)
        self._raw = raw = parts[1::2]
        self._seps = seps = parts[0::2]
        n = len(raw)
        self._starts = starts = bounds[0:2 * n:2]
        self._ends = ends = bounds[1::2]
        fw, trig = self._fold, self._trig
        self._distinct = distinct = set(raw)  # the distinct words as written (discourse.words_of folds these)
        new = distinct.difference(fw)
        if new:
            if len(fw) > 400_000:  # bounded memory on long streams of varied text
                fw.clear()
                trig.clear()
                self._cardw.clear()
                self._cardn.clear()
                self._caps.clear()
                self._opens.clear()
                self._classes.clear()
                self._starts_with.clear()
                self._first.clear()
                self._trans.clear()
                self._walks.clear()
                self._nodes = 0
                self._pairs.clear()
                self._mixed.clear()
                new = set(raw)
            cw, caps, cn, mixed = self._cardw, self._caps, self._cardn, self._mixed
            for r in new:
                if not (r.islower() or r.istitle() or r.isupper()):
                    mixed.add(r)  # (a capital after a lower-case letter: where two words may have run together)
                caps[r] = r[:1].isupper()
                fw[r] = w = fold_word(r)
                t = self._trigger(r, w)
                trig[r] = t if t > 2 or not t or self._finds(r, w) else 0  # (where _at finds nothing, it is never asked)
                cw[r] = c = _card_word(r)
                cn[r] = 1 if c or mentions.CARDISH.search(r.lower()) else 0
        self._mixed_here = bool(self._mixed) and not self._mixed.isdisjoint(distinct)
        self._words = words = list(map(fw.__getitem__, raw))
        self._game_text = evidence.about_the_game(self, text)  # (else only words of the card game say "card": _judge)
        self._cls = clss = list(map(self._classes.__getitem__, seps))  # the separator class before each word
        self._report = report
        self._blocked = blocked = [False] * n
        self._blocked_at = protected = []  # (first, last + 1) of the protected words, for _runs
        for a, b in mentions.protected(text):
            protected.append((bisect_right(ends, a), bisect_left(starts, b)))
            for k in range(*protected[-1]):
                blocked[k] = True
        keys, out, pending = self.keys, [], []
        self._found = out  # the names found so far, in order (_listed_plural reads the one before a word)
        self._name_ends = last_words = set()  # the last word of each name the scan found (where _tail stops)
        self._now = (text, starts, ends, raw, words, keys, blocked, n, clss)  # what _at reads, in one attribute
        self._series_end = -99  # where the last series name found ends ("Sky Striker e Labrinto": the next is one too)
        self._present, self._waiting = set(), []
        articles = ARTICLES.get(self.src, ())
        pairs = self._pairs
        at = 0  # the first word not inside a name found already
        kinds = list(map(trig.__getitem__, raw))
        for i in compress(range(n), kinds):  # the few words that may begin a name
            if i < at:
                continue
            t = kinds[i]
            if t == 2:
                if not (i and words[i - 1] in PLURAL_BEFORE):
                    continue  # a lower-case word in -s begins a name in the plural only after a plural article
            elif t != 1 and i + 1 < n:  # begins names only: does the next word go on? (once per distinct pair, and only
                # where it is asked: a pair inside a name found is never weighed)
                pk = (raw[i], seps[i + 1], raw[i + 1])
                ok = pairs.get(pk)
                if ok is None:
                    ok = pairs[pk] = self._goes_on(t, words[i], clss[i + 1], words[i + 1], raw[i + 1]) \
                        and self._finds(raw[i], words[i], clss[i + 1], raw[i + 1], words[i + 1])
                if not ok:
                    continue
            if blocked[i]:
                continue
            got = self._at(i)
            if got[0] is None:
                if got[1] is not None:
                    pending.append(got[1])
                continue
            span, size = got
            if words[i] in articles and raw[i][:1].islower() and i + 1 < n:
                # "los Magos Oscuros": the lower-case article may be just an article; the name may start after it
                alt = self._at(i + 1)
                if alt[0] is not None and alt[0].score > span.score and alt[1] >= size - 1:
                    i += 1
                    span, size = alt
            out.append(span)
            at = i + size
            last_words.add(at - 1)
            if span.kind == "series":
                self._series_end = span.end
                self._present.add(span.id)
            elif span.kind == "card":
                self._present.update(self._named_series(words, i, size))
        if self._waiting:
            discourse.member_series(self, out)  # (a member found by a nickname names its series too)
            out = self._members(out)
        if pending:
            out = self._nearby(text, out, pending)
        out = typos.find(self, text, fanmatch.loose(self, text, self._rescue(text, self._cut_at_end(text, out))), Span)
        # (a name the text's end cuts; one-word misspellings)
        out = pieces.find(self, text, evidence.review(self, text, evidence.list_lines(self, text, out, Span), Span), Span)
        out = variants.find(self, text, plurals.find(self, text, out, Span, PLURAL_BEFORE), Span)  # (a whole name in the
        # plural, in lower case; a name written without its quotes, its epithet's comma and article, its "&")
        out = discourse.find(self, text, commas.find(self, text, out, Span), Span)  # (a name read across a comma lends words)
        out = numbers.written(self, text, numbers.find(self, text, out, Span), Span)
        out = evidence.joined(self, text, numbers.spelled(self, text, out, Span), Span)  # (a name quoted after its head)
        if self.src == "it":
            out = self._elided(text, out)  # ("dell'Onesto": L'Onesto after a preposition that took in its article)
        out = lists.find(self, text, out, Span)  # (the items of a "+" list: cards by a shortened name)
        out = lists.find_joined(self, text, out, Span)  # (lists joined otherwise: "/", "VS", commas, lines)
        out = glosses.find(self, text, out, Span)  # (a name beside the card's English one: "Uniti Vinceremo | United We
        # Stand")
        out = epithets.find(self, text, out, Span)  # (a head and an epithet of the writer's: "Redox, the Rigid Suppressor
        # Dragon")
        out = prefixed.find(self, text, out, Span)  # (a series, a dash and a member's head: "Blackwing - Shura")
        out = abbreviated.find(self, text, out, Span)  # (a series' abbreviation and a member's head: "AOJ Catastor")
        out = _closing(self.index, text, self._numbered(text, self._context(text, out)), self._names_memo)
        out = prefixed.spaced(self, text, out, Span)  # (a series and a member found after it, where _closing has not
        # joined them: "Aliado de la Justicia Catastor")
        out = _terms_outside_names(text, _outside_code(text, out))
        out = evidence.run_on(self, text, out)  # ("Mago Oscuro del Caos Renacido": a longer name the pool lacks)
        out = self._famous(out)  # ("Tifone": Mystical Space Typhoon, not the rare Typhoon)
        if self.held:  # a name held back that a later reading took into a longer name ("Catastor" in "AOJ Catastor")
            # is no name left unresolved
            starts = list(map(_start_of, out))  # (the spans are in order and apart: the one that may hold it begins last
            # at or before it)
            self.held = [(h, why) for h, why in self.held
                         if (k := bisect_right(starts, h.start) - 1) < 0 or out[k].end < h.end]
        why = evidence.elsewhere(self, text, out)
        if why is not None:  # a text about something else (another card game, a video game, a garden): the names of
            # this game's cards in it are that thing's (held back, to report)
            self.held += [(s, why) for s in out if s.kind in ("card", "series")]
            out = [s for s in out if s.kind not in ("card", "series")]
        return out

    def _famous(self, out: list) -> list:
        """``out`` with each card found by its official one-word name (or that name in the plural) made the far more
        printed card whose name begins with that word (``partial.famous_head``): "Tifone" is Mystical Space Typhoon, as
        players wrote it before Typhoon was printed; and each found by its English name of one or two words, the far
        more printed card whose English name ends with it (``partial.famous_tail``): "Typhoon", "Sky Dragon"."""
        memo = self._famous_memo
        for s in out:
            if s.kind != "card" or s.variant not in ("official", "english") or "-" in s.text or (
                    " " in s.text and (s.lang != "en" or s.text.count(" ") > 1)):
                continue
            k = (s.text, s.id, s.lang)
            got = memo.get(k, 0)
            if got == 0:
                got = memo[k] = self._famous_of(s)
            if got is not None:
                e = got.entry
                s.id, s.variant, s.passcodes, s.alternatives = e.id, "short-form", e.passcodes, []
                s.replacement = discourse._case(e.name(self.dst) or s.text, s.text)
        return out

    def _famous_of(self, s):
        """The famous card's form for span ``s`` (``_famous``), or None."""
        key = normalize(s.text)
        for k in [key] + singular_keys(key):
            for f in self.index.forms_for_key(k, s.lang):
                if f.entry.id == s.id and f.variant == "official":
                    got = partial.famous_head(self.index, k, s.lang, f.entry)  # (None for a key of two words)
                    if got is None and s.lang == "en":
                        got = partial.famous_tail(self.index, k, "en", f.entry)  # ("Typhoon": Mystical Space Typhoon)
                    return got
        return None

    def _elided(self, text: str, out: list) -> list:
        """``out`` with each Italian card name of the form "L'X" read where a preposition joined to the article takes
        its place ("l'effetto dell'Onesto", "grazie all'Onesto": L'Onesto, Honest): the capitalised word after "dell'",
        "all'", "dall'", "nell'", "sull'" or "coll'" is the card whose official name is "L'" and that word, where no name
        found covers it. The span is the word alone; the preposition stays the sentence's."""
        present = discourse.words_of(self)
        if present.isdisjoint(_ARTICLE_JOINED):
            return out
        words, raw, seps, starts, ends = self._words, self._raw, self._seps, self._starts, self._ends
        begins = list(map(_start_of, out))
        add = []
        for k in discourse.positions_of(self, _ARTICLE_JOINED):
            w = k + 1
            if w >= len(words) or seps[w] not in ("'", "\u2019") or not raw[w][:1].isupper() or self._blocked[w]:
                continue
            key = "l'" + words[w]
            if not self.keys.get(key):
                continue
            forms = [f for f in self._forms(key) if f.entry.kind == "card" and f.variant == "official" and f.lang == self.src]
            if len({f.entry.id for f in forms}) != 1:
                continue
            a, b = starts[w], ends[w]
            p = bisect_right(begins, a)
            if (p and out[p - 1].end > a) or (p < len(out) and out[p].start < b):
                continue  # (a name found covers it: a longer name)
            e = forms[0].entry
            add.append(Span(a, b, text[a:b], e.id, "card", e.name(self.dst) or text[a:b], self.src, "no-article", e.origin,
                            [], self.threshold, 100.0, e.passcodes))
        return sorted(out + add, key=_start_of) if add else out

    def _rescue(self, text: str, out: list) -> list:
        """The runs of capitalised words (``_runs``) that no name was found in, each whole and each name of it alone
        where it is a list ("… y …", commas, slashes): a run that fits one card's name closely (a misspelt or reordered
        name, a small word changed) is that card (``_closest``). A run that begins with a name found and goes on is
        tried whole, and wins over the names found in it when it fits."""
        starts, ends = list(map(_start_of, out)), list(map(_end_of, out))  # (``out`` is in the text's order)
        add, drop = [], set()
        ctx = None  # where the text speaks of cards (``evidence._Context``), read for a name short of a word only
        memo = self._run_memo
        wstarts, wends = self._starts, self._ends
        k, last = 0, len(starts)  # (the runs are in the text's order, apart: bisect_left by steps from the last run's)
        for w0, w1 in self._runs():
            a0, b0 = wstarts[w0], wends[w1]
            while k < last and starts[k] < a0:
                k += 1
            if k and ends[k - 1] > a0:
                continue  # the run begins inside a name found already
            k1 = k  # the names found in the run: k … k1 - 1
            while k1 < last and starts[k1] < b0:
                k1 += 1
            if k1 > k and ends[k1 - 1] > b0:
                continue  # a name found goes on after the run
            if k1 == k + 1 and starts[k] == a0 and ends[k] == b0:
                continue  # the run is one name found, whole: nothing covers it but itself (_run_names finds nothing)
            inner = list(range(k, k1))
            opens = self._sentence_start(w0)
            # the same run written again, with the names found in the same places: the same names (what _run_names reads
            # is the run's text, whether it opens a sentence, and where in it the names found are)
            mkey = (text[a0:b0], opens, tuple([(out[j].start - a0, out[j].end - a0) for j in inner]) if inner else ())
            got = memo.get(mkey)
            if got is None:
                found = self._run_names(text, w0, a0, b0, opens, inner, out)
                memo[mkey] = tuple((a - a0, b - a0, best, short) for a, b, best, short in found)
            else:
                found = [(a0 + a, a0 + b, best, short) for a, b, best, short in got]
            for a, b, (e, lang, sim), short in found:
                span = Span(a, b, text[a:b], e.id, "card", e.name(self.dst) or text[a:b], lang, "approximate", e.origin, [],
                            self.threshold, sim, e.passcodes)
                if short:  # a name short of a word or of a word's end: the card only where the text speaks of cards
                    if ctx is None:
                        ctx = evidence._Context(self, text, out)
                    if not ctx.has(-1, span, bisect_left(wstarts, a)):
                        continue
                add.append(span)
                drop.update(j for j in inner if a <= out[j].start and out[j].end <= b)
        if not add:
            return out
        return sorted([s for j, s in enumerate(out) if j not in drop] + add, key=_start_of)

    def _run_names(self, text: str, w0: int, a0: int, b0: int, opens: bool, inner: list, out: list) -> list:
        """(start, end, (entry, language, similarity), short) of the names a capitalised run (words from ``w0``, text
        ``a0:b0``) stands for (``short``: read as a name short of a word or of a word's end, a card only where the text
        speaks of cards, ``evidence._Context``): the whole run, the run without its first word at a sentence start, and
        each name of a list; where names were found inside it (``inner``), only the whole run that covers them, the
        pieces that cover them, and the pieces clear of them after "con" or of ``CLEAR_ITEM_WORDS`` words or more."""
        whole = [(a0, b0)]
        cut = -1  # where the run without its first word begins
        if opens:  # "Saiu Essa Torre…": a capital at a sentence start proves nothing
            w1 = w0 + 1
            while w1 < len(self._starts) and self._words[w1] in _RUN_LINKS:
                w1 += 1
            if w1 < len(self._starts) and self._starts[w1] < b0:
                cut = self._starts[w1]
                whole.append((cut, b0))
        heads, pieces = [a for a, _ in whole], []  # the first name of a list: from the run's start, else without its first word
        joined = set()  # the pieces after "con"/"com"/"with": a card played with another, a run of their own
        for m in _RUN_SPLIT.finditer(text, a0, b0):  # a list of names: each one alone too
            pieces += [(h, m.start()) for h in heads if h < m.start()]
            pieces.append((m.end(), b0))
            if m.group().strip() in _WITH:
                joined.add(m.end())
            heads = [m.end()]
        if inner:  # names found in it: the run is one longer name as a whole ("Gorz, Emissary of Darkness"), or a name
            # of a list that goes on around a name found in it ("…, Drago Oscuro Metallico Occhi Rossi e …")
            whole = [(a, b) for a, b in whole if (a == out[inner[0]].start and b > out[inner[-1]].end)
                     or (len(inner) == 1 and a < out[inner[0]].start and b == out[inner[0]].end
                         and (not opens or _ends_item(text, b0))
                         and fold_word(TOKEN.search(text, a).group()) not in mentions.ALL_FUNCTION)]
            # (or capitalised words before the one name found, which end there, not an article, nor a sentence's first
            # word unless the run ends its line, a list's item, but for a count of copies: "Poderoso Ryu-Kishin", a
            # literal translation of Ryu-Kishin Powered, is no Ryu-Kishin after another word)
            spans = [(out[j].start, out[j].end) for j in inner]
            pieces = [(a, b) for a, b in pieces if (any(a <= x and y <= b and (a, b) != (x, y) for x, y in spans)
                      and not any(a < y and x < b and not (a <= x and y <= b) for x, y in spans))
                      or ((a in joined or len(TOKEN.findall(text, a, b)) >= CLEAR_ITEM_WORDS)
                          and not any(a < y and x < b for x, y in spans))]
            # (or a piece clear of them after "con": "el Dandylion con Una Por Uno"; or a list's long item clear of
            # them, beside one the scan read in part: "Soldado de Lustre Negro – Enviado del Principio y Dragón
            # Emperador del Caos-Envío del Fin"; a list's short items are left as the list left them)
        whole += [p for p in map(self._capital_start, pieces) if p is not None]  # ("com o Os Seis…": from "Os")
        if text[a0:b0].isupper() and CAPS_RUN_WORDS < len(TOKEN.findall(text, a0, b0)):
            whole += typos.caps_windows(text, a0, b0, [(out[j].start, out[j].end) for j in inner])
        found = []
        for a, b in whole:
            if found and found[-1][1] > a:
                continue
            b = _without_tail_link(text, a, b)
            piece = text[a:b]
            if mentions.CAMEL.fullmatch(piece):
                continue  # one word with a capital inside, "MirrorForce" in "import MirrorForce, Cilindro": a name of
                # code (``fanmatch.glued`` reads such a word only as a value)
            pw = normalize(piece).split()
            if not _SUMMON_KINDS.isdisjoint(pw) and all(w in _SUMMON_KINDS or w in mentions.ALL_FUNCTION for w in pw):
                continue  # the game's kinds of monster and Summon, listed ("mostri Numero, Xyz e Pendulum"), are no
                # card's name reordered, misspelt or translated (Pendulum Xyz)
            best = self._closest_memo.get(piece, 0)
            if best == 0:
                best = self._closest_memo[piece] = self._closest(piece) or self._skeleton(piece) or self._fan_run(piece) \
                    or self._nickname_run(piece) or self._first_words(piece) or self._own_epithet(piece)
            short = best is None  # a name short of a word or of a word's end: the card only where the text speaks of
            if short:  # cards (``_rescue`` asks where the run stands)
                whole_run = a != cut  # (not without the run's first word: "Archidemonio Negro de Ojos Rojos" is no
                # Red-Eyes Black Dragon short of a word)
                best = self._short_memo.get((piece, whole_run), 0)
                if best == 0:
                    best = self._short_memo[(piece, whole_run)] = self._shortened(piece) or (
                        self._short_of_one(piece) if whole_run else None)
            if best is None and len(inner) == 1 and out[inner[0]].start == a and out[inner[0]].end < b:
                short = False
                best = self._covered(piece, out[inner[0]].text)  # (a name found goes on in the run: the longest mention)
            if best is None and len(inner) == 1 and out[inner[0]].kind == "series" and a <= out[inner[0]].start \
                    and out[inner[0]].end <= b and (a, b) != (out[inner[0]].start, out[inner[0]].end):
                short = False
                best = self._member_run(piece, out[inner[0]].text)  # ("Cane Flamvell": Flamvell Firedog)
            if best is not None:
                found.append((a, b, best, short))
        return found

    def _capital_start(self, piece: tuple):
        """A run's piece (start, end) from its first capitalised word on (a piece after "com" may open with an article:
        "o Os Seis Samurai Unidos"), or None where it has none."""
        a, b = piece
        for m in TOKEN.finditer(self._t, a, b):
            if m.group()[:1].isupper():
                return m.start(), b
        return None

    def _runs(self) -> list:
        """(first word, last word) of the runs of two or more capitalised words of the text (a linking word, or a
        preposition and an article, may come between two of them; only spaces or one hyphen or dash between the words; never a protected word), from the word
        arrays of ``_spans`` (no regex pass over the text)."""
        raw, words, clss, seps = self._raw, self._words, self._cls, self._seps
        caps = self._caps  # (every word of the text is in it: _spans fills it with the folded forms)
        # Only a capitalised word with another within three words of it can be in a run (a word joins the capitalised
        # word before it only from one, two or three words on): those picked in C, one byte a word in one big integer,
        # shifted a word (8 bits), two or three either way. The loop reads the rest as before: a word it skips would only have
        # ended one run and begun another of one word.
        up = bytearray(map(caps.__getitem__, raw))
        for lo, hi in self._blocked_at:  # (the protected words: no walk over every word)
            for i in range(lo, hi):
                up[i] = 0  # (a protected word is in no run)
        x = int.from_bytes(up, "little")
        near = (x & ((x << 8) | (x << 16) | (x << 24) | (x >> 8) | (x >> 16) | (x >> 24))).to_bytes(len(up) + 3, "little")
        out = []
        run0 = last = -9
        for i in compress(range(len(raw)), near):
            if "\n" in seps[i]:
                pass  # a line break ends a run (a list, one name a line)
            elif ((clss[i] == " " or clss[i] == ",") and (i == last + 1 or (i == last + 2 and clss[i - 1] == " " and words[i - 1] in _RUN_LINKS))) \
                    or (clss[i] == "'" and i == last + 2 and clss[i - 1] == " " and words[i - 1] in _RUN_ELIDED) \
                    or (clss[i] == "'" and i == last + 1 and words[i - 1] in _RUN_ELIDED and raw[i - 1].isupper()) \
                    or (clss[i] == " " and i == last + 3 and clss[i - 1] == " " and clss[i - 2] == " "
                        and words[i - 2] in _RUN_OF and words[i - 1] in _RUN_THE):
                last = i
                continue
            if last > run0:
                out.append((run0, last))
            run0 = last = i
        if last > run0:
            out.append((run0, last))
        return out

    def _closest(self, piece: str):
        """(entry, language, similarity) of the one card whose name in the text's language or English a run fits with a
        ratio or a sorted-words ratio of RESCUE_SCORE or more ("Este Jardim Parece Mais Verde"), or None. The names tried
        share all of the run's words but one (``NameIndex.sharing``), so no fuzzy search is needed; where none does, those
        that share them once its one misspelt word is read as a name word one typo away, in a run of three words or
        fewer (two words shared: "Crneo Convocado", ``typos.respelt_sharing``; a longer run shares enough as it is), or
        once two of its words are read as the one name word they make together ("Tether Wolf")."""
        qk = normalize(piece)
        words = qk.split()
        if not 2 <= len(words) <= 12:
            return None
        cands = self.index.sharing(words) or (typos.respelt_sharing(self, words) if len(words) <= 3 else None)
        if not cands:  # two words that are one name word with a space put in ("Tether Wolf" for Tetherwolf)
            joined = [words[:i] + [words[i] + words[i + 1]] + words[i + 2:] for i in range(len(words) - 1)
                      if _is_name_word(self, words[i] + words[i + 1])]
            cands = self.index.sharing(joined[0]) if len(joined) == 1 else None
        if not cands:
            return None
        from rapidfuzz import fuzz
        scored = sorted(((max(fuzz.ratio(qk, k), fuzz.token_sort_ratio(qk, k)), k, p, ki) for k, p, ki in cands),
                        key=lambda x: -x[0])
        best, second = None, 0.0
        for sim, k, p, ki in scored:
            if sim < RESCUE_SCORE - RESCUE_MARGIN:
                break
            if k == qk:
                return None  # the run is a name as it is: the evidence judged it already (and found it wanting)
            kw = k.split()
            if any(w not in kw and len(w) < CUT_LETTERS and any(x.startswith(w) for x in kw if x not in words) for w in words):
                continue  # a word cut short ("Trap Ho") is no misspelling: the run may be cut, or another name's start
            if not _close_words([w for w in words if w not in kw], [x for x in kw if x not in words] or kw):
                continue
            for f in self.index.key_forms_of(p, ki):
                if f.entry.kind != "card" or f.lang not in (self.src, "en"):
                    continue
                if best is None:
                    best = (f.entry, f.lang, sim)
                elif f.entry is not best[0]:
                    second = max(second, sim)
        if best is None or best[2] < RESCUE_SCORE or second >= best[2] - RESCUE_MARGIN:
            return None
        return best

    def _member_run(self, piece: str, series: str):
        """(entry, language, similarity) of the card a capitalised run names that holds a series' name and other words:
        the one card whose official name in the text's language or English holds every content word of the run, and
        more ("Cane Flamvell" for Flamvell Firedog, Cane di Fuoco Flamvell, its "di Fuoco" left out), where the
        series' name is a made-up word (``RARE_SERIES_ZIPF``), or None. A member of the series written short: the
        series alone is no reading of it. The names are found by the index's word lists (``sharing``: no fuzzy search,
        a run's words as they are)."""
        sw = normalize(series).split()
        words = [w for w in normalize(piece).split() if w not in mentions.ALL_FUNCTION]
        if not any(w not in sw for w in words) or any(self.freq.get(w) >= RARE_SERIES_ZIPF for w in sw):
            return None  # (a series named by an everyday word, "Trevas", says less: "Ritual das Trevas" is no Light and
            # Darkness Ritual)
        got = {}
        for key, p, ki in self.index.sharing(words, miss=0):
            kw = key.split()
            if len(kw) <= len(words) or not all(w in kw for w in words):
                continue  # (a longer name that holds every word of the run)
            for f in self.index.key_forms_of(p, ki):
                if f.entry.kind == "card" and f.variant == "official" and f.lang in (self.src, "en"):
                    got.setdefault(f.entry.id, (f.entry, f.lang, 100.0 * len(words) / len(kw)))
        return next(iter(got.values())) if len(got) == 1 else None

    def _covered(self, piece: str, head: str):
        """(entry, language, similarity) of the one card whose name in the text's language or English, of three words or
        more, has every word of a run but one, and the run's last word: a run that goes on past the name found at its
        start (``head``) with a word of the longer name, the word left out one of the name found's ("Drago Bianco Occhi
        Blu Definitivo" for Drago Definitivo Occhi Blu: the writer put the famous card's "Bianco" in, and the name goes
        on past Blue-Eyes White Dragon; "Dragón Blanco de Ojos Azules Alternativo Definitivo" is the Ultimate, not the
        White, of the two Alternative dragons), or None. The longest mention wins."""
        qk = normalize(piece)
        words = qk.split()
        hw = set(normalize(head).split())
        if not 4 <= len(words) <= COVERED_WORDS or words[-1] in hw:
            return None
        got = {}
        sim = 100.0 * (len(words) - 1) / len(words)
        for x in dict.fromkeys(w for w in words[1:-1] if w in hw and w not in mentions.ALL_FUNCTION):
            k = words.index(x, 1)
            rest = words[:k] + words[k + 1:]
            # the names of the rest's words in any order: in the index's word lists (``sharing`` counts no word common
            # to many names, "drago", "occhi"), and, for a short rest, each order of them as a key
            forms = [f for k2, p, ki in self.index.sharing(rest, miss=0) if sorted(k2.split()) == sorted(rest)
                     for f in self.index.key_forms_of(p, ki)]
            if len(rest) <= COVERED_ORDERS:
                forms += [f for key in map(" ".join, dict.fromkeys(permutations(rest))) if self.keys.get(key)
                          for f in self._forms(key)]
            for f in forms:
                if f.entry.kind == "card" and f.lang in (self.src, "en"):
                    got.setdefault(f.entry.id, (f.entry, f.lang, sim))
        return next(iter(got.values())) if len(got) == 1 else None

    def _skeleton(self, piece: str):
        """(entry, language, similarity) of the one card whose name in the text's language or English has a run's content
        words in its order, each as written or as its singular, where the linking words and articles differ ("Santuário
        de Dragões" for Santuário do Dragão), or None. Content words are those of no language's function words
        (``mentions.ALL_FUNCTION``); two or more of them, and every one in the name."""
        words = normalize(piece).split()
        content = [w for w in words if w not in mentions.ALL_FUNCTION]
        if not 2 <= len(content) <= 6 or words[0] not in content or words[-1] not in content:
            return None  # (an article before the name is the sentence's: "Il Paladino Oscuro")
        options = [[w] + [x for x in self._singulars(w) if x != w] for w in content]
        if len(content) == len(words) and all(len(o) == 1 for o in options):
            return None  # (the same words, none in the plural: _closest has asked already)
        got = None
        qk = " ".join(words)
        for k, p, ki in partial.skeleton_keys(self.index, content, options):
            if k == qk:
                return None  # the run is a name as it is: the evidence judged it already (and found it wanting)
            if k.rsplit(" ", 1)[-1] not in options[-1]:
                continue  # a name ends with a word of its own, which the run must end with: "Draghi Ieratici" is no
                # Drago Ieratico di Su (whose "Su" looks like a linking word)
            for f in self.index.key_forms_of(p, ki):
                if f.entry.kind != "card" or f.lang not in (self.src, "en") or f.variant != "official":
                    continue  # (a printed name: not a nickname, nor a short form of a longer one)
                if got is not None and f.entry is not got[0]:
                    return None  # two cards fit: neither
                got = (f.entry, f.lang, RESCUE_SCORE)
        return got

    def matcher(self) -> "fanmatch.Matcher":
        """The translator's fan matcher (``fanmatch.Matcher``), made on first use and kept."""
        if self._fanmatch is None:
            self._fanmatch = fanmatch.Matcher(self.index)
        return self._fanmatch

    def _fan(self, piece: str):
        """(entry, language, similarity) of the card a run is a literal translation of (``fanmatch``), or None."""
        return self.matcher().entry(piece, self.src)

    def _cut_at_end(self, text: str, out: list) -> list:
        """``out`` with the name that the end of the text cuts in the middle of a word ("… e il Mangiatore di Milio", an
        excerpt cut where a page store cut it) read as the one card whose name in the text's language or English begins
        with those words, the last one unfinished (or, among several, the one card whose name that word ends: "Winged
        Kurib"); where the names that begin so are more than one card's, nothing. The
        capitalised words at the very end are tried, the longest stretch first (up to CUT_WORDS words), and the names
        found inside the stretch give way ("Mago Nero del C": Dark Magician of Chaos, not Dark Magician). Blanks after
        the word are a file's end; a stub of one or two letters is read only after CUT_BEFORE words of the name."""
        raw, words, starts, ends = self._raw, self._words, self._starts, self._ends
        n = len(raw)
        if not n or text[ends[-1]:].strip() or self._blocked[-1] or (out and out[-1].end >= ends[-1]) \
                or (len(words[-1]) >= CUT_STUB and words[-1] in self.freq.common):
            return out  # (a whole everyday word at the end is no word cut short; blanks after it are a file's end)
        first = n - 1
        for i in range(n - 2, max(-1, n - 1 - CUT_WORDS), -1):
            if self._cls[i + 1] != " ":
                break
            if raw[i][:1].isupper():
                first = i
            elif words[i] not in _RUN_LINKS:
                break
        for i in range(first, n):
            if not raw[i][:1].isupper():
                continue
            if len(words[-1]) < CUT_STUB and n - 1 - i < CUT_BEFORE:
                break  # (a stub says too little, but for the words of the name before it: "Guardián de la Pu")
            prefix = tkey(text[starts[i]:ends[-1]])
            if self.keys.get(prefix) == 1:
                break  # a name as it is: the scan read it
            entries, whole = {}, {}  # the cards of the names that begin so; of those whose word ends the name
            for full, f in self._cards_beginning(prefix)[0]:
                entries.setdefault(f.entry.id, f)
                if full[len(prefix):].isalnum():  # (the rest of the word, and no more)
                    whole.setdefault(f.entry.id, f)
            if len(entries) > 1:
                entries = whole  # "Winged Kurib": Winged Kuriboh, whose name the word ends, not Winged Kuriboh LV10
            if len(entries) == 1:
                f = next(iter(entries.values()))
                e = f.entry
                a = starts[i]
                b = ends[-1]
                return [x for x in out if x.end <= a] + [Span(a, b, text[a:b], e.id, "card", e.name(self.dst) or text[a:b], f.lang,
                                   "approximate", e.origin, [], self.threshold, 100.0 * len(prefix) / len(tkey(f.text)),
                                   e.passcodes)]
        return out

    def _numbered(self, text: str, spans: list) -> list:
        """``spans`` with each card name followed by a number that, with it, is another card's name written without its
        "#" ("Luster Dragon 2" for Luster Dragon #2, "Jinzo 7" for Jinzo #7) made that card."""
        for k, s in enumerate(spans):
            if s.kind != "card" or text[s.end:s.end + 1] != " " or not (text[s.end + 1:s.end + 2].isdigit()
                                                                          or text[s.end + 1:s.end + 2] == "#"):
                continue  # (most names are followed by a word: the pattern is asked only before a number)
            m = _NUMBER_AFTER.match(text, s.end)
            if m is None or (k + 1 < len(spans) and spans[k + 1].start < m.end()):
                continue
            key = normalize(s.text + " " + m.group(1))
            forms = [f for f in self.index.forms_for_key(key) if f.entry.kind == "card" and f.lang in (self.src, "en")
                     and "#" in (f.entry.names.get("en") or "")]
            if len({f.entry.id for f in forms}) != 1 or forms[0].entry.id == s.id:
                continue
            f = forms[0]
            e = f.entry
            s.end, s.text, s.id, s.lang, s.variant = m.end(), text[s.start:m.end()], e.id, f.lang, "approximate"
            s.replacement, s.passcodes, s.alternatives = e.name(self.dst) or s.text, e.passcodes, []
        return spans

    def _everyday_rest(self, words: list, i: int, size: int) -> bool:
        """Whether every content word of words ``i`` … ``i + size - 1`` is an everyday word of the text's language
        (``MEMBER_EVERYDAY``): a series member's rest so written is a phrase of the language ("Tabla de Contenidos")."""
        return all(self.freq.get(w) >= MEMBER_EVERYDAY for w in words[i:i + size] if w not in mentions.ALL_FUNCTION)

    def _nickname_run(self, piece: str):
        """(entry, language, similarity) of the card a capitalised run names by its nickname and then words of the card's
        own name after a linking word ("Plumero de Arpía": "Plumero", a nickname of Harpie's Feather Duster, and "Arpía",
        a word of its Spanish name), or None. The nickname is one word and one card's (listed: ``nicknames.tsv``, an
        abbreviation, an old or anime name); every word after the linking word is a word of one of that card's names in
        any language, or translates to a word of its English name (``fanmatch.translates``)."""
        toks = [fold_word(t) for t in TOKEN.findall(piece)]
        if len(toks) < 3 or toks[1] not in _NICKNAME_OF or not self.keys.get(toks[0]):
            return None  # (after "e"/"y", a name of another card: "Tempest e Redox")
        cards = {f.entry.id: f for f in self._forms(toks[0]) if f.entry.kind == "card" and f.variant in _LISTED_NICKNAMES}
        if len(cards) != 1:
            return None
        f = next(iter(cards.values()))
        e = f.entry
        mine = {w for name in e.names.values() if name for w in TOKEN.findall(fold(name))}
        english = set(TOKEN.findall(fold(e.names.get("en") or "")))
        rest = [w for w in toks[2:] if w not in _RUN_LINKS and w not in fanmatch.STOP]
        if not rest:
            return None
        m = self.matcher()
        if all(w in mine or fanmatch.translates(m, w, english) for w in rest):
            return e, f.lang, round(min(100.0, 100.0 * (1 + len(rest)) / max(1, len(english))), 1)
        return None

    def _own_epithet(self, piece: str):
        """(entry, language, similarity) of the one card whose name in the text's language or English ends with a dash
        and the words a capitalised run ends with after its own dash, ``partial.PIECE_WORDS`` words or more ("Soldato
        dell'Oscuro Desiderio – Emissario dell'Inizio" for Glorioso Soldato Nero - Emissario dell'Inizio: the head
        translated otherwise, the card's own epithet), or None; an epithet two cards' names end with makes no answer.
        The cards tried share all of the epithet's words (``NameIndex.sharing``: no fuzzy search)."""
        cut = _EPITHET_DASH.split(piece)
        if len(cut) != 2 or not cut[0].strip() or len(TOKEN.findall(cut[1])) < partial.PIECE_WORDS \
                or _RUN_SPLIT.search(cut[0]):
            return None  # (a head that is a list: its last item, tried alone, is the head)
        tail = normalize(cut[1])
        words = tail.split()
        found = None
        for k, p, ki in self.index.sharing(words, miss=0):
            if not k.endswith(" " + tail):
                continue
            for f in self.index.key_forms_of(p, ki):
                if f.entry.kind != "card" or f.lang not in (self.src, "en") \
                        or f.variant not in ("official", "no-article"):
                    continue
                name = _EPITHET_DASH.split(f.entry.names.get(f.lang) or "")
                if len(name) != 2 or normalize(name[1]) != tail or normalize(name[0]) == normalize(cut[0]):
                    continue
                if found is not None and found[0] is not f.entry:
                    return None  # two cards' names end so
                found = (f.entry, f.lang, round(100.0 * len(tail) / len(k), 1))
        return found

    def _first_words(self, piece: str):
        """(entry, language, similarity) of the one card whose English name begins with the whole of a capitalised run
        of three or more words in a text of another language, the run ending on no linking word ("Milla the Temporal" for
        Milla the Temporal Magician), or None; names that begin so and belong to two cards make no answer. A bisection
        in the sorted translate keys: no lookup."""
        if self.src == "en":
            return None  # (an English name in Romance text: foreign words, a name's for sure; the text's own words may
            # be a product named after the card, "Predoni Metallici")
        key = tkey(piece)
        if len(TOKEN.findall(key)) < 3 or fold_word(key.split(" ")[-1]) in fanmatch.STOP:
            return None
        got, more = self._cards_beginning(key + " ")
        if more:
            return None  # names of many cards begin so: no one card's
        found = None
        for full, f in got:
            if f.lang != "en":
                continue
            if found is not None and found[0] is not f.entry:
                return None  # two cards' names begin so
            found = (f.entry, f.lang, round(100.0 * len(key) / len(full), 1))
        return found

    def _shortened(self, piece: str):
        """(entry, language, similarity) of the one card whose name in the text's language or English a capitalised run
        of two words or more is, its last word cut short ("Skill D" for Skill Drain, "Compulsory Evac" for Compulsory
        Evacuation Device), or None. The run's words but the last begin the name; the last begins the name's next word
        and leaves two letters of it or more unwritten. It is a capital letter for the name's last word after no
        everyday word of the text's language (a label: "Jugador A" is player A), or no everyday word of the text's
        language nor of English (Zipf ``SHORTENED_ZIPF``, or one of the four languages' most common words: "Dark
        Magic" is no Dark Magician, "Pot of Des" no Pot of Desires). Among several cards, the one whose name that word
        ends ("Cyber Drag" is Cyber Dragon, not Cyber Dragon Nova); names of many cards begin so: none (a bisection in
        the sorted translate keys, as ``_first_words``)."""
        toks = [fold_word(t) for t in TOKEN.findall(piece)]
        if len(toks) < 2 or not toks[-1].isalpha():
            return None
        last = toks[-1]
        if len(last) == 1:
            if not piece.rstrip()[-1:].isupper() or any(self.freq.get(w) >= SHORTENED_ZIPF for w in toks[:-1]
                                                        if w not in mentions.ALL_FUNCTION):
                return None  # (a capital letter is a name's word cut short after a name's words, "Skill D", but a label
                # after the text's own words: "Jugador A" is player A, no Jugador Artilugio)
        elif self.freq.get_any(last) >= SHORTENED_ZIPF or last in self.freq.common:
            return None
        key = tkey(piece)  # (asked only of the runs whose last word may be cut short: most are not)
        if not key.endswith(last):
            return None
        got, more = self._cards_beginning(key)
        if more:
            return None
        entries, whole = {}, {}
        for full, f in got:
            rest = full[len(key):].split(" ", 1)
            if len(rest[0]) < 2 or not rest[0].isalpha():
                continue  # (the word as written, whole, or a letter short: a typo's, not a word cut short)
            if len(last) == 1 and len(rest) > 1:
                continue  # (a capital letter is the name's last word cut short: "Meteor B" may be a label too)
            entries.setdefault(f.entry.id, f)
            if len(rest) == 1:
                whole.setdefault(f.entry.id, f)
        if len(entries) > 1:
            entries = whole
        if len(entries) != 1:
            return None
        f = next(iter(entries.values()))
        return f.entry, f.lang, round(100.0 * len(key) / len(tkey(f.text)), 1)

    def _short_of_one(self, piece: str):
        """(entry, language, similarity) of the famous card a capitalised run is a literal translation of with one word
        of its name left out (``fanmatch.Matcher.short_of_one``: "su Dragon de Ojos Rojos"), or None: not in English
        text, nor in a run with "o" ("or" in Spanish and Italian), nor in a run in capitals (a shouted heading)."""
        if self.src == "en" or (self.src in ("es", "it") and _OR_WORD.search(piece)):
            return None
        if piece.isupper():
            return None  # (a shouted heading: "LEGGERE PRIMA")
        return self.matcher().short_of_one(piece, self.src)

    def _cards_beginning(self, prefix: str) -> tuple:
        """([(key, form)], more): the official or English card names read here whose translate keys begin with
        ``prefix``, from the first FIRST_WORDS_KEYS such keys of each part's sorted list (a bisection), and whether a
        part has more keys that begin so."""
        out, more = [], False
        for lst in self._key_lists():
            j = bisect_left(lst, prefix)
            for k in range(j, min(j + FIRST_WORDS_KEYS, len(lst))):
                full = lst[k]
                if not full.startswith(prefix):
                    break
                out += [(full, f) for f in (self._forms(full) if self.keys.get(full) == 1 else ())
                        if f.entry.kind == "card" and f.variant in ("official", "english")]
            else:
                more = more or (j + FIRST_WORDS_KEYS < len(lst) and lst[j + FIRST_WORDS_KEYS].startswith(prefix))
        return out, more

    def _fan_run(self, piece: str):
        """``_fan`` of a capitalised run, or None where the reading is weak: a similarity under FAN_RUN_SIM (one word
        of the name read loosely: "carta Magia Equipaggiamento" is no Spell Gear), or a run in capitals whose every word
        is an everyday word of the text's language (``EVERYDAY_CAPS``: "LEGGERE PRIMA", "SECONDO POST" in a shouted
        heading are no literal translations of Prima Light and Second Booster)."""
        if self.src in ("es", "it") and _OR_WORD.search(piece):
            return None  # "Gradius o Opzioni": in Spanish and Italian "o" is "or", two names, no literal translation of one
            # (the fan matcher leaves it out as Portuguese's article)
        got = self._fan(piece)
        if got is None or got[2] < FAN_RUN_SIM:
            return None
        matcher = self.matcher()
        if matcher.english_guess(piece) or matcher.english_only(piece):
            return None  # English words, or English words and a made-up one read only as a cognate of an English word
            # ("Spirit World", a place; "Stastrike Blast", a set misspelt): an English name reordered or misspelt, if
            # anything, which the closest-name and typo readings judge, no literal translation
        words = normalize(piece).split()
        if not _JOINING_WORDS.isdisjoint(words) and all(w in _JOINING_WORDS or evidence.a_type(w) for w in words):
            return None  # Types joined ("Dragons e Thunders"), no literal translation of a card's name (the Types, 33 ms
            # to read, are asked for only where a joining word is there)
        common = self.freq.common  # (the stored everyday words: the frequencies know the pool's words only)
        if piece.isupper() and all(w in common or self.freq.get(w) >= EVERYDAY_CAPS
                                   for w in (fold_word(x) for x in TOKEN.findall(piece)) if w not in fanmatch.STOP):
            return None
        return got

    def _named_series(self, words: list, i: int, size: int) -> tuple:
        """The series named by one, two or three consecutive words of a card name found at words ``i``…``i + size - 1``
        ("Lumina, Lightsworn Summoner" names the Lightsworn)."""
        ws = tuple(words[i:i + size])
        out = self._series_in.get(ws)
        if out is None:
            found = set()
            keys = self.keys
            for n in (1, 2, 3):
                for k in range(len(ws) - n + 1):
                    key = " ".join(ws[k:k + n])
                    if keys.get(key):
                        found.update(f.entry.id for f in self._forms(key) if f.entry.kind == "series")
            out = self._series_in[ws] = tuple(found)
        return out

    def _listed_plural(self, i: int) -> bool:
        """Whether word ``i`` follows, across "e"/"y"/"and"/"ed"/"ou"/"o" or a comma, a card name found in the plural (its
        words as written are no name: "Luminas", "Judgment Dragons"): the plural article or count before the first name of a
        list counts for the names after it ("ondas de Luminas e Lylas e Celestias")."""
        found, start = self._found, self._starts[i]
        k = bisect_left(found, start, key=_start_of) - 1
        if k < 0:
            return False
        prev = found[k]
        if prev.kind != "card" or not _LIST_JOIN.fullmatch(self._t, prev.end, start) or prev.text[-1:].lower() not in "si":
            return False
        return not self.keys.get(tkey(prev.text))

    def _members(self, out: list) -> list:
        """Read again the words where a member of a series could begin ("Lyla") once the whole text is read: the
        series may be named after its member. Where a card was found at the word with the same extent, the word's new
        judgement (which weighs that card against the member) replaces it."""
        present = self._present
        waiting = sorted({i for i, full in self._waiting if not full.isdisjoint(present)})
        self._waiting = []
        starts = list(map(_start_of, out))
        add, drop = [], set()
        for i in waiting:
            st = self._starts[i]
            k = bisect_right(starts, st)
            same = k and out[k - 1].start == st  # a name found at this word: the member may fit it better
            if k and out[k - 1].end > st and not same:
                continue  # inside a name found already
            span = self._at(i)[0]
            if span is None or span.variant != "series-member" or (k < len(out) and out[k].start < span.end) \
                    or (add and add[-1].end > span.start):
                continue
            if same:  # the word judged again knowing the series: the judge's choice among the same window's cards
                # stands ("Celestia" is Celestia, Lightsworn Angel, the more printed card, once the Lightsworn are named)
                if span.end != out[k - 1].end or span.id == out[k - 1].id or \
                        (span.score <= out[k - 1].score and out[k - 1].kind != "card"):
                    continue
                drop.add(k - 1)
            add.append(span)
        self._waiting = []
        if not add:
            return out
        return sorted([s for j, s in enumerate(out) if j not in drop] + add, key=_start_of)

    def _finds(self, r: str, w: str, cls: str | None = None, nr: str = "", nw: str = "") -> bool:
        """Whether ``_at`` may find a name at a word (as written ``r``, folded ``w``): a first word of it (``_begin``) has
        forms read here, or a name goes on after it and, given the separator class ``cls`` and the next word (as written
        ``nr``, folded ``nw``), the walk's first step goes on or ends a name. Where it is false ``_at`` would return
        nothing and judge nothing, so the word (or the pair) is never asked; decided once per word or pair."""
        first = self._first.get(r)
        if first is None:
            first = self._first[r] = self._begin(w, r[:1].isupper())
        if first is False:
            return False
        states, cands = first
        if any(self._forms(c[1]) for c in cands):
            return True
        if cls is None or not states:
            return bool(states)
        if not cls:
            return False
        key = (states, cls, nr, False)  # (the key of _at's first step)
        step = self._trans.get(key)
        if step is None:
            step = self._trans[key] = self._step(states, cls, nw, nr[:1].isupper(), False)
        return bool(step[0] or step[1])

    def _goes_on(self, t: int, w: str, cls: str, nw: str, nr: str) -> bool:
        """Whether a word that only begins names (``t``: 3 written in lower case, 4 with a capital, 5 a rare lower-case
        word read as a misspelt first word: ``_trigger``; folded ``w``) may begin one before the separator class ``cls``
        and the next word (folded ``nw``, as written ``nr``). Decided once per distinct pair of words and separator."""
        keys = self.keys
        if t == 5:  # a misspelt first word in lower case: a name word or a linking word must follow ("miracule fusion",
            # "alesteir el que invoka"), a gate before the name words one typo away are looked up
            return bool(cls) and (nw in typos.LINKS or (len(nw) > 1 and _is_name_word(self, nw)))
        if t == 3 and (not cls or ((w + cls + nw) not in keys and not nr[:1].isupper() and w not in PLURAL_BEFORE)):
            return False
        if not (cls and (self._begins(w + cls + nw[0]) or (cls == " " and (w + "," + nw) in keys))) \
                and not (len(w) > 3 and w[-1] in "sie") and nw not in LINK_WORDS:
            return False  # no name goes on with the next word, nor with a word one typo or a plural ending away from it
        return True

    def _nearby(self, text: str, out: list[Span], pending: list[Span]) -> list[Span]:
        """Accept the weak candidates (a lower-case nickname, a capital after a full stop, a card's official one-word
        name that is a rare word: ``_rare_own``) that have a confidently found card or series name near them: in a text
        about cards, "las ovejas" are Scapegoat, "la polimerización" is Polymerization."""
        # (``out`` is in the text's order: these lists are sorted)
        found = [s for s in out if s.kind in ("card", "series") and s.score >= self.threshold + 1.0]
        if not found:
            return out
        strong = list(map(_start_of, found))
        lends: dict = {}  # a strong name's place in ``found`` → whether it lends support (asked only where needed)
        tails = None  # the ends and starts of the names found, for ``_longer_end``
        taken = list(zip(map(_start_of, out), map(_end_of, out)))
        add = []
        for p in pending:
            if p.score + mentions.NEARBY_BONUS < self.threshold:
                continue
            if (p.variant in ("official", "no-article", "video-game", "title") or p.kind == "term") and not self._rare_own(p) \
                    and not self._foreign_name(p):
                continue  # a name of its own that scored low is an ordinary word ("trocar", "Recarga la página"); not an
                # English card's name of English words ("añadir power bond")
            k = bisect_left(strong, p.start - CONTEXT_CHARS)
            near = False
            while k < len(strong) and strong[k] <= p.end + CONTEXT_CHARS:
                ok = lends.get(k)
                if ok is None:
                    ok = True
                    if evidence.weak(found[k]):
                        if tails is None:
                            tails = set(map(_end_of, out)), set(map(_start_of, out))
                        ok = not self._longer_end(found[k], *tails)
                    lends[k] = ok
                if ok:
                    near = True
                    break
                k += 1
            if not near:
                continue
            j = bisect_left(taken, (p.start, p.end))
            if (j < len(taken) and taken[j][0] < p.end) or (j and taken[j - 1][1] > p.start):
                continue
            if p.text.islower() and " " in p.text.strip() and all(
                    self.freq.get(w) >= NEARBY_EVERYDAY for w in TOKEN.findall(fold(p.text))) \
                    and not (j and _NAME_GOES_ON.fullmatch(text, taken[j - 1][1], p.start)):
                continue  # a phrase of everyday words in lower case is what it says, cards nearby or not ("pele pálida e
                # olhos azuis profundos", a character's eyes in a text about Blue-Eyes White Dragon); but a name found
                # may go on with it after a linking word ("bebé Dragon de ojos rojos": a later pass reads them as one)
            if add and add[-1].end > p.start:
                continue
            p.score += mentions.NEARBY_BONUS
            if p.why is not None:
                p.why.append(f"+{mentions.NEARBY_BONUS:.1f} other card names nearby")
            add.append(p)
        return sorted(out + add, key=_start_of) if add else out

    def _longer_end(self, s: Span, ends: set, starts: set) -> bool:
        """Whether a weak name found (``evidence.weak``) is what ``evidence.review`` holds back as the end of a longer
        capitalised name ("Leroy Merlin", a shop; ``ends``, ``starts``: of the names found): it is no card, and lends
        no other name the support of a card nearby (``_nearby``: "plantar tomate" beside it is a tomato)."""
        i = bisect_left(self._starts, s.start)
        j = max(i, bisect_left(self._ends, s.end))
        return evidence._weak_tail(self, self._raw, self._seps, i, j, s, ends, starts) is not None

    def _everyday_kb(self, tk: str) -> bool:
        """Whether a one-word key is an everyday word of the text's language (``KB_EVERYDAY``): a KB card so named
        ("Colapso", "Honesto") is, like a card of the pool, the first word of a longer capitalised name that goes on
        after it across a linking word ("El Colapso de Colonias"), not the card."""
        return self.freq.get(tk) >= KB_EVERYDAY

    def _foreign_name(self, p: Span) -> bool:
        """Whether a weak candidate is a card's English name of two words or more in text of another language, every
        content word of it an English word rather than one of the text's (``mentions._foreign``: "power bond" in
        Spanish): in lower case beside other cards' names, that is the card, not words of the text."""
        if p.kind != "card" or p.lang != "en" or self.src == "en" or p.variant != "official":
            return False
        content = [w for w in TOKEN.findall(fold(p.text)) if w not in mentions.ALL_FUNCTION]
        return len(content) >= 2 and mentions._foreign(content, self.freq)

    def _rare_own(self, p: Span) -> bool:
        """Whether a weak candidate is a card's official one-word name in the text's language, written as it is (not in
        the plural: "enfrentamientos" is the word), that is a rare word of the language (below ``RARE_OWN`` Zipf:
        "polimerización"): a text about cards that writes it means the card."""
        if p.kind != "card" or p.variant != "official" or p.lang != self.src or " " in p.text.strip():
            return False
        if self.freq.get(fold_word(p.text)) >= RARE_OWN:
            return False
        return any(f.entry.id == p.id and f.variant == "official" and f.lang == self.src
                   for f in self.index.forms_for_key(normalize(p.text)))

    def _begin(self, w: str, up: bool):
        """The walk's start at a word (folded ``w``; ``up``: written with a capital): the keys it may stand for, as
        (states to read on from, or () when no name goes on after them; the candidate windows of one word), or False
        when it begins no name. Decided once per distinct (word, capital)."""
        keys = self.keys
        firsts = []  # (key, typos, plural words)
        if w in keys:
            firsts.append((w, 0, 0))
        if len(w) > 3 and w[-1] == "s":
            firsts += [(x, 0, 1) for x in self._singulars(w) if x in keys]
        if not firsts and not up:
            if len(w) < FIRST_TYPO_LOWER or w in self.freq.common:
                return False
            # a misspelt first word written in lower case only where a longer name goes on after it ("miracule
            # fusion"): a lower-case word alone one letter away from a name word is most often another word
            firsts = [(v, 1, 0) for v in self._near(w) if v in keys and self._begins_longer(v)]
            if not firsts:
                return False
        if self.src == "it" and len(w) > 3 and w[-1] in "ie":  # Italian plurals: Sirenidi, Eroi, Monarchi…
            firsts += [(x, 0, 1) for x in self._singulars(w) if x in keys]
        if not firsts and up and len(w) >= FIRST_TYPO_UP:
            if w not in self.freq.common:  # an everyday word is not a misspelt first word of a name
                firsts = [(v, 1, 0) for v in self._near(w) if v in keys]
        if not firsts:
            return False
        cands = tuple((1, key0, typos, pl) for key0, typos, pl in firsts if keys[key0] and (up or not typos))
        for key0, _, _ in firsts:
            if self._begins_longer(key0):
                return tuple(firsts), cands
        return (), cands  # no name goes on after these words: nothing to read on

    def _begins_longer(self, key: str) -> bool:
        """Whether a longer name begins with translate key ``key`` (``_continues``, asked once per key)."""
        c = self._cont.get(key)
        if c is None:
            c = self._cont[key] = self._continues(key)
        return c

    def _step(self, states: tuple, cls: str, wj: str, up: bool, second: bool) -> tuple:
        """One step of the walk: the keys the states (key so far, typos, plural words) go on to with the separator class
        ``cls`` and the next word (folded ``wj``; ``up``: written with a capital; ``second``: two words or more read
        already), at most six, and those of them that are whole keys. Decided once per distinct step."""
        keys = self.keys
        nxt = []
        if states and states[-1][0][-1:] == _ELIDED:  # "con l" read past (the last state: ``skip`` below) goes on only
            # across the apostrophe, which stands for the space the name has there; the other states as they are
            rest, (cur, typos, pl) = states[:-1], states[-1]
            a = self._step(rest, cls, wj, up, second)[0] if rest else ()
            b = self._step(((cur[:-1], typos, pl),), " ", wj, up, second)[0] if cls == "'" else ()
            states = (a + b)[:6]
            return states, tuple(s for s in states if keys[s[0]])
        for cur, typos, pl in states:
            k = cur + cls + wj
            if k in keys:
                nxt.append((k, typos, pl))
            elif cls == " " and (cur + "," + wj) in keys:  # a comma left out: "Governante Sombrio Não Mais"
                nxt.append((cur + "," + wj, typos, pl))
            elif (len(wj) > 2 and wj[-1] == "s") or (self.src == "it" and len(wj) > 3 and wj[-1] in "ie"):
                # (a word of three letters too: "Wind-Ups", the plural of Wind-Up; a name's first word is read apart)
                nxt += [(cur + cls + x, typos, pl + 1) for x in self._singulars(wj) if (cur + cls + x) in keys]
        if not nxt and len(wj) >= 4 and (second or up):
            for cur, typos, pl in states:
                if typos < 2 and self._begins(cur + cls + wj[0]):  # a name word one typo away begins with wj's letter
                    nxt += [(cur + cls + v, typos + 1, pl) for v in self._near(wj) if (cur + cls + v) in keys]
        if wj in LINK_WORDS:  # "Polvere delle Stelle" for "Polvere di Stelle": another linking word, also where names go
            # on with the word as written ("Archidemonio de relámpago": "Archidemonio de…" begins other names)
            for cur, typos, pl in states:
                if typos < 2:
                    nxt += [(cur + cls + v, typos + 1, pl) for v in LINK_WORDS[wj] if (cur + cls + v) in keys]
        if wj in _INSERTED_ARTICLES and cls == " ":  # "Contrato com o Exodia": an article put in after a name's
            # preposition, read past (also where names go on with it: "Contrato con el…" begins another card's name)
            skip = [(cur + _ELIDED if wj == "l" else cur, typos + 1, pl) for cur, typos, pl in states
                    if typos < 2 and cur[cur.rfind(" ") + 1:] in _ARTICLE_AFTER and self._begins(cur + cls)]
            if wj == "l":
                skip = skip[:1]  # (one state marked, the last: ``_ELIDED`` above)
            if skip:  # (a window never ends on the article read past: only the words as written make whole keys)
                nxt = nxt[:6]
                return tuple(nxt + skip[:6 - len(nxt)]), tuple(s for s in nxt if keys[s[0]])
        if not nxt and cls == " ":  # "Red-Eyes B Dragon": an initial's full stop left out ("Red-Eyes B. Dragon")
            nxt += [(cur + "." + wj, typos, pl) for cur, typos, pl in states
                    if cur[-2:-1] in (" ", "-") and cur[-1:].isalpha() and (cur + "." + wj) in keys]
        if not nxt and up and len(wj) == 1 and wj.isalpha() and cls == " ":  # "Meteor B Dragon": a word written by its
            # initial, a capital alone, inside a name that goes on (the next step asks for the rest)
            initial = [(cur + " " + v, typos + 1, pl) for cur, typos, pl in states if typos < 2
                       for v in self._initialled(cur + " " + wj) if (cur + " " + v) in keys]  # (the key lists hold
            # every language's keys)
            if initial:  # (a window never ends on the initial: "Gladiator B" cut at a page's end is no card read whole)
                return tuple(initial[:6]), ()
        if not nxt and second and len(wj) == 3 and wj.isalpha():  # (a word is never followed by a letter or digit)
            # the last letter of a name's last word left out: "Bottomless Trap Hol"
            for cur, typos, pl in states:
                if typos < 2 and self._begins(cur + cls + wj):
                    four = self._vocabulary(wj[0]).get(4, ())
                    nxt += [(cur + cls + v, typos + 1, pl) for v in four if v.startswith(wj) and (cur + cls + v) in keys]
        states = tuple(nxt[:6])
        return states, tuple(s for s in states if keys[s[0]])

    def _root(self, r: str, w: str):
        """The walk's first node at a word as written ``r`` (folded ``w``), or False where it begins no name (``_begin``).
        A node is (states to read on from, the candidate windows of the walk so far ordered for ``_at``, the next nodes by
        (separator class, next word as written)): a tree of the word sequences walked, so that a name written again is
        read without building or sorting its candidates again."""
        first = self._first.get(r)
        if first is None:
            first = self._first[r] = self._begin(w, r[:1].isupper())
        if first is False:
            node = False
        else:
            states, cands = first
            node = (states, _ordered(cands), {}, cands)
        self._walks[r] = node
        return node

    def _grow(self, node: tuple, cls: str, r: str, w: str, size: int) -> tuple:
        """The node after ``node`` (a walk of ``size`` words) and the next word (as written ``r``, folded ``w``) after a
        separator of class ``cls``: one step (``_step``, decided once per distinct step)."""
        key = (node[0], cls, r, size >= 2)
        step = self._trans.get(key)
        if step is None:
            step = self._trans[key] = self._step(node[0], cls, w, r[:1].isupper(), size >= 2)
        states, full = step
        cands = node[3] + tuple([(size + 1, k, typos, pl) for k, typos, pl in full]) if full else node[3]
        nxt = node[2][(cls, r)] = (states, _ordered(cands) if full else node[1], {}, cands)
        self._nodes += 1
        return nxt

    def _at(self, i: int):
        """The best name starting at word ``i`` (the longest window that scores enough), as (Span, words), or None."""
        text, starts, ends, raw, words, keys, blocked, n, clss = self._now
        w = words[i]
        if i + 1 < n and len(w) <= 3 and keys.get(w) == 0:  # a short word that only begins names: is the next one in one?
            cls = clss[i + 1]
            nw = words[i + 1]
            if not cls or ((w + cls + nw) not in keys and not raw[i + 1][:1].isupper() and w not in PLURAL_BEFORE
                           and not (len(nw) > 3 and nw[-1] == "s")):
                return None, None
        node = self._walks.get(raw[i])  # (the word as written decides its folded form and its capital)
        if node is None:
            node = self._root(raw[i], w)
        if node is False:
            return None, None
        j = i + 1  # the next word to read
        while node[0] and j < n:  # (node: states, candidates, next nodes)
            cls = clss[j]
            if not cls or blocked[j]:
                break
            nxt = node[2].get((cls, raw[j]))  # (the word as written decides its folded form and its capital)
            if nxt is None:
                nxt = self._grow(node, cls, raw[j], words[j], j - i)
            node = nxt
            j += 1
        cands = node[1]  # (size, key, typos, plural words), the longest name first
        if not cands:
            return None, None
        pending = None
        best = None
        plural = None  # after a plural article or a count ("un par de"): asked only for a window in the plural
        for size, tk, typos, pl in cands:
            if best is not None and size < best[1]:
                break  # among the windows of the longest size that scores enough, the best
            if pl and plural is None:
                plural = i > 0 and (words[i - 1] in PLURAL_BEFORE or (words[i - 1].isdigit() and int(words[i - 1]) > 1) or (
                    i > 1 and words[i - 1] in ("de", "di", "do", "of") and words[i - 2] in COUNT_WORDS) or self._listed_plural(i))
            if pl and not (plural or pl >= 2 or raw[i][:1].isupper()):
                continue  # a plural needs a plural article before it, or every word in the plural ("magos oscuros")
            forms = self._forms_cache.get(tk)
            if forms is None:
                forms = self._forms(tk)
            if pl:
                # one word in the plural is copies of a card after a plural article or a count, or where the word is a
                # rare one written with a capital ("ondas de Luminas e Lylas")
                rare = size == 1 and raw[i][:1].isupper() and self.freq.get(tk) < PLURAL_CARD_ZIPF \
                    and not any(f.entry.kind == "series" for f in forms)  # (a series in the plural is the series)
                forms = [f for f in forms if f.entry.kind in ("card", "series") and (size > 1 or f.entry.kind == "series" or plural or rare)
                         and (size == 1 or f.variant != "series-member" or _counted(words, i))]
                # (a card's name of two words or more without its series, in the plural, is cards of that kind, not
                # copies of one, but after a count: "dei potenti Draghi Rossi"; one word is copies, "os Luminas e Lylas")
            if not forms:
                continue
            span = self._judge(text, i, size, tk, typos, forms, starts, ends, raw, words, self._report, pl)
            if span is None:
                continue
            if span.score >= self.threshold:  # (a window written as a card prints it beats a plural reading of another
                # card's name: "Provisiones de Emergencia" is no more than one "Provisión de Emergencia")
                copies = bool(pl) and span.kind == "card"  # (a series in the plural is the series: "los Magos Oscuros")
                if best is None or (copies, -span.score) < (best[2], -best[0].score):
                    best = (span, size, copies, tk, typos)
            elif pending is None:
                pending = span
        if best is not None:
            if best[4] and _doubtful_typo(self, i, best[1], best[3], best[0], [c[1] for c in cands if c[0] == best[1] and c[2]]):
                return None, None  # a window read with a typo that may be another word, or another card: no answer
            return best[:2]
        return None, pending

    def _judge(self, text, i, size, tk, typos, forms, starts, ends, raw, words, report, pl=0):
        start, end = starts[i], ends[i + size - 1]
        if self._underscore and ((start and text[start - 1] == "_") or text[end:end + 1] == "_") \
                and not _emphasised(text, start, end):
            return None  # part of an identifier (kaibaman_rj, snake_case)
        caps, clss = self._caps, self._cls
        if i >= 2 and caps[raw[i]] and clss[i] == " " and (caps[raw[i - 1]] or words[i - 1] in TAIL_LINKS
                                                           or words[i - 1] in TAIL_ARTICLES) and self._tail(i, forms) \
                and not mentions.in_capitals(raw, i, i + size - 1) \
                and not (words[i - 1] in TAIL_LINKS and words[i - 1] != "of" and all(f.lang == "en" for f in forms)):
            # (the first of _tail's tests inline: after a space, a capitalised word or a linking word)
            return None  # "La Leggenda del Drago Bianco Occhi Blu", "Cartas de Mago Oscuro": the end of a longer name
            # (but an English name after "de"/"di" is no end of a name in the text's language: "el Bann de Magical
            # Explosion")
        if i >= 2 and clss[i] == " " and words[i - 1] in _HEADING_LINKS.get(self.src, ("of",)) and caps[raw[i - 2]] and clss[i - 1] == " " \
                and self._heading_of_two(text, i, end) and all(f.variant in mentions.NICKNAME_KINDS for f in forms):
            return None  # "Relatos de Oricalcos" alone on its line: the end of a heading's longer name (a fan-made card's,
            # a chapter's), not the short form that opens no sentence
        orig = raw[i] if size == 1 else text[start:end]  # (a word of the split: its hash is known already)
        has_series = self._has_series.get(tk)
        if has_series is None:
            has_series = self._has_series[tk] = any(f.entry.kind == "series" for f in forms)
        # what mentions.context says, from the words and separators around the window: sentence start, quoted, card
        # context, series context
        v = self._opens.get(self._seps[i])  # self._sentence_start(i), inline
        c0 = self._sentence_start(i) if v is None else i == 0 if v == 2 else v
        if c0 and size > 1 and self._heading(text, i, size, start, end):
            c0 = False  # a line that is the name alone, every word capitalised: the capitals are the name's
        elif not c0 and i and words[i - 1].isdigit() and self._item_number(i - 1):
            c0 = True  # after a number that labels its line's item the word opens the item as a sentence: "1      Error
            # de uso" under a program's exit codes is no card Error (a count of copies has one space: "3 Raigeki")
        c1 = start > 0 and end < len(text) and text[start - 1] in _MARKS and mentions.quoted(text, start, end)
        c2 = self._card_context(i, size, start, end) if self._card_word_near(i, i + size) else False
        if c2 and not self._game_text and not self._game_word_near(i, i + size):
            c2 = False  # a long text that never speaks of the card game: "spell", "magia", "effetto" beside a word are a
            # video game's ("il tempo di ricarica della spell", of World of Warcraft), no card's
        if not c2 and i and self._seps[i] == " " and words[i - 1] in COPIES:
            c2 = 2  # a count of copies right before it, as deck lists and reports write them, speaks of cards as "carta"
            # does, and lets a name in capitals be written in lower case ("3 dekoichi", "2x mst"; 2: in the memo's key)
        if not c2 and text[end:end + 1] in _COUNT_OPENS and evidence.COPIES_AFTER.match(text, end):
            c2 = 2  # a count of copies right after it, as deck lists and players write it too ("Raigeki x1",
            # "Metamorfosi in 3x", "Sangan (x2)")
        if not c2 and start > 2 and text[start - 2:start] in mentions.ITEM_ENDS and mentions.in_card_list(text, start):
            c2 = True  # a later item of a list that "carte, come" opens ("molte carte, come X, controllo della mente")
        c3 = 0
        if has_series:
            c3 = mentions.series_context(text, start, end, None)
            if not c3 and 0 < start - self._series_end <= 6 and _AND.fullmatch(text, self._series_end, start):
                c3 = 1  # right after a series name and "e"/"y"/"and"/a comma: a list of series
            if not c3 and size == 1:
                m = _AND_NEXT.match(text, end)
                if m and self._series_word(fold_word(m.group(1))):
                    c3 = 1  # before "e"/"y"/"and" and a series name: "il Chaos e i Monarchi"
        mem = self._has_member.get(tk)
        if mem is None:
            mem = self._has_member[tk] = frozenset(f.source for f in forms if f.variant == "series-member")
        if mem:  # the series whose members the window may name, among those named in the text so far
            full = mem
            mem = mem & self._present
            if len(mem) < len(full) and raw[i][:1].isupper():  # (a member form is read only with a capital)
                self._waiting.append((i, full))
        ahead = self._ahead.get((tk, len(forms)))  # whether a capitalised word after the window can change the judgement
        if ahead is None:  # (below; per key and the forms asked: a plural asks fewer)
            ahead = self._ahead[(tk, len(forms))] = any(f.variant in mentions.NICKNAME_KINDS or (size == 1 and (
                f.entry.origin != "kb" or (f.entry.kind == "card" and self._everyday_kb(tk)))) for f in forms)
        longer = ahead and raw[i][:1].isupper() and text[end:end + 1] in (" ", "\t") \
            and mentions.LONGER_NAME.match(text, end) is not None and not mentions.in_capitals(raw, i, i + size - 1)
        if longer and has_series and i + size < len(words) and self._series_word(words[i + size]):
            longer = False  # "vs Frog Monarch": two series names side by side, not one longer name
        if longer and i + size + 1 < len(words) and words[i + size] in OWNER_LINKS and words[i + size + 1] in people.CHARACTERS:
            longer = False  # "o Dragão Supremo de Olhos Azuis do Kaiba": the card's owner, no longer name
        if longer and _LINKED_ON.match(text, end):
            longer = 2  # across a linking word ("Colapso de Colonias"), which a KB card's everyday word begins too
        # (whether a capitalised word follows decides too: "um Blaster Control" is a deck, "o Blaster." the card)
        twin = self._twin.get((tk, len(forms)))  # the series' form where the window may be a nickname that is its name
        if twin is None:
            twin = self._twin[(tk, len(forms))] = size > 1 and any(
                f.variant == "nickname" and f.entry.kind == "card" for f in forms) and _series_twin(forms, self.src) or False
        one = twin and i > 0 and (words[i - 1] in ONE_BEFORE or words[i - 1].startswith(evidence._ACTIVATE + evidence.PLAY_STEMS)
                                  or i > 1 and words[i - 1] in ("de", "di", "do", "of") and words[i - 2] in COPY_WORDS)
        # (one thing: "el Ojos Rojos", "tres Ojos Azules", "Evoco Polvere di Stelle"; asked only where _series_twin may
        # answer, so that the judgements of other windows are shared whatever word comes before them)
        ckey = (orig, tk, typos, c0, c1, c2, c3, len(forms), pl, mem, longer, one)
        done = self._judged.get(ckey)
        if done is not None and not report:
            if not done:
                return None
            # the span of the memo's fields, built without a call to Span's __init__ (half the time; all its fields set)
            sp = _new(Span)
            sp.start, sp.end, sp.text, sp.why = start, end, orig, None
            sp.id, sp.kind, sp.replacement, sp.lang, sp.variant, sp.origin, alts, sp.score, sp.similarity, sp.passcodes = done
            sp.alternatives = list(alts)
            return sp
        ctx = (c0, c1, c2, c3)
        if pl and (size > 1 or (raw[i][:1].isupper() and not ctx[0] and self.freq.get(tk) < PLURAL_SERIES_ZIPF)):
            ctx = ctx[:3] + (max(1, ctx[3]),)  # a name in the plural is a group: as a series, it is used as one
        q = ctx[1]
        sim = 100.0
        if typos and size == 1 and (words[i].startswith(tk) or tk.startswith(words[i])):
            self._judged[ckey] = ()
            return None  # "Honestos" is another word (an ending added), not a typo of "Honesto"
        if typos and size == 1 and self.freq.is_word(words[i]):
            self._judged[ckey] = ()
            return None  # a word of a language alone is that word, no misspelt one-word name: "Unicode" is no "Unicore"
            # (a misspelt first word before the rest of a longer name is read: "Valhala, el salón de los caídos")
        if typos:
            from rapidfuzz import fuzz
            sim = fuzz.ratio(" ".join(words[i:i + size]), " ".join(TOKEN.findall(tk)))
        kwords = self._kwords.get(tk)  # the name's words (a plural or a typo is judged by the word it stands for)
        if kwords is None:
            kwords = self._kwords[tk] = TOKEN.findall(tk)
        scored = []
        if (ctx[3] == 1 or (ctx[3] and c2 == 2)) and any(f.entry.kind == "card" for f in forms):
            ctx = ctx[:3] + (0,)  # "un par de Kuribohs", "los Kuribohs": copies of the card of that name, not its series
            # (and "Il mazzo: 3x Raigeki", a count of copies right before it, beside a word of decks)
        best, best_score = None, None
        made_up = size == 1 and len(kwords[0]) >= LOWER_INITIALS and raw[i].islower() and self._made_up(words[i])
        for f in forms:
            if not _hard_rules(f, orig, q or c2 == 2 or made_up, size):
                continue
            variant = f.variant if not (f.lang == "en" and self.src != "en" and f.variant == "official") else "english"
            if typos and f.variant not in ("official", "no-article") and f.entry.kind != "series":
                continue  # a typo in a nickname is too far from the card
            if f.variant in CAPITAL_ONLY and not raw[i][:1].isupper() and not (
                    size == 1 and f.variant == "short-form" and self._made_up_short(tk)):
                continue  # an automatic short form is a name only when written as one (or a made-up word: "slifer")
            if f.variant == "video-game" and not q and not ctx[2] and orig.islower():
                continue  # a video game's name for a card, never printed, written in lower case is the words it is made
                # of ("os duelistas lendários"), unless quoted or called a card
            if size == 1 and f.variant == "official" and f.entry.kind == "card" and not q and not raw[i][:1].isupper() \
                    and words[i].endswith(INFINITIVE.get(self.src, ())):
                continue  # a verb in the infinitive in lower case is the verb: "o deck ganha por reciclar o efeito" (a
                # nickname so written is held back as an everyday word: ``evidence``)
            if f.variant == "series-member" and ((f.source not in mem and (size < 3 or self._everyday_rest(words, i, size)))
                                                 or (size == 1 and tk in evidence.CONTEXT_WORDS) or (
                    size == 1 and self.freq.get(tk) >= MEMBER_EVERYDAY and not (i and self._seps[i] == " " and words[i - 1] in COPIES))):
                continue  # "Lyla" is Lyla, Lightsworn Sorceress where the text names the Lightsworn (a rest of three words
                # or more is the card wherever it is written: "Uomo Alato della Fiamma"; but "Dragão" is a
                # word, unless a count of copies comes right before it: "os Drytron (3 Alpha, 3 Zeta e 3 Nova)"; and a word
                # of the game is one always: "una Invocación por Fusión" beside the Cyber cards is no Cyber Summon Blaster;
                # and a rest of everyday words needs its series named too: "TABLA DE CONTENIDOS", a page's heading, is no
                # Toon Table of Contents)
            if longer and (f.variant in mentions.NICKNAME_KINDS or (size == 1 and (
                    f.entry.origin != "kb" or (longer == 2 and f.entry.kind == "card" and self._everyday_kb(tk))) and not q)):
                continue  # "Espadas del Dragón Rojizo", "il Tifone Spaziale": the first word of a longer name is not a name
                # (nor a KB card's one-word name that is an everyday word, before a linking word and more capitalised
                # words: "El Colapso de Colonias", of the bees; right before a capitalised word it stands, "Activa
                # Honesto Rápido")
            name_caps = f.entry.kind != "term" and any(ch.isupper() for ch in f.text)  # a term is an ordinary word too
            if f.entry.kind == "series" and size == 1 and ((not ctx[3] and not q and not self._rare_series(tk, ctx))
                                                           or (not raw[i][:1].isupper() and not (
                                                               ctx[3] and self._rare_series(tk, ctx)))):
                continue  # a one-word series name ("Synchro", "Guerreiro") only capitalised, where it is used as a series
                # (or where it is a made-up word no language uses, away from a sentence start: "dominato da Kashtira");
                # in lower case only a made-up word where the words around say series ("os karakuri", "deck de lightsworn")
            sc = mentions.evidence(text, start, end, raw[i:i + size], kwords, variant, f.entry.kind, f.entry.origin,
                                   sim, self.freq, self.src, name_caps, None, f.text.isupper(),
                                   ctx if c2 != 2 or f.entry.kind != "term" else (ctx[0], ctx[1], False, ctx[3]), f.lang)
            # (a count before a word of the rules counts the things it names: "1 ataque por monstruo" is no ATK)
            rank = (-sc, form_rank(f), -f.entry.prominence, f.entry.id)
            scored.append((sc, f))
            if best is None or rank < best_score[1]:
                best, best_score = f, (sc, rank)
        if best is not None and best.entry.kind == "card" and len(scored) > 1:
            # cards the window fits almost as well: the more printed one is more likely meant ("Teleport")
            top = max((x for x in scored if x[1].entry.kind == "card" and x[0] >= best_score[0] - 1.0),
                      key=lambda x: (x[0] + mentions.prominence_weight(x[1].entry.prominence), -form_rank(x[1])[0]))
            if top[1] is not best:
                best, best_score = top[1], (top[0], None)
        if twin and best is not None and best.variant == "nickname" and best.entry.kind == "card" \
                and raw[i][:1].isupper() and not (one or c0 or c1 or c2):
            best = twin  # "el dominio de los Ojos Rojos": a nickname that is its series' name is the series
        if best is None:
            self._judged[ckey] = ()
            return None
        sc = best_score[0]
        if sc < self.threshold - mentions.NEARBY_BONUS:
            if report:
                self.rejected.append(Candidate(start, end, orig, best.entry.id, sc, sim, None))
            self._judged[ckey] = ()
            return None
        why = None
        if report:
            why = []
            variant = best.variant if not (best.lang == "en" and self.src != "en" and best.variant == "official") else "english"
            mentions.evidence(text, start, end, raw[i:i + size], kwords, variant, best.entry.kind, best.entry.origin,
                              sim, self.freq, self.src, best.entry.kind != "term" and any(ch.isupper() for ch in best.text), why,
                              best.text.isupper(), ctx, best.lang)
        if sc < self.threshold and report:
            self.rejected.append(Candidate(start, end, orig, best.entry.id, sc, sim, why))
        ranked = sorted(forms, key=lambda f: (form_rank(f) if f.entry.kind == best.entry.kind else (9,), -f.entry.prominence, f.entry.id))
        top = ranked[0] if ranked[0].entry.kind == best.entry.kind else best
        # among the entries the same text names, the KB's (and its collides_with choice), then the most printed
        if top.entry is not best.entry and top.entry.origin == "kb" and form_rank(top) <= form_rank(best):
            best = top
        replacement = _match_case(best.entry.name(self.dst) or orig, orig, best)
        alts = []
        for f in ranked:
            if f.entry is not best.entry and f.entry.id not in alts and f.entry.kind != "series" \
                    and (f.entry.name(self.dst) or orig) != replacement and f.variant not in ("short-form", "series-member") \
                    and best.variant not in ("short-form", "series-member"):
                alts.append(f.entry.id)
        e = best.entry
        if len(self._judged) < 200_000:
            self._judged[ckey] = (e.id, e.kind, replacement, best.lang, best.variant, e.origin, tuple(alts), sc, sim, e.passcodes)
        return Span(start, end, orig, e.id, e.kind, replacement, best.lang, best.variant, e.origin, alts, sc, sim, e.passcodes, why)

    def _made_up(self, w: str) -> bool:
        """Whether the folded word ``w`` is in no language's word list (wordfreq: no frequency in the four languages,
        nor ``is_word``): letters no one writes but for a name ("rfdd")."""
        got = self._no_word.get(w)
        if got is None:
            got = self._no_word[w] = self.freq.get_any(w) == 0 and not self.freq.is_word(w)
        return got

    def _made_up_short(self, w: str) -> bool:
        """Whether the folded word ``w`` is a card's one-word short form that is a made-up word, rarer than
        ``LOWER_SHORT_ZIPF`` in every language ("slifer", "dracossack"): written in lower case it is still that
        card's name (judged as any name in lower case is), where an everyday word would be the word."""
        return self.freq.get_any(w) < LOWER_SHORT_ZIPF

    def _rare_series(self, tk: str, ctx: tuple) -> bool:
        """Whether the capitalised one-word series name ``tk`` is a made-up word (rarer than RARE_SERIES_ZIPF
        in the text's language and in English) away from a sentence start: it names its series without a series context
        ("A ameaça de Tearlaments"; after a singular article, ``discourse`` reads it as the one card of it the text names
        in full, if any: "el Vrask")."""
        return not ctx[0] and self.freq.get_any(tk) < RARE_SERIES_ZIPF

    def _card_word_near(self, i: int, k: int) -> bool:
        """Whether one of the two words before word ``i`` or the two from word ``k`` on may say "card" (``_cardn``):
        else a window from ``i`` to ``k - 1`` has no card context, and ``_card_context`` need not be asked."""
        raw, cn = self._raw, self._cardn
        return bool((i > 1 and cn[raw[i - 2]]) or (i and cn[raw[i - 1]]) or (k < len(raw) and cn[raw[k]])
                    or (k + 1 < len(raw) and cn[raw[k + 1]]))

    def _tail(self, i: int, forms=()) -> bool:
        """Whether the capitalised word ``i`` is in the end of a longer name: after a capitalised word (not at a sentence
        start) and a linking word (TAIL_LINKS), perhaps with more capitalised words between. The scan back stops at a
        name found already: the linking word before it is that name's ("... Emissario della Fine Cambiare Idea", a list
        whose line breaks were lost, goes on with a name of its own). A noun of what is done to a card before the
        linking word (``ACTION_NOUNS``) is no name's ("Acelerar a Invocação do Dragão Branco de Olhos Azuis", a heading:
        the Summon of that card), and a dash set off by spaces right before the word opens an aside ("Monstros de Efeito –
        Magician of Faith")."""
        raw, words, cls, seps, last = self._raw, self._words, self._cls, self._seps, self._name_ends
        if " \u2013 " in seps[i] or " \u2014 " in seps[i]:
            return False  # a dash set off by spaces opens an aside ("Monstros de Efeito – Magician of Faith e …")
        while i >= 2 and cls[i] == " " and "\n" not in seps[i] and i - 1 not in last:
            # (a line break ends a name: a line opens a new one)
            if words[i - 1] in TAIL_LINKS and cls[i - 1] == " " and raw[i - 2][:1].isupper() and not self._sentence_start(i - 2):
                return words[i - 2] not in ACTION_NOUNS  # "A Invocação do Dragão Branco…": the card's Summon
            if words[i - 1] in TAIL_ARTICLES and i >= 3 and words[i - 2] in TAIL_LINKS and cls[i - 1] == cls[i - 2] == " " \
                    and raw[i - 3][:1].isupper() and not self._sentence_start(i - 3) \
                    and not any(f.entry.kind == "card" for f in forms):
                return words[i - 3] not in ACTION_NOUNS  # "La Guerra de las Galaxias", a film: no series Galaxy (a
                # card's name there is evidence's to judge, which tells a product's title: "Rise of the Velkar")
            if not raw[i - 1][:1].isupper():
                return False
            i -= 1
        return False

    def _heading(self, text: str, i: int, size: int, start: int, end: int) -> bool:
        """Whether words ``i`` to ``i + size - 1`` are a line alone (a heading: "Corvo D.D." over the paragraph that
        reviews it), perhaps after a Markdown heading mark and before a full stop or colon, each word capitalised or a
        linking word of names (``discourse.LINKS``)."""
        if not _alone_on_line(text, start, end):
            return False
        raw, words = self._raw, self._words
        return all(raw[k][:1].isupper() or raw[k][:1].isdigit() or words[k] in discourse.LINKS for k in range(i, i + size))

    def _heading_of_two(self, text: str, i: int, end: int) -> bool:
        """Whether a line holds only a capitalised word, a linking word and the window from word ``i`` to ``end``
        (perhaps after Markdown's heading marks, before a full stop or colon): the capitalised word at the line's start,
        which ``_tail`` does not read as a name's (it opens a sentence)."""
        return _alone_on_line(text, self._starts[i - 2], end)

    def _sentence_start(self, i: int) -> bool:
        """``mentions.sentence_start`` at word ``i``, from the separator before it (decided once per distinct separator):
        the scan back over openers stops in the separator, or reaches the word before (a letter: no sentence start)
        or the start of the text; a colon before a quote or a dialogue dash opens a speech, a sentence of its own, and
        so does "¿" or "¡" among the openers (``mentions.INVERTED``)."""
        sep = self._seps[i]
        v = self._opens.get(sep)
        if v is None:
            k = len(sep) - 1
            while k >= 0 and sep[k] in mentions.OPENERS:
                k -= 1
            v = self._opens[sep] = True if not mentions.INVERTED.isdisjoint(sep[k + 1:]) else 2 if k < 0 else \
                sep[k] in mentions.SENTENCE_END or (sep[k] == ":" and mentions.speech_opens(sep[k + 1:]))
            if v is not True and sep[-1:] == ">":  # ('<p class="x">Atenção': an element's text begins; the character
                # before a separator of one ">" ends the word before, a letter or a digit: no arrow)
                v = self._opens[sep] = len(sep) == 1 or mentions.tag_end(sep) or v
        if v is True and sep[0] == "." and i > 1 and self._seps[i - 1] == "." and len(self._raw[i - 1]) == 1 \
                and self._raw[i - 1].isupper():
            return False  # the dot of initials ends no sentence: "(deck D.A.D. Teleport)"
        return i == 0 if v == 2 else v

    def _item_number(self, k: int) -> bool:
        """Whether word ``k`` (a number) labels an item: it opens its line, and a tab or a column of spaces sets it
        apart from the item's words, as in a table of codes."""
        after = self._seps[k + 1]
        return (k == 0 or "\n" in self._seps[k]) and ("\t" in after or "  " in after)

    def _game_word_near(self, i: int, k: int) -> bool:
        """Whether one of the two words before word ``i`` or the two from word ``k`` on is a word of the card game
        itself (``evidence.GAME_ONLY``: "carta", "deck", "trampa"), not of games in general."""
        words = self._words
        return any(words[m] in evidence.GAME_ONLY for m in (i - 2, i - 1, k, k + 1) if 0 <= m < len(words))

    def _in_found(self, pos: int) -> bool:
        """Whether the character at ``pos`` is inside a name the scan has found so far."""
        found = self._found
        k = bisect_right(found, pos, key=_start_of) - 1
        return k >= 0 and found[k].end > pos

    def _card_context(self, i: int, size: int, start: int, end: int) -> bool:
        """``mentions.card_context`` of words ``i`` to ``i + size - 1``, from the two words before and after them (each word
        as written classified once, when it is first folded; a word cut by the edge of the stretch card_context reads
        counts with the part of it inside); where a word has combining accents (which split it in two there),
        card_context itself decides."""
        starts, ends, raw, cw = self._starts, self._ends, self._raw, self._cardw
        # (unrolled: the word before, then the one before it; the word after, then the one after it)
        lo = start - 24
        k = i - 1
        seps = self._seps
        if k >= 0 and ends[k] > lo and not _ENDS_SENTENCE.search(seps[i]):
            r = raw[k]
            f = cw[r]  # (every word of the text is classified with its folded form)
            if f == 2:
                return mentions.card_context(self._t, start, end)
            if starts[k] < lo:  # only its end is in the stretch
                if r[lo - starts[k]:].lower() in mentions.CARD_WORDS:
                    return True
            elif f:
                if not self._in_found(starts[k]):  # (a word of a name found is no word for cards: "Trap" of Bottomless
                    return True  # Trap Hole)
            else:
                k = i - 2
                if k >= 0 and ends[k] > lo and not _ENDS_SENTENCE.search(seps[k + 1]):
                    r = raw[k]
                    f = cw[r]
                    if f == 2:
                        return mentions.card_context(self._t, start, end)
                    if starts[k] < lo:
                        if r[lo - starts[k]:].lower() in mentions.CARD_WORDS:
                            return True
                    elif f and not self._in_found(starts[k]):
                        return True
        hi = end + 16
        k = i + size
        if k < len(raw) and starts[k] < hi and not _ENDS_SENTENCE.search(seps[k]):
            r = raw[k]
            f = cw[r]
            if f == 2:
                return mentions.card_context(self._t, start, end)
            if ends[k] > hi:  # only its start is in the stretch
                return r[:hi - starts[k]].lower() in mentions.CARD_WORDS
            if f:
                return True
            k += 1
            if k < len(raw) and starts[k] < hi and not _ENDS_SENTENCE.search(seps[k]):
                r = raw[k]
                f = cw[r]
                if f == 2:
                    return mentions.card_context(self._t, start, end)
                if ends[k] > hi:
                    return r[:hi - starts[k]].lower() in mentions.CARD_WORDS
                if f:
                    return True
        return False

    def _context(self, text: str, spans: list[Span]) -> list[Span]:
        """Drop lower-case rules terms with no other name near them (no rules context)."""
        quoted = mentions.quoted
        # (the terms picked in C: most spans are cards)
        weak = [k for k in compress(range(len(spans)), map("term".__eq__, map(_kind_of, spans)))
                if spans[k].text[:1].islower() and not quoted(text, spans[k].start, spans[k].end)]
        if not weak:
            return spans
        keep = bytearray(b"\x01") * len(spans)
        for k in weak:
            keep[k] = 0
        strong = list(compress(map(_start_of, spans), keep))
        for k in weak:
            s = spans[k]
            j = bisect_left(strong, s.start - CONTEXT_CHARS)
            keep[k] = j < len(strong) and strong[j] <= s.end + CONTEXT_CHARS
        return list(compress(spans, keep))


def _closing(index, text: str, spans: list, memo: dict) -> list:
    """``spans`` with each card name that its replacement ends with a mark the words leave out (a quote, "?", "!") and
    that the text has right after it taking that mark in: 'Maxx "C"' is replaced whole, not 'Maxx "C' and its quote
    written twice; "Where Arf Thou?" becomes "¿Dónde Está Usted?", not with a second "?"; a card whose name ends with
    a full stop takes the stop after it ("Giltia il Cavaliere dei D."), and one whose name begins with the quote the text
    has right before it takes that quote in ('"A" Cell Breeding Device', found from its A). Likewise a card found by a
    short form without the first word of its name (an article: "A Wingbeat" found as "Wingbeat" of A Wingbeat of
    Giant Dragon) takes that word where the text has it right before, so that it is not written twice (a nickname
    keeps its article: "las ovejas" is the sheep, whatever the name begins with); and one found by the words after its
    two-word series takes the series written by its first word's initial ("E-HERO Stratos" is Elemental HERO Stratos,
    not "E-HERO" and the card's whole name). A term written with its number ("velocidad 2", a form of Spell Speed) keeps
    the number in its replacement. A card found by its short form right after a series name that its own name holds
    before that form takes the series in ("X-Saber Faultroll" is XX-Saber Faultroll, not "X-Saber" and the card's
    whole name)."""
    drop: set = set()  # spans a card took in
    for k, s in enumerate(spans):
        if s.kind == "term":
            if s.text[-1:].isdigit():
                num = re.search(_TRAILING_NUMBER, s.text)
                if num and not s.replacement.endswith(num.group(1)):  # "velocidad 2" is Spell Speed 2, not Spell Speed
                    s.replacement = f"{s.replacement} {num.group(1)}"
            continue
        r = s.replacement
        if s.start and text[s.start - 1] in QUOTES_OPEN and text[s.start - 1] in s.text and s.kind == "card" \
                and (not k or spans[k - 1].end < s.start) \
                and any(n.startswith(text[s.start - 1] + s.text.lower()) for n in _names_lower(index, s, memo)):
            s.start -= 1  # '"A" Cell Breeding Device' found from its A: the name's own opening quote is the text's
            s.text = text[s.start:s.end]
        nxt = text[s.end:s.end + 1]
        if nxt in _PAIRED_CLOSE and s.kind == "card" and _opened_inside(s.text, nxt) \
                and (k + 1 == len(spans) or spans[k + 1].start > s.end):
            s.end += 1  # 'Exodia, "o Proibido"': a quote the name's words opened closes after them
            s.text = text[s.start:s.end]
            continue
        if nxt == "'" and s.kind == "card" and s.text.count("'") % 2 == 1 and (k + 1 == len(spans) or spans[k + 1].start > s.end) \
                and any('"' in n for n in _names_lower(index, s, memo)):
            s.end += 1  # "K9-17 'Ripper'": the name's double quotes written as single ones (``fold.sep_class``) close
            s.text = text[s.start:s.end]  # after its words too (a name with no double quote keeps its apostrophes)
            continue
        if nxt and not nxt.isalnum() and not nxt.isspace() and s.text[-1:] != nxt and (k + 1 == len(spans) or spans[k + 1].start > s.end):
            if r[-1:] == nxt or (nxt == "." and s.kind == "card" and _names_end_with(index, s, memo, nxt)):
                s.end += 1  # (a series' too: "U.A." was written back as "U.A.."; a name's own full stop: "Giltia il
                s.text = text[s.start:s.end]  # Cavaliere dei D." is Giltia the D. Knight, not that and a stop)
        if s.kind != "card":
            continue
        if k and spans[k - 1].end == s.start - 1 and spans[k - 1].kind == "series" and s.variant in mentions.NICKNAME_KINDS \
                and text[s.start - 1] == " " and k - 1 not in drop:
            prev = spans[k - 1]
            pl, sl = prev.text.lower(), s.text.lower()
            held = next((n for n in _names_lower(index, s, memo) if 0 <= n.find(pl) < n.find(sl)), None)
            if held is not None:  # "X-Saber Faultroll": the series written before the card's word is its name's,
                drop.add(k - 1)  # misspelt (XX-Saber); the card takes it in and is not written after it, nor the rest
                s.start = prev.start  # of its name the text writes after it ("Rank-up-Magic Barian' Force")
                s.end = _rest_of_name(text, s.end, held[held.find(sl) + len(sl):], spans[k + 1].start if k + 1 < len(spans) else len(text))
                s.text = text[s.start:s.end]
                continue
        if s.variant in mentions.NICKNAME_KINDS and s.start > 3 and text[s.start - 1] == " ":
            m = _SERIES_INITIAL.search(text, max(0, s.start - 20), s.start)
            if m and (not k or spans[k - 1].end <= m.start()) and _initial_fits(m, s, _names_lower(index, s, memo)):
                s.start = m.start()  # "E-HERO Stratos", "D- HERO Diamond Dude": the series written by its initial
                s.text = text[s.start:s.end]
                continue
        if s.variant not in mentions.NICKNAME_KINDS or s.start < 2 or text[s.start - 1] != " ":
            continue
        a = text.rfind(" ", 0, s.start - 1) + 1  # the word right before the name, after one space
        if (k and spans[k - 1].end > a) or not text[a:s.start - 1].isalpha():
            continue
        if s.start - 1 - a <= 3 and s.variant == "short-form":  # (a short word, an article: "A Wingbeat")
            before = text[a:s.start].lower()
            if any(n.startswith(before + s.text.lower()) for n in _names_lower(index, s, memo)):
                s.start = a
                s.text = text[a:s.end]
                continue
        if text[a:a + 1].isupper() and _head_before(index, text, spans, k, s, memo):
            drop.add(k)
    return [s for k, s in enumerate(spans) if k not in drop] if drop else spans


HEAD_WORDS = 3
"""At most this many capitalised words before such a span are read as the first words of its name."""


def _head_before(index, text: str, spans: list, k: int, s, memo: dict) -> bool:
    """Where the capitalised words right before span ``s`` (a card found by a nickname or a part of its name) are the first words of
    that card's name, in order, and the span's first word comes later in it, the span takes them in, and the words
    after it that go on with the rest of the name ("Dark Balter" found as "Balter" of Dark Balter the Terrible, "Black
    Luster Envoy of the Beginning" found as its "Envoy"): otherwise the name would be written in full after the words
    that begin it, which would stay ("Dark Dark Balter the Terrible"). Where a capitalised word in the middle of a
    sentence comes before those first words, they and the span are the end of a longer name ("la Copa Heraldo Velkar"):
    True, the span is no card (written as the card, its first words would be written twice)."""
    lo = spans[k - 1].end if k else 0
    words, starts = [], []
    at = s.start
    while len(words) <= HEAD_WORDS:  # (one more than may be taken: is the word before them capitalised too?)
        m = _WORD_BEFORE.search(text, max(lo, at - 40), at)
        if m is None or not m.group(1)[:1].isupper():
            break
        words.insert(0, m.group(1).lower())
        at = m.start(1)
        starts.insert(0, at)
        if at <= lo:
            break
    if not words:
        return False
    own = re.findall(r"\w+", s.text.lower())
    for n in _names_lower(index, s, memo):
        nw = re.findall(r"\w+", n)
        for m in range(len(words), 0, -1):  # the most words before that begin the name
            if nw[:m] == words[-m:] and own and own[0] in nw[m:]:
                p = m + nw[m:].index(own[0])
                if nw[p:p + len(own)] != own:
                    continue
                start = starts[-m]
                if len(words) > m and not mentions.sentence_start(text, starts[-m - 1]):
                    return True  # "la Copa Heraldo Velkar": a capitalised word before the name's first words
                nxt = spans[k + 1].start if k + 1 < len(spans) else len(text)
                s.start = start
                s.end = _rest_of_name(text, s.end, " ".join(nw[p + len(own):]), nxt)
                s.text = text[s.start:s.end]
                return False
    return False


def _opened_inside(name: str, close: str) -> bool:
    """Whether ``name`` opens a quote that the mark ``close`` closes and does not close it itself: an odd count of a
    mark that opens and closes alike ('"'), more of the opening mark than of ``close`` otherwise ("«", "“")."""
    mark = _PAIRED_CLOSE[close]
    return name.count(mark) % 2 == 1 if mark == close else name.count(mark) > name.count(close)


_NEXT_WORD = re.compile(r"[ \t]+(\w+)")
"""The word after a place, one space or more between (``Translator._glued``)."""
_GLUED_COUNT = re.compile(r"[1-9][xX](?=[A-ZÀ-Þ])")
"""A count of copies run into the capitalised name after it, as deck lists write it ("3xEffect Veiler", "1xJuicio",
"3xMST", "2xD-Hero Malicious")."""
_SUMMON_KINDS = frozenset({"xyz", "synchro", "sincro", "fusion", "fusione", "fusao", "pendulum", "pendulo", "pendolo", "link",
                           "ritual", "rituale", "tuner", "numero", "number"})
"""The game's kinds of monster and Summon (folded), which a run of capitalised words lists (``Translator._run_names``)."""
_LAST_WORD = re.compile(r"\w+$")
"""The word that ends a stretch of text (``Translator._ends_name``: searched up to the space before a glued word)."""
GLUE_BACK = 5
"""The most words before a glued word that ``Translator._ends_name`` reads as the start of the name it ends."""
GLUE_WORD = 40
"""The longest word ``Translator._ends_name`` reads before a glued word (a longer one is read as its last letters)."""
GLUE_AHEAD = 4
"""The most words after a glued word that ``Translator._whole_card`` reads with it as one card's name."""
_ENDS_SENTENCE = mentions.SENTENCE_BREAK
"""A separator that ends a sentence: no card context across it (``Translator._card_context``)."""


def _words_before(text: str, a: int) -> list:
    """The words right before ``a`` on its line, one space apart, up to GLUE_BACK of them, in order (a word longer than
    GLUE_WORD read as its last letters: a bounded stretch, no scan of a long line)."""
    line = text.rfind("\n", 0, a) + 1
    out, at = [], a
    while len(out) < GLUE_BACK and at - 1 > line and text[at - 1] == " ":
        m = _LAST_WORD.search(text, max(line, at - 1 - GLUE_WORD), at - 1)
        if m is None or m.end() != at - 1:
            break
        out.append(m.group())
        at = m.start()
    return out[::-1]


def _unspaced(at: list, put: list, x: int) -> int:
    """The place in the text of the place ``x`` of the text read with separators put back at ``at`` (where each stands
    there, in order; ``put``: the characters put back up to each, itself included)."""
    k = bisect_left(at, x)
    if not k:
        return x
    before = put[k - 2] if k > 1 else 0  # (the characters put back before the last place at or before ``x``)
    return x - before - min(put[k - 1] - before, x - at[k - 1])


_WORD_BEFORE = re.compile(r"(?:^|(?<=[\s(\[\"'“«]))([^\W\d_][\w-]*) $")
"""The word that ends right before a span, one space between (``_head_before`` reads them one at a time)."""
_REST_WORD = r"[ '’-]*(\w+)"  # (patterns' texts: compiled where first asked, re keeps them)


def _rest_of_name(text: str, end: int, rest: str, limit: int) -> int:
    """Where a name the text writes goes on after ``end`` with the words of ``rest`` (the lower-case end of the card's
    name after the words found), in order, a possessive "s" of the name perhaps left out ("Barian' Force" for
    "Barian's Force"); ``end`` itself where the text does not go on so. Never past ``limit`` (the next span)."""
    want = re.findall(r"\w+", rest)
    word = re.compile(_REST_WORD)
    at = end
    while want:
        m = word.match(text, at, limit)
        if m is None:
            break
        if want[0] == "s" and m.group(1).lower() != "s":
            want.pop(0)
            continue
        if m.group(1).lower() != want[0]:
            break
        want.pop(0)
        at = m.end()
    return at


_FILE_END = r"\.(?:jpe?g|png|gif|webp|svg|bmp|json|txt|md|html?|js|ts|css|py|cs|java|ya?ml|xml|csv|mp[34]|wav|ogg)\b"
"""A file's extension right after a name: the name is part of a file's path or name ("img/mago-negro.jpg")."""


_TOKEN_EDGE = r"[\s\"'`()\[\]{}<>,;]"
"""What ends a file's path around a name."""


def _emphasised(text: str, a: int, b: int) -> bool:
    """Whether the underscores around ``text[a:b]`` are Markdown's emphasis ("_Cilindro Mágico_", "__Raigeki__"), not
    an identifier's: as many right before it as right after it, and beyond them no letter, digit or dot (an
    identifier's other words: "kaibaman_rj", "MONSTRUO_RENACIDO", "self._raigeki")."""
    i, j = a, b
    while i and text[i - 1] == "_":
        i -= 1
    while j < len(text) and text[j] == "_":
        j += 1
    if a - i != j - b or not 0 < a - i <= 2:
        return False
    return not (i and (text[i - 1].isalnum() or text[i - 1] == ".")) and not (j < len(text) and text[j].isalnum())


def _outside_code(text: str, spans: list) -> list:
    """``spans`` without those glued to code: a name joined by "_" to an identifier ("MONSTRUO_RENACIDO", whatever pass
    found it), after a "." that follows a letter or a digit (a member: "TipoEfecto.POLIMERIZACION"), inside a file's
    path or name (a token with a file's extension: "img/mago-negro.jpg"; a list "Raigeki/Dark Hole" is no path),
    a one-word key of an object in lower case, in quotes before a colon ('"question": …'), or a one-word name that a
    line of code declares ("class Cilindro(Card):", "def Raigeki():") or imports outside quotes ("from cards.traps
    import MirrorForce, Cilindro"), a class made ("new Jinzo7(") or a variable in lower case given a value ("jinzo7 =
    …"): the code's identifiers, which are not annotated either; and one lower-case word joined by a hyphen to a number
    or another lower-case word (a CSS class, a slug: 'className="shrink-0"')."""
    keep = []
    for s in spans:
        a, b = s.start, s.end
        prv = text[a - 1] if a else ""
        nxt = text[b] if b < len(text) else ""
        if ((prv == "_" or nxt == "_") and not _emphasised(text, a, b)) or (prv == "." and a > 1 and text[a - 2].isalnum()):
            continue
        if prv in _CODE_BEFORE and _declared(text, a, s.text):
            continue
        if " " not in s.text and ((nxt == "(" and text[max(0, a - 4):a] == "new ")
                                  or (s.text[:1].islower() and _ASSIGNED.match(text, b))):
            continue  # a class made ("new Jinzo7(jugador1)") or a variable given a value ("Carta jinzo7 = …")
        if s.text.islower() and s.text.isalpha() and (
                (nxt == "-" and text[b + 1:b + 2].isalnum() and not text[b + 1:b + 2].isupper())
                or (prv == "-" and a > 1 and text[a - 2].isalnum() and not text[a - 2].isupper())):
            continue  # one lower-case word joined by a hyphen to another in lower case or a number: a CSS class or a
            # slug ('className="shrink-0"', "post-raigeki"), no name
        if (prv in ("/", "\\") or nxt in (".", "/", "\\")) and _in_path(text, a, b):
            continue
        if prv in ("\"", "'") and nxt == prv and s.text.islower() and " " not in s.text \
                and text[b + 1:b + 3].lstrip(" ")[:1] == ":":
            continue  # an object's key in code ('{"question": …}'); a capitalised one may be a card ('{"Mago Negro": 3}')
        keep.append(s)
    return keep if len(keep) != len(spans) else spans


_ASSIGNED = re.compile(r"[ \t]*=(?![=>])")
"""An assignment right after a word of code ("jinzo7 = …"; not "==" nor "=>")."""
_CODE_BEFORE = frozenset(" \t{,")
"""What comes right before a name that a line of code declares or imports ("class X", "import {X", "import a,X")."""
_DECLARED = re.compile(r"(?:^|\n)[ \t]*(?:(?:export|public|private|protected|abstract|final|static|async|default)[ \t]+)*"
                       r"(?:class|def|function|interface|enum|struct|trait)[ \t]+")
"""The start of a line of code that declares what comes right after it ("class ", "public class ", "async function ")."""
_IMPORT_LINE = re.compile(r"[ \t]*(?:from[ \t]+[\w.]+[ \t]+)?import[ \t]")
"""A line of code that imports names ("import …", "from x.y import …")."""


def _declared(text: str, a: int, name: str) -> bool:
    """Whether the one-word name at ``text[a]`` is a code identifier: one that a line of code declares right before it
    (``_DECLARED``), or one of an import line (``_IMPORT_LINE``) outside quotes ("from traps import MirrorForce,
    Cilindro"; a quoted one may be a file or a string, and a name of two words is no identifier: "import X, Gloom
    Wyvern" is a list)."""
    if " " in name:
        return False
    line = text.rfind("\n", 0, a) + 1
    m = _DECLARED.match(text, line - 1 if line else 0)
    if m is not None and m.end() == a:
        return True
    # (asked of most names found, a space before them: the line is read in place, not copied)
    return _IMPORT_LINE.match(text, line, a) is not None and text.count('"', line, a) % 2 == 0 \
        and text.count("'", line, a) % 2 == 0


_CRLF = re.compile("\r\n")
"""A Windows line end (``Translator.spans`` reads it as a "\\n")."""
_CAPITAL_AFTER = re.compile(r" (?=[^\W\d_])(\w+)")
"""One space and a word right after a span (``_terms_outside_names`` reads its case)."""


def _terms_outside_names(text: str, spans: list) -> list:
    """``spans`` without the one-word rules terms written with a capital right before a capitalised word that no name
    found covers: the term is a word of a longer name the translator does not know ("Nega Attacco", "Negar Defensa",
    a fan's name of Negate Attack), which a translated term would break ("Negate Attacco")."""
    drop = None
    for k, s in enumerate(spans):
        if s.kind != "term" or not s.text[:1].isupper() or " " in s.text:
            continue
        m = _CAPITAL_AFTER.match(text, s.end)
        if m is None or not m.group(1)[:1].isupper() or m.group(1).isupper():
            continue
        if k + 1 < len(spans) and spans[k + 1].start < m.end() and spans[k + 1].kind != "term":
            continue  # (a name found after it: "Negar Mirror Force" is the term and the card)
        drop = drop or set()
        drop.add(k)
    return [s for k, s in enumerate(spans) if k not in drop] if drop else spans


def _in_path(text: str, a: int, b: int) -> bool:
    """Whether ``text[a:b]`` is inside a token (up to a blank, a quote or a bracket) that has a "/" or a "\\" and ends
    with a file's extension: a file's path."""
    edge = re.compile(_TOKEN_EDGE)
    m = edge.search(text, b)
    end = m.start() if m else len(text)
    start, stop = a, max(0, a - 200)  # (a path is shorter)
    while start > stop and not edge.match(text, start - 1):
        start -= 1
    token = text[start:end]
    return ("/" in token or "\\" in token) and re.search(_FILE_END, token, re.I) is not None


_TRAILING_NUMBER = r"\s(\d+)$"
"""The number a term's words end with ("velocidad 2")."""
_SERIES_INITIAL = re.compile(r"(?<![\w-])([A-Za-z])[ \t]?[-‐‑][ \t]?([A-Za-z]{3,}) $")
"""A letter, a hyphen and a word right before a name ("E-HERO ", "D- HERO "): a two-word series written by its first
word's initial."""


def _initial_fits(m, span, names: list) -> bool:
    """Whether the letter and word of ``_SERIES_INITIAL``'s match ``m`` are the first word's initial and the second
    word of the two words that begin one of the card's names before the span's words ("Elemental HERO" before
    "Stratos")."""
    letter, word, rest = m.group(1).lower(), m.group(2).lower(), span.text.lower()
    for n in names:
        i = n.find(rest)
        head = n[:i].replace(" - ", " ").split() if i > 0 else []
        if len(head) == 2 and head[0][:1] == letter and head[1].strip("-") == word:
            return True
    return False


def _names_lower(index, span, memo: dict) -> list:
    """``_names_of`` in lower case, kept in ``memo`` per card, language and replacement."""
    nk = (span.id, span.lang, span.replacement)
    names = memo.get(nk)
    if names is None:
        names = memo[nk] = [n.lower() for n in _names_of(index, span)]
    return names


def _names_end_with(index, span, memo: dict, mark: str) -> bool:
    """Whether a card's name in the span's language or English ends with ``mark`` right after the span's words (its
    own full stop: "… dei D.")."""
    t = span.text.lower() + mark
    return any(n.endswith(t) for n in _names_lower(index, span, memo))


def _names_of(index, span) -> list:
    """The names of a span's card in the span's language and English (its entry found through its replacement, the
    card's name in the target language)."""
    for f in index.forms_for_key(normalize(span.replacement)):
        if f.entry.id == span.id:
            return [n for n in (f.entry.names.get(span.lang), f.entry.names.get("en")) if n]
    return []


def _ordered(cands: tuple) -> tuple:
    """Candidate windows (size, key, typos, plural words) in the order ``_at`` tries them: the longest first, then fewer
    typos, then fewer plural words (a stable sort: ties keep the walk's order)."""
    return tuple(sorted(cands, key=lambda c: (-c[0], c[2], c[3]))) if len(cands) > 1 else cands


_TAIL_PREPOSITIONS = frozenset("""de del da do dos das di della dello delle degli dei of the por para pelo pela con com per
en em in sin sem su sul""".split())


def _counted(words: list, i: int) -> bool:
    """Whether word ``i`` comes right after a count of copies (``COPIES``: "3 Draghi Rossi", "2x")."""
    return i > 0 and words[i - 1] in COPIES


def _ends_item(text: str, b: int) -> bool:
    """Whether a run that ends at ``b`` ends its line, but for a count of copies after it (``COPIES``: "… - Gorilla x2",
    "… (3)"): a list's item."""
    rest = text[b:b + ITEM_TAIL]
    end = rest.find("\n")
    if end >= 0:
        rest = rest[:end]
    elif b + ITEM_TAIL < len(text):
        return False  # (a longer line goes on)
    rest = rest.strip(" \t\r")
    return not rest or rest.strip("()").lower() in COPIES


ITEM_TAIL = 12
"""How far after a run ``_ends_item`` looks for its line's end."""


def _without_tail_link(text: str, a: int, b: int) -> int:
    """Where a run ``text[a:b]`` ends once a capitalised preposition at its end is left out (``_TAIL_PREPOSITIONS``:
    "Dark Armed Dragon - Por", a heading's name and the next sentence's first word): a name never ends with one (an
    article may: "Uno por Uno")."""
    last = None
    for last in TOKEN.finditer(text, a, b):
        pass
    if last is None or last.start() == a or fold_word(last.group()) not in _TAIL_PREPOSITIONS:
        return b
    return len(text[a:last.start()].rstrip(" \t-‑–—,")) + a


def _close_words(extra: list, missing: list) -> bool:
    """Whether each word of a run that is not in a name (``extra``) is a misspelling of one of the name's words the run
    lacks (``missing``; or of any of its words, "Una Por Uno"), or they are those words with a space put in or left
    out ("Tether Wolf" for Tetherwolf, "Raioh" for Rai-Oh): at most one edit, or one per four letters ("Sorcerer" for
    "Sorceress", not "Oscxry" for "Oscura"); or its beginning, of ``CUT_LETTERS`` letters or more, short of at most
    three ("Pesca" for "Pescata"); or the same stem of ``CUT_LETTERS`` letters or more with another ending of at most
    three letters ("Starve" for "Starving")."""
    if not extra or "".join(extra) == "".join(missing):
        return True  # (or the same letters with a space moved: "Tether Wolf" for Tetherwolf, "Raioh" for Rai-Oh)
    from rapidfuzz.distance import Levenshtein
    return all(any(Levenshtein.distance(w, x) <= max(1, len(x) // 4)
                   or (len(w) >= CUT_LETTERS and x.startswith(w) and len(x) - len(w) <= 3)
                   or _same_stem(w, x) for x in missing) for w in extra)


def _same_stem(w: str, x: str) -> bool:
    """Whether two words share their first ``CUT_LETTERS`` letters or more and differ only in endings of at most three
    letters each ("starve", "starving")."""
    n = len(os.path.commonprefix((w, x)))
    return n >= CUT_LETTERS and len(w) - n <= 3 and len(x) - n <= 3


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
        elif _quoted(text, s.start, s.end) and text[s.end] in QUOTES_CLOSE:  # "Honesto" (L'Onesto): the note goes after the closing quote
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
