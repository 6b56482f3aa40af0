"""A person or a character who shares a one-word card name (issue 24): "o garoto X", "X, il nonno di
Tom", "X spiega …", "chiede a X di …", "quando o X jogava …", where X is a card's one word that is also a name.

Stories, episode guides and forum posts name people (characters, players, video makers) whose names are also a card's
one word. What the text says about them is what people do, and the language says it in a few ways, each read here from
the words right next to the name, never from the name itself:

- a noun of people right before it: a title, a kinship, an age, a role ("el señor X", "o garoto X", "il nonno X", "the
  player X": ``PERSON_BEFORE``);
- the same after a comma and an article, as an apposition ("X, il nonno di Yugi", "X, el profesor");
- a verb of speech or thought in the third person right after it (blanks of any kind, a no-break space or a tab too,
  and at most one line break between), the name its
  subject ("X dice", "X spiega", "X disse", "X says": ``SAYS``), or a verb of play in the third person after it ("X jogava de meta", "X juega", "X
  plays": ``PLAYS``);
- a verb of asking, telling or proposing and "a" right before it, the name the one spoken to ("chiede a X di",
  "pregunta a X", "proporre a X": ``ASKS``);
- a greeting or thanks right before it and a comma or "!" after it, the name the one addressed ("Ciao X, grazie",
  "Gracias X!": ``GREETINGS``);
- a main character's name of the anime (``CHARACTERS``: "Yami", "Crow") with no card word, quotes or verb of play
  right next to it (``character``);
- for any card's name, of any length: who wrote the text or a user of its forum ("AUTOR: Mago Oscuro", "escrita por
  X", "la escribió X", "X, un usuario del foro": ``author``);
- a speaker or a duelist of a story written as a script: a name that opens two lines or more followed by a colon
  ("Raviel: …" then speech), or that holds life points ("Raviel 4000 LP", "4000 LP Raviel"), is a character wherever
  the text writes it alone (``speakers``, ``speaker``). Fan stories cast the game's monsters as people; a card review
  that heads one paragraph a card ("Raigeki: …") names each card once.

A forum page names its users and their ranks in a profile block over each post: the user's name, a rank (forums name
ranks after famous cards), its image's text, the avatar, then numbered fields ("Posts: 12", "Mensajes: 40",
"Registrato il: 1/2/2010"). A name alone on its line with such a field a few lines below it is the user's name or rank
(``profile``), whatever kind of name it is.

A card does none of those in the game's language: cards activate, destroy and attack, players say and play ("la carta
X dice", what its text says, stays the card: a card word before the name). Each rule
reads the folded words around the span in the word arrays of ``translate`` (``tr._words``, ``tr._seps``).
"""
from __future__ import annotations

import re

from . import mentions

PERSON_BEFORE = {
    # es
    "senor", "senora", "don", "dona", "abuelo", "abuela", "chico", "chica", "joven", "nino", "nina", "muchacho", "muchacha",
    "amigo", "amiga", "hermano", "hermana", "padre", "madre", "tio", "tia", "profesor", "profesora", "jugador", "jugadora",
    "campeon", "campeona", "companero", "companera", "primo", "prima", "hijo", "hija", "rival", "youtuber", "streamer",
    # pt
    "senhor", "senhora", "avo", "garoto", "garota", "menino", "menina", "jovem", "rapaz", "moca", "irmao", "irma", "pai",
    "mae", "professora", "jogador", "jogadora", "campeao", "campea", "colega", "filho", "filha",
    # it
    "signor", "signore", "signora", "nonno", "nonna", "ragazzo", "ragazza", "giovane", "bambino", "bambina", "amico", "amica",
    "fratello", "sorella", "zio", "zia", "professore", "professoressa", "giocatore", "giocatrice", "campione",
    "campionessa", "cugino", "cugina", "figlio", "figlia",
    # en
    "mr", "mrs", "ms", "sir", "grandpa", "grandfather", "grandma", "grandmother", "boy", "girl", "young", "kid", "friend",
    "brother", "sister", "father", "mother", "uncle", "aunt", "professor", "player", "champion", "cousin", "son", "daughter",
}
"""Nouns of people (folded) that name the person right after them: titles, kinship, age, roles. Not "duelista",
"duelist": the game's own word, which writers put before cards too ("el Duelista X" is rare, "carta del duelista" is a
card word)."""

