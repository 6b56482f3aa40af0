"""Evidence a weak name needs before it becomes a card (issue 24): nicknames, short forms and one-word names that real
text also uses for a deck, a product, a series, a set of pieces or an ordinary word.

``review`` reads the card spans ``translate`` found and holds back those the words around them make something else:

- another card: a short form of two or three words that is another card's whole name in another order ("Dragón
  Bebé", the head of Harpie's Pet Baby Dragon's name, is Baby Dragon: ``_reordered``);
- a series: a card's name right after a word for archetype, a linking word perhaps between ("el arquetipo del Mago
  Negro"), as the series of its words or of its card's English name (``_archetype_before``, ``_series_named_as``);
- a series: a name in quotes right after a word for monster or card that is also a series' name ('1 monstruo
  "Mecanismo Antiguo"', how the game's texts name any member of a series: ``QUOTED_KIND``);
- a product or a column: right after "colección", "coleção", "espansione", "set", "rubrica" ("la coleção duelist
  alliance", "l'espansione Light of Destruction"; a word for "named" may come between: "il set denominato X"), or a
  product's field label and a colon ("Caja de Lanzamiento: The Dark Illusion": ``PRODUCT_LABELS``), but not after an
  edition with an indefinite article ("una edición X": one printing of the card); a title: right after "Yu-Gi-Oh!",
  perhaps with the title's own capitalised article ("Yu-Gi-Oh! Legacy of the Duelist", the video game; "Yu-Gi-Oh: La
  Torre dei Duelli") or with a film's word and a colon ("Yu-Gi-Oh! O Filme: Pirâmide de Luz"), and the same name
  anywhere else in the text unless played, quoted or called a card (``_titles``); a set in a list of sets, a release date in parentheses after
  it ("Servitore del Faraone (20 ottobre 2002)", ``_released_on``); a chapter's title, filling its line after the
  chapter's label ("Prólogo: La Carta del Destino.", ``_chapter_title``);
- a deck named after a card: a deck word after the name ("Yata-Lock", "X Turbo", "X OTK") or "deck"/"mazzo"/"baraja"
  right before it ("Deck Reborn", "una baraja de Exodia", initials between: "deck D.A.D. Teleport"), or a name alone
  in parentheses after a player's name on a line that pairs two players ("Lucas Kenzou (Blue-Eyes)", ``_pairing``;
  every card name);
- the end of a longer capitalised name: a capitalised word right before the name, joined to it by one space or a
  hyphen, that is no name found, opens no sentence and is no word of the card's own names ("Raging Tempest", "Tele-DAD",
  "Drago Oscuro Metallico Occhi Rossi"; but "Lightsworn Ryko", "HERÓI Mascarado Anki"), nor a conjunction opening a
  clause or a print number ("Si Lightning Chidori hace…", "SDSC-EN002 Disenchanter");
- a modifier inside a longer lower-case name: a lower-case nickname right after "de"/"di"/"do"/"da"… and a word
  that is no word of the game ("el dragón bebé de ojos rojos", "archidemonio de relámpago de ojos rojos": another
  card's name that lookup does not know, whose "ojos rojos" is not Red-Eyes B. Dragon; but "el mazo de ojos rojos");
- an ordinary word: a nickname in lower case that is an everyday word of the text's language or of English, with no
  definite article, determiner or count of copies before it ("pode reviver", "come un corvo"; but "las ovejas", "a
  bruxa", "-1 plague" are the cards), or a word of the game with or without one ("o controlador do monstro"), unless
  quoted.

A name that real text also uses for something else needs a card context (``_Context``) before it becomes a card: one or
two ordinary words ("Tormenta", "Lobo", "Gigante", "Crow": ``ORDINARY``), or a nickname or video-game name of a card
printed ``RARE`` times or fewer. A context is another card or series name, or a word of the game (carta, efecto,
activar, invocar, deck, banlist…), within ``CONTEXT_CHARS``; a verb that plays it right before it ("usa X"); a line of a
list; quotes or "carta" right next to it.

A series name that is also one card's official name, between card names of a list or right after a word for one card,
unquoted, is that card ("Buco Trappola, Polimerizzazione, Elfo Mistico"; "pela carta de Polimerização").

Those rules apply to the weak kinds of names (``mentions.NICKNAME_KINDS``, and a one-word name of the card pool);
the first (a product) applies to every card name, the second (a deck) to every name written all in lower case ("un
deck de chaos sorcerer"; a capitalised name after "del mazo" may be the card taken from the deck) and to every card name
after a deck word that an article, a possessive or a demonstrative makes someone's ("il deck del Drago Bianco Occhi Blu",
``_owned_deck``), and so does one more:

- the epithet of a longer name: a name right after a capitalised word and a comma (an article may come between) that
  goes on with a capitalised word on the same line ("Gazelle, el Rey de las Bestias Míticas": the other card's
  epithet, not King of the Beasts), or, for a name that is an article and its noun, after "de"/"di"/"of"… ("Holactie,
  il Creatore di Luce": not The Creator; but "Jack Atlas, il Drago Rosa Nera di Aki" is Black Rose Dragon).

The longest mention wins for every card name too (issue 24, prec25):

- a whole name after a capitalised word joined to it by a space or a hyphen, that opens no sentence and is no name
  found, no article or function word, no word that joins a list ("VS") and no word of the game, is the end of a longer
  name ("contra el Gran Dragón Blanco de Ojos Azules"; ``_tail``, which weak names had already);
- a head and its epithet written without their comma are one card where together they are its name ("Slifer el
  Dragón del Cielo"; ``_headed``);
- a name that heads a modifier held back (``_modifier``) is the longer name's card where that fits one closely ("bebé
  Dragon de ojos rojos"; ``_heads``);
- a name of two words or more followed by a lower-case "de"/"di"/"do"/"da"/"of" and the capitalised official name of
  another card (in any language of the pool) is the head of one longer name, "X of Y", which neither stands for alone
  ("Dragón del Trueno del Mago Oscuro"; ``_of_card``, prec25b).

And a weak name is no card where the language says what else it is: a person (``people``), a common noun its own card
name writes after an article ("Alianza de los Duelistas": ``_common_noun``), an everyday word that opens a sentence
going on in lower case (``_opening``); a lower-case name that opens with a preposition after a lower-case word is a
phrase ("el monstruo de fusión": ``_phrase``), and so is a rare card's name (printed ``IDIOM_RARE`` times or fewer) written
all in lower case whose every content word is ordinary in the text's language and more common there than in English
("la marea negra cambió la partida": ``_idiom``, prec25b), unless the text names that card with capitals elsewhere (a
heading in sentence case over the card's paragraph); a nickname that is also a series' name, in a sentence about archetypes,
is the series (``_archetype``), and so is a card name that is also one series' name after a lower-case plural
article ("i Kuriboh", "los Lightsworn", "os Cyber Dragons": ``_plural_series``, prec25b), one joined to a preposition
in Portuguese and Italian too ("a história dos World Legacy": ``PLURAL_JOINED``). Each span held back goes to the
translator's ``held`` list with its reason, so that ``translate --report`` lists it as unresolved with its candidates.

Real text's look-alikes (issue 24, prec26), for every card name unless said:

- a name alone on its line over a forum profile's numbered fields is a user's name or rank (``people.profile``);
- a one-word name that a story written as a script gives lines or life points is a character (``people.speakers``);
  a name that a verb of speech follows is a person (``people.person``), but not a card the text has read already
  followed by what it says in the present tense ("Geartown dice: …": its text; ``CARD_SAYS``);
- a weak name joined by a hyphen to a capitalised word after it begins a longer name ("Debris-Plant", a deck:
  ``_hyphen_after``);
- a rare card's everyday name not written as a name (its first word, no function word, in lower case: "pensó en
  atacar el Sol"; or in sentence case opening a sentence that goes on in lower case on its line: "Marea negra, dijo
  él") is the phrase, as in lower case (``_unnamed``, ``_idiom``, which reads a video game's names too);
- a name a deck is built on ("una baraja basada en X", "um baralho baseado em X") or that an apposition of a possessive
  and a deck word follows ("X, il suo mazzo di sempre") is the deck (``_based_deck``);
- a nickname that is also a series' name right after a word for monster ("un mostro Ember-Eyes") is the series
  (``KIND_NOUNS``), and a series' one-word name there that is an everyday word is the monster's Type, no name
  (``_monster_type``: "dos monstruos Guerrero");
- a name that ends a product's capitalised title ("la colección Rise of the X") is the product (``_product_title``);
- a column's name is the column wherever the text writes it in the same words (``_columns``);
- a name after a comma in a sentence that names structure decks in the plural before it is an item of a list of
  products (``_deck_list``);
- in ``_opening``, a card word after a count or an article is the verb's object ("Entonces dos cartas …"), not the
  card's own word;
- a card's or series' name of two words written with an ordinary first word in lower case and the second capitalised
  is an adjective and a noun, not written as the name ("il leggendario Drago", the legendary Dragon, in the words of
  the series Leggendario Drago: ``_lower_head``);
- a card named after a place or a work of the franchise (the GX school, a video game: ``people.PLACES``) is the place or
  the work unless played, quoted or called a card, and a main character of the anime is the character
  (``people.character``); a card's name the text gives its author or a forum user (``people.author``: "AUTOR: Mago
  oscuro") is that person wherever else the text writes it, unless played, quoted or called a card (``_signed``);
- a name across a line break that fills two whole capitalised short lines is two items of a list written one a line
  ("Atributos / Dark / Divine": ``_column``);
- a name in lower case with no space, joined by hyphens to a letter or digit on both sides, is part of an identifier
  ("summon-dark-magician-5" in a program's data: ``_slug``);
- a card's full name and a capitalised nickname or short form right after it, one space between, are one longer name
  the pool lacks, which neither names ("Mago Oscuro del Caos Renacido", a made-up card: ``run_on``, after every other
  reading).
"""
from __future__ import annotations

import re
from bisect import bisect_left
from itertools import accumulate, compress, permutations, repeat
from operator import attrgetter, sub

from . import mentions, myths, people
from .mentions import words_of
from ..core.fold import TOKEN, fold, normalize, tkey

PRODUCT_WORDS = {"coleccion", "colecciones", "colecao", "colecoes", "collezione", "collection", "expansion", "expansiones",
                 "expansao", "expansoes", "espansione", "espansioni", "set", "booster", "rubrica", "columna", "coluna",
                 "column", "edicion", "edicao", "edizione", "pack", "tin", "box", "leyenda", "lenda", "leggenda", "legend",
                 "lista", "list"}
"""A word right before a name (perhaps with "de"/"del"/"of"… between) that makes it a product or a column ("la colección
X", "l'espansione X", "La leggenda del X": the first set's title; "la lista de Prohibición": the ban list's title). Not
"sobre" (a booster in Spanish, but "about")."""
PRODUCT_LABELS = {"coleccion", "colecao", "collezione", "collection", "expansion", "expansao", "espansione", "edicion",
                  "edicao", "edizione", "caja", "caixa", "scatola", "box", "lanzamiento", "lancamento", "lancio", "release",
                  "producto", "produto", "prodotto", "product", "booster", "pack", "tin"}
"""Labels of a product's field before a colon ("Caja de Lanzamiento: The Dark Illusion", "Expansión: Rise of the
Duelist"): the name after it is the product's. Not "lista" ("Lista: Raigeki, …" lists cards)."""
DECK_AFTER = {"lock", "beatdown", "beat", "otk", "ftk", "turbo", "deck", "decks", "decklist", "decklists", "build", "builds",
              "control", "burn", "stun", "loop", "toolbox", "mazzo", "mazzi", "baraja", "barajas", "baralho", "baralhos",
              "variant", "engine"}
"""A word right after a name that makes it a deck ("Yata-Lock", "Exodia OTK", "Dragon Ruler Turbo")."""
DECK_BEFORE = {"deck", "decks", "mazzo", "mazzi", "mazo", "mazos", "baraja", "barajas", "baralho", "baralhos"}
"""A word right before a name (perhaps with "de"/"di"/"do"/"da"/"of" between) that makes it a deck ("Deck X")."""
_DECK_LINKS = {"de", "del", "della", "dello", "degli", "dei", "delle", "di", "do", "da", "dos", "das", "of"}  # (lists._OF says what reads it)
EVERYDAY = 3.5
"""A lower-case nickname that is a word this common (Zipf) in the text's language or in English is that word."""
DETERMINERS = {"el", "la", "los", "las", "un", "una", "unos", "unas", "o", "a", "os", "as", "um", "uma", "uns", "umas", "il",
               "lo", "i", "gli", "le", "l", "uno", "the", "my", "mi", "mis", "tu", "tus", "su", "sus", "meu", "minha", "seu",
               "sua", "mio", "mia", "tuo", "tua", "suo", "sua", "del", "al", "do", "da", "no", "na", "dos", "das", "della",
               "dello", "dei", "degli", "delle", "nel", "nella", "sul", "sulla", "col", "pelo", "pela", "this", "esta", "este",
               "questa", "questo", "essa", "esse"}
"""Words before a lower-case nickname that make it a noun, i.e. the card ("las ovejas", "a bruxa", "la strega")."""
INDEFINITE = frozenset("un una uno unos unas um uma uns umas an".split())
"""The indefinite articles: an everyday word after one is any such thing ("un drago"), and after a comma one begins a
new phrase, never a name's epithet ("Buco Nero, un Drago")."""


_start_of, _end_of = attrgetter("start"), attrgetter("end")


def weak(span) -> bool:
    """Whether a span is a kind of name that needs evidence: a nickname or short form, or one word of the card pool (a
    video game's name too: "Amicizia", Yu-Jo Friendship in a game, is a word of "la Coppa dell'Amicizia")."""
    return span.variant in mentions.NICKNAME_KINDS or (span.origin != "kb" and " " not in span.text.strip()
                                                       and span.variant in _WEAK_ONE_WORD)


_WEAK_ONE_WORD = ("official", "english", "no-article", "video-game")


def review(tr, text: str, spans: list, span_type) -> list:
    """The spans of ``text`` with the weak card names that the words around them make something else held back (the
    module doc); each held back span is added to ``tr.held`` as (span, reason). ``span_type``: translate's Span (passed
    in: this module does not import translate, which imports it)."""
    starts, ends, raw, words, seps = tr._starts, tr._ends, tr._raw, tr._words, tr._seps
    out = []
    taken_ends = set(map(_end_of, spans))
    taken_starts = set(map(_start_of, spans))
    ctx = None  # the card context of the text (_Context), read when a name first needs it
    cast = None  # the story's speakers and duelists (people.speakers, .told), read when a one-word name first needs it
    decks = None  # where the text names structure decks in the plural (_STRUCTURE_DECKS), read when a list's name first needs it
    namely = None  # where lists of sets begin (_product_lists), read when a name first needs it
    for n, s in enumerate(spans):
        if s.kind == "series":
            s = _card_in_list(tr, text, spans, n, s, span_type)
            if s.kind == "series":
                reason = _monster_type(tr, raw, words, seps, s) or _lower_head(tr, raw, words, s)
                if not reason:
                    i, j = bisect_left(starts, s.start), bisect_left(ends, s.end)
                    if words[j] in myths.FIGURES:
                        reason = myths.figure(tr, text, s, i, j, _game_word)  # "los Aesir", the Norse gods beside "dioses"
                if reason:
                    tr.held.append((s, reason))
                    continue
        if s.kind != "card":
            out.append(s)
            continue
        reason = _lower_head(tr, raw, words, s) or _slug(text, s.start, s.end)
        if reason:
            tr.held.append((s, reason))
            continue
        i = bisect_left(starts, s.start)
        if (n and spans[n - 1].kind == "series") or (n + 1 < len(spans) and spans[n + 1].kind == "series"):
            got = _series_in_list(tr, text, spans, n, s, i, span_type)
            if got.kind == "series":  # "após Purrely, Rescue-Ace e até Mikanko": three archetypes
                out.append(got)
                continue
        kind = i and (words[i - 1] in QUOTED_KIND or _kind_noun_before(words, seps, i))
        if i and (kind or (s.variant in mentions.NICKNAME_KINDS and (
                words[i - 1] in QUOTED_COUNT or words[i - 1].isdigit()))) and mentions.quoted(text, s.start, s.end) \
                and seps[i][:1] == " " and seps[i].strip(" ") in mentions.QUOTES_OPEN:
            got = _as_series(tr, s, " ".join(words[i:bisect_left(ends, s.end) + 1]), span_type, official=not kind)
            if got.kind == "series":  # 'un monstruo "Mecanismo Antiguo"': the game's texts name a series so
                out.append(got)
                continue
        if i and (("\n" in seps[i] and seps[i].rstrip(" \t")[-1:] in _ITEM_MARKS and _archetype_list(text, s.start, words))
                  or (seps[i][:1] in ".)" and words[i - 1].isdigit() and "\n" in seps[i - 1]
                      and _numbered_archetype(text, s.start, s.end))):
            got = _as_series(tr, s, " ".join(words[i:bisect_left(ends, s.end) + 1]), span_type)
            if got.kind == "series":  # "Os arquétipos mais famosos são:\n- Blue-Eyes\n- Dark Magician"
                out.append(got)
                continue
        if i and _archetype_before(words, seps, i):
            got = _series_named_as(tr, s, " ".join(words[i:bisect_left(ends, s.end) + 1]), span_type)
            if got.kind == "series":  # "el arquetipo del Mago Negro": the series of that name
                out.append(got)
                continue
        if i > 1 and words[i - 1] in KIND_NOUNS and words[i - 2] in INDEFINITE and seps[i] == " ":
            got = _as_series(tr, s, " ".join(words[i:bisect_left(ends, s.end) + 1]), span_type)
            if got.kind == "series":  # "un monstruo ciber dragon": any monster of the series, as the game's texts say
                out.append(got)
                continue
        if s.variant == "short-form" and s.end != ends[i]:
            s = _reordered(tr, s, words[i:bisect_left(ends, s.end) + 1], span_type)
        if s.variant in _SERIES_NICKS:
            s = _archetype(tr, text, s, i, span_type)
            if s.kind == "card" and i and words[i - 1] in KIND_NOUNS and seps[i] == " ":
                s = _as_series(tr, s, " ".join(words[i:bisect_left(ends, s.end) + 1]), span_type)
            if s.kind != "card":
                out.append(s)
                continue
        elif i and seps[i] == " " and (words[i - 1] in PLURAL_ARTICLES or words[i - 1] in PLURAL_JOINED.get(tr.src, ())):
            s = _plural_series(tr, s, i, span_type)
            if s.kind != "card":
                out.append(s)
                continue
        j = max(i, bisect_left(ends, s.end))
        if words[j] in myths.FIGURES:
            reason = myths.figure(tr, text, s, i, j, _game_word)  # "Perseo, hijo de Zeus, padre de los dioses": the god
            if reason:
                tr.held.append((s, reason))
                continue
        if "|" in s.text or text.startswith("|", text.rfind("\n", 0, s.start) + 1):
            reason = _deck_column(tr, text, s.start)  # "| Nome | Nome do Deck |\n|---|---|\n| Poly | Pot of Greed |"
            if reason:
                tr.held.append((s, reason))
                continue
        reason = _deck_label(text, s.start)  # "Deck: Obedience Schooled Exterio by Jason Grabher Meyer"
        if reason:
            tr.held.append((s, reason))
            continue
        if text[s.end:s.end + 1] in _LINE_ENDS:
            reason = people.profile(text, s.start, s.end) or (_column(text, s.start, s.end) if "\n" in s.text else None)
            if reason:
                tr.held.append((s, reason))
                continue
        # (_product, weak and _needs_context's first test inline where they cannot hold: most spans)
        reason = _product(words, seps, i, text, starts, ends, j) if i and (
            words[i - 1] in PRODUCT_WORDS or words[i - 1] in _DECK_LINKS or words[i - 1] in _FRANCHISE
            or (i > 1 and words[i - 2] in _FRANCHISE and words[i - 1] in _ARTICLES)
            or words[i - 1] in PRODUCT_LABELS or (i > 1 and words[i - 2] in PRODUCT_LABELS)
            or words[i - 1] in _STRUCTURE_NAMED or (i > 1 and words[i - 2] in _STRUCTURE_NAMED)
            or words[i - 1] in _NAMED or words[i - 1] in _FILM) else None
        if reason is None and j + 2 < len(raw) and (raw[j + 1] in _COPULAS or (
                words[j + 1] in _ARTICLES and seps[j + 2] == " " and (seps[j + 1].strip(" \t") == ":" or (
                    seps[j + 1] == " " and raw[j + 1][:1].isupper())))):
            reason = _said_a_product(raw, words, seps, j)  # "Fantasmi dal Passato è probabilmente l'espansione …"; a
            # title's "Mago Negro: El Arquetipo Emblemático", "Dragón Negro de Ojos Rojos El Arquetipo de …"
        if reason is None and i and (words[i - 1] in _ARCHETYPE_WORDS or (
                i > 1 and words[i - 1] in _DECK_LINKS and words[i - 2] in _ARCHETYPE_WORDS)) and seps[i] == " ":
            reason = f"{_ARCHETYPE} ('{raw[i - 1] if words[i - 1] in _ARCHETYPE_WORDS else raw[i - 2]}' before it)"  # "el
            # arquetipo del Dragón Negro de Ojos Rojos", "Arquetipo Ojos Rojos"
        if reason is not None and reason.startswith(_ARCHETYPE):
            got = _archetype_series(tr, text, s, words, starts, i, j, span_type)
            if got is not None:
                out.append(got)  # the series of that name, where there is one: "El Mago Negro es uno de los arquetipos"
                continue  # is the Dark Magician archetype
        if reason is None and text.startswith(" (", s.end):
            reason = _released_on(text, s.end)  # "Servitore del Faraone (20 ottobre 2002)": a set in a list of sets
        if reason is None and i and (":" in seps[i] or (i > 1 and ":" in seps[i - 1] and words[i - 1] in _ARTICLES)):
            reason = _chapter_title(text, s.start, s.end)  # "Prólogo: La Carta del Destino."
        if reason is None and i > 1 and seps[i] == " " and (words[i - 1] in _TITLE_LINKS or raw[i - 1][:1].isupper()):
            reason = _product_title(raw, words, seps, i)
        if reason is None and ((i and (words[i - 1] in _AUTHOR_BEFORE)) or (j + 1 < len(words) and seps[j + 1][:1] == ",")):
            reason = people.author(words, seps, i, j)
        if reason is None and i and seps[i] == ", ":
            if decks is None:
                decks = _structure_decks(text)
            if decks:
                reason = _deck_list(tr, text, decks, s, i)
        if reason is None and i:
            if namely is None:
                namely = _product_lists(text)
            if namely:
                reason = _product_list(text, namely, s)
        if reason is None and s.variant not in mentions.NICKNAME_KINDS and tr.index.namesake(s.passcodes):
            reason = _namesake(text, words, seps, spans, n, i, j)  # "Ahora que Fuerza Generación y Turbo Pack 6 han salido"
        if reason is None and i and seps[i] in _EPITHET_SEPS:
            reason = _epithet(raw, words, seps, i, j)
        if reason is None and i > 1 and seps[i][-1:] == "(":
            reason = _pairing(text, raw, seps, starts, i, j, s, out) or (_glossed(tr, text, s) if tr.held else None)
        if reason is None and i and seps[i] == " " and words[i - 1] in _ARTICLES:
            got = _headed(tr, text, raw, words, seps, i, j, s, out, span_type)
            if got is not None:
                s = got
                i = bisect_left(starts, s.start)
        is_weak = reason is None and weak(s)  # (asked once: s does not change below)
        if is_weak:
            reason = (_deck(text, words, seps, raw, i, j, s) or _weak_tail(tr, raw, seps, i, j, s, taken_ends, taken_starts)
                      or _spelled_out(tr, text, words, i, s, spans)
                      or _modifier(words, seps, i, s) or _everyday(tr, text, words, i, j, s) or _person(words, seps, raw, i, j, s, out)
                      or _title_of(tr, raw, words, seps, i, j, taken_ends)
                      or _opening(tr, text, words, raw, seps, i, j, s) or _hyphen_after(raw, seps, j)
                      or (_common_noun(tr, words[i], s) if s.variant == "short-form" and i == j else None))
        elif reason is None and i and seps[i] in (" ", "-", "‑") and raw[i - 1][:1].isupper():
            reason = _tail(tr, raw, seps, i, j, s, taken_ends, taken_starts)
        if reason is None and not is_weak and s.origin != "kb" and s.text.islower():
            reason = _deck(text, words, seps, raw, i, j, s)  # (a deck named after a card, written as decks are)
        if reason is None and not is_weak and i > 1 and s.kind == "card" and words[i - 1] in _DECK_NOUN_OR_LINK:
            reason = _owned_deck(words, seps, raw, i)  # "il deck Mago Nero", "o deck de Yubel": a deck, however strong
        if reason is None and not is_weak and j + 1 < len(words) and words[j + 1] in DECK_AFTER and raw[j + 1][:1].isupper() \
                and seps[j + 1] in (" ", "-", "‑", " ("):
            reason = f"a deck ('{raw[j + 1]}' after it, capitalised: the deck's name)"  # "Summoned Skull Beatdown"; a
            # title's "Relinquished (Decklist Goat Format)"
        if reason is None and i == j and words[i] in people.CHARACTERS:
            reason = people.character(text, words, raw, i, j, s.start, s.end, _game_word)
        if reason is None and s.id in people.PLACES:
            reason = people.place(text, words, i, s.start, s.end, _game_word)
        if reason is None and i == j and raw[i][:1].isupper():
            if cast is None:
                cast = people.speakers(text) | people.told(tr)
            if raw[i] in cast:
                reason = people.speaker(text, words, raw, i, j, s.start, s.end, cast)
        if reason is None and ((i > 1 and words[i - 1] in _BASED_LINKS) or (j + 2 < len(words) and seps[j + 1] == ", ")):
            reason = _based_deck(words, seps, raw, i, j)
        if reason is None and j > i and s.origin != "kb":
            if s.text.islower():
                reason = _phrase(tr, text, words, raw, seps, i, j, s) or _idiom(tr, text, words, i, j, s)
            elif _unnamed(tr, raw, i, j):
                reason = _idiom(tr, text, words, i, j, s)
            if reason is not None and reason.startswith(_IDIOM) and _named_as_such(spans, s):
                reason = None  # (a heading in sentence case, "Il drago della vittoria e il Maestro Shock", in a text that
                # names the card with capitals elsewhere: the card)
        if reason is None and j + 2 < len(words) and words[j + 1] in _DECK_LINKS and s.origin != "kb":
            reason = _of_card(tr, raw, words, seps, j, s)
        if reason is None and i == j and s.origin != "kb" and weak(s) and raw[i][:1].isupper() \
                and tr.freq.get(words[i]) >= ORDINARY:
            if _title_line(text, s, spans, n):
                reason = "a capital of a heading in title case (every word of its line capitalised)"
            elif _label(text, s, spans, n):
                reason = "a capital of a heading label (every word before the colon capitalised)"
        if reason is None and s.origin != "kb" and j - i <= 1 and _needs_context(tr, text, s, i, j):
            if ctx is None:
                ctx = _Context(tr, text, spans)
            if not ctx.has(n, s, i):
                reason = "no card context (an ordinary word, or a rare card's nickname or video-game name, with no card name or card word near it)"
        if reason:
            tr.held.append((s, reason))
            continue
        out.append(s)
    if not tr.held:
        return out
    return _heads(tr, text, _columns(tr, _signed(tr, text, _titles(tr, text, out))), span_type)


_TITLE = "a title of the franchise"
"""How ``_product``'s reason for a title begins (``_titles`` reads it)."""


def _titles(tr, text: str, spans: list) -> list:
    """``spans`` without the cards whose words the text gives a title of the franchise elsewhere ("Yu-Gi-Oh! Legacy of the
    Duelist" in the heading, then "Legacy of the Duelist fue creado…": the video game both times), each held back as the
    title, unless quoted, next to a card word or after a verb of play."""
    return _again(tr, text, spans, (_TITLE,), f"{_TITLE} (written so elsewhere in the text, after 'Yu-Gi-Oh!')")


def _signed(tr, text: str, spans: list) -> list:
    """``spans`` without the cards whose name the text gives its author or a user of its forum elsewhere ("AUTOR: Mago
    oscuro", then "creada por mi (Mago oscuro)", "seré Mago Oscuro": the writer's nickname each time), each held back
    as the person, unless quoted, next to a card word or after a verb of play."""
    return _again(tr, text, spans, people.SIGNER_REASONS, "the author's name or a forum user's (so named elsewhere in the text)")


def _again(tr, text: str, spans: list, begins: tuple, why: str) -> list:
    """``spans`` without the cards written (folded) as a card that the text's words held back elsewhere for a reason
    that begins with one of ``begins``, each held back (``why``), unless the words around it call it a card
    (``people.called_a_card``)."""
    names = {fold(h.text) for h, was in tr.held if was.startswith(begins) and h.kind == "card"}
    if not names:
        return spans
    out = []
    for s in spans:
        if s.kind == "card" and fold(s.text) in names and not people.called_a_card(
                text, tr._words, bisect_left(tr._starts, s.start), s.start, s.end, _game_word):
            tr.held.append((s, why))
        else:
            out.append(s)
    return out


def _slug(text: str, start: int, end: int) -> str | None:
    """Why a name written in lower case with no space, joined by a hyphen to a letter or digit on both sides
    ("summon-dark-magician-5", an identifier of a program's data; a file's or a page's name), is part of an
    identifier and not the card, or None."""
    if not (0 < start and end < len(text) and text[start - 1] == "-" and text[end] == "-"):
        return None
    if not (start > 1 and text[start - 2].isalnum() and end + 1 < len(text) and text[end + 1].isalnum()):
        return None
    written = text[start:end]
    if not written.islower() or any(c.isspace() for c in written):
        return None
    return "an identifier (written in lower case, joined by hyphens to the words around it)"


def _lower_head(tr, raw, words, s) -> str | None:
    """Why a name of two words whose first word, an ordinary word of the text's language, is written in lower case and
    the second capitalised ("il leggendario Drago", the legendary Dragon, in the words of the series
    Leggendario Drago) is an adjective and a noun written as a name, not the name: writers write a name's words in its
    case or all in lower case; or None."""
    if s.origin == "kb" or not s.text[:1].islower() or " " not in s.text:
        return None
    i = bisect_left(tr._starts, s.start)
    j = bisect_left(tr._ends, s.end)
    if raw[i][:1].islower() and words[i] not in mentions.ALL_FUNCTION and tr.freq.get(words[i]) >= ORDINARY \
            and j == i + 1 and raw[j][:1].isupper() and not (j + 1 < len(words) and words[j + 1] in _DECK_LINKS):
        # (not "cabeça do Exodia", "dragón Negro de ojos rojos": a proper name after a link word; a long name in a
        # writer's own capitals, which "bebé Dragon de ojos rojos" may begin: ``_heads``)
        return f"a phrase ('{raw[i]}' in lower case before a capitalised word: not written as the name)"
    return None


def _hyphen_after(raw, seps, j) -> str | None:
    """Why a weak name joined by a hyphen to a capitalised word after it ("Debris-Plant", "Zombie-Plant": a deck of two
    engines) is the beginning of a longer name, or None. (A name of the pool written with that hyphen is found whole by
    the scan: "Debris-Dragon" is Debris Dragon.)"""
    k = j + 1
    if k < len(raw) and seps[k] in ("-", "‑") and raw[k][:1].isupper() and raw[k][:1].isalpha() and not raw[j].isupper():
        return f"the beginning of a longer name ('{raw[k]}' joined after it)"
    return None


CARD_SAYS = {"dice", "diz", "says", "recita", "reza"}
"""What a card's text does in the present tense ("Geartown dice: …", "X diz que …"): after a name the text has read as
that card already, the card's text speaking, not a person."""


def _person(words, seps, raw, i, j, s, out: list) -> str | None:
    """``people.person``, but for a card the text has named already followed by a verb of ``CARD_SAYS``: its text."""
    reason = people.person(words, seps, raw, i, j)
    if reason and j + 1 < len(words) and words[j + 1] in CARD_SAYS and any(o.id == s.id for o in out):
        return None
    return reason


COLUMN_WORDS = {"rubrica", "columna", "coluna", "column"}
"""The words of ``PRODUCT_WORDS`` that name a column of a site or a magazine: a name after one is the column's."""


def _columns(tr, out: list) -> list:
    """``out`` without the card names that are, in the same words, the name of a column the text names elsewhere ("la
    columna X" once, then "hasta la próxima X"): a blog names its column by a card's name, and the column is
    what its pages speak of; each goes to ``tr.held``. A product's name is not read so: the set "La leggenda del X"
    does not make X the set elsewhere."""
    words, starts = tr._words, tr._starts
    names = set()
    for h, why in tr.held:
        if why.startswith("a product or a column"):
            k = bisect_left(starts, h.start) - 1
            if k > 0 and words[k] in _DECK_LINKS:
                k -= 1
            if k >= 0 and words[k] in COLUMN_WORDS:
                names.add(fold(h.text))
    if not names:
        return out
    keep = []
    for s in out:
        if s.kind == "card" and fold(s.text) in names:
            tr.held.append((s, f"the name of a column the text names ('{s.text}' after a word for a column)"))
        else:
            keep.append(s)
    return keep


_TABLE_RULE = re.compile(r"[ \t]*\|?(?:[ \t]*:?-{3,}:?[ \t]*\|)+[ \t]*:?-*:?[ \t]*\r?")
"""A Markdown table's rule under its header: "|---|:---:|", "---|---"."""


def _deck_column(tr, text: str, start: int) -> str | None:
    """Why a name in a cell of a Markdown table (a line that opens with "|") is a deck, or None: the header over its
    column names decks ("| Jugador | Deck |", "| Nome | Nome do Deck |"): a tournament's table of players and the decks
    they played, whose names are often a card's ("| Poly | Pot of Greed |")."""
    a = text.rfind("\n", 0, start) + 1
    col = text.count("|", a, start) - 1  # (the line opens with "|": the cells before the name's)
    if col < 0:
        return None
    cells = _header(tr, text, a)
    if cells is not None and col < len(cells) and not DECK_BEFORE.isdisjoint(fold(cells[col]).split()):
        return f"a deck (its table column's header is '{cells[col].strip()}')"
    return None


_LINE_MARKS = r"[ \t]*(?:[-*•·#>_]+[ \t]*)*"
"""A line's opening marks: blanks, bullets, a Markdown heading's or emphasis's marks (``_deck_label``, ``_label``)."""
_DECK_LABEL = re.compile(_LINE_MARKS + r"(\w+)[*_]*[ \t]*:[*_]*[ \t]+(?=\S)")
_LIST_MARKS_ON_LINE = re.compile(r"[,;/|]|(?<!\w)(?:\d{1,2}[ \t]?[xX×]|[xX×][ \t]?\d{1,2})(?!\w)")


def _deck_label(text: str, start: int) -> str | None:
    """Why a name on a line labelled "Deck:" ("Mazo:", "Baralho:", "Mazzo:"; the line's first word) is a deck, or None:
    the label gives the deck's name, often its cards' ("Deck: Obedience Schooled Exterio by Jason Grabher Meyer"). A
    line that lists cards (a comma, a semicolon, a slash, a count of copies: "Deck: Sangan x3, Witch …") is the deck's
    cards, and a label of two words ("Side Deck: …", "Extra Deck: …") is a part of the deck, its cards."""
    a = text.rfind("\n", 0, start) + 1
    if text.find(":", a, start) < 0:
        return None  # (no colon before the name on its line: most names)
    m = _DECK_LABEL.match(text, a)
    if m is None or m.end() > start or fold(m.group(1)) not in DECK_BEFORE:
        return None
    b = text.find("\n", start)
    if _LIST_MARKS_ON_LINE.search(text, m.end(), len(text) if b < 0 else b):
        return None
    return f"a deck (its line's label is '{m.group(1)}:')"


def _header(tr, text: str, a: int) -> list | None:
    """The header cells of the Markdown table whose row begins at ``a`` (the line above the table's rule), or None
    where the lines above reach no rule; kept for each row once per text (a long table asks each row once)."""
    memo = tr.__dict__.get("_headers")
    if memo is None or memo[0] is not text:
        memo = tr._headers = (text, {})
    rows = memo[1]
    seen = []
    b, got = a, None
    while b > 0:  # up the table's rows to its rule; the line above the rule is the header
        if b in rows:
            got = rows[b]
            break
        seen.append(b)
        c = text.rfind("\n", 0, b - 1) + 1
        line = text[c:b - 1]
        if _TABLE_RULE.fullmatch(line):
            h = text.rfind("\n", 0, max(0, c - 1)) + 1
            got = text[h:max(h, c - 1)].strip().strip("|").split("|")
            break
        if not line.lstrip().startswith("|"):
            break
        b = c
    for x in seen:
        rows[x] = got
    return got