CHARACTERS = {
    "yami", "yugi", "atem", "kaiba", "seto", "joey", "jonouchi", "mai", "bakura", "marik", "pegasus", "anzu", "tristan",
    "honda", "mokuba", "ishizu", "odion", "weevil", "jaden", "judai", "chazz", "manjoume", "zane", "alexis", "asuka",
    "syrus", "yubel", "yusei", "crow", "akiza", "yuma", "astral", "kaito", "shark", "yuya", "declan", "zarc", "yusaku",
    "playmaker",
}
"""The anime's main characters' names (folded) that stories, episode guides and reviews write by themselves ("Yami",
"Crow", "Shark"). A card or a card's nickname of the same word is read there only with a card word or a verb of play
right next to it, or in quotes (``character``)."""

PLACES = frozenset({"duel-academy", "duel-tower", "legacy-of-the-duelist"})
"""Cards (ids) named after a place or a work of the franchise: the school of the GX anime (Duel Academy, "Academia de
Duelos", "Accademia del Duellante"), the Italian title of an anime's season ("La Torre dei Duelli") and a video game
(Legacy of the Duelist). Reviews and episode guides write these names far more often than anyone plays the cards, so
such a name is the card only with a card word next to it, in quotes, or after a verb of play (``place``)."""


def called_a_card(text: str, words: list, i: int, start: int, end: int, played) -> bool:
    """Whether the words around the name at ``text[start:end]`` (from word ``i``) make it a card whatever else it names:
    quotes around it, a card word next to it (``mentions.card_context``), or a verb of play (``played``, a test of the
    folded word) right before it."""
    return (mentions.quoted(text, start, end) or mentions.card_context(text, start, end)
            or bool(i and played(words[i - 1])))


def place(text: str, words: list, i: int, start: int, end: int, played) -> str | None:
    """Why the name at ``text[start:end]`` (from word ``i``), a card's that is also a place or a work of the franchise
    (``PLACES``), is the place or the work and not the card, or None: the words around it call it a card
    (``called_a_card``)."""
    if called_a_card(text, words, i, start, end, played):
        return None
    return f"a place or a work of the franchise ('{text[start:end]}': a school, a season's title, a video game)"


GREETINGS = {"ciao", "salve", "hola", "ola", "oi", "hello", "hi", "hey", "grazie", "gracias", "obrigado", "obrigada",
             "buongiorno", "buonasera", "saludos", "valeu", "thanks"}
"""Greetings and thanks (folded): the capitalised word right after one, then a comma or "!", is the person addressed
("Ciao Zure, grazie per la risposta": a forum user, not Zure, Knight of Dark World)."""

SAYS = {
    # es
    "dice", "dijo", "decia", "explica", "explico", "responde", "respondio", "pregunta", "pregunto", "grita", "grito",
    "piensa", "penso", "exclama", "exclamo", "sonrie", "sonrio", "rie", "rio",
    # pt
    "diz", "disse", "dizia", "explicou", "respondeu", "perguntou", "gritou", "pensa", "pensou", "exclamou", "sorri",
    "sorriu", "ri", "riu",
    # it
    "spiega", "spiego", "risponde", "rispose", "chiede", "chiese", "domanda", "grida", "grido", "pensa", "penso",
    "esclama", "esclamo", "sorride", "sorrise", "ride", "rise", "disse", "diceva",
    # en
    "says", "said", "explains", "explained", "asks", "asked", "replies", "replied", "shouts", "shouted", "thinks", "thought",
    "smiles", "smiled", "laughs", "laughed",
}
"""Verbs of speech and thought in the third person (folded) whose subject, right before them, is a person."""