_LINE_ENDS = ("\n", "\r", "")
"""What follows a name alone on its line (read by ``people.profile``): a line break, or the text's end."""


COLUMN_LINE = 24
"""The longest line (characters) that counts as one item of a list written one item a line (``_column``)."""


def _column(text: str, start: int, end: int) -> str | None:
    """Why a name across a line break that fills whole lines is two items of a list written one a line ("Atributos\nDark
    \nDivine\nEarth": the Attributes, not Dark Diviner), or None: the line before it or the line after it is a short
    item too (``COLUMN_LINE``). A name that a line break cuts inside running text, or that a line holds with other
    words, or whose lines begin or end with a word in lower case, stays the name."""
    if start and text[start - 1] != "\n":
        return None
    before = text[text.rfind("\n", 0, max(0, start - 1)) + 1:max(0, start - 1)].strip()
    nl = text.find("\n", end + 1)
    after = text[end + 1:nl if nl >= 0 else len(text)].strip()
    if not any(0 < len(line) <= COLUMN_LINE for line in (before, after)):
        return None
    for line in text[start:end].split("\n"):
        if not line[:1].isupper() or not line.rsplit(" ", 1)[-1][:1].isupper():
            return None  # "Dragão Branco de\nOlhos Azuis": a line that ends in a linking word goes on below
    return "items of a list written one a line (a line break between its words, short lines around it)"


_LIST_SEP = re.compile(r"[ \t]*[,;/][ \t]*|[ \t]+(?:e|y|and|ou|o|ed)[ \t]+")


ARCHETYPE_WORDS = {"arquetipo", "arquetipos", "archetipo", "archetipi", "archetype", "archetypes"}
"""Words (folded) that announce archetypes: the names in the rest of their sentence are series."""
_SERIES_NICKS = ("nickname", "short-form", "abbreviation")
_SENTENCE_WORDS = 40
"""How far back (words) the start of a name's sentence is looked for: longer than a sentence of a list of names."""
_SENTENCE_MARKS = frozenset(".!?\n")
"""The characters of a separator that end a sentence (``_archetype`` asks each separator back to its sentence's start)."""


def _series_named_as(tr, s, key: str, span_type):
    """Span ``s`` as the one series of its words (``key``), or else of its card's English name ("Mago Negro", a fan's
    Spanish for Dark Magician, is the Dark Magician series after "el arquetipo del"); the span as it is when neither is one
    series'."""
    got = _as_series(tr, s, key, span_type)
    if got.kind == "series" or s.kind != "card" or not tr.keys.get(key):
        return got
    en = {f.entry.names.get("en") for f in tr._forms(key) if f.entry.id == s.id} - {None, ""}
    return _as_series(tr, s, normalize(en.pop()), span_type) if len(en) == 1 else got


_ARCHETYPE_LINKS = frozenset("de del do da dos das di dello della dei degli delle of".split())


def _archetype_before(words, seps, i) -> bool:
    """Whether a word for archetype stands right before word ``i``, a linking word perhaps between ("el arquetipo del
    Mago Negro", "l'archetipo Drago Bianco", "the archetype of"), blanks alone between them."""
    k = i - 1
    if words[k] in _ARCHETYPE_LINKS and k and seps[i] == " ":
        k -= 1
    return words[k] in ARCHETYPE_WORDS and seps[k + 1] == " "


def _archetype(tr, text, s, i, span_type):
    """A card's nickname that is also a series' name, in a sentence that speaks of archetypes before it ("os arquétipos
    … são: Majestic, Blue-Eyes, Red-Eyes"), as the series; else the span as it is."""
    words, seps = tr._words, tr._seps
    k, seen = i, False
    while k > 0 and i - k < _SENTENCE_WORDS and _SENTENCE_MARKS.isdisjoint(seps[k]):
        k -= 1
        if words[k] in ARCHETYPE_WORDS:
            seen = True
            break
    if not seen:
        return s
    return _as_series(tr, s, " ".join(words[i:bisect_left(tr._ends, s.end) + 1]), span_type)


_ITEM_MARKS = "-*•·–—"
"""The marks that open a line of a list (a name right after one, at a line's start, is the item)."""
_ITEM_LINE = r"[ \t]*(?:[-*•·–—]|\d{1,2}[.)])[ \t]"  # (a pattern's text: compiled where first asked, re keeps it)
_LIST_LINES = 30
"""How many lines of a list above an item the heading that announces archetypes may be."""


def _archetype_list(text: str, start: int, words) -> bool:
    """Whether the name at ``start`` is an item of a list (a mark opens its line) under a heading that speaks of
    archetypes ("Os arquétipos mais famosos são:", "## Archetipi"): the lines above it that are items or blank, then
    the first other line, which must hold a word of ``ARCHETYPE_WORDS`` and no plural word for cards (``_CARDS_NOUNS``:
    "Cartas Clave del Arquetipo" lists the archetype's cards)."""
    a = text.rfind("\n", 0, start) + 1
    for _ in range(_LIST_LINES):
        if a <= 0:
            return False
        b = a - 1
        a = text.rfind("\n", 0, b) + 1
        line = text[a:b]
        if not line.strip() or re.match(_ITEM_LINE, line):
            continue
        heading = TOKEN.findall(fold(line))
        return any(w in ARCHETYPE_WORDS for w in heading) and _CARDS_NOUNS.isdisjoint(heading)
    return False


_CARDS_NOUNS = frozenset({"cartas", "carte", "cards", "cartoes"})
"""The plural words for cards (folded): a heading that speaks of an archetype's cards ("Cartas Clave del Arquetipo")
lists cards, not archetypes (``_archetype_list``)."""


_NUMBERED = r"[ \t]*(\d{1,2})[.)][ \t]+"  # (a pattern's text: compiled where first asked, re keeps it)
_SECTIONS_REACH = 6000
"""How far above a numbered heading (in characters) the heading before it may be."""


def _numbered_archetype(text: str, start: int, end: int) -> bool:
    """Whether the name at ``text[start:end]`` is the whole of a numbered heading ("1) Mago Nero", "2. Blue-Eyes" alone
    on its line) whose sections go back, heading by heading (2), then 1)), to a first one under a line that speaks of
    archetypes ("4 degli archetipi più iconici del gioco"): an article that walks through archetypes one section each
    names each archetype in its heading, with prose between the headings."""
    a = text.rfind("\n", 0, start) + 1
    m = re.match(_NUMBERED, text[a:start])
    line_end = text.find("\n", end)
    if not m or m.end() != start - a or text[end:line_end if line_end >= 0 else len(text)].strip():
        return False
    n = int(m.group(1))
    while n > 1:  # the heading numbered one less, above it
        n -= 1
        head = re.compile(r"(?m)^[ \t]*%d[.)][ \t]+\S" % n)  # (re keeps the few patterns compiled)
        found = [h.start() for h in head.finditer(text, max(0, a - _SECTIONS_REACH), a)]
        if not found:
            return False
        a = found[-1]
    while a > 0:  # the first line with words above the first heading
        b = a - 1
        a = text.rfind("\n", 0, b) + 1
        if text[a:b].strip():
            return any(w in ARCHETYPE_WORDS for w in TOKEN.findall(fold(text[a:b])))
    return False


def _reordered(tr, s, ws: list, span_type):
    """A card found by a short form of two or three words (a name's words before its comma) as the one other card whose
    whole official name in the text's language or English is the same words in another order ("Dragón Bebé", the head
    of Harpie's Pet Baby Dragon's name, is Baby Dragon, "Bebé Dragón": a whole name beats another's head); else ``s``."""
    if len(ws) > 3:
        return s
    found = {}
    for order in permutations(ws):
        key = " ".join(order)
        if list(order) == ws or not tr.keys.get(key):
            continue
        for f in tr._forms(key):
            if f.entry.kind == "card" and f.entry.id != s.id and f.variant == "official" and f.lang in (tr.src, "en"):
                found[f.entry.id] = f
    if len(found) != 1:
        return s
    f = next(iter(found.values()))
    e = f.entry
    return span_type(s.start, s.end, s.text, e.id, "card", e.name(tr.dst) or s.text, f.lang, "approximate", e.origin, [],
                     s.score, s.similarity, e.passcodes)


def _as_series(tr, s, key: str, span_type, official: bool = False):
    """Span ``s`` as the one series whose name has translate key ``key`` (``official``: as its official name, not
    another form of it); the span as it is when no one series has it."""
    series = [f for f in (tr._forms(key) if tr.keys.get(key) else ()) if f.entry.kind == "series"
              and (not official or f.variant in ("official", "english"))]
    if len({f.entry.id for f in series}) != 1:
        return s
    f = series[0]
    e = f.entry
    return span_type(s.start, s.end, s.text, e.id, "series", e.name(tr.dst) or s.text, f.lang, f.variant, e.origin, [],
                     s.score, s.similarity, e.passcodes)


KIND_NOUNS = {"monstruo", "monstruos", "monstro", "monstros", "mostro", "mostri"}
"""The words for a monster, which the Romance languages put before a series' name used as an adjective ("dos
monstruos Ember-Eyes", "um monstro Blue-Eyes": a monster of the series): a nickname that is also a series' name right
after one is the series (``review``), and so is a card's own name after one and an indefinite article ("un monstruo
Cyber Dragon": any monster of the series). After a definite one a card's own name stays the card ("el monstruo
Kuriboh")."""
QUOTED_KIND = KIND_NOUNS | {"carta", "cartas", "carte", "card", "cards"}
"""The words for a monster or a card that the game's own texts put before a series' name in quotes ('1 monstruo
"Mecanismo Antiguo"', 'una carta "Mecanismo Antiguo"': any member): a name in quotes right after one is the series of
that name where there is one, even where a card has the same name (Ancient Gear)."""
KIND_WORDS = frozenset("""fusion fusione fusao sincronia synchro xyz link ritual rituale pendulo pendulum normal efecto
effetto efeito tuner cantante servo afinador luz luce oscuridad oscurita escuridao trevas tierra terra agua acqua
fuego fuoco fogo viento vento divino divina de di da do del y e o ou ed""".split())
"""Words that stand between a word for monster and the series' name in the game's texts ("1 Monstruo Fusión, Sincronía
o Xyz "Ojos Rojos"", "monstruos de Luz, Oscuridad o "Soldado del Brillo Negro""): summoning kinds, Attributes and
the words that join them (folded)."""
KIND_REACH = 6
"""The most words of ``KIND_WORDS`` (or other quoted names) walked back from a quoted name to a word for monster."""


def _kind_noun_before(words: list, seps: list, i: int) -> bool:
    """Whether a word for monster (``KIND_NOUNS``) stands before word ``i`` (a quoted name's first) across no more than
    ``KIND_REACH`` words of ``KIND_WORDS`` or of other quoted names of the same sentence, with nothing but blanks,
    commas and quotes between: the game's texts list kinds and Attributes, and series, there."""
    j = i - 1
    for _ in range(KIND_REACH + 1):
        if j < 0 or seps[j + 1].strip(" ,\"“”«»'‘’") or "\n" in seps[j + 1]:
            return False
        if words[j] in KIND_NOUNS:
            return True
        if words[j] not in KIND_WORDS and (j == i - 1 or not seps[j + 1].strip(" ,")):
            return False  # (a word neither a kind nor the end of another quoted name: the phrase is no list of kinds)
        j -= 1
    return False


QUOTED_COUNT = {"un", "una", "uno", "um", "uma", "a", "an"}
"""… and so is a nickname in quotes after an indefinite article or a count that is a series' official name as written
('invoca un "Blue-Eyes"', '1 "Blue-Eyes"': the game's texts leave the word for monster out too); a card's own name
there is that card ('busca 1 "Mago Oscuro"'), and so is a nickname that is only another form of a series' name ('una
"Maga Oscura"', Dark Magician Girl)."""


def _monster_type(tr, raw, words, seps, s) -> str | None:
    """A one-word series name right after a word for monster (``KIND_NOUNS``) that is an everyday word of the text's
    language (``ORDINARY``), not written in capitals: the monster's Type ("dos monstruos Guerrero", "un mostro Drago":
    Types are the language's own nouns), not the series of that name; a series' own word ("un mostro Ember-Eyes") stays
    the series. A longer series name whose first word is a Type in lower case is that Type too ("los monstruos dragón
    Xyz")."""
    i = bisect_left(tr._starts, s.start)
    if not i or words[i - 1] not in KIND_NOUNS or seps[i] != " " or raw[i].isupper():
        return None
    if tr._ends[i] != s.end:  # a longer series name whose first word, in lower case, is a Type ("los monstruos dragón
        # Xyz": Dragon monsters that are Xyz, not the Xyz Dragon series)
        return f"a monster's Type ('{raw[i - 1]} {raw[i]}': a Type in lower case)" \
            if raw[i][:1].islower() and words[i] in _types() else None
    z = tr.freq.get(words[i])
    return f"a monster's Type ('{raw[i - 1]} {raw[i]}': an everyday word, Zipf {z:.1f})" if z >= ORDINARY else None


PLURAL_ARTICLES = {"los", "las", "os", "as", "i", "gli"}
"""The plural definite articles of the card names' languages (folded; the Italian "le" is also a pronoun and the
Portuguese "as" the Ace's word, so "as" needs a lower-case article: ``_plural_series``)."""
PLURAL_JOINED = {"pt": {"dos", "das", "nos", "nas", "aos", "pelos", "pelas"},
                 "it": {"dei", "degli", "ai", "agli", "dai", "dagli", "nei", "negli", "sui", "sugli"}}
"""The plural articles joined to a preposition, in the language that writes them so ("a história dos World Legacy",
"l'archetipo dei Kuriboh"; the Spanish "dos" is two, copies of a card)."""


def _plural_series(tr, s, i, span_type):
    """A card name that is also one series' name, after a lower-case plural definite article, as the series: "i Kuriboh",
    "los Lightsworn" (the article says many, the word stays as the pool writes it); a longer name, as written or with its
    last word in the plural ("os Cyber Dragons", "i Cyber Dragon"). Else the span as it is."""
    if not tr._raw[i - 1].islower():
        return s
    j = bisect_left(tr._ends, s.end)
    if j == i:
        return _as_series(tr, s, tr._words[i], span_type)
    if j >= len(tr._ends) or tr._ends[j] != s.end or s.variant not in ("official", "english", "no-article"):
        return s  # (a name without its own article: "os World Legacy", the series, not The World Legacy)
    head = " ".join(tr._words[i:j])
    for last in (tr._words[j], *tr._singulars(tr._words[j])):
        got = _as_series(tr, s, f"{head} {last}", span_type)
        if got is not s:
            return got
    return s


_LIST_HEAD = re.compile(r":[ \t]*\Z")
"""A colon right before a span (blanks between): the span opens what the colon introduces, a list's first item."""


def _card_in_list(tr, text, spans, n, s, span_type):
    """A series span that is also a card's official name (else one card's nickname: "Brionac, Stardust, Black Rose",
    Stardust Dragon), between card names in a list ("Buco Trappola,
    Polimerizzazione, Elfo Mistico"), first in a list of cards after its colon ("Mi deck: Mago Oscuro, Fuerza de
    Espejo y Raigeki") or right after a word for one card ("pela carta de Polimerização": ``_after_card_word``), as that
    card; else the span as it is."""
    i = bisect_left(tr._starts, s.start)
    if not _after_card_word(tr._words, tr._seps, i, text, s):
        near = [spans[k] for k in (n - 1, n + 1) if 0 <= k < len(spans)]
        if _LIST_HEAD.search(text, max(0, s.start - 3), s.start):  # the list's first item, after its colon ("Mi deck:
            near = [x for x in near if x.start > s.start]  # Mago Oscuro, Fuerza de Espejo y Raigeki"): the card after it
            if len(near) != 1 or near[0].kind != "card" or not _LIST_SEP.fullmatch(text, s.end, near[0].start):
                return s
        elif len(near) < 2 or any(x.kind != "card" for x in near):
            return s
        elif not all(_LIST_SEP.fullmatch(text, *((x.end, s.start) if x.start < s.start else (s.end, x.start))) for x in near):
            return s
    key = " ".join(tr._words[i:bisect_left(tr._ends, s.end) + 1])
    forms = [f for f in (tr._forms(key) if tr.keys.get(key) else ()) if f.entry.kind == "card"]
    cards = [f for f in forms if f.variant == "official"] or [f for f in forms if f.variant == "nickname"]
    if len({f.entry.id for f in cards}) != 1:
        return s  # (a card's official name, else one card's nickname: "Brionac, Stardust, Black Rose", Stardust Dragon)
    e = cards[0].entry
    return span_type(s.start, s.end, s.text, e.id, "card", e.name(tr.dst) or s.text, cards[0].lang, cards[0].variant, e.origin, [],
                s.score, s.similarity, e.passcodes, s.why)


_EVEN = r"(?:(?:até|hasta|incluso|anche|persino|even)[ \t]+)?"
_LIST_GAP = (rf"[ \t]*[,;/][ \t]*(?:{mentions.LIST_AND_RE}[ \t]+)?" + _EVEN
             + rf"|[ \t]+{mentions.LIST_AND_RE}[ \t]+" + _EVEN)
"""What joins two items of a list: a comma, a conjunction, or both, perhaps with "even" after ("…, y hasta X"). (The
pattern's text: compiled where first asked.)"""
SERIES_LIST = 2
"""How many series a list must hold besides a card's name for that name to be a series too (``_series_in_list``)."""


def _series_in_list(tr, text, spans, n, s, i, span_type):
    """A card span that is also a series' name, in a list whose items next to it are series and that holds
    ``SERIES_LIST`` series besides it ("Purrely, Rescue-Ace e até Mikanko", "spellbook, neos, y hasta ko'aki meiru"):
    that series, the list's items being of a kind; else the span as it is. In a list of two the name stays what it is
    ("Juego Monarca y Espada": the card Sword beside the Monarch series)."""
    count = 0
    for step in (-1, 1):
        k, here = n + step, s
        while 0 <= k < len(spans):
            x = spans[k]
            a, b = (x.end, here.start) if step < 0 else (here.end, x.start)
            if not re.fullmatch(_LIST_GAP, text[a:b]):
                break
            if x.kind != "series":
                return s  # (an item of another kind next to it: a mixed list)
            count += 1
            k, here = k + step, x
    if count < SERIES_LIST:
        return s
    return _as_series(tr, s, " ".join(tr._words[i:bisect_left(tr._ends, s.end) + 1]), span_type)


ONE_CARD = {"carta", "cartao", "card"}
"""The words for one card: a series name right after one (and "de"/"di"/"do"/"da"/"of"), unquoted, that is also one
card's official name is that card ("pela carta de Polimerização"; '1 carta "Mecanismo Antiguo"' is any member)."""


def _after_card_word(words, seps, i, text, s) -> bool:
    """Whether the span ``s`` (from word ``i``) comes right after a word for one card (``ONE_CARD``), unquoted."""
    k = i - 1
    if k > 0 and words[k] in ("de", "di", "do", "da", "of") and seps[i] == " ":
        k -= 1
    return k >= 0 and words[k] in ONE_CARD and seps[k + 1] == " " and not mentions.quoted(text, s.start, s.end)


def _titled(text: str, start: int, end: int) -> bool:
    """Whether the name at ``text[start:end]``, right after "Yu-Gi-Oh!", is a title: a subtitle after it (a colon or a
    dash), or a word of video games, films or series within ``_GAME_NEAR`` characters ("Yu-Gi-Oh! Legacy of the Duelist, pubblicato per
    PlayStation 4"). Else the "!" may end a sentence ("… banir um cartão em Yu-Gi-Oh! Pot of Greed e …")."""
    if text[end:end + 3].lstrip(" ")[:1] in (":", "–", "-", "—"):
        return True
    return re.compile(_GAME_WORDS).search(text, max(0, start - _GAME_NEAR), end + _GAME_NEAR) is not None


_GAME_NEAR = 80
_GAME_WORDS = (r"(?i)\b(?:videogioc\w*|videojuego\w*|videogame\w*|video ?games?|gioco|giochi|jogo|jogos|juego|"
               r"juegos|game|games|playstation|ps[2-5]|switch|nintendo|xbox|steam|recensione|reseña|resenha|"
               r"review|porting|remaster\w*|console|consola|gameplay|pel[ií]cula|filme|film|movie|cine|cinema|"
               r"estreno|estreia|anime|manga|mang[áa]|serie|s[ée]rie|episodio|epis[óo]dio|temporada|stagione|t[íi]tulo|titolo|title)\b")
"""Words of video games, films and series (es, pt, it, en) that make a name after "Yu-Gi-Oh!" a title ("Yu-Gi-Oh!
Pyramid of Light", the film). (The pattern's text: compiled where first asked, re keeps it; most texts never
ask.)"""


_COUNT_AFTER = re.compile(r"[ \t]*(?:[x×]\s?[1-9]|[1-9]\s?[x×])?[ \t]*(?:\n|$)")
"""What may follow a name alone on its line in a list: nothing, or a count of copies ("Generation Force x2")."""


def _namesake(text: str, words: list, seps: list, spans: list, n: int, i: int, j: int) -> str | None:
    """Why a card whose name is a product's too (``NameIndex.namesake``: "Generation Force", "Lord of the Tachyon
    Galaxy", "Duelist Alliance", each a card and a booster set), written in full (a short form is no set's name), is the
    product where the text names it, or None where the words around it make it the card: a count of copies or a word
    for cards right before it ("3 Generation Force", "la carta Generation Force", "the card Duelist Alliance"), a count
    after it, a later item of a list of cards ("cartas como Raigeki, Generation Force"), or a line of its own in a list
    of names one a line, beside another card's. Real text names the set far more often: every mention of these names
    in the annotated texts is a set's."""
    s = spans[n]
    if i and (words[i - 1] in COPIES or words[i - 1] in mentions.CARD_WORDS  # (a year is no count: "2002 Servitore del Faraone")
              or (i > 1 and words[i - 1] in _ARTICLES and words[i - 2] in mentions.CARD_WORDS)) \
            and not (i > 2 and words[i - 1] in mentions.CARD_WORDS and words[i - 2] in _DECK_LINKS
                     and words[i - 3] in PRODUCT_WORDS):  # ("el set de cartas \"Pharaoh's Servant\"": the set's)
        return None
    if j + 1 < len(words) and words[j + 1] in COPIES and "\n" not in seps[j + 1]:
        return None
    if s.start > 2 and text[s.start - 2:s.start] in mentions.ITEM_ENDS and mentions.in_card_list(text, s.start):
        return None
    if _own_line(text, s) and any(0 <= k < len(spans) and spans[k].kind == "card" and _own_line(text, spans[k])
                                  and _next_lines(text, *sorted((spans[k], s), key=_start_of)) for k in (n - 1, n + 1)):
        return None
    return f"a product's name too ('{s.text}' names a card and a set: the card only after a word for cards or a count, or in a list of cards)"


def _own_line(text: str, s) -> bool:
    """Whether a span is alone on its line (after a list's mark, before a count of copies)."""
    a = text.rfind("\n", 0, s.start) + 1
    return not text[a:s.start].strip(" \t" + _ITEM_MARKS) and _COUNT_AFTER.match(text, s.end) is not None


def _next_lines(text: str, first, second) -> bool:
    """Whether two spans are on neighbouring lines."""
    return text.count("\n", first.end, second.start) == 1


def _product(words, seps, i, text: str, starts: list, ends: list, j: int) -> str | None:
    k = i - 1
    if k > 0 and words[k] in _FILM and seps[i].strip(" \t") == ":" and text[starts[k]].isupper():
        k -= 1  # "Yu-Gi-Oh! O Filme: Pirâmide de Luz", the film's subtitle (its article below)
        if k > 0 and words[k] in _ARTICLES and seps[k + 1] == " " and text[starts[k]].isupper():
            k -= 1
    elif k > 0 and words[k] in _ARTICLES and seps[i] == " " and text[starts[k]].isupper():
        k -= 1  # "Yu-Gi-Oh: La Torre dei Duelli", a title's own article
    if words[k] in _FRANCHISE and "\n" not in seps[k + 1] and seps[k + 1].strip(" \t") in ("", "!", ":", "!:", "’", "'") and (
            words[k] == "yugioh" or (k > 1 and words[k - 1] == "gi" and words[k - 2] == "yu")) \
            and ("!" not in seps[k + 1] or _titled(text, starts[k + 1], ends[j])) \
            and not _card_labelled(words, seps, k):
        return f"{_TITLE} ('Yu-Gi-Oh!' before it: a video game, a film, a series)"
    if words[k] in _TITLED and seps[i].strip(" \t") in mentions.QUOTES_OPEN and seps[i].strip(" \t"):
        return f"a title ('{words[k]}' and a quote before it)"  # 'intitolato “Attenzione alla Trappolatrice”'
    if k > 0 and words[k] in _DECK_LINKS and seps[i] == " ":
        k -= 1  # "la leggenda del X"
    elif k > 0 and words[k] in _NAMED and seps[i] == " " and seps[k] == " ":
        k -= 1  # "il set denominato X", "a coleção chamada X"
    if k >= 0 and seps[k + 1].strip(" \t'’") == "" and words[k] in PRODUCT_WORDS and not (
            k > 0 and words[k] in _PRINTING_WORDS and words[k - 1] in _ONE_OF_MANY):
        return f"a product or a column ('{words[k]}' before it)"
    k = i - 2 if i > 1 and words[i - 1] in _ARTICLES and seps[i] == " " else i - 1  # ("…: The Dark Illusion")
    if k >= 0 and words[k] in PRODUCT_LABELS and "\n" not in seps[k + 1] and seps[k + 1].strip(" \t*_") == ":" \
            and not (k and seps[k] == " " and words[k - 1] in DETERMINERS):
        return f"a product ('{words[k]}:' before it, a field of a product's)"  # (not a sentence's "esta expansión: el X",
        # the set it speaks of and then a card of it)
    if k > 0 and "\n" not in seps[k + 1] and seps[k + 1].strip(" \t*_") in ("", ":", "-", "–", "—") and seps[k] == " " and (
            (words[k] in ("deck", "decks") and words[k - 1] in _STRUCTURE_KINDS)
            or (words[k] == "estrutural" and words[k - 1] in ("deck", "baralho"))
            or (words[k] == "estructura" and k > 1 and words[k - 1] == "de" and words[k - 2] in ("baraja", "mazo", "deck"))):
        return f"a product (a structure deck's name: '{words[k]}' before it)"  # ("Structure Deck - Il Re Cremisi" too)
    return None


_CARD_LABELS = frozenset({"carta", "cartas", "card", "cards", "carte"})
"""The words for cards that label a name after them in a seller's or a list's heading ("Carta yu-gi-oh: …")."""


def _card_labelled(words, seps, k: int) -> bool:
    """Whether the franchise's name ending at word ``k`` ("Yu-Gi-Oh", "yugioh") follows a word for cards
    (``_CARD_LABELS``: "Carta yu-gi-oh: cacciatore di corna di drago", a seller's label, a Yu-Gi-Oh! card and then its
    name), so that the name after it is a card's, not a title's nor a phrase's."""
    if k < 0 or words[k] not in _FRANCHISE:
        return False
    f = k if words[k] == "yugioh" else k - 2
    return f > 0 and (f == k or (words[k - 1] == "gi" and words[f] == "yu")) and seps[f].strip(" \t") == "" \
        and "\n" not in seps[f] and words[f - 1] in _CARD_LABELS


_COPULAS = frozenset({"es", "fue", "era", "será", "é", "foi", "è", "fu", "sarà", "is", "was"})
"""The forms of "to be" after which a name is said to be something ("X è l'espansione …"), as written (accents kept:
folded, Italian "è" and Portuguese "é" are "e", "and")."""
_COPULA_GAP = 2
"""The most words (lower case, no article) between the copula and the article: "è probabilmente l'…", "es sin duda
la …"."""


def _said_a_product(raw, words, seps, j) -> str | None:
    """Why a name followed by a form of "to be" (``_COPULAS``), at most ``_COPULA_GAP`` words, an article and a
    product's word (``PRODUCT_LABELS`` or "set") is that product, or None: "Fantasmi dal Passato è probabilmente
    l'espansione più chiacchierata del 2021" says what the name is, and a card is no expansion. So for an archetype
    (``_said_archetype``), said to be one after "to be" or, in a title, after an article (a colon before it, or its
    capital)."""
    n = len(words)
    k = j + 1
    if words[k] in _ARTICLES:
        return _said_archetype(raw, words, seps, j, k + 1)  # (a title's article: "X: El Arquetipo …", "X El Arquetipo …")
    if seps[k] != " ":
        return None
    k += 1
    gap = 0
    while k < n and seps[k] == " " and raw[k].islower() and words[k] not in _ARTICLES \
            and words[k] not in _ONE_OF_MANY and words[k] not in _ONE_OF and gap < _COPULA_GAP:
        k += 1
        gap += 1
    if k + 2 < n and words[k] in _ONE_OF and words[k + 1] in _DECK_LINKS and seps[k + 1] == " " and seps[k + 2] == " ":
        k += 2  # "uno de los arquetipos", "um dos arquétipos", "one of the archetypes": one of many
        if k + 1 < n and words[k] in _ARTICLES and seps[k + 1] == " ":
            k += 1
        return _said_archetype(raw, words, seps, j, k)
    if not (k + 1 < n and seps[k] == " " and (words[k] in _ARTICLES or words[k] in _ONE_OF_MANY)):
        return None
    k += 1
    if seps[k] in (" ", "'", "\u2019") and (words[k] in PRODUCT_LABELS or words[k] == "set"):
        return f"a product ('{raw[j + 1]} … {raw[k]}' after it: said to be one)"
    return _said_archetype(raw, words, seps, j, k)


def _archetype_series(tr, text, s, words, starts, i, j, span_type):
    """The series span of the name of span ``s`` (words ``i``…``j``) said to be an archetype, where one series has that
    name (without the card's article, then: "El Pacto Dorado es uno de los arquetipos" is the series Pacto Dorado, the
    article the sentence's); else None."""
    got = _as_series(tr, s, " ".join(words[i:j + 1]), span_type)
    if got is s and j > i and words[i] in _ARTICLES:
        got = _as_series(tr, s, " ".join(words[i + 1:j + 1]), span_type)
        if got is not s:
            got.start, got.text = starts[i + 1], text[starts[i + 1]:s.end]
    return got if got is not s else None


def _said_archetype(raw, words, seps, j, k) -> str | None:
    """Why the name before word ``j + 1`` (a copula, or a title's article) is an archetype, word ``k`` a word for one
    (``_ARCHETYPE_WORDS``): "El Mago Negro es uno de los arquetipos más icónicos" speaks of the cards that share the
    name, not of the card."""
    if seps[k] in (" ", "'", "\u2019") and words[k] in _ARCHETYPE_WORDS:
        return f"{_ARCHETYPE} ('{raw[j + 1]} … {raw[k]}' after it: said to be one)"
    return None


_ARCHETYPE = "an archetype"
"""How ``_said_archetype``'s reason begins."""


_ONE_OF = frozenset({"uno", "una", "um", "uma", "un", "one"})
""""One" before "of" and a plural ("uno de los", "um dos", "uno dei", "one of the"): one of many things of a kind."""
_ARCHETYPE_WORDS = frozenset({"arquetipo", "arquetipos", "archetipo", "archetipi", "archetype", "archetypes"})
"""The words for an archetype (folded: "arquétipo" is "arquetipo"), after which ``_said_a_product`` reads a name said to
be one."""


_MONTHS = "|".join(dict.fromkeys((
    "enero febrero marzo abril mayo junio julio agosto septiembre setiembre octubre noviembre diciembre "
    "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro "
    "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre "
    "january february march april may june july august september october november december").split()))
_RELEASE_DATE = (r"(?i) \((?:(?:[12]?\d|3[01])(?:º|°|o|st|nd|rd|th)?(?: de)? (?:%s)(?: de)?,? (?:19|20)\d\d"
                 r"|(?:%s) (?:[12]?\d|3[01]),? (?:19|20)\d\d)\)" % (_MONTHS, _MONTHS))
"""A date in parentheses, day, month (by name, in the four languages) and year: "(20 ottobre 2002)", "(8 de marzo de
2002)", "(March 8, 2002)". (The pattern's text: compiled where first asked, as ``_GAME_WORDS`` is; most texts never
ask.)"""


_CHAPTER = (r"(?i)[ \t#*_]*(?:pr[oó]logo|prologue|ep[ií]logo|epilogue|cap[ií]tulo|capitolo|chapter|epis[oó]dio|episode|"
            r"parte|part)(?:[ \t]+[0-9IVXLC]+)?[ \t]*:[ \t]*(?:(?:la|el|los|las|a|o|os|as|il|lo|the)[ \t]+)?\Z")
"""The start of a line that labels a chapter of a story or an episode: "Prólogo:", "Capítulo 3:", "Episode 48:", perhaps
with the title's own article after the colon (compiled where first asked)."""


def _chapter_title(text: str, start: int, end: int) -> str | None:
    """Why a name that fills the rest of a line after a chapter's label (``_CHAPTER``: "Prólogo: La Carta del Destino.")
    is the chapter's title and not the card, or None."""
    a = text.rfind("\n", 0, start) + 1
    if re.compile(_CHAPTER).match(text, a, start) is None:
        return None
    nl = text.find("\n", end)
    if text[end:nl if nl >= 0 else len(text)].strip(" \t.!*_"):
        return None  # the line goes on: the name is a word of a longer title, or one the chapter speaks of
    return "a chapter's title (after a chapter's label on its line, the line's end after it)"


_NAMELY = (r"(?i)(?<![\w-])(?:\d{1,2}|dos|tres|tr[eê]s|due|tre|quatro|cuatro|quattro|cinco|cinque|sei|seis|six|five|four|"
           r"three|two|os|los|gli|the|i|primeiros|primeros|primi|first|novos|nuevos|nuovi|new)[ \t]+(?:[^\W\d_]+[ \t]+){0,2}"
           r"(?:boosters|sets?|expans(?:[õo]es|iones)|espansioni|cole(?:[çc][õo]es|cciones)|collezioni|packs)(?![\w-])"
           r"[^.?\n]{0,60}?(?:sendo (?:eles|elas)|ou seja|ossia|cio[èe]|es decir|o sea|namely|that is)[ \t]*:?[ \t]*")
"""A number or a plural article, perhaps two words, a plural word for sets, and then "namely" before a list in its sentence
("Três boosters novos vieram …, sendo eles", "i primi sei set di Yu-Gi-Oh!, ossia"): what the list names is sets
(``_product_list``; compiled when first asked)."""
_namely_re = None
_NAMELY_MARKS = ("sendo eles", "sendo elas", "ou seja", "ossia", "cioè", "cioe", "es decir", "o sea", "namely", "that is")
"""The words for "namely" that ``_NAMELY`` ends with, looked for first with ``str.find``."""
NAMELY_BEFORE = 160
"""How far before its "namely" the plural word for sets and its number may begin (``_NAMELY``)."""
PRODUCT_LIST_CHARS = 300
"""How far after its "namely" a list of sets goes on, at most."""
_LIST_MARKS = re.compile(r"[\s,;\"“”'‘’«»:!-]*")
"""What may stand between the words of a list of titles: spaces, commas, quotes, a colon, a hyphen, "!" (Yu-Gi-Oh!)."""


def _product_lists(text: str) -> list:
    """Where a "namely" after a plural word for sets ends (``_NAMELY``), in order: a list of sets begins there. The
    pattern is tried only just before each "namely" (found with ``str.find``: across a whole text it cost more than the
    review's other rules)."""
    global _namely_re
    ends = set()
    for mark in _NAMELY_MARKS:  # (in lower case, as a list's "namely" is written mid-sentence)
        p = text.find(mark)
        while p >= 0:
            if _namely_re is None:
                _namely_re = re.compile(_NAMELY)
            for m in _namely_re.finditer(text, max(0, p - NAMELY_BEFORE), min(len(text), p + len(mark) + 3)):
                if m.end() >= p + len(mark):
                    ends.add(m.end())
            p = text.find(mark, p + 1)
    return sorted(ends)