PLAYS = {"juega", "jugaba", "jugo", "joga", "jogava", "jogou", "gioca", "giocava", "gioco", "plays", "played", "duela",
         "duelaba", "duelo", "duellava", "duello", "duels", "dueled", "duelled"}
"""Verbs of playing and duelling in the third person (folded) whose subject, right before them, is a player or the
deck they play ("X jogava de meta"). "duelo" and "gioco" are also nouns: only right after the name, where a noun would
need a preposition ("el duelo de X")."""

ASKS = {"pregunta", "pregunto", "pide", "pidio", "dice", "dijo", "propone", "propuso", "proponer", "pergunta", "perguntou",
        "pede", "pediu", "diz", "disse", "propoe", "propos", "propor", "chiede", "chiese", "domanda", "dice", "disse",
        "propone", "propose", "proporre", "chiedere", "asks", "asked", "tells", "told"}
"""Verbs of asking, telling and proposing (folded) that take the person spoken to after "a" ("chiede a X di …")."""

_TO = {"a", "ao", "to"}
_ARTICLES = {"el", "la", "il", "lo", "o", "a", "the", "l", "su", "seu", "sua", "suo", "his", "her", "their", "mi", "meu",
             "minha", "mio", "mia", "my"}
"""Articles and possessives that open an apposition after a comma ("X, il nonno di …", "X, su abuelo")."""


_COUNT = re.compile(r"[1-3]x?|x[1-3]")
"""A count of copies before a name, a blank between (folded: "1x", "x2", "3"; a deck holds three copies at most): a
deck list's card, never a character; not a chapter's number ("Capítulo 69 - Yami no Game")."""
CHARACTER = "a character of the anime"
"""How ``character``'s reason begins (``lists`` reads no such name as a list's item either)."""


def character(text: str, words: list, raw: list, i: int, j: int, start: int, end: int, played) -> str | None:
    """Why the one capitalised word at ``i`` (``j`` == ``i``), a main character's name (``CHARACTERS``), is the character
    and not the card of that word, or None: no card word next to it (``mentions.card_context``), no quotes around it, no
    verb of play (``played``, a test of the folded word) right before it, or before an "a" right before it, no count of
    copies right before it ("1x SHARK")."""
    if i != j or words[i] not in CHARACTERS or not raw[i][:1].isupper() \
            or called_a_card(text, words, i, start, end, played) \
            or (i > 1 and words[i - 1] == "a" and played(words[i - 2])) \
            or (i and _COUNT.fullmatch(words[i - 1]) and _right_before(text, start, raw[i - 1])):  # "Invoco a Yubel";
        # a deck list's "1x SHARK"
        return None
    return f"{CHARACTER} ('{raw[i]}')"


def _right_before(text: str, start: int, word: str) -> bool:
    """Whether ``word`` stands right before ``start``, only blanks between (no dash, colon or line break)."""
    before = text[max(0, start - len(word) - 8):start]
    stripped = before.rstrip(" \t")
    return len(stripped) < len(before) and stripped.endswith(word)


SPEAKER_LINE = r"\n([^\W\d_][\w'’-]*) ?:"
"""A line that one word opens, then a colon: a line of a script ("Raviel: Você…"), or a heading. (Matched from the line
break before it, a literal the engine looks for in C; the text's first line is tried with a line break put before it.)"""
LIFE_BEFORE = r"\b([^\W\d_][\w'’-]*)[ \t]*[:(–-]?[ \t]*\d{3,5}[ \t]*(?:LP|PV|PdV)\b"
LIFE_AFTER = r"\b\d{3,5}[ \t]*(?:LP|PV|PdV)[ \t]*[:)–-]?[ \t]*([^\W\d_][\w'’-]*)"
"""A word right before or after a count of life points ("Raviel 4000LP", "4000 LP Raviel"): the duelist. Two patterns,
each scanned on its own, so that a word before one count does not take the match of the name after it ("Turno tre:
8000 PV Morvane")."""
SAID = frozenset({"disse", "rispose", "chiese", "esclamo", "urlo", "grido", "avverti", "sussurro", "dijo", "respondio",
                  "pregunto", "grito", "exclamo", "advirtio", "susurro", "respondeu", "perguntou", "gritou", "exclamou",
                  "sussurrou", "said", "replied", "asked", "shouted", "whispered",
                  # the story's other verbs of speech: a laugh, a mutter, a retort, what is added
                  "ridacchio", "sogghigno", "replico", "mormoro", "commento", "aggiunse", "ringhio", "sibilo",
                  "murmuro", "comento", "anadio", "gruno", "riu", "replicou", "murmurou", "comentou",
                  "acrescentou", "rosnou", "laughed", "muttered", "added", "growled", "hissed"})
"""Verbs of speech in the third person of the past (es, pt, it, en; folded) right before or after a capitalised name:
the prose of a story makes that name speak ("- Non voglio perdere - la avvertì Zure", "Kaiba disse"), as a script's
lines do (``told``)."""
DUEL_THINGS = frozenset({"turno", "mano", "mao", "vita", "vida", "mostro", "mostri", "monstruo", "monstruos", "monstro",
                         "monstros"})
"""A duel's things (a turn, a hand, life points: "punti vita", "puntos de vida"; monsters; folded) before "di"/"de" and
a capitalised name ("il mostro di Zure", "el turno de Kaiba"): the name duels (``told``)."""
_TOLD = SAID | DUEL_THINGS
SPEAKER_LINES = 2
"""How many lines a name must open with a colon to be a speaker (a review heads each card's paragraph once); as many
times the prose makes it speak or own a duel's things (``told``)."""
SPEAKER = "a character of the story"
"""How ``speaker``'s reason begins (``lists`` reads no such name as a list's item)."""
_OWNER = {"de", "di", "do", "da", "del", "dei", "of"}


def speakers(text: str) -> frozenset:
    """The one-word names (as written, capitalised) that ``text`` writes as a script's speakers (each opens
    ``SPEAKER_LINES`` lines or more with a colon) or as duelists (next to a count of life points)."""
    first = text[:text.find("\n")] if "\n" in text else text
    lines = [m.group(1) for m in re.finditer(SPEAKER_LINE, text)]  # (patterns' texts: compiled where first asked)
    head = re.match(SPEAKER_LINE, "\n" + first)
    if head:
        lines.append(head.group(1))
    counts: dict = {}
    for w in lines:
        counts[w] = counts.get(w, 0) + 1
    found = {w for w, n in counts.items() if n >= SPEAKER_LINES and w[:1].isupper()}
    done = set()
    for c in re.finditer(r"LP|PV|PdV", text):  # (a count and its name stand on one line: only the lines of a count are
        a = text.rfind("\n", 0, c.start()) + 1  # scanned, each once)
        if a in done:
            continue
        done.add(a)
        b = text.find("\n", c.end())
        line = text[a:b if b >= 0 else len(text)]
        for pattern in (LIFE_BEFORE, LIFE_AFTER):
            for m in re.finditer(pattern, line):
                w = m.group(1)
                if w[:1].isupper() and w not in ("LP", "PV", "PdV"):
                    found.add(w)
    return frozenset(found)