def _product_list(text: str, lists: list, s) -> str | None:
    """Why a name is an item of a list of sets that "namely" opens after a plural word for sets (``_product_lists``:
    "i primi sei set di Yu-Gi-Oh!, ossia "La Leggenda…", "Predoni Metallici", "Servitore del Faraone""), or None: between
    the list's start and the name only capitalised titles (their linking words too), quotes, commas and "and", in the
    same sentence."""
    k = bisect_left(lists, s.start + 1) - 1
    if k < 0 or s.start - lists[k] > PRODUCT_LIST_CHARS:
        return None
    a = lists[k]
    for m in TOKEN.finditer(text, a, s.start):
        w = m.group()
        if not (w[:1].isupper() or w[:1].isdigit() or fold(w) in _TITLE_LINKS or fold(w) in mentions.LIST_AND) \
                or not _LIST_MARKS.fullmatch(text, a, m.start()):
            return None
        a = m.end()
    if not _LIST_MARKS.fullmatch(text, a, s.start):
        return None
    return "a product (an item of a list of sets that 'namely' opens after a plural word for sets)"


def _released_on(text: str, end: int) -> str | None:
    """Why a name followed by a release date in parentheses (``_RELEASE_DATE``) is a product, released that day (a
    list of sets: "- Servitore del Faraone (20 ottobre 2002)"; a card has no day of its own), or None."""
    if re.compile(_RELEASE_DATE).match(text, end) is None:
        return None
    return "a product (a release date in parentheses after it)"


_STRUCTURE_NAMED = {"deck", "decks", "estructura", "estrutural"}
"""The words right before a structure deck's name (or before its title's article): ``_product`` is asked there."""
_STRUCTURE_KINDS = {"structure", "starter"}
"""The English word before "Deck" that makes it a product named after a card ("lo Structure Deck Il Re Cremisi",
"Structure Deck: Dragunity Legion"), in every language's text; in Spanish and Portuguese the product's own nouns do
("Baraja de Estructura: X", "Deck Estrutural X")."""


_PRINTING_WORDS = {"edicion", "edicao", "edizione", "edition"}
_ONE_OF_MANY = {"un", "una", "um", "uma", "an"}
"""An indefinite article before a word for an edition makes it one printing of a card, not a product's title ("es una
edición Blue-Eyes White Dragon del 20º aniversario": a printing of the card; "la edición X" is the set)."""
_AUTHOR_BEFORE = people.AUTHOR_LABELS | people.WROTE | people.BY
"""The words before a name that may make it the text's writer (``people.author`` decides)."""
_FILM = {"filme", "pelicula", "film", "movie"}
"""A film's word between "Yu-Gi-Oh!" and a colon: the name after them is the film's subtitle ("Yu-Gi-Oh! La película:
Pirámide de Luz")."""
_TITLED = {"titulado", "titulada", "intitulado", "intitulada", "intitolato", "intitolata", "titled"}
"""A word for "titled" right before a quote that opens a name: the name is a title (a product's, a chapter's, a
film's), for no card is titled; "called"/"named" may name a card ("la carta llamada X")."""
_NAMED = _TITLED | {"llamado", "llamada", "denominado", "denominada", "chamado", "chamada", "chiamato", "chiamata",
                    "denominato", "denominata", "named", "called"}
"""A word for "named" (or "titled") between a product's word and its name ("il set denominato Light of Destruction")."""
_FRANCHISE = {"oh", "yugioh"}
"""The last word of the franchise's name ("Yu-Gi-Oh!", "Yugioh"): a card's name right after it is the title of a video
game, a film or a series ("Yu-Gi-Oh! Legacy of the Duelist", the game; the card is Legacy of the Duelist)."""
_TITLE_LINKS = {"of", "the", "de", "del", "della", "dello", "dei", "degli", "delle", "di", "do", "da", "dos", "das", "el",
                "la", "los", "las", "il", "lo", "o", "os", "as", "a"}
"""The lower-case words a title runs across ("Rise of the …", "Leyenda del …")."""
PRODUCT_TITLE_WORDS = 4
"""The most words of a product's title before a card's name inside it ("la colección Rise of the X"): a set's name is a
few words."""


_STRUCTURE_STEMS = ("structure", "estructura", "estrutura", "struttura")
"""The word that makes a deck a product, the structure deck, in the four languages and English (lower case; looked for
with ``str.find`` in the lowered text: a regular expression over a whole text costs more than the rule's whole work)."""
_STRUCTURE_WORD = re.compile(r"(?i)structure|estructura|estrutura|struttura")
"""The same, for the rare text whose lower case changes its length (then ``str.find`` offsets would not be the text's)."""
_DECKS_AFTER = re.compile(r"(?i)structure[ \t]+decks\b")
_DECKS_BEFORE = re.compile(r"(?i)(?:^|[^\w])(?:decks|barajas|mazos|mazzi|baralhos)[ \t]+(?:de[ \t]+)?$")
_STRUCTURE_END = re.compile(r"(?i)(?:estructura|estrutura(?:is|l)?|struttura)\b")


def _structure_decks(text: str) -> list:
    """Where the text names structure decks in the plural ("Structure Decks", "Decks Estruturais", "barajas de
    estructura", "mazzi struttura"): the end of each such mention, in order. A list after one in its sentence counts
    decks, not cards (``_deck_list``)."""
    low = text.lower()
    if len(low) == len(text):
        starts = []
        for w in _STRUCTURE_STEMS:
            a = low.find(w)
            while a >= 0:
                starts.append(a)
                a = low.find(w, a + 1)
    else:
        starts = [m.start() for m in _STRUCTURE_WORD.finditer(text)]
    ends = []
    for a in sorted(starts):
        if a and text[a - 1].isalnum():
            continue
        got = _DECKS_AFTER.match(text, a) or (_DECKS_BEFORE.search(text, max(0, a - 24), a) and _STRUCTURE_END.match(text, a))
        if got:
            ends.append(got.end())
    return ends


def _deck_list(tr, text, decks, s, i) -> str | None:
    """A name after a comma in a sentence that names structure decks in the plural before it (``decks``: where each such
    mention ends; "there are three Structure Decks of fiends, A, B, X"): an item of a list of products, not the card the
    product is named after. The plural says the list counts decks; a singular structure deck before a list lists its
    cards ("el Structure Deck trae X, Y")."""
    k = bisect_left(decks, s.start)
    if not k:
        return None
    end = decks[k - 1]
    if i - bisect_left(tr._starts, end) >= _SENTENCE_WORDS or any(c in text[end:s.start] for c in ".!?\n"):
        return None
    return "a product (an item of a list of structure decks: they are named in the plural before it, in its sentence)"


def _product_title(raw, words, seps, i) -> str | None:
    """A card's name at the end of a capitalised title right after a product word ("la colección Rise of the X", "il
    set Ascesa dei X": the set's name, of which the card's is only a part): the product. The title's words are
    capitalised or linking words (``_TITLE_LINKS``), one space apart, the first capitalised; the longest mention wins."""
    k = i - 1
    while k > 0 and i - k <= PRODUCT_TITLE_WORDS and seps[k + 1] == " " and (raw[k][:1].isupper() or words[k] in _TITLE_LINKS):
        if words[k - 1] in PRODUCT_WORDS and raw[k - 1].islower() and raw[k][:1].isupper() and seps[k] == " ":
            return f"a product or a column ('{raw[k - 1]} {' '.join(raw[k:i])} …' before it)"
        k -= 1
    return None


DECK_DETERMINERS = frozenset("""el la los las un una uno unos unas il lo i gli le o os um uma uns umas the my mi mis tu tus
su sus meu meus minha seu seus sua mio miei tuo tuoi suo suoi nostro vostro this este esta esse essa questo questa""".split())
"""The articles, possessives and demonstratives that, before a deck word, make it a deck of someone's: "il deck X", "mi
mazo de X", "os decks X" (not the contracted prepositions: "trae del mazo X" takes card X from the deck; not "a", a
preposition in Spanish and Italian)."""
_DECK_NOUN_OR_LINK = DECK_BEFORE | _DECK_LINKS
"""The word right before a name that ``_owned_deck`` asks about (a gate: most names have neither before them)."""


def _owned_deck(words, seps, raw, i) -> str | None:
    """A card's name, however strongly written, right after a deck word that has an article, a possessive or a
    demonstrative before it (``DECK_DETERMINERS``), perhaps with "de"/"di"/"of" between ("il deck Mago Nero", "o deck de
    Yubel", "Il deck del Drago Bianco Occhi Blu"): the deck named after the card, as every real text annotated so far
    writes it. A deck word after a preposition is the place a card is taken from ("trae del mazo Wind-Up Rat")."""
    k = i - 1
    if words[k] in _DECK_LINKS and seps[i] == " ":
        k -= 1
    if k >= 1 and words[k] in DECK_BEFORE and seps[k + 1] == " " and seps[k] == " " and words[k - 1] in DECK_DETERMINERS:
        return f"a deck ('{raw[k - 1]} {raw[k]}' before it: someone's deck, named after the card)"
    return None


def _deck(text, words, seps, raw, i, j, s) -> str | None:
    k = j + 1
    if k < len(words) and seps[k] in (" ", "-", "‑") and words[k] in DECK_AFTER:
        return f"a deck ('{raw[k]}' after it)"
    k = i - 1
    if k >= 0 and words[k] in _DECK_LINKS and seps[i] == " ":
        k -= 1
    elif seps[i] == ". " and k > 0 and seps[k] == ".":  # initials before it, their dots ("deck D.A.D. Teleport")
        while k > 0 and seps[k] == "." and len(raw[k]) == 1 and raw[k].isupper():
            k -= 1
        if not (len(raw[k]) == 1 and raw[k].isupper()):
            return None
        k -= 1
    if k >= 0 and k < i and seps[k + 1] == " " and words[k] in DECK_BEFORE:
        return f"a deck ('{raw[k]}' before it)"
    return None


_PAIRING = re.compile(r"(?<!\w)(?:vs|VS|Vs|versus|x|X)\.?(?!\w)")
"""The word between two players of a match in a pairing line ("Felipe Diniz (Masked Hero) vs Lucas Kenzou (Blue-Eyes)")."""


def _pairing(text, raw, seps, starts, i, j, s, spans_before) -> str | None:
    """A name alone in parentheses right after a player's name (two or more capitalised words that are no name found) on
    a line that pairs two players ("vs", "x"): the deck the player played, as tournament reports write it. (``review``
    asks it only where a "(" ends the separator before the name, after two words at least.)"""
    if seps[i].rstrip("(").strip(" \t") or (j + 1 < len(raw) and seps[j + 1][:1] != ")"):
        return None
    if not (raw[i - 1][:1].isupper() and raw[i - 2][:1].isupper() and seps[i - 1] == " "):
        return None
    if spans_before and spans_before[-1].end > starts[i - 1]:
        return None  # "Mago Negro (Dark Magician)": a card's name in another language
    a = text.rfind("\n", 0, s.start) + 1
    b = text.find("\n", s.end)
    line = text[a:b if b >= 0 else len(text)]
    if not _PAIRING.search(line):
        return None
    return f"a deck (in parentheses after a player's name, '{raw[i - 2]} {raw[i - 1]}', in a pairing)"


def _glossed(tr, text, s) -> str | None:
    """A name alone in parentheses right after the same card's name held back as something else ("Structure Deck Il Re
    Cremisi (Crimson King)": a product): that thing's name in another language, held back as it is."""
    h, why = tr.held[-1]
    if h.id != s.id or text[h.end:s.start].strip(" \t") != "(" or not text.startswith(")", s.end):
        return None
    return f"'{h.text}' before it, in another language: {why}"


_BASED = re.compile(r"bas[a-z]{0,3}(?:ad[oa]s?|at[oaie]|ed)")
"""The participle "based" in the four languages and English (folded): basado, baseado, basato, based, and the spellings
writers slip into ("basiado", "basata")."""
_BASED_LINKS = {"en", "em", "no", "na", "nos", "nas", "su", "sul", "sulla", "sui", "sugli", "on", "in", "el", "la", "los",
                "las", "o", "a", "os", "as", "il", "lo", "the", "de", "del", "di", "do", "da"}
"""The words between "based" and what a deck is based on: "basado en (el)", "baseado no/na/em", "basato su(l)", "based
on (the)"."""


def _based_deck(words, seps, raw, i, j) -> str | None:
    """A card's name that a deck is based on ("una baraja basada en X", "um baralho baseado em X", "un mazzo basato su X")
    or that a deck word names in an apposition after a comma and a possessive or a demonstrative (``POSSESSIVES``,
    ``DEMONSTRATIVES``: "X, su mazo principal", "X, il suo mazzo", "X e Y, questi mazzi"): the deck, not the card (what
    the sentence speaks of is a deck)."""
    k = i - 1
    n = 0
    while k > 0 and n < 2 and words[k] in _BASED_LINKS and seps[k + 1] == " ":
        k -= 1
        n += 1
    if n and k > 0 and seps[k + 1] == " " and _BASED.fullmatch(words[k]) and raw[k].islower():
        if any(words[x] in DECK_BEFORE for x in range(max(0, k - 2), k)):
            return f"a deck ('{raw[k]}' after a deck word before it)"
    k = j + 1
    if k + 1 < len(words) and seps[k] == ", " and raw[k].islower():
        p = k + 1 if words[k] in _ARTICLES and words[k + 1] in POSSESSIVES and seps[k + 1] == " " else k
        if words[p] in POSSESSIVES or words[p] in DEMONSTRATIVES:
            for x in (p + 1, p + 2):
                if x < len(words) and seps[x] == " " and words[x] in DECK_BEFORE:
                    return f"a deck (', {' '.join(raw[k:x + 1])}' after it)"
    return None


POSSESSIVES = {"su", "sus", "mi", "mis", "tu", "tus", "nuestro", "nuestra", "seu", "sua", "seus", "suas", "meu", "minha",
               "teu", "tua", "nosso", "nossa", "suo", "sua", "suoi", "mio", "mia", "tuo", "nostro", "nostra", "loro", "his",
               "her", "their", "my", "your", "our", "its"}
"""Possessives (folded) that open an apposition naming whose deck a name is ("X, su mazo", "X, il suo mazzo"); an article
alone does not: "X, il mazzo è stato …" goes on with a new clause."""
DEMONSTRATIVES = {"este", "esta", "estos", "estas", "ese", "esa", "esos", "esas", "estes", "esse", "essa", "esses", "essas",
                  "questo", "questa", "questi", "queste", "quel", "quella", "quei", "quelle", "this", "these", "that", "those"}
"""Demonstratives (folded) that, with a deck word right after a name and its comma, point back at the name just read as
a deck ("X e Y, questi mazzi …")."""


SITES = frozenset("twitter facebook instagram youtube tiktok reddit discord twitch ebay".split())
"""The sites where people show and sell cards (folded): one capitalised before "do"/"de"/"of" and a name is no longer
name's first word ("as fotos no Twitter do Dragão Supremo de Olhos Azuis")."""


OPENING_WORD = 5.0
"""A word this common (Zipf, in the text's language) opening a sentence before a link word and a name is the sentence's
("Além do", "Después de"), never a longer name's first word, even where some name has it (``_linked_tail``)."""


def _linked_tail(tr, raw, seps, i, j, s, taken_ends) -> str | None:
    """``_tail`` for a weak name after a link word and a capitalised word ("Vaso dell'Avidità", "Paladino de Dragão
    Branco"): the same tests on that word, but a word of the pool's names opening the sentence still counts (a heading
    that a name opens: "Paladino de Dragão Branco: …"; not "Hablando de Dragón Blanco")."""
    k = i - 2
    w = tr._words[k]
    if _no_name_before(tr, k, taken_ends) or mentions.in_capitals(raw, k, j):
        return None
    if tr._sentence_start(k) and (not name_word(tr, w) or tr.freq.get(w) >= OPENING_WORD):
        return None  # (a capital at a sentence start proves nothing, unless the word is a word of names, and no word
        # of the sentence's own: "Além do Dragão Branco, Kaiba usa…", "besides", though "Além" is in a name or two)
    if _own_word(tr, w, s, i, j) or w in SITES:
        return None  # a word of the card's own name ("Cavaleiro de Gaia"); a site ("no Twitter do Dragão…")
    return f"the end of a longer name ('{raw[k]}{seps[k + 1]}{raw[k + 1]}' before it)"


def _no_name_before(tr, k: int, taken_ends) -> bool:
    """Whether word ``k``, capitalised before a name, ends no longer name: a name found ends there (two names side by
    side), or it is a word for cards ("Carta X"), a deck's ("Deck X": ``_deck`` decides), an article or a function word
    written with a capital ("Il X"), a list's joining word ("X VS Y") or a word of the game ("Summon X")."""
    w = tr._words[k]
    return tr._ends[k] in taken_ends or w in mentions.CARD_WORDS or w in DECK_BEFORE or w in DETERMINERS \
        or w in mentions.FUNCTION_WORDS.get(tr.src, ()) or w in _JOINING or _game_word(w)


def name_word(tr, w: str) -> bool:
    """Whether the folded ``w`` is a word of the names the translator reads (the index's vocabulary, by first letter
    and length)."""
    words = tr._vocabulary(w[0]).get(len(w), ()) if w else ()
    j = bisect_left(words, w)
    return j < len(words) and words[j] == w


def _own_word(tr, w: str, s, i: int, j: int) -> bool:
    """Whether the folded word ``w`` is a word of one of the names of the card of span ``s`` (words ``i``…``j``)."""
    key = " ".join(tr._words[i:j + 1])
    names = [s.replacement] + [n for f in (tr._forms(key) if tr.keys.get(key) else ()) if f.entry.id == s.id
                               for n in f.entry.names.values() if n]
    return w in TOKEN.findall(fold(" ".join(names)))


_CLAUSE_OPENERS = {"si", "cuando", "pero", "aunque", "porque", "entonces", "se", "quando", "mas", "porem", "entao",
                   "ma", "perche", "allora", "sebbene", "if", "when", "but", "because"}
"""Conjunctions (folded) that open a clause: capitalised before a name, they open it, and are no word of a longer name."""
_PRINT_NUMBER = re.compile(r"[A-Z]{0,2}\d{3}")
"""The end of a card's print number after its set's code and a hyphen ("SDSC-EN002", "LOB-001")."""
_TAIL_LINKS = {"de", "del", "della", "dell", "delle", "dei", "degli", "di", "do", "da", "dos", "das", "of"}
"""The link words a longer capitalised name runs across before a weak name ("Vaso dell'Avidità", "Paladino de Dragão
Branco": a name that holds a card's nickname or one word)."""


def _weak_tail(tr, raw, seps, i, j, s, taken_ends, taken_starts) -> str | None:
    """``_tail`` for a weak name, which also ends a longer name across a link word after a capitalised one
    (``_linked_tail``: "Vaso dell'Avidità")."""
    if i > 1 and tr._words[i - 1] in _TAIL_LINKS and seps[i] in (" ", "'", "’") and seps[i - 1] == " " \
            and raw[i - 1].islower() and raw[i - 2][:1].isupper() and raw[i - 2][:1].isalpha():
        return _linked_tail(tr, raw, seps, i, j, s, taken_ends)
    return _tail(tr, raw, seps, i, j, s, taken_ends, taken_starts)