def told(tr) -> frozenset:
    """The capitalised names (as written) that the prose of the text makes speak (a verb of ``SAID`` right before or
    after) or own a duel's things (``DUEL_THINGS``, "di"/"de"/"do"/"da"/"del", the name), ``SPEAKER_LINES`` times or
    more: the story's duelists, as ``speakers`` finds them in a script. The verbs and things are found by the scan of
    the text's words (``mentions.positions_of``)."""
    words, raw, seps = tr._words, tr._raw, tr._seps
    n = len(words)
    counts: dict = {}

    def count(k):
        w = raw[k]
        if w[:1].isupper() and not w.isupper():
            counts[w] = counts.get(w, 0) + 1

    for k in mentions.positions_of(tr, _TOLD):
        if words[k] in SAID:
            if k + 1 < n and seps[k + 1] == " ":
                count(k + 1)
            if k and seps[k] == " ":
                count(k - 1)
        elif k + 2 < n and words[k + 1] in _OWNER and seps[k + 1] == " " and seps[k + 2] == " ":
            count(k + 2)
    return frozenset(w for w, c in counts.items() if c >= SPEAKER_LINES)


def speaker(text: str, words: list, raw: list, i: int, j: int, start: int, end: int, cast: frozenset) -> str | None:
    """Why the one capitalised word at ``i`` (``j`` == ``i``) is a character of the story (``cast``, its ``speakers``),
    or None: not one of them, in quotes, or with a card word next to it, unless the word before it is
    "de"/"di"/"do"/"da" (``_OWNER``: "o melhor monstro de X", the monster X owns)."""
    if i != j or raw[i] not in cast or mentions.quoted(text, start, end) \
            or (not (i and words[i - 1] in _OWNER) and mentions.card_context(text, start, end)):
        return None
    return f"{SPEAKER} ('{raw[i]}' speaks or duels in it)"


AUTHOR_LABELS = {"autor", "autora", "autore", "autrice", "author", "firma", "assinatura", "signed"}
"""Labels before a colon that name who wrote a text ("AUTOR: X")."""
WRITTEN = {"escrito", "escrita", "creado", "creada", "hecho", "hecha", "feito", "feita", "criado", "criada",
           "scritto", "scritta", "creato", "creata", "fatto", "fatta", "written", "made", "created", "traducido",
           "traduzido", "tradotto", "translated"}
"""Participles of writing and making before "por"/"da"/"by" and a name: who wrote or made the text."""
BY = {"por", "pelo", "pela", "da", "dal", "by"}
"""Words of authorship ("por", "by") between a participle of ``WRITTEN`` and a name."""
WROTE = {"escribio", "escribe", "escreveu", "escreve", "scrisse", "scrive", "wrote", "writes"}
"""Verbs of writing in the third person right before a name: its subject, the writer ("la escribió X")."""
USERS = {"usuario", "usuaria", "utente", "user", "miembro", "membro", "member", "moderador",
         "moderadora", "moderatore", "moderator", "forero", "forera"}
"""Nouns of a forum's people that, after a comma and an article, say the name before them is one ("X, un usuario del
foro")."""
_A = {"un", "una", "um", "uma", "a", "an", "el", "la", "o", "il", "the", "nuestro", "nuestra", "nosso", "nossa",
      "nostro", "nostra", "our"}


SIGNER_REASONS = ("the author's name", "the writer", "a user of the forum")
"""How ``author``'s reasons begin (``evidence._signed`` reads them: the same name elsewhere in the text is that person)."""


def author(words: list, seps: list, i: int, j: int) -> str | None:
    """Why the name at words ``i``…``j`` (any card's name, of any length) is who wrote the text or a user of the forum,
    or None: a label of the author and a colon before it ("AUTOR: Mago Oscuro"), a participle of writing and "por"/"by"
    before it ("escrita por X"), a verb of writing right before it ("la escribió X"), or a forum's noun of people in
    an apposition after it ("X, un usuario del foro"). A forum signs its guides with names of famous cards."""
    if i:
        prev = words[i - 1]
        if prev in AUTHOR_LABELS and seps[i].strip() == ":":
            return f"the author's name ('{prev}:' before it)"
        if prev in WROTE and seps[i] == " ":
            return f"the writer ('{prev}' before it)"
        if prev in BY and i > 1 and words[i - 2] in WRITTEN and seps[i] == " ":
            return f"the writer ('{words[i - 2]} {prev}' before it)"
    k = j + 1
    if k + 1 < len(words) and seps[k].strip() == "," and "\n" not in seps[k] and words[k] in _A and words[k + 1] in USERS:
        return f"a user of the forum ('{words[k]} {words[k + 1]}' after it)"
    return None