def _tail(tr, raw, seps, i, j, s, taken_ends, taken_starts=frozenset()) -> str | None:
    if not i:
        return None
    sep, prev = seps[i], raw[i - 1]
    if sep not in (" ", "-", "‑") or not prev[:1].isupper() or not prev[:1].isalpha():
        return None
    w = tr._words[i - 1]
    if _no_name_before(tr, i - 1, taken_ends):
        return None  # two names side by side, "Carta X", "Deck X", "Il X", "X VS Y", "Summon X"
    if w in _CLAUSE_OPENERS:
        return None  # "Pregunta 2: Si Lightning Chidori hace target…": a conjunction opening a clause, no name's word
    if _PRINT_NUMBER.fullmatch(prev) and i > 1 and seps[i - 1] == "-" and raw[i - 2].isupper():
        return None  # "SDSC-EN002 Disenchanter": a card's print number (its set's code, a hyphen, its place) before it
    if w in COPIES:
        return None  # "X3 Ash Blossom, X2 MST": a count of copies, capitalised as a deck list's line opens, is no name's
    if j + 1 < len(tr._starts) and seps[j + 1] == " " and tr._starts[j + 1] in taken_starts and raw[j + 1][:1].isupper():
        return None  # a name found right after it: a list whose line breaks were lost, the name one of its items ("…
        # Giuramento Solenne Tempesta Potente Drago Imperatore del Chaos – …", the first item misspelt)
    if i > 1 and (tr._words[i - 2] in mentions.CARD_WORDS or _game_word(tr._words[i - 2])) and w in _types():
        return None  # "il Mostro-Link Macchina X": a monster's Type after a word of the game
    if sep == " " and tr._sentence_start(i - 1):
        return None  # "Usa Raigeki": a capital at a sentence start proves nothing
    if mentions.in_capitals(raw, i, j):
        return None  # "AYER SAQUÉ RAIGEKI": in a stretch written in capitals, a capital proves nothing either
    if j > i and s.text.islower():
        return None  # "Bajo lonefire blossom": a name of words in lower case is no longer capitalised name's end
    if len(prev) > 1 and prev.isupper() and prev.isalpha() and not s.text.isupper() and w in tr.freq.common \
            and tr.freq.get(w) >= tr.freq.en.get(w):
        return None  # "ativava DOIS Trap Hole": an everyday word of the text in capitals, for emphasis, before a name
        # written otherwise is no word of a longer name (not an English one: "Vision HERO Trinity")
    if _own_word(tr, tr._words[i - 1], s, i, j):
        return None  # "Lightsworn Ryko", "HERÓI Mascarado Anki": a word of the card's own name before it
    if s.lang == "en" != tr.src and j > i and len(w) > 2 and not name_word(tr, w):
        return None  # "la Tournament Black Luster Soldier": before an English name of two words or more in another
        # language's text, a word that is in no card's name makes no longer card name (the pool names every card): a
        # title or a qualifier of the card itself. (Not before a name in the text's language, which a literal
        # translation of a longer name may end with, "Supremo Wyrm Pálido"; nor before a name of one word, which an
        # unprinted name may end with, "Stain Storm")
    return f"the end of a longer name ('{prev}' before it)"


_TYPES: set = set()


def _types() -> set:
    """The one-word monster Types in es, pt, it and en, folded (``conditions.type_words``; read once, when first
    asked)."""
    if not _TYPES:
        from ..core.conditions import type_words
        _TYPES.update(t for t in type_words() if " " not in t)
    return _TYPES


def a_type(w: str) -> bool:
    """Whether a folded word is a monster's one-word Type or its plural ("spellcaster", "dragons"; ``_types``)."""
    types = _types()
    return w in types or (w.endswith("s") and w[:-1] in types)


_JOINING = {"vs", "v", "x", "e", "y", "o", "ou", "ed", "and", "or"}
"""Words that join the items of a list ("X VS Y", "X x Y", "X E Y" in a heading): no longer name runs across them."""
_EPITHET_SEPS = {", ", " "}
"""The separators before a name that may put it after a capitalised word and a comma (``_epithet``)."""
_ARTICLES = {"el", "la", "lo", "los", "las", "il", "o", "a", "os", "as", "the", "l"}
"""The definite articles that open an epithet after a comma ("X, el Y"; folded: a subset of DETERMINERS, without the
possessives and contractions that make "X, del Y" a list or a phrase)."""


def _epithet(raw, words, seps, i, j) -> str | None:
    k = i - 1
    if seps[i] == " ":
        if k < 1 or words[k] not in _ARTICLES or seps[k] != ", ":
            return None  # only "X, el Y" or "X, Y": a name after a space alone is _tail's to judge
        k -= 1
    elif words[i] not in _ARTICLES:
        return None  # "X, Y" without an article is a list ("Raigeki, Mirror Force")
    if not (raw[k][:1].isupper() and raw[k][:1].isalpha()):
        return None
    n = j + 1
    if n < len(words) and seps[n] == " " and words[n] in _DECK_LINKS and k == i - 1:
        n += 1  # "X, il Creatore di Luce" (a name that is an article and a noun); not "X, il Drago Rosa Nera di Aki"
    if n < len(words) and seps[n] == " " and raw[n][:1].isupper() and raw[n][:1].isalpha():
        return f"the epithet of a longer name ('{raw[k]}, …' before it, '{raw[n]}' after it)"
    return None


def _title_of(tr, raw, words, seps, i, j, taken_ends) -> str | None:
    """A weak name of one everyday word (``EVERYDAY``) after a capitalised word, a comma and a definite article is that
    word's title, where the capitalised word is no name found and no everyday word: "Hagatha, a Bruxa" (a Hearthstone
    hero) is no Witch of the Black Forest. A list of cards names a card before the comma ("Sangan, a Bruxa e o Jarro"),
    and an everyday word before it opens a clause ("Depois, a Bruxa atacou")."""
    if i != j or i < 2 or seps[i] != " " or words[i - 1] not in _ARTICLES or seps[i - 1] != ", ":
        return None
    k, w = i - 2, words[i - 2]
    if not (raw[k][:1].isupper() and raw[k][1:].islower()) or tr._ends[k] in taken_ends or w in tr.freq.common:
        return None
    if tr.freq.get(words[i]) < EVERYDAY:
        return None
    return f"a title ('{raw[k]}, {raw[i - 1]} {raw[i]}': what '{raw[k]}' is called)"


def _may_begin(words: list, keys: dict, k: int) -> bool:
    """Whether word ``k``, or words ``k - 1`` and ``k``, may begin a name: they are a key (a key's first words are keys
    too)."""
    return words[k] in keys or (k > 0 and words[k - 1] + " " + words[k] in keys)


def _headed(tr, text, raw, words, seps, i, j, s, out, span_type):
    """The card whose whole name is span ``s`` (at words ``i``…``j``) with the article before it and the one or two
    capitalised words before that ("Slifer el Dragón del Cielo": a head and its epithet written without their comma),
    as one span that replaces the head found alone at the end of ``out``; else None. The longest mention wins: the
    epithet alone is another card ("Dragón del Cielo") or none."""
    if i < 2 or seps[i - 1] != " ":
        return None
    if not _may_begin(words, tr.keys, i - 2):
        return None  # (no name begins with the one or two words before the article)
    tail = " ".join(words[i - 1:j + 1])
    for n in (1, 2):
        h = i - 1 - n
        if h < 0 or not all(raw[x][:1].isupper() and raw[x][:1].isalpha() for x in range(h, i - 1)) \
                or any(seps[x] != " " for x in range(h + 1, i - 1)) or tr._blocked[h]:
            return None
        a0 = tr._starts[h]
        if out and out[-1].end > a0 and out[-1].start != a0:
            return None  # a name found begins before these words
        head = " ".join(words[h:i - 1])
        for join in (",", " "):  # (a name's key keeps its comma: "slifer,el dragon del cielo")
            key = head + join + tail
            cards = [f for f in (tr._forms(key) if tr.keys.get(key) else ()) if f.entry.kind == "card"
                     and f.variant in ("official", "no-article", "english")]
            if len({f.entry.id for f in cards}) == 1:
                while out and out[-1].start >= a0:
                    out.pop()  # the head, found alone
                f = cards[0]
                e = f.entry
                return span_type(a0, s.end, text[a0:s.end], e.id, "card", e.name(tr.dst) or text[a0:s.end], f.lang,
                                 f.variant, e.origin, [], max(s.score, tr.threshold), 100.0, e.passcodes)
    return None


def _heads(tr, text: str, out: list, span_type) -> list:
    """``out`` with a card name that heads a longer name whose modifier was held back (``_modifier``: the name, then
    "de"/"di"/"do"/"da"/"of" and the held nickname) read as the longer name, where that fits another card closely
    (``Translator._closest``: "bebé Dragon de ojos rojos" is Red-Eyes Baby Dragon, not Baby Dragon; "Dragón meteoro de
    ojos rojos" is Red-Eyes Black Meteor Dragon): the longest mention wins. Where the longer name fits no card, the
    head stays ("un primo de Dragon negro de ojos rojos")."""
    mods = {h.start: h.end for h, why in tr.held if why.startswith("a word of a longer name")}
    if not mods:
        return out
    starts, words, seps = tr._starts, tr._words, tr._seps
    keep = []
    for s in out:
        if s.kind == "card":
            k = bisect_left(tr._ends, s.end) + 1  # the word after the name
            if k + 1 < len(words) and words[k] in _DECK_LINKS and seps[k] == " " and seps[k + 1] == " " \
                    and starts[k + 1] in mods:
                a, b = s.start, mods[starts[k + 1]]
                best = tr._closest_memo.get(text[a:b], 0)
                if best == 0:
                    best = tr._closest_memo[text[a:b]] = tr._closest(text[a:b])
                if best is not None and best[0].id != s.id:
                    e, lang, sim = best
                    tr.held.append((s, f"the head of a longer name ('{text[a:b]}')"))
                    s = span_type(a, b, text[a:b], e.id, "card", e.name(tr.dst) or text[a:b], lang, "approximate", e.origin,
                                  [], tr.threshold, sim, e.passcodes)
        keep.append(s)
    return keep


SPELLED_LETTERS = (2, 5)
"""How many capitals an abbreviation ``_spelled_out`` weighs has, at least and at most."""


def _spelled_out(tr, text: str, words: list, i: int, s, spans: list) -> str | None:
    """Why an abbreviation in capitals ("DM") in a text that names no card in full (``spans``: the names found) stands
    for words the text writes elsewhere, each capitalised, with those initials ("Dungeon Master" in a text on
    role-playing games): the writer says what the letters mean; or None. Not after a count of copies ("3 DM"); and not
    where those words are a name the translator reads (another card's, "Des Mosquito"), a heading in capitals, or begin
    with a word of grammar ("De Madrid")."""
    letters = s.text
    lo, hi = SPELLED_LETTERS
    if not (lo <= len(letters) <= hi and letters.isalpha() and letters.isupper() and letters.isascii()):
        return None
    if i and (words[i - 1].isdigit() or words[i - 1] in COPIES):
        return None
    memo = tr.__dict__.get("_spelled")
    if memo is None or memo[0] is not text:
        memo = tr._spelled = (text, {}, any(x.kind == "card" and x.variant in ("official", "english") and " " in x.text
                                            for x in spans))
    if memo[2]:
        return None  # a text that names cards in full: the letters are a card's (or the text says so itself)
    got = memo[1].get(letters)
    if got is None:
        pattern = r"[ \t]+(?:[-‑][ \t]*)?".join(rf"{c}[\w'’]*" for c in letters)
        got = memo[1][letters] = next(
            (m.group() for m in re.finditer(rf"(?<![\w-]){pattern}(?![\w-])", text)
             if not m.group().isupper() and fold(m.group()).split()[0] not in mentions.ALL_FUNCTION
             and tkey(m.group()) not in tr.keys), "")
    return f"the initials of '{got}', which the text writes in full" if got else None


def _modifier(words, seps, i, s) -> str | None:
    if i < 2 or s.variant not in mentions.NICKNAME_KINDS or not s.text.islower() or words[i - 1] not in _DECK_LINKS \
            or seps[i] != " " or seps[i - 1] != " ":
        return None
    w = words[i - 2]
    if len(w) < 3 or not w.isalpha() or w in CONTEXT_WORDS or w in DETERMINERS or w.startswith(CONTEXT_STEMS) \
            or w.startswith(PLAY_STEMS) or w in PLAY_WORDS:
        return None  # "el mazo de ojos rojos", "la carta de …", "el efecto de …": the card, or its deck
    return f"a word of a longer name ('{words[i - 2]} {words[i - 1]}' before it)"


_NAME_ARTICLES = {"es": {"el", "la", "los", "las", "del", "al"}, "pt": {"o", "a", "os", "as", "do", "da", "dos", "das", "no", "na", "nos", "nas"},
                  "it": {"il", "lo", "la", "i", "gli", "le", "l", "del", "dello", "della", "dei", "degli", "delle", "al", "ai", "agli", "alle"},
                  "en": {"the"}}
"""The definite articles, alone and joined to a preposition, of each language of the card names (folded): a word after
one in a name, written in lower case, is a common noun. In English only where it ends the noun phrase (the name's end,
or a lower-case word next: "Alliance of the Duelists"); before another capitalised word it is a modifier ("the Velkar
Tower": Velkar names the tower, no common noun). Per language, and in lower case: "As" and "Ás" are the Ace
("Caza del Cielo As - Kagari", "Força Celeste - Ás - Kagari"), no article."""


def _phrase(tr, text, words, raw, seps, i, j, s) -> str | None:
    """A card's name of two words or more, written all in lower case, that begins with a preposition of the text's
    language right after a lower-case word: the language's own phrase, that word's modifier ("el monstruo de fusión",
    "il mostro di sincronia"), not the card (De-Fusion), unless the word before is a verb that plays, activates or
    summons it ("activo de fusión")."""
    k = i - 1
    if k < 0 or words[i] not in mentions.FUNCTION_WORDS.get(tr.src, ()) or seps[i] != " " or not raw[k].isalpha() \
            or not raw[k].islower() or _played_by(words, k) or words[k].startswith(_ACTIVATE):
        return None
    if words[i] in _ARTICLES_OF.get(tr.src, ()) and j - i >= 2:
        return None  # a name that begins with its own article ("com o dragão alado de rá"): no phrase's preposition
    return f"a phrase of the language ('{raw[k]} {s.text}')"


_ARTICLES_OF = {"es": {"el", "la", "los", "las"}, "pt": {"o", "os", "as"}, "it": {"il", "lo", "la", "i", "gli", "le", "l"}}
"""The definite articles a card's name may begin with ("O Dragão Alado de Rá"): ``index.ARTICLES`` without Portuguese
"a", a preposition too (written out: this module may not import ``index``, which imports it through ``discourse``)."""


OF_CARD_WORDS = 4
"""The most capitalised words after "de"/"di"/"do"/"da"/"of" that ``_of_card`` reads as another card's name."""


def _of_card(tr, raw, words, seps, j, s) -> str | None:
    """A card's name of two words or more followed by a lower-case "de"/"di"/"do"/"da"/"of" and, capitalised, the whole
    official name of another card (in any language of the pool; up to ``OF_CARD_WORDS`` words, up to the end of the
    capitalised run): one longer name, the first card's name "of" the second ("Dragón del Trueno del Mago Oscuro": a
    fan's name of a third card, or a title), which neither name alone stands for. The longest mention wins. A second
    name that is also a set's (``NameIndex.namesake``) is that set: the first card is from it."""
    k = j + 1
    if j == bisect_left(tr._starts, s.start) or seps[k] != " " or seps[k + 1] != " " or not raw[k].islower():
        return None
    run = k + 1
    while run < len(words) and run - k <= OF_CARD_WORDS and raw[run][:1].isupper() and raw[run][:1].isalpha() \
            and (run == k + 1 or seps[run] == " "):
        run += 1
    if run - k - 1 > OF_CARD_WORDS or run == k + 1:
        return None  # (a capitalised run longer than any name read here: no one name after the link word)
    key = " ".join(words[k + 1:run])
    memo = tr.__dict__.setdefault("_of_card_memo", {})  # key → the index's forms of it (any language)
    forms = memo.get(key)
    if forms is None:
        if len(memo) > 10_000:
            memo.clear()
        forms = memo[key] = tr.index.forms_for_key(normalize(" ".join(raw[k + 1:run])))
    for f in forms:
        if f.entry.kind == "card" and f.entry.id != s.id and f.variant in ("official", "english", "no-article") \
                and not tr.index.namesake(f.entry.passcodes):
            return f"the head of a longer name ('{raw[k]} {' '.join(raw[k + 1:run])}' after it, another card's name)"
    return None  # (a card's name that is also a set's is the set the card is from: "Filamento de Vylon de Fuerza
    # Generación", Vylon Filament of Generation Force)


def _unnamed(tr, raw, i, j) -> bool:
    """Whether the words ``i``…``j`` of a name of two words or more are not written as a name though not all in lower
    case: its first word, no function word, in lower case ("atacar el Sol": a proper noun inside a phrase; but "la
    Fuerza" is a name whose article writers keep in lower case), or only its first word
    capitalised, at a sentence start, where any word is, in a sentence that goes on in lower case on the same line
    ("Marea negra, dijo él"; a line of a list, "Marea negra" alone, is a name written in sentence case)."""
    first = raw[i][:1]
    if first.islower():
        return tr._words[i] not in mentions.FUNCTION_WORDS.get(tr.src, ())  # ("la Fuerza": an article, as writers write it)
    return first.isupper() and raw[i][1:].islower() and all(not raw[x][:1].isupper() for x in range(i + 1, j + 1)) \
        and j + 1 < len(raw) and "\n" not in tr._seps[j + 1] and raw[j + 1][:1].islower() and tr._sentence_start(i)


def _idiom(tr, text, words, i, j, s) -> str | None:
    """A rare card's name in the text's language written all in lower case, whose every content word is ordinary in
    that language (``ORDINARY``) and more common there than in English: the language's own phrase ("la recta final de
    la partida", "spazzare via il campo"), not the card. Lower case is how players write the cards everyone knows
    ("el agujero negro"); a card printed ``IDIOM_RARE`` times or fewer named so, unquoted, is the everyday phrase its
    name borrows ("um pequeno dragão laranja", "un'arma segreta")."""
    if s.lang != tr.src or s.variant not in _IDIOM_VARIANTS or mentions.quoted(text, s.start, s.end) \
            or _card_labelled(words, tr._seps, i - 1):
        return None
    here, en = tr.freq.get, tr.freq.en.get
    content_words = [w for w in words[i:j + 1] if w not in mentions.FUNCTION_WORDS.get(tr.src, ())]
    if not content_words or any(here(w) < ORDINARY or here(w) <= en(w) for w in content_words):
        return None
    if _printings(tr, i, j, s) > IDIOM_RARE:
        return None
    return f"{_IDIOM} ('{s.text}': ordinary words, a card printed {IDIOM_RARE} times or fewer)"


_IDIOM = "a phrase of the language"
"""How ``_idiom``'s reason begins."""


def _named_as_such(spans: list, s) -> bool:
    """Whether the text names the card of span ``s`` elsewhere with capitals, as a name (the same words or others):
    then ``_idiom`` does not make the same card's name in lower case a phrase."""
    return any(x.id == s.id and x.kind == "card" and x is not s and x.text[:1].isupper() for x in spans)


_IDIOM_VARIANTS = ("official", "no-article", "video-game")
"""The kinds of names in the text's language that ``_idiom`` reads: official ones, and a video game's (a card never
printed in that language, whose name players copy from the game or not at all)."""


def _played_by(words, k) -> bool:
    """Whether word ``k`` is a verb that plays a card (``PLAY_WORDS``, ``PLAY_STEMS``)."""
    return words[k] in PLAY_WORDS or words[k].startswith(PLAY_STEMS)


def _common_noun(tr, w: str, s) -> str | None:
    """A one-word short form that the card's own name writes after a definite article of its language ("Alianza de los
    Duelistas", "Alleanza dei Duellanti", "Aliança dos Duelistas"): the name calls it by a common noun (a people's,
    a thing's), which the text uses for that, not for the card ("la escuela de los Duelistas", "i Duellanti giocano")."""
    memo = tr.__dict__.setdefault("_common_memo", {})
    got = memo.get((s.id, w), 0)
    if got == 0:
        got = memo[(s.id, w)] = None
        for f in tr._forms(w) if tr.keys.get(w) else ():
            if f.entry.id != s.id:
                continue
            for lang, name in f.entry.names.items():
                arts = _NAME_ARTICLES.get(lang, ())
                rs = TOKEN.findall(name or "")
                ws = [fold(r) for r in rs]
                k = next((k for k in range(1, len(ws)) if ws[k] == w and ws[k - 1] in arts and rs[k - 1].islower()
                          and (lang != "en" or k + 1 == len(rs) or rs[k + 1].islower())), None)
                if k is not None:
                    got = memo[(s.id, w)] = f"a common noun (the card's name writes it after '{ws[k - 1]}': '{name}')"
                    break
            break
    return got


def _opening(tr, text, words, raw, seps, i, j, s) -> str | None:
    """A one-word official name that opens a sentence, capitalised only for that, where the word is an everyday word of
    the text's language (``EVERYDAY``) and the sentence goes on in lower case (a card named "Ritorno"
    opening "Ritorno tra due turni …"), or a verb in the infinitive a little less common (``OPENING_VERB``) before an
    article, an instruction ("Riaccendere l'auto …", of a car's manual): the word, unless quoted or followed by a card
    word ("Reload card …")."""
    if i != j or s.variant not in ("official", "no-article") or raw[i].isupper() or j + 1 >= len(words) \
            or seps[j + 1] != " " or not raw[j + 1].isalpha() or not raw[j + 1].islower() or not tr._sentence_start(i):
        return None
    z = tr.freq.get(words[i])
    verb = z >= OPENING_VERB and words[j + 1] in DETERMINERS and words[i].endswith(mentions.INFINITIVE.get(tr.src, ()))
    if (z < EVERYDAY and not verb) or mentions.quoted(text, s.start, s.end) or words[j + 1] in mentions.CARD_WORDS \
            or COPIES_AFTER.match(text, s.end) or (
            j + 2 < len(words) and words[j + 2] in mentions.CARD_WORDS and words[j + 1] not in DETERMINERS
            and words[j + 1] not in COUNTS and not words[j + 1].isdigit()):
        return None  # (a card word before it is in the sentence before: only the words after it count; one after a
        # count or an article is the verb's object: "Dunque tre carte …", "Entonces las cartas …")
    if z < EVERYDAY:
        return f"a verb in the infinitive opening a sentence before an article (Zipf {z:.1f})"
    return f"an everyday word opening a sentence (Zipf {z:.1f})"


COPIES_AFTER = re.compile(r"[ \t]?(?:\([ \t]?)?(?:in[ \t])?(?:[xX\u00d7][ \t]?[1-9]|[1-9][ \t]?[xX\u00d7])(?!\w)")
"""A count of copies right after a name: "x3", "3x", "x 3", "(x2)", Italian "in 3x" (a digit from 1 to 9 and an x, no
word going on after them)."""


OPENING_VERB = 2.5
"""A one-word official name in the infinitive this common (Zipf) or more, opening a sentence before an article, is the
verb (``_opening``)."""
COPIES = frozenset(["1", "2", "3", "1x", "2x", "3x", "x1", "x2", "x3"])
"""A count of a card's copies, as deck lists write it before the card's name (folded: "X3" too)."""
COUNTS = {"un", "una", "uno", "dos", "tres", "cuatro", "cinco", "um", "uma", "dois", "duas", "quatro", "due", "tre",
          "quattro", "cinque", "one", "two", "three", "four", "five", "todas", "todos", "tutte", "tutti", "all"}
"""Numbers and quantifiers (folded) that open a verb's object ("dos cartas"): a card word after one is no card's own."""


TITLE_WORDS = 4
"""A line in title case has this many content words or more, the name's among them, each capitalised (``_title_line``)."""


def _title_line(text: str, s, spans: list, n: int) -> bool:
    """Whether span ``s`` (``spans[n]``) is a word of a line in title case: every content word of the line capitalised,
    ``TITLE_WORDS`` of them or more, and no other name found on it ("1. Gameplay: A Ciência da Tentativa e Erro": a
    heading's capitals, not the card Erro's). A title that names another card ("Como Vencer a Serpe do Raio com Erro")
    may name this one too."""
    a = text.rfind("\n", 0, s.start) + 1
    b = text.find("\n", s.end)
    b = len(text) if b < 0 else b
    return not _named_between(spans, n, a, b) and _capitalised(text, a, b, TITLE_WORDS)


def _capitalised(text: str, a: int, b: int, least: int) -> bool:
    """Whether ``text[a:b]`` has ``least`` content words or more (no function word, no number), each capitalised."""
    content = [t for t in TOKEN.findall(text, a, b) if not t.isdigit() and fold(t) not in mentions.ALL_FUNCTION]
    return len(content) >= least and all(t[:1].isupper() for t in content)


def _named_between(spans: list, n: int, a: int, b: int) -> bool:
    """Whether a card or series name other than ``spans[n]`` is found between ``a`` and ``b``: a rules term there
    ("Duelista", "Episódio") is one more capitalised word of a heading, no name."""
    k = n - 1
    while k >= 0 and spans[k].end > a:
        if spans[k].kind != "term":
            return True
        k -= 1
    k = n + 1
    while k < len(spans) and spans[k].start < b:
        if spans[k].kind != "term":
            return True
        k += 1
    return False


LABEL_WORDS = 2
"""A heading label, a line's opening words before a colon, has this many content words or more, each capitalised
(``_label``)."""
_LABEL_OPENING = re.compile(_LINE_MARKS)
_LABEL_VALUE = re.compile(r"[*_ \t]*(?:$|[^\W_a-zß-ÿ]|[\"'“‘«(\[])", re.M)


def _label(text: str, s, spans: list, n: int) -> bool:
    """Whether span ``s`` (``spans[n]``) is a word of a heading label: the words from its line's start (after a bullet
    or a heading mark) to a colon on it, ``LABEL_WORDS`` content words or more, each capitalised, with no other name
    found among them, and the line ending at the colon or going on as a label's value does, with a capital, a digit
    or a quote ("Condición de Victoria -Derrota:", "Primeira Aparição: Yu-Gi-Oh! Episódio 11": a label's capitals, not
    Victoria's or Apparition's). A label that is the name alone ("Victoria: …") may be the card, and a sentence going
    on in lower case after the colon is no label ("Usé Victoria: gané")."""
    a = text.rfind("\n", 0, s.start) + 1
    a = _LABEL_OPENING.match(text, a).end()
    b = text.find(":", s.end, text.find("\n", s.end) % (len(text) + 1))
    return b >= 0 and not _named_between(spans, n, a, b) and _LABEL_VALUE.match(text, b + 1) is not None \
        and _capitalised(text, a, b, LABEL_WORDS)


def _everyday(tr, text, words, i, j, s) -> str | None:
    """A one-word lower-case nickname that is a word of the game (``CONTEXT_WORDS``, ``CONTEXT_STEMS``: "o controlador
    do monstro"), or an everyday word (``EVERYDAY``) with no definite article or determiner before it ("pode reviver",
    "come un corvo"), is that word; unless quoted."""
    if i != j or not s.text.islower() or s.variant not in mentions.NICKNAME_KINDS or mentions.quoted(text, s.start, s.end):
        return None
    if words[i] in CONTEXT_WORDS or words[i].startswith(CONTEXT_STEMS):
        return f"a word of the game ('{s.text}')"  # "o controlador do monstro": the rules' word, article or not (Enemy
        # Controller's nickname is written "Controlador")
    if i and words[i - 1] in DETERMINERS and words[i - 1] not in INDEFINITE:
        return None  # "las ovejas", "a bruxa": the cards; "un corvo" is any crow
    if i and words[i - 1] in COPIES and tr._seps[i] == " ":
        return None  # a count of copies right before it, as a deck list or its changes write it: "-1 plague", "2 plague"
    z = tr.freq.get_any(words[i])
    if z >= EVERYDAY:
        return f"an everyday word (Zipf {z:.1f})"
    return None


ORDINARY = 3.0
"""A name whose every content word is this common (Zipf, in the text's language or, for one word, in English) is also
ordinary words ("Tormenta", "Lobo", "Gigante", "Crow", "Dragones Elementales"): it becomes a card only with a card
context."""
RARE = 3
"""A card printed this few times or fewer is rarely meant by a nickname or a video-game name without a card context."""
IDIOM_RARE = 5
"""A card printed this few times or fewer is rarely meant by its official name written all in lower case in ordinary
words of the text's language (``_idiom``): the cards players write so are the famous ones, printed far more often."""
CONTEXT_CHARS = 160
"""How far (characters, either side) a card context is looked for: about a sentence."""
CONTEXT_WORDS = mentions.CARD_WORDS | mentions.DECK_WORDS | {
    "cartes", "monstruos", "monstros", "mostri", "monsters", "magias", "magie", "trampas", "armadilhas", "trappole", "spells",
    "traps", "efectos", "efeitos", "effetti", "effects", "combo", "combos", "activar", "activa", "activas", "ativar", "ativa",
    "attivare", "attiva", "activate", "activates", "invocar", "invoca", "invocacion", "invocacao", "invocare", "evocare",
    "evoca", "evocazione", "invocazione", "summon", "summons", "summoned", "atk", "def", "banlist", "ban", "banned", "banida",
    "banido", "baneada", "bandita", "proibita", "prohibida", "proibida", "limitada", "limitata", "limited", "semi",
    "cementerio", "cimitero", "cemiterio", "graveyard", "gy", "tributo", "tribute", "fusion", "fusione", "fusao", "synchro",
    "xyz", "link", "ritual", "rituale", "tuner", "equipaggiamento", "equipo", "equipamento", "mazos", "baralho", "baralhos",
    "baraja", "barajas", "side", "extra", "cards", "campo", "field", "mano", "mao", "hand", "nivel", "livello", "level",
    "copia", "copias", "copie", "copies", "copy", "controlador", "controladores", "controller", "controllers", "controllore",
    "controllori", "ocg", "tcg", "ruling", "rulings"}
"""Words that show a text is talking about cards near a name (folded): the card kinds, effects and summons, the
deck and its zones, the ban list, the rulings (the word players of every language borrow). A game's words, not any one
card's."""
CONTEXT_STEMS = ("activ", "ativ", "attiv", "invoc", "evoc", "summon", "sacrific", "tribut", "descart", "scart", "desterr",
                 "banish", "efect", "efeit", "effett", "effect", "equip", "ataq", "atac", "attac", "attack")
"""Beginnings of the game's verbs and nouns in any inflection ("activé", "ativei", "attivato", "invocó", "evocazione",
"ataque", "attacco")."""
PLAY_WORDS = {"usa", "usas", "uso", "usar", "use", "used", "uses", "using", "usei", "usou", "usamos", "usan", "usam", "usano",
              "usare", "usato", "usando", "usiamo", "utiliza", "utilizza", "utilizar", "utilizzare", "utilizou"}
PLAY_STEMS = ("jug", "jog", "gioc", "play", "lanc", "lanz")
_ACTIVATE = ("activ", "ativ", "attiv", "invoc", "evoc", "summon", "equip")
"""Beginnings of the verbs that activate, summon or equip a card: the name right after one is the card."""
"""A verb right before a name (an article may come between) that plays it: "usa Recarga", "jogou o X", "gioca X"."""
_GAME_WORD: dict = {}  # folded word → _context_kind
_LONGEST = 200
"""Longer than any name (characters): how far before a window a name that reaches into it may begin."""
_LIST_LINE = re.compile(r"^[ \t]*(?:\d{1,2}[ \t]*[xX×]?|[xX×][ \t]*\d{1,2}|[-*•·])[ \t]*[-–:.)]?[ \t]+", re.M)


def _at_line_starts(pattern, text: str):
    """The matches of ``pattern``, a multiline pattern that begins with ``^``, in ``text``: those its ``finditer`` finds,
    tried at each line's start only (the line breaks found with ``str.find``), where the regex engine tries a multiline
    ``^`` at every character of the text. (A match never takes in a line break: the next one begins on a later line.)"""
    at = 0
    while True:
        m = pattern.match(text, at)
        if m is not None:
            yield m
        at = text.find("\n", at if m is None else m.end()) + 1
        if not at:
            return


def _game_word(w: str) -> bool:
    """Whether a folded word is a word of the game (``CONTEXT_WORDS``, ``CONTEXT_STEMS``) or a verb that plays a card
    (``PLAY_WORDS``, ``PLAY_STEMS``)."""
    got = _GAME_WORD.get(w)
    if got is None:
        got = _context_kind(w)
    return bool(got) or w in PLAY_WORDS or w.startswith(PLAY_STEMS)


def _context_kind(w: str) -> int:
    """What a folded word says of the game (kept in ``_GAME_WORD``, bounded): 2 a word of this card game that is a
    card context (``GAME_ONLY``), 1 a word of games in general (``CONTEXT_WORDS``, ``CONTEXT_STEMS``), 0 neither."""
    if len(_GAME_WORD) > 200_000:
        _GAME_WORD.clear()  # (bounded on long streams of varied text)
    got = _GAME_WORD[w] = (2 if w in GAME_ONLY else 1) if w in CONTEXT_WORDS or w.startswith(CONTEXT_STEMS) else 0
    return got


def _needs_context(tr, text, s, i, j) -> bool:
    """Whether a card span is a name that real text also uses for something else, so that it needs a card context
    (``_Context``): a name of one or two words, not quoted, not right next to a word like "carta", not a series member
    (which needs its series named already), that is ordinary words (``ORDINARY``; in a phrase of two in lower case, a
    word in the plural as common as its singular: "héroes favoritos"), or a nickname or video-game name of a card
    printed ``RARE`` times or fewer."""
    if s.kind != "card" or s.variant == "series-member" or s.origin == "kb" or j - i > 1 or s.variant == "approximate":
        return False
    key = (s.id, s.variant, " ".join(tr._words[i:j + 1]), s.text.islower())  # (whether the name is ordinary or rare:
    # once per name and case)
    memo = tr.__dict__.setdefault("_needs_memo", {})
    weak_name = memo.get(key)
    if weak_name is None:
        if len(memo) > 100_000:
            memo.clear()
        words = [w for w in tr._words[i:j + 1] if w not in mentions.FUNCTION_WORDS.get(tr.src, ())
                 and w not in mentions.FUNCTION_WORDS["en"]] or tr._words[i:j + 1]
        zipf = tr.freq.get_any if len(words) == 1 else tr.freq.get  # (two English words in Romance text are no chance words)
        plural = len(words) > 1 and s.text.islower()  # (a phrase in lower case: its plural words as common as their
        # singulars, "héroes favoritos"; a name written with capitals in the plural is copies of the card, "Recargas")
        weak_name = memo[key] = all(max(map(zipf, (w, *tr._singulars(w)) if plural else (w,))) >= ORDINARY
                                    for w in words) or (
            (s.variant in mentions.NICKNAME_KINDS or s.variant == "video-game") and _printings(tr, i, j, s) <= RARE)
    return weak_name and not mentions.quoted(text, s.start, s.end) and not mentions.card_context(text, s.start, s.end)


def _printings(tr, i, j, s) -> int:
    """The printings of the card a span names (the forms of its words that name it; 0 when none does)."""
    key = " ".join(tr._words[i:j + 1])
    return max((f.entry.prominence for f in (tr._forms(key) if tr.keys.get(key) else ()) if f.entry.id == s.id), default=0)


GAME_ONLY = frozenset({
    "carta", "cartas", "carte", "cartes", "card", "cards", "deck", "decks", "decklist", "decklists", "mazo", "mazos",
    "mazzo", "mazzi", "baralho", "baralhos", "duelo", "duelos", "duello", "duelli", "duel", "duels", "duelist",
    "duelists", "duelista", "duelistas", "duellante", "duellanti", "yugioh", "tcg", "ocg", "konami", "banlist",
    "cementerio", "cemiterio", "cimitero", "graveyard", "gy", "xyz", "synchro", "sincro", "tuner", "tributo", "tribute",
    "trampa", "trampas", "armadilha", "armadilhas", "trappola", "trappole"})
"""Words (folded) that speak of this card game, not of games in general: its cards, decks, duels, zones and kinds. A
long text with one of them once at most (``about_the_game``) is a video game's guide or a role-playing manual, whose
words of play ("daño", "ataque", "nivel", "efecto", "equipo", "spell") say nothing of cards."""
_YU_GI_OH = re.compile(r"yu[- ]?gi[- ]?oh", re.I)