def person(words: list, seps: list, raw: list, i: int, j: int) -> str | None:
    """Why the capitalised one-word name at words ``i``…``j`` is a person (the module doc), or None."""
    if i != j or not raw[i][:1].isupper() or (i and words[i - 1] in mentions.CARD_WORDS):
        return None  # (a lower-case name is a card's nickname; "la carta X dice": what its text says)
    if i and seps[i] == " " and words[i - 1] in PERSON_BEFORE and raw[i - 1].isalpha():
        return f"a person ('{raw[i - 1]}' before it)"
    if i > 1 and seps[i] == " " and words[i - 1] in _TO and seps[i - 1] == " " and words[i - 2] in ASKS:
        return f"a person ('{raw[i - 2]} {raw[i - 1]}' before it)"
    k = j + 1
    if i and seps[i] == " " and words[i - 1] in GREETINGS and (k == len(words) or seps[k].strip()[:1] in (",", "!", ".")):
        return f"a person greeted ('{raw[i - 1]}' before it, a comma or '!' after it)"
    if k < len(words):
        sep = seps[k]
        if not sep.strip() and sep.count("\n") <= 1 and (words[k] in SAYS or words[k] in PLAYS) and raw[k][:1].islower():
            return f"a person ('{raw[k]}' after it)"
        if sep.strip() == "," and "\n" not in sep and k + 1 < len(words) and words[k] in _ARTICLES and seps[k + 1] == " " \
                and words[k + 1] in PERSON_BEFORE and raw[k][:1].islower():
            return f"a person ('{raw[k]} {raw[k + 1]}' after it)"
    return None



PROFILE_FIELD = (
    r"(?i)[ \t]*(?:posts?|messaggi|mensagens|mensajes|messages|iscritto(?: dal| il)?|registrato(?: dal| il)?|registrad[oa](?: em| el)?"
    r"|data de (?:inscri[cç][aã]o|registro)|fecha de (?:registro|inscripci[oó]n)|joined|idade|et[aà]|edad|age"
    r"|reputa[cç][aã]o|reputazione|reputaci[oó]n|reputation|pontos|punti|puntos|points)[ \t]*:[ \t]*\d")
"""A numbered field of a forum profile block (a label, a colon, then a count, a date or an age): what forum software
prints under a user's name in the four languages of the pool and in English. Compiled when first used (``re`` keeps
it): a text with no name alone on its line never needs it, and compiling it cost about half a millisecond at every
start."""
PROFILE_LINES = 8
"""How many lines below a name a profile's first numbered field may be: the name (written twice by some forums), the
rank and its image's text, the avatar, a line of status, and the blank lines between them."""


def profile(text: str, start: int, end: int) -> str | None:
    """Why the name at ``text[start:end]``, alone on its line, is a forum user's name or rank (a numbered profile field
    ``PROFILE_FIELD`` within ``PROFILE_LINES`` lines below it), or None."""
    a = text.rfind("\n", 0, start) + 1
    b = text.find("\n", end)
    b = len(text) if b < 0 else b
    if text[a:start].strip() or text[end:b].strip():
        return None
    for _ in range(PROFILE_LINES):
        if b >= len(text):
            return None
        n = text.find("\n", b + 1)
        n = len(text) if n < 0 else n
        if re.compile(PROFILE_FIELD).match(text, b + 1, n):
            return f"a forum user's name or rank (a profile's field below it: '{text[b + 1:n].strip()}')"
        b = n
    return None