ABOUT_WORDS = 150
"""A text of fewer words than this may be about the card game without a word of ``GAME_ONLY`` (a forum reply: "En el
side llevo Sigil D contra ellos"); a longer one that has one of them once at most is about something else
(``about_the_game``)."""


def about_the_game(tr, text: str) -> bool:
    """Whether the text may be about the card game: it speaks of it (words of ``GAME_ONLY`` twice or more, two of the
    anime's main characters, or its name, "Yu-Gi-Oh!"), or it is too short to tell (``ABOUT_WORDS``). One such word
    alone is the text's own: a duel of two players in an esports report, Loki's trap in a myth, "duelos" in an album's
    review."""
    if len(tr._words) < ABOUT_WORDS:
        return True
    present = words_of(tr)
    game = present.intersection(GAME_ONLY)
    if len(game) > 1 or (game and tr._words.count(next(iter(game))) > 1):
        return True
    cast = present.intersection(people.CHARACTERS)
    if len(cast) >= CAST_NAMES:  # a story or an episode of the anime: Yugi, Kaiba and Joey duel in it
        raw, words = tr._raw, tr._words
        if len({words[k] for k in mentions.positions_of(tr, cast) if raw[k][:1].isupper()}) >= CAST_NAMES:
            return True
    return _YU_GI_OH.search(text) is not None


CAST_NAMES = 2
"""How many of the anime's main characters (``people.CHARACTERS``, capitalised) make a text one about the card game
(``about_the_game``): a fan fiction's duel names Joey and Kaiba, rarely "Yu-Gi-Oh!" or a word of cards twice."""


OTHER_GAMES = re.compile(
    r"\b(hearthstone|magic:? the gathering|mtga?|magic (?:arena|online)|pok[eé]mon|gwent|marvel snap|"
    r"(?:legends of )?runeterra|(?:disney )?lorcana|flesh and blood|star wars:? unlimited|cardfight!*(?: vanguard)?|"
    r"digimon|one piece|dragon ball(?: super)?|shadowverse|mitos y leyendas|duel masters|keyforge|netrunner|"
    r"force of will|weiss schwarz|battle spirits|planeswalkers?)\b", re.I)
"""Another card game named by its title, or by a word only its players use ("planeswalker"; not "maná", which role-playing
and video games spend too): a text that names one and nothing of this game (``YGO_ONLY``) is about that game
(``other_game``)."""
_OTHER_WORDS = frozenset({
    "hearthstone", "gathering", "mtg", "mtga", "arena", "online", "pokemon", "gwent", "snap", "runeterra", "lorcana",
    "flesh", "unlimited", "cardfight", "digimon", "piece", "ball", "shadowverse", "leyendas", "masters", "keyforge",
    "netrunner", "will", "schwarz", "spirits", "planeswalker", "planeswalkers"})
"""A folded word of each of ``OTHER_GAMES``: a text that has none names no other game (asked before the pattern)."""
_OTHER_LOWER = frozenset({"mtg", "mtga", "planeswalker", "planeswalkers", "pokemon", "pokémon"})
"""Of ``OTHER_GAMES``, those that count in lower case too (the others are titles, written with capitals)."""
YGO_ONLY = frozenset({"yugioh", "ygo", "konami", "ocg", "xyz", "synchro", "sincro", "sincronia", "pendulum", "pendulo",
                      "pendolo", "tuner"})
"""Words (folded) that only this card game's players write: its name, its maker, its kinds of monster and Summon."""
_YGO_PHRASES = re.compile(
    r"\b(?:duel links|master duel|extra deck|deck extra|mazo extra|side deck|battle phase|fase de batalla|fase de batalha|"
    r"fase di battaglia|damage step|special summon|invocaci[oó]n especial|invoca[cç][aã]o[- ]especial|"
    r"evocazione speciale|(?:cartas?|carte|cards?) (?:de )?(?:trampa|trap|trappola|armadilha)s?)\b", re.I)
"""This card game's own phrases: its zones, phases and Summons, and its Trap Cards (the kind no other game has)."""


def other_game(tr, text: str) -> str | None:
    """The other card game a text is about, as it names it ("Hearthstone"), or None: the text names another card game
    (``OTHER_GAMES``) and nothing of this one, neither its name ("Yu-Gi-Oh!") nor a word or phrase only its players use
    (``YGO_ONLY``, ``_YGO_PHRASES``). There a name of a card of this game is the other game's card, place or word ("el
    Árbol del Mundo" in Hearthstone's story, "Montanha" a land of Magic, "Blizzard" the maker of Hearthstone)."""
    present = words_of(tr)
    if present.isdisjoint(_OTHER_WORDS) or not present.isdisjoint(YGO_ONLY):
        return None  # (a word of this game's players: no scan of the text for another game's name)
    named = next((m.group(0) for m in OTHER_GAMES.finditer(text)
                  if m.group(0)[:1].isupper() or m.group(0).lower() in _OTHER_LOWER), None)  # (a title capitalised:
    # "in one piece", "by force of will" are phrases)
    if named is None or _YU_GI_OH.search(text) or _YGO_PHRASES.search(text):
        return None
    return named


NOT_THE_GAME = "the text does not speak of the card game (a word of card, deck, duel, Trap, Graveyard once at most; not " \
    "Yu-Gi-Oh!)"
"""``elsewhere``'s reason for a long text that does not speak of the card game (``about_the_game``)."""
LISTED_CARDS = 3
"""A text that names this many cards or more by their whole printed names of two words or more speaks of the card game
without a word of it (a bare deck list: "3 Ash Blossom & Joyous Spring", "2 Called by the Grave"…): ``elsewhere``."""


def elsewhere(tr, text: str, spans: list) -> str | None:
    """Why the card names (``spans``) of a text are no cards of this game, or None: the text is about another card
    game (``other_game``), or it is long and does not speak of this one (``about_the_game``: a video game's guide, a
    role-playing manual, a gardening forum, where "Destello", "Gemas" or "Ortensie" are that world's words), unless
    it names ``LISTED_CARDS`` cards by whole printed names of two words or more."""
    if tr._game_text:
        other = other_game(tr, text)  # (most texts: about this card game, naming no other)
        if other is None:
            return None
        why = f"the text is about another card game ({other}), not this one"
    else:
        why = NOT_THE_GAME
    whole = {s.id for s in spans if s.kind == "card" and s.variant in ("official", "english") and " " in s.text.strip()}
    return None if len(whole) >= LISTED_CARDS else why


class _Context:
    """Where a text talks about cards: the other card and series names found, the words of ``CONTEXT_WORDS`` (those of
    games in general only in a text that speaks of the card game somewhere: ``about_the_game``), and the lines of a
    list (a count or a bullet before the name), each read once per text."""

    def __init__(self, tr, text: str, spans: list):
        self.text, self.tr = text, tr
        self.names = sorted((x.start, x.end) for x in spans if x.kind in ("card", "series"))
        self.lists = {m.end() for m in _at_line_starts(_LIST_LINE, text)}
        self.game = tr._game_text  # (about_the_game, once a text: else a word of games in general says nothing of cards)

    def _played(self, i: int) -> bool:
        words, k = self.tr._words, i - 1
        if k > 0 and words[k] in DETERMINERS:
            k -= 1
        return k >= 0 and (words[k] in PLAY_WORDS or words[k].startswith(PLAY_STEMS))

    def has(self, n: int, s, i: int) -> bool:
        """Whether span ``s`` (number ``n`` of the spans) has a card context: another name or a card word within
        ``CONTEXT_CHARS`` (a heading's name is talked about in the paragraph after it), a verb that plays it right before
        it (word ``i``), or it opens a line of a list."""
        lo, hi = s.start - CONTEXT_CHARS, s.end + CONTEXT_CHARS
        if s.start in self.lists or self._played(i):
            return True
        names = self.names  # (in text order: only those that begin before ``hi`` and not too long before ``lo``)
        k = bisect_left(names, (hi,))
        while k > 0 and names[k - 1][0] > lo - _LONGEST:
            k -= 1
            a, b = names[k]
            if b > lo and (a, b) != (s.start, s.end) and not (a <= s.start and s.end <= b):
                return True
        tr = self.tr
        words, memo = tr._words, _GAME_WORD
        for k in range(bisect_left(tr._ends, lo), min(len(words), bisect_left(tr._starts, hi))):
            w = words[k]
            got = memo.get(w)
            if got is None:
                got = _context_kind(w)
            if got == 2 or (got and self.game):
                return True
        return False


_COUNT_AFTER_NAME = r"[ \t]*[(\[]?[xX×][ \t]*\d{1,2}[)\]]?"
_LIST_ITEM = re.compile(r"^[ \t]*(?:\d{1,2}[ \t]*[xX×]?[ \t]*[-–:.)]?|[xX×][ \t]*\d{1,2}|[-*•·])[ \t]+([^\n]{4,80}?)[ \t]*$", re.M)
"""A line of a list: a count ("2 ", "3x ", "x2 ", "10) ") or a bullet, then one name to the end of the line (but for a
count after it, ``_COUNT_ENDS_ITEM``: "- Dandylion (x1)")."""
_COUNT_ENDS_ITEM = re.compile(rf"{_COUNT_AFTER_NAME}\Z")
"""A count of copies that ends a list line's item (sought in its last few characters only: a pattern tried at every
line's every character cost as much as the rest of the lines' reading)."""
LIST_LINKS = frozenset("e y and ou o ed or x vs".split())
"""The words that join two items of a list, two names on one line of it too (``lists`` reads its lists with them)."""
_LIST_ITEM_COUNTED = re.compile(rf"^[ \t]*([^\n]{{4,80}}?){_COUNT_AFTER_NAME}[ \t]*$", re.M)
"""A line of a deck list that gives the count after the name only: "Thunder King Raioh x2"."""
_COUNT_ENDS_LINE = re.compile(rf"{_COUNT_AFTER_NAME}[ \t]*(?:\r?\n|\Z)")
"""A count of copies that ends its line, from its "x" or "×" on."""
_COUNTS_AFTER = frozenset(f"{x}{n}" for x in "xX" for n in range(1, 10))
"""The words of a count after a name at a line's end: "x2", "X3" (the line is then read whole by ``_LIST_ITEM_COUNTED``;
"×2" and "x 2" are found from their "×" and their word "x")."""


def list_lines(tr, text: str, spans: list, span_type) -> list:
    """The spans of ``text`` with the lines of a deck list (a count or a bullet before the name, or a count after it:
    "Thunder King Raioh x2") whose name no span covers whole read as one card name: where
    the name fits one card closely (``Translator._closest``: "1 Felis, lightsworm archer", "1 Leo, keeper of the
    sacred tree" in lower case, which the capitalised runs of ``_rescue`` do not read), it is that card, and the
    names found inside it give way (``span_type``: as for ``review``)."""
    starts = [s.start for s in spans]
    add, drop = [], set()
    blocked = None
    matched = list(_at_line_starts(_LIST_ITEM, text))
    lines = [m.span(1) for m in matched]
    for j, (a, b) in enumerate(lines):
        if text[b - 1].isdigit() or text[b - 1] in ")]":
            c = _COUNT_ENDS_ITEM.search(text, max(a, b - 8), b)
            if c is not None and c.start() > a:
                lines[j] = (a, c.start())  # ("- Dandylion (x1)": the name before the count)
    marks = list(_COUNTS_AFTER.intersection(tr._distinct))  # "x2" (most texts have no such word: nothing more to read)
    marks += [m for m, there in (("×", "×" in text), ("x ", "x" in tr._distinct), ("X ", "X" in tr._distinct)) if there]
    if marks:  # ("×2", "x 2" too)
        before = {m.start() for m in matched}  # (the lines read already: their starts)
        for w in marks:
            i = text.find(w)
            while i >= 0:  # (found in C: a pass over the words in Python costs five times as much)
                if (not i or not text[i - 1].isalnum()) and _COUNT_ENDS_LINE.match(text, i) is not None:
                    line = text.rfind("\n", 0, i) + 1
                    m = _LIST_ITEM_COUNTED.match(text, line) if line not in before else None
                    if m is not None:
                        lines.append(m.span(1))
                        before.add(line)
                i = text.find(w, i + 1)
        lines.sort()
    for a, b in lines:
        k = bisect_left(starts, a)
        if k and spans[k - 1].end > a:
            continue  # a name found begins before the line's name
        inner = []
        while k < len(spans) and spans[k].start < b:
            inner.append(k)
            k += 1
        if inner and spans[inner[0]].start == a and spans[inner[-1]].end >= b and not any(
                w.lower() not in LIST_LINKS for j in inner[1:] for w in TOKEN.findall(text, spans[j - 1].end, spans[j].start)):
            continue  # the name is found whole (or the line holds names joined: "Raigeki y Honest"; but "Mecha Phantom
            # Beast Tether Wolf" has a word between its names found that no name covers)
        if blocked is None:  # (read once, and only for a list the names found do not cover)
            blocked = sorted(mentions.protected(text))
            firsts = [x for x, _ in blocked]
            reach = list(accumulate([y for _, y in blocked], max))  # the furthest end of the ranges so far
        p = bisect_left(firsts, b)  # (the protected ranges that begin before the line's name ends: one ends after it begins?)
        if p and reach[p - 1] > a:
            continue
        best = tr._closest_memo.get(text[a:b], 0)
        if best == 0:
            best = tr._closest_memo[text[a:b]] = tr._closest(text[a:b])
        if best is None:
            continue
        e, lang, sim = best
        add.append(span_type(a, b, text[a:b], e.id, "card", e.name(tr.dst) or text[a:b], lang, "approximate", e.origin, [],
                        tr.threshold, sim, e.passcodes))
        drop.update(inner)
    if not add:
        return spans
    return sorted([s for j, s in enumerate(spans) if j not in drop] + add, key=lambda s: s.start)


_BETWEEN = re.compile(r"[ \t]*[,:\-–—]?[ \t]*[\"'“”‘’«»„]?[ \t]*")
"""What may stand between a name's head and its epithet when they are written apart: a space, a comma, a dash, quotes
('Exodia “El Prohibido”', 'Exodia - il Proibito')."""


_OPENING = "\"'“‘«„"


def joined(tr, text: str, spans: list, span_type) -> list:
    """``spans`` with a name found right after an opening quote and the one or two capitalised words before the quote (a
    name found there too, or words no name covers) made one card where together they are one card's name, written with
    quotes between head and epithet ('Exodia “El Prohibido”' is Exodia, el Prohibido; the epithet alone is the series
    of the Forbidden One): the longest mention wins."""
    words, raw, starts, ends, keys = tr._words, tr._raw, tr._starts, tr._ends, tr.keys
    out: list = []
    # the spans right after an opening quote, picked in C (the character before each; a span at the text's start has
    # none); the others are taken as they are (the scan reads a head and its epithet joined by a space, a dash or a comma)
    firsts = list(map(_start_of, spans))
    quoted = [k for k in compress(range(len(spans)), map(_OPENING.__contains__, map(text.__getitem__, map(sub, firsts, repeat(1)))))
              if firsts[k]]
    done = 0
    for k in quoted:
        out += spans[done:k]
        done = k + 1
        b = spans[k]
        i0 = bisect_left(starts, b.start)
        if not i0 or not raw[i0 - 1][:1].isupper() or not _may_begin(words, keys, i0 - 1):
            out.append(b)  # (no capitalised word before the quote, or no name begins with the one or two words before it)
            continue
        i1 = bisect_left(ends, b.end)
        got = None
        for n in (1, 2):
            j = i0 - n
            if j < 0 or not raw[j][:1].isupper() or tr._blocked[j]:
                break
            a0 = starts[j]
            if out and out[-1].end > a0 and out[-1].start != a0:
                break  # a name found begins before these words
            if not all(_BETWEEN.fullmatch(text, ends[x], starts[x + 1]) and "\n" not in text[ends[x]:starts[x + 1]]
                       for x in range(j, i0)):
                break
            tail = " ".join(words[i0:i1 + 1])
            for join in (",", " "):  # (a name's key keeps its comma: "exodia,el prohibido")
                key = " ".join(words[j:i0]) + join + tail
                cards = [f for f in (tr._forms(key) if tr.keys.get(key) else ()) if f.entry.kind == "card"]
                if len({f.entry.id for f in cards}) == 1 and cards[0].variant in ("official", "no-article"):
                    got = (a0, cards[0])
                    break
        if got is None:
            out.append(b)
            continue
        a0, f = got
        while out and out[-1].start >= a0:
            out.pop()  # the head, found alone
        e, end = f.entry, b.end
        if text[end:end + 1] in "\"'”’»" and any(q in text[a0:b.start] for q in "\"'“‘«„"):
            end += 1  # the quotes that closed the epithet
        out.append(span_type(a0, end, text[a0:end], e.id, "card", e.name(tr.dst) or text[a0:end], f.lang, f.variant,
                             e.origin, [], max(b.score, tr.threshold), 100.0, e.passcodes))
    out += spans[done:]
    return out


RUN_ON_KINDS = ("nickname", "short-form")
"""The weak forms that, written capitalised right after a card's full name, go on that name rather than name a card of
their own (``run_on``)."""


def run_on(tr, text: str, spans: list) -> list:
    """``spans`` without a card's full name and a capitalised nickname or short form right after it, one space between,
    made of words of the text's language ("Mago Oscuro del Caos Renacido"): real text does not write two cards so, with
    nothing between; it writes one longer name the pool lacks (a made-up card, a fan's name), which neither names. Both
    go to ``tr.held``. A nickname of English words stays a card of its own ("Trampa Madriguera Calamity": a name in the
    text's language does not go on in English)."""
    held = {}  # index of a span held back → the longer name it is part of
    for k in range(1, len(spans)):
        a, b = spans[k - 1], spans[k]
        if (b.variant in RUN_ON_KINDS and b.kind == "card" and a.kind == "card" and a.variant in ("official", "english")
                and text[a.end:b.start] == " " and b.text[:1].isupper() and a.text[:1].isupper()
                and all(tr.freq.get(w) > tr.freq.en.get(w) for w in TOKEN.findall(fold(b.text)))):
            why = f"a longer name the pool lacks ('{text[a.start:b.end]}': a card's name and a nickname with nothing between)"
            held.setdefault(k - 1, why)
            held[k] = why
    if not held:
        return spans
    tr.held += [(spans[k], why) for k, why in held.items()]
    return [s for k, s in enumerate(spans) if k not in held]
