"""Evidence for name mentions in running text: word frequency, casing, context, protected regions, language.

``translate`` finds candidate spans case-insensitively (and approximately); this module says how much each
looks like a name that a writer meant, as a score compared with ``ACCEPT``:

- casing: a name written with its capitals away from the start of a sentence, in quotes, or next to
  "carta"/"card" is evidence; lower case is not, and a capital at the start of a sentence proves nothing;
- how ordinary the words are (wordfreq's Zipf frequency in the text's language, precomputed per word of
  the index when it is built): "fuerza de espejo" is rarer language than "uno por uno";
- length and uniqueness: more content words, more evidence;
- how the span matched: an official name, an English name, a nickname, an automatic short form, an
  approximate spelling (the rapidfuzz similarity of the window and the name).

URLs, e-mail addresses, @handles, #hashtags and code (backticks, fenced or indented blocks; not a deck list pasted
in one) are protected: nothing in them is ever a mention.
"""
from __future__ import annotations

import math
import re
from array import array
from bisect import bisect_left, bisect_right
from itertools import compress

from ..core.locales import LANGS

ACCEPT = 2.0
"""The score a candidate needs to be taken as a name (set by measurement on the evaluation set, tests/eval)."""
NEARBY_BONUS = 2.5
"""Added to a weak candidate with a confidently found card or series name near it (a text about cards)."""
FOREIGN_HERE = 1.5
FOREIGN_EN = 4.0
"""A capitalised one-word English name in another language's text that is no word of that language (Zipf under
``FOREIGN_HERE`` there) and no everyday English word (under ``FOREIGN_EN``) is judged by the text's language, where
it is a foreign word, a name ("Scapegoat come sempre è ottimo"); not by English, where it is a rarer noun."""

FUNCTION_WORDS = {
    "es": {"de", "del", "la", "el", "los", "las", "y", "en", "a", "al", "con", "por", "para", "un", "una", "o", "que", "lo", "su", "sus"},
    "pt": {"de", "do", "da", "dos", "das", "o", "a", "os", "as", "e", "em", "no", "na", "nos", "nas", "com", "por", "pelo", "pela",
           "um", "uma", "que", "seu", "sua", "ao"},
    "it": {"di", "del", "della", "dei", "delle", "dello", "degli", "il", "lo", "la", "i", "gli", "le", "l", "e", "in", "nel", "nella",
           "sul", "sulla", "con", "per", "un", "una", "uno", "che", "a", "al", "alla", "da", "dal", "dalla", "d"},
    "en": {"of", "the", "a", "an", "and", "in", "on", "to", "for", "with", "from", "by", "at", "or", "s"},
}
ALL_FUNCTION = set().union(*FUNCTION_WORDS.values())

CARD_WORDS = {"carta", "cartas", "card", "cards", "carte", "monstruo", "monstro", "mostro", "trampa", "armadilha",
              "trappola", "magia", "magica", "spell", "trap", "monster", "efecto", "efeito", "effetto", "effect"}
"""Words that, right before or after a span, say it is a card's name ("la carta Recarga", "Reload card")."""
_CARDISH = ("car", "mon", "mos", "tra", "arm", "mag", "spe", "efe", "eff")
"""Every word of CARD_WORDS contains one of these (a quick test before the word-by-word one)."""
CARDISH = re.compile("|".join(_CARDISH))
"""Finds one of ``_CARDISH`` in a lower-case string (one search in C, not a test per piece)."""

LONGER_NAME = re.compile(r"[ \t]+(?:(?:de|del|da|do|di|della|dello|of|the)[ \t]+)?"
                         r"(?!(?:[A-Za-z]+[ \t]+){0,2}(?i:rare|foil|holo)\b)(?!I{2,3}\b|IV\b)[A-ZÁÉÍÓÚÀÈÌÒÙÂÊÎÔÛÃÕÄËÏÖÜÇÑ]\w")
"""After a capitalised word: more capitalised words (perhaps after "de"/"of"): the word is part of a longer name. Not a
printing's rarity ("un solo Raigeki FOIL", "Raigeki Ultra Rare", "Raigeki Secret Rare"): no card's name goes on so. Nor
a part's number, II to IV ("Los Dragones Elementales II: el Extra Deck", a title's second part): a card whose name goes
on with one is found whole, as the longest window, before this is asked."""
KB_PHRASE = 4.5
"""A KB card's name of two content words or more written all in lower case, each this common (Zipf) or more in the
language it is read in, earns no bonus for being in the knowledge base (``evidence``): it is as likely the phrase (a
rules term, lower case by nature, keeps it)."""
INFINITIVE = {"es": ("ar", "er", "ir"), "pt": ("ar", "er", "ir"), "it": ("are", "ere", "ire")}
"""The endings of the infinitive in each language (a card's one-word official name so written may be the verb:
translate's judgement, ``evidence._opening``)."""
NICKNAME_KINDS = ("nickname", "abbreviation", "anime-name", "old-name", "fan-translation", "short-form", "series-member")
SENTENCE_END = ".!?\n\r…"
"""After these a capital proves nothing (after a colon or a semicolon it does, in es, pt and it)."""


def in_capitals(raw: list, i: int, j: int) -> bool:
    """Whether words ``i`` to ``j`` (as written) stand in a stretch written in capitals ("LA LISTA DE HOY INCLUYE RAIGEKI
    Y AGUJERO OSCURO"): they are in capitals, and so are two words or more of two letters or more among the three
    before and the one after them, with no word in lower case among those: there a capital says nothing of where a
    name begins or ends."""
    if not all(raw[k].isupper() for k in range(i, j + 1)):
        return False
    around = raw[max(0, i - CAPS_AROUND[0]):i] + raw[j + 1:j + 1 + CAPS_AROUND[1]]
    return sum(len(w) > 1 and w.isupper() for w in around) >= 2 and not any(c.islower() for w in around for c in w)


CAPS_AROUND = (3, 1)
"""How many words before and after a window ``in_capitals`` reads."""


OPENERS = " \t\"'“‘«(¿¡*_-—–[>•·"
QUOTES_OPEN = "\"'“‘«„‚"
QUOTES_CLOSE = "\"'”’»“‘"

_FENCED = re.compile(r"```.*?(?:```|\Z)", re.S)
_INLINE = re.compile(r"`[^`\n]+`")
_INDENTED = re.compile(r"(?:^|(?<=\n\n))(?:(?:    |\t)[^\n]*(?:\n|\Z))+")
_INDENTED_LINES = re.compile(r"(?:(?:    |\t)[^\n]*(?:\n|\Z))+")
_INDENTED_AFTER = re.compile(r"\n\n(?=    |\t)")
_PROSE_LINE = re.compile(r"^[ \t]+(?:[^\s{}=<>$|\\]+[ \t]+){11,}[^\n{}=<>$|\\]*$", re.M)
"""A line of running text (twelve words or more, no code characters): an indented block with one is a paragraph
indented by its page's layout, not code."""
_CODE_CHARS = re.compile(r"[{}=<>$|\\;()\[\]`\"]|--")
_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"|(?<!\w)\'(?:[^\'\\\n]|\\.)*\'(?!\w)')
"""A string literal on one line of code, in double or single quotes (a single quote inside a word is an apostrophe):
its text is read as text ('carta = "Mago Oscuro"'), the code around it is not; one lower-case word or two letters
stay code."""
_WRITTEN = re.compile(r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|' + _STRING.pattern
                      + r"|(?<![\w:/])//[^\n]*|(?<![\w&$#])#[^\n]*|(?<![\w-])--(?!-)[^\n]*|/\*.*?(?:\*/|\Z)"
                      + r"|(?<=>)[^<>\n]*[^\W\d_][^<>\n]*(?=</?[A-Za-z])", re.S)
"""What a person wrote inside code, in the order the code holds it: a string literal (``_STRING``, or a docstring in
triple quotes over several lines), a comment (a line after "//", "#" or "--", or "/* … */"; not the "//" of a URL, nor
"#" or "--" inside a word), or the text of an HTML element ('<li class="nome">Mago Negro</li>'): "// Mago Oscuro", a
comment naming the card the code below adds, is read as text."""
CAMEL = re.compile(r"[^\W\d_]+[a-zà-ÿ][A-ZÀ-Þ][^\W\d_]*")
"""One word with a capital after a small letter inside it, a name of code ("MirrorForce", "BuracoArmadilha"): read as
a card's name only where code holds it as a value (``fanmatch.glued``)."""
_TAG_BEFORE = re.compile(r"</?[A-Za-z][^<>\n]*>\Z")
"""An HTML tag right before a place (searched in a window that ends there)."""
_NAME_LIKE = re.compile(r"(?=[^`]*[A-ZÁÉÍÓÚÀÈÌÒÙÂÊÎÔÛÃÕÄËÏÖÜÇÑ])[^\W\d_](?:[^\W_]|[ '’,!&:-]|\.(?![^\W\d_]))*")
"""Backticks around words only (letters, digits, spaces, apostrophes, commas, hyphens; a capital somewhere; no "_", no
"." between letters): a name written as code in Markdown ("`Coniglio Oscuro`"), read as text."""
_COUNTED = re.compile(r"[ \t]+(?:\d{1,2}[ \t]*[xX]?|[xX]\d)[ \t]+[A-ZÁÉÍÓÚÀÈÌÒÙÂÊÔÃÕÇÑ\"“'‘«]")


_FENCE_TEXT = ("", "text", "txt", "plain", "plaintext")
"""The info strings of a fenced block that may hold a deck list (none, or plain text): a fence that names a language
holds code."""
_LIST_HEADING = re.compile(r"[ \t]*[^\W\d_][\w'() -]{0,30}:[ \t]*")
"""A deck list's heading line: a few words, perhaps a count in brackets, and a colon ("Main Deck:", "Extra Deck (15):")."""
_COUNT_AFTER = re.compile(r"[ \t]*[A-Z0-9ÁÉÍÓÚÀÈÌÒÙÂÊÔÃÕÇÑ\"“'‘«][^\n]*?[ \t](?:[xX]?\d{1,2}|\d[xX]|\(\d{1,2}\))[ \t]*")
"""A line of a name and its count after it ("Effect Veiler x2", "Raigeki 1", "Jinzo (3)")."""
_LIST_CODE_CHARS = re.compile(r"[{}=<>$|\\;`]|--")
"""What a deck list's line never holds (a name may hold quotes, brackets, colons: Maxx "C", S:P Little Knight)."""
FENCED_LIST_LINES = 3
"""A fenced block is a deck list with this many count lines at least (``_fenced_list``)."""


def _fenced_list(text: str, a: int, b: int) -> bool:
    """Whether the fenced block ``text[a:b]`` is a deck list as tools and players paste one, not code: no language
    named after its opening fence, every line a name with its count (``_COUNTED`` without the indent, or
    ``_COUNT_AFTER``: "Effect Veiler x2") or a heading ("Main Deck:"), ``FENCED_LIST_LINES`` count lines or more, and
    no code character on any (``_LIST_CODE_CHARS``)."""
    first = text.find("\n", a, b)
    if first < 0 or text[a + 3:first].strip().lower() not in _FENCE_TEXT:
        return False
    end = b - 3 if text.endswith("```", a, b) and b - 3 > first else b
    counted = 0
    for line in text[first + 1:end].split("\n"):
        if not line.strip():
            continue
        if _LIST_CODE_CHARS.search(line):
            return False
        if _COUNT_AFTER.fullmatch(line) or _COUNTED.match(" " + line):
            counted += 1
        elif not _LIST_HEADING.fullmatch(line):
            return False
    return counted >= FENCED_LIST_LINES


def _name_list(block: str) -> bool:
    """Whether an indented block is a deck list, not code: every line a count and a capitalised name ("    3 Mago
    Oscuro", "    1x Raigeki"; ``_COUNTED``), and no code character on any (``_CODE_CHARS``). A list without counts
    stays code, as Markdown reads it."""
    lines = [x for x in block.split("\n") if x.strip()]
    return bool(lines) and all(_COUNTED.match(x) and not _CODE_CHARS.search(x) for x in lines)


_URL = re.compile(r"\b(?:https?://|ftp://|www\.)[^\s<>\"'»”]+")


def _url_starts(text: str) -> list[int]:
    """Every place a URL may start (a scheme before "://", or "www."), found with str.find: _URL tried only there."""
    out = []
    k = text.find("://")
    while k >= 0:
        for scheme in ("https", "http", "ftp"):
            if k >= len(scheme) and text.startswith(scheme, k - len(scheme)):
                out.append(k - len(scheme))
                break
        k = text.find("://", k + 3)
    k = text.find("www.")
    while k >= 0:
        out.append(k)
        k = text.find("www.", k + 1)
    return sorted(out)
_AT = re.compile(r"[\w.+-]*@[\w-]+(?:\.[\w-]+)*")
_AT_TAIL = re.compile(r"@[\w-]+(?:\.[\w-]+)*")
_AT_HEAD_CHAR = re.compile(r"[\w.+-]")
CARD_AT_WORDS = frozenset({"@ignister"})
"""The words with an "@" that card names print (the @Ignister series: "Backup @Ignister"): written alone, they are the
names' words, no @handle."""
_HASH_BODY = re.compile(r"#\w+")
_HASH_BEFORE = re.compile(r"[\w#&]")
_DOMAIN = re.compile(r"\.(?:com|org|net|es|it|br|pt|io|gg)(?![\w])(?:/[^\s<>\"'»”]*)?")  # the path ends where _URL's does
_DOMAIN_HEAD = re.compile(r"[\w.-]+$")
_EXTENSIONS = "png|jpe?g|gif|webp|svg|bmp|ico|pdf|txt|md|json|ya?ml|lua|py|js|ts|html?|css|csv|tsv|zip|ydk|docx?|xlsx?"
_FILE = re.compile(rf"\.(?:{_EXTENSIONS}|{_EXTENSIONS.upper()})(?![\w])")
"""A file name's extension: the name before it ("imperm.png", "Mago_Negro.jpg", a deck file "meta.ydk") names a file."""
MAX_PATH = 200
"""The longest quoted file path read whole (``_quoted_path_start``), in characters."""


def _quoted_path_start(text: str, close: int):
    """Where the quoted string that a file's extension ends (its closing quote at ``close``) begins, its opening quote
    left out, or None: a path with spaces in a string literal ("Resources/cartas/Chica maga oscura.jpg") is one file
    name, all of it. The opening quote is the same mark, on the same line, at most ``MAX_PATH`` characters back."""
    mark = text[close]
    line = text.rfind("\n", max(0, close - MAX_PATH), close) + 1
    q = text.rfind(mark, max(line, close - MAX_PATH), close)
    return q + 1 if q >= 0 else None


_LINK_TARGET = re.compile(r"\]\(([^()\s]*)")
"""The target of a Markdown link or image ("![imperm](imperm.png)", "[aqui](cartas/mago-negro)"): a path, not prose."""
_ATTRIBUTE = re.compile(r"(?<![\w-])(?:src|href|SRC|HREF)\s*=\s*(?:\"[^\"\n]*\"|'[^'\n]*')")
"""An HTML link or image attribute and its value ('<img src="Mago Negro.png">') …"""
_ATTRIBUTE_NAME = re.compile(r"(?<![\w-])(?:src|href|SRC|HREF)\s*$")
"""… looked for right before each "=" of the text."""


_last_protected: list = [None, ()]
"""The last text ``protected`` read (the same object) and its ranges: the translator, a pass and the command ask for
the same piece's ranges up to three times."""


def protected(text: str) -> list[tuple[int, int]]:
    """The (start, end) character ranges of ``text`` that are never translated: URLs, e-mail addresses, @handles,
    #hashtags, bare domains, file names, Markdown link targets, HTML src/href attributes and code (backticks, fenced
    blocks but a deck list pasted in one, ``_fenced_list``, blocks indented after a blank line, unless a line of the
    block is running text, ``_PROSE_LINE``, or it is a deck list, ``_name_list``). Inside code what a person wrote is
    read: the text of a block's string literals and comments (``_WRITTEN``), and words alone in backticks
    (``_NAME_LIKE``). A new list each call; the ranges of the last text read are kept.

    >>> t = "Mira https://x.com/Mirror-Force y @MirrorForce, #MirrorForce, `mirror_force()`, ygo.com/Mirror"
    >>> [t[a:b] for a, b in protected(t)]
    ['https://x.com/Mirror-Force', '@MirrorForce', '#MirrorForce', '`mirror_force()`', 'ygo.com/Mirror']
    """
    last = _last_protected
    if last[0] is text:
        return list(last[1])
    got = _protected(text)
    last[0], last[1] = text, tuple(got)
    return got


def _protected(text: str) -> list[tuple[int, int]]:
    out = []
    blocks = []  # code blocks: protected but for their string literals
    if "`" in text:
        blocks += [m.span() for m in _FENCED.finditer(text) if not _fenced_list(text, *m.span())]
        out += [m.span() for m in _INLINE.finditer(text) if not _NAME_LIKE.fullmatch(text, m.start() + 1, m.end() - 1)]
    if "\n\n    " in text or "\n\n\t" in text or text.startswith(("    ", "\t")):  # _INDENTED starts only there
        # what _INDENTED.finditer finds, matched only where a block may start (the text's start, after a blank line)
        end = 0
        for at in ([0] if text.startswith(("    ", "\t")) else []) + [m.end() for m in _INDENTED_AFTER.finditer(text)]:
            if at >= end:
                m = _INDENTED_LINES.match(text, at)
                end = m.end()
                if not _PROSE_LINE.search(m.group()) and not _name_list(m.group()):
                    blocks.append(m.span())
    for a, b in blocks:
        for m in _WRITTEN.finditer(text, a, b):
            got = m.group()
            if text[m.start() - 1:m.start()] == ">" and got[0] not in "\"'/#-":  # an HTML element's text, all of it
                if _TAG_BEFORE.search(text, max(a, m.start() - 200), m.start()):  # (after a tag, not "a > b")
                    out.append((a, m.start()))
                    a = m.end()
            elif got[0] in "\"'":
                if len(got) < 5 or (got[1:-1].islower() and " " not in got):
                    continue  # one word in lower case, or two letters: a value of the code's own ("ataque" as a kind
                    # of trap, 'P'), not a name
                q = 3 if got[:3] in ('"""', "'''") else 1  # (a docstring's quotes are three)
                out.append((a, m.start() + q))  # the code up to the literal's text, its opening quote included
                a = m.end() - q
            else:  # a comment: its marker is code, what follows it is text
                out.append((a, m.start() + (1 if got[0] == "#" else 2)))
                a = m.end() - 2 if got.startswith("/*") and got.endswith("*/") else m.end()
        out.append((a, b))
    if "://" in text or "www." in text:
        end = 0  # what _URL.finditer finds, matched only where its literal start is (found in C, not tried everywhere)
        for at in _url_starts(text):
            if at >= end:
                m = _URL.match(text, at)
                if m:
                    out.append(m.span())
                    end = m.end()
    if "@" in text:  # from each @ found in C, back over the characters of an address (a scan from every position is slow)
        for m in _AT_TAIL.finditer(text):
            a = m.start()
            while a and _AT_HEAD_CHAR.match(text[a - 1]):
                a -= 1
            if a == m.start() and m.group().lower() in CARD_AT_WORDS:
                continue  # "Backup @Ignister": a card name's word, not a handle (an address "x@ignister.it" stays)
            out.append((a, m.end()))
    if "#" in text:
        for m in _HASH_BODY.finditer(text):
            if not (m.start() and _HASH_BEFORE.match(text[m.start() - 1])) and not m.group()[1:].isdigit():
                # (a number after "#" is no hashtag: "Ogro de Roca Grotto #1", "Número #39")
                out.append(m.span())
    if "." in text:
        for tail in (_DOMAIN, _FILE):  # a bare domain, a file name: the name before the dot, at most 60 characters back
            for m in tail.finditer(text):
                h = _DOMAIN_HEAD.search(text, max(0, m.start() - 60), m.start())
                if h and h.group().strip(".-"):
                    out.append((h.start(), m.end()))
                if tail is _FILE and text[m.end():m.end() + 1] in ("\"", "'"):
                    q = _quoted_path_start(text, m.end())
                    if q is not None:
                        out.append((q, m.end()))
    if "](" in text:
        out += [m.span(1) for m in _LINK_TARGET.finditer(text) if m.end(1) > m.start(1)]
    k = text.find("=")
    while k >= 0:  # (from each "=" found in C: a scan of the whole text for the attribute costs ten times more)
        m = _ATTRIBUTE_NAME.search(text, max(0, k - 12), k)
        if m:
            m = _ATTRIBUTE.match(text, m.start())
            if m:
                out.append(m.span())
        k = text.find("=", k + 1)
    if not out:
        return []
    out.sort()
    merged = [out[0]]
    for a, b in out[1:]:
        if a <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(b, merged[-1][1]))
        else:
            merged.append((a, b))
    return merged


def zipf_table(words: list[str], spelled: dict | None = None) -> dict:
    """lang → bytes: each word's Zipf frequency × 10 in ordinary language (0 = unknown), from wordfreq.

    ``words`` are folded (no accents); ``spelled`` maps a folded word to the ways it is written with accents
    (the frequency of "espiritu" is that of "espíritu").
    """
    try:
        import wordfreq  # noqa: F401
    except ImportError:  # pragma: no cover - wordfreq is a dependency; without it every word counts as rare
        return {l: bytes(len(words)) for l in LANGS}
    spelled = spelled or {}
    out = {}
    for l in LANGS:
        zipf = zipf_of(l)
        out[l] = bytes(min(255, int(round(max(zipf(v) for v in (w, *spelled.get(w, ()))) * 10))) for w in words)
    return out


_PLAIN = re.compile(r"[a-z]+")


def zipf_of(lang: str):
    """``wordfreq.zipf_frequency`` for one language, as a function of the word, quicker on plain words.

    A word of plain letters a–z is one token in every language of ours, so its frequency is its entry in wordfreq's
    frequency list, rounded as ``zipf_frequency`` rounds it (three significant digits, then hundredths of a Zipf): a
    dictionary look-up instead of a tokenization (the import's index build asks for about 270,000 words).
    ``tests/test_mentions_behaviour.py`` checks that both give the same value. Any other word asks wordfreq itself.
    """
    from wordfreq import get_frequency_dict, zipf_frequency

    freqs = get_frequency_dict(lang, "best")
    plain = _PLAIN.fullmatch

    def zipf(word: str) -> float:
        if not plain(word):
            return zipf_frequency(word, lang)
        f = freqs.get(word)
        if not f:
            return 0.0
        f = max(f, 1e-9)  # as wordfreq: the frequency (at least its minimum) to three significant digits, then Zipf
        f = round(f, math.floor(-math.log(f, 10)) + 3)
        return round(math.log(f, 10) + 9, 2)

    return zipf


COMMON_WORDS = 30000
"""The most frequent words of each language (wordfreq): everyday words, never taken for a misspelt name word."""
KNOWN_WORDS = 120000
"""The words of each language up to this rank (wordfreq; Zipf about 1.8 and up) are words of it, though not everyday
ones: never taken for a misspelt name word either ("Unicode" is no misspelt "Unicore", nor "Reversos" of "Reverse")."""


def common_words(n: int = COMMON_WORDS) -> set:
    """The ``n`` most frequent words of es, pt, it and en (empty without wordfreq)."""
    try:
        from wordfreq import top_n_list
    except ImportError:  # pragma: no cover - wordfreq is a dependency
        return set()
    out: set = set()
    for lang in LANGS:
        out.update(top_n_list(lang, n))
    return out


class SortedWords:
    """Sorted words, one a line of one string, that answer ``in`` by bisection over the string itself: no list of
    90,000 words is made at each start (splitting the stored everyday words cost about 40 M instructions a translator,
    and a text asks a few hundred words).

    >>> "mago" in SortedWords(["carta", "mago"]), "magos" in SortedWords(["carta", "mago"]), "" in SortedWords([])
    (True, False, False)
    """

    __slots__ = ("text", "_firsts", "_at")

    STRETCH = 1024
    """About how many characters of lines a word is searched for in, once its stretch is found."""

    def __init__(self, words: list | str):
        self.text = words if isinstance(words, str) else "\n".join(words)
        self._firsts: list | None = None  # the first line of each stretch (``_stretches``), made on first use
        self._at: list = []  # where each stretch begins, and the text's end

    def _stretches(self) -> list:
        """Cut the text into stretches of whole lines, about STRETCH characters each (a few hundred ``find`` calls):
        a word is looked for by a bisection in C over their first lines, then one ``find`` in C in its stretch,
        where a bisection in Python over the whole text took about 17 steps of slicing a word."""
        text, step = self.text, self.STRETCH
        at = [0]
        k = step
        while k < len(text):
            j = text.find("\n", k)
            if j < 0:
                break
            at.append(j + 1)
            k = j + 1 + step
        firsts = []
        for a in at:
            b = text.find("\n", a)
            firsts.append(text[a:b] if b >= 0 else text[a:])
        at.append(len(text))
        self._at = at
        self._firsts = firsts
        return firsts

    def __contains__(self, word: str) -> bool:
        text = self.text
        if not text:
            return False
        firsts = self._firsts
        if firsts is None:
            firsts = self._stretches()
        i = bisect_right(firsts, word) - 1  # the stretch whose first line is the last one up to the word
        if i < 0:
            return False
        lo, hi = self._at[i], self._at[i + 1]
        if text.startswith(word, lo) and (lo + len(word) == len(text) or text[lo + len(word)] == "\n"):
            return True  # the stretch's first line
        # a later line of the stretch, or the text's last line (no line break after it)
        return text.find("\n" + word + "\n", lo, hi) >= 0 or (hi == len(text) and text.endswith("\n" + word))

    def __len__(self) -> int:
        return self.text.count("\n") + 1 if self.text else 0


def _stored_words(parts, name: str) -> SortedWords:
    """The words a part stores under ``name`` (sorted, one a line: read as they are), from the first part that has
    them; none where no part does."""
    for p in parts:
        try:
            raw = p._raw(name)
        except KeyError:
            continue
        if raw:
            return SortedWords(raw)
    return SortedWords([])


class Frequencies:
    """The word frequencies stored in an index's parts: word → Zipf × 10 in one language. A word's value is looked up
    by bisection in each part's sorted word list when it is first asked, then kept (a text asks a few thousand words;
    a dict of every word of the pool, made at each start, cost about 10 ms a process)."""

    def __init__(self, parts, lang: str, common: bool = True):
        self.z: dict = {}  # word → its value, for the words asked so far
        self.en = Frequencies(parts, "en", False) if lang != "en" else self
        self.common = SortedWords([])  # the everyday words of the four languages (folded)
        self._known: SortedWords | None = None  # the other words of the four languages (``is_word``), read on first use
        self._parts = parts
        if common:
            self.common = _stored_words(parts, "z_common")
        columns = []
        for p in parts:
            if "z_words" not in p.data and p.cache is None:
                continue
            try:
                columns.append((p.strings("z_words"), p._raw(f"z_{lang}")))
            except KeyError:
                continue
        self._columns = columns  # (sorted words, one byte a word) per part: a word of several parts has the highest

    def _value(self, word: str) -> int:
        """A word's value (0 when no part has it), looked up in the parts and kept."""
        z = self.z
        if len(z) > 200_000:
            z.clear()  # (bounded on long streams of varied text)
        v = -1
        for words, col in self._columns:
            i = bisect_left(words, word)
            if i < len(words) and i < len(col) and words[i] == word and col[i] > v:
                v = col[i]
        z[word] = v = max(v, 0)
        return v

    def is_word(self, word: str) -> bool:
        """Whether a folded word is a word of one of the four languages (``KNOWN_WORDS``), everyday or not: a word the
        writer spelt as the language spells it, no misspelt name word."""
        if word in self.common:
            return True
        known = self._known
        if known is None:
            known = self._known = _stored_words(self._parts, "z_known")
        return word in known

    def get(self, word: str) -> float:
        """The Zipf frequency of a folded word (0 when unknown)."""
        v = self.z.get(word)
        return (self._value(word) if v is None else v) / 10

    def get_any(self, word: str) -> float:
        """The higher of the word's frequencies in the text's language and in English."""
        return max(self.get(word), self.en.get(word))


def prominence_weight(printings: int) -> float:
    """How much a card's printings count when two entries fit the same words (log scale: 1 → 0.3, 10 → 1, 100 → 2)."""
    import math
    return math.log10(1 + printings)


def sentence_start(text: str, start: int) -> bool:
    """True when ``start`` begins a sentence (only openers between it and a sentence end, or the text start), or a
    quoted speech after a colon (``speech_opens``: 'disse: "Vai…'), or a question or an exclamation after "¿" or "¡"
    (``INVERTED``). """
    if tag_end(text[max(0, start - 2):start]):
        return True
    i = start - 1
    while i >= 0 and text[i] in OPENERS:
        i -= 1
    return i < 0 or text[i] in SENTENCE_END or (text[i] == ":" and speech_opens(text[i + 1:start])) \
        or not INVERTED.isdisjoint(text[i + 1:start])


INVERTED = frozenset("¿¡")
"""The Spanish opening question and exclamation marks: the word after one opens a question or an exclamation, as a
sentence's first word does, whatever stands before it ("Bottomless Trap Hole - ¿Subestimado, o…?")."""


def tag_end(before: str) -> bool:
    """Whether what comes right before a word (two characters or more) ends with the end of an HTML tag, with no space
    after it ('<p class="x">Atenção', '<b>Raigeki'): an element's text begins there, like a sentence. Not an arrow or
    a comparison ("X->Y", "X=>Y", "X >> Y", "Raigeki > Dark Hole" has a space)."""
    return before[-1:] == ">" and before[-2:-1] not in ("-", "=", ">", " ", "")


def speech_opens(openers: str) -> bool:
    """Whether the openers between a colon and a word open a quoted speech (a quote or a dialogue dash among them)."""
    return any(c in QUOTES_OPEN or c == "—" for c in openers)


QUOTE_PAIRS = {'"': '"', "'": "'’", "“": "”“", "‘": "’‘", "«": "»", "„": "“”", "‚": "‘’"}
"""Each opening quote and the marks that close it (typographers' and keyboards' ways): «…» is quoted, "dell'…»" is
not."""


def quoted(text: str, start: int, end: int) -> bool:
    """True when ``text[start:end]`` is between quotes that pair (``QUOTE_PAIRS``) or emphasis marks; an apostrophe
    right after a letter is an elision ("dell'Avidità»": the name is inside a longer quoted name), not a quote."""
    if start <= 0 or end >= len(text):
        return False
    o, c = text[start - 1], text[end]
    if o == c and c in "*_":
        return True
    if c not in QUOTE_PAIRS.get(o, ""):
        return False
    return not (o in "'’" and start > 1 and text[start - 2].isalpha())


_WORD = re.compile(r"[^\W_]+")


def card_context(text: str, start: int, end: int) -> bool:
    """True when a word like "carta" or "card" is right before or after the span (one article may come between), or
    the span is an item of a list that such a word and "like" open ("molte carte, come fulmine boltex, controllo della
    mente, confisca e molte altre": ``in_card_list``)."""
    seg_before, seg_after = text[max(0, start - 24):start], text[end:end + 16]
    near = (seg_before + " " + seg_after).lower()
    if CARDISH.search(near):
        before = _WORD.findall(SENTENCE_BREAK.split(seg_before)[-1])[-2:]
        after = _WORD.findall(SENTENCE_BREAK.split(seg_after, 1)[0])[:2]
        if any(w.lower() in CARD_WORDS for w in before + after):
            return True
    return start > 2 and text[start - 2:start] in ITEM_ENDS and in_card_list(text, start)


ITEM_ENDS = (", ", "e ", "y ", "d ", "o ")
"""How the text right before a list's later item ends (a comma, "e", "y", "ed", "and", "o", "ou", each and a blank):
``in_card_list`` is asked only there."""
CARD_LIST = (r"(?i)\b(?:cartas|carte|cards|cart[õo]es)[ \t]*,?[ \t]+(?:como|come|like|tipo|quali|such[ \t]+as)"
             r"[ \t]+")
"""Words for cards and "like" before a list ("molte carte, come …", "cartas como …", "cards like …"): its items
are cards (``in_card_list``). (The pattern's text: compiled where first asked, re keeps it; a lookup never asks.)"""
CARD_LIST_REACH = 160
"""How far before a list's item (characters) its opening words may stand."""
LIST_AND = frozenset({"e", "y", "ed", "and", "o", "ou"})
"""The words for "and" (and "or") between the items of a list, in the four languages and English."""
LIST_AND_RE = "(?:" + "|".join(sorted(LIST_AND, key=lambda w: (-len(w), w))) + ")"
"""``LIST_AND`` as a pattern's group (a longer word before the shorter one it begins: "ou" before "o")."""
_LIST_JOIN = rf"[ \t]*,[ \t]*(?:{LIST_AND_RE}[ \t]+)?|[ \t]+{LIST_AND_RE}[ \t]+"


def in_card_list(text: str, start: int) -> bool:
    """Whether the span at ``start`` is a later item of a list that a word for cards and "like" open in its sentence
    (``CARD_LIST``), the items before it a few words each, joined by commas or "and"/"or" (nothing that ends a
    sentence, a bracket or a colon between)."""
    a = max(0, start - CARD_LIST_REACH)
    seg = text[a:start]
    if not CARDISH.search(seg.lower()):
        return False
    last = None
    for last in re.finditer(CARD_LIST, seg):
        pass
    if last is None:
        return False
    items = seg[last.end():]
    if any(c in items for c in ".!?:;()\n"):
        return False
    parts = re.split(_LIST_JOIN, items)
    return parts[-1] == "" and all(0 < len(p.split()) <= 5 for p in parts[:-1])


SENTENCE_BREAK = re.compile(r"[.!?]\s")
"""The end of a sentence (a full stop, "!" or "?" and a blank): a card word on the other side of it speaks of something
else ("… nel mondo di Astral.\nLe carte di Yuma …"). A line break alone is none: a heading names the card its paragraph
speaks of."""


SERIES_AFTER = {"monsters", "monstruos", "monstros", "mostri", "cards", "cartas", "carte", "deck", "decks", "mazo", "mazzo",
                "archetype", "arquetipo", "arquétipo", "archetipo", "engine", "support", "arquetipos", "archetipi"}
SERIES_BEFORE = {"los", "las", "os", "as", "i", "gli", "le", "the", "deck", "mazo", "mazzo", "arquetipo", "arquétipo",
                 "archetipo", "archetype", "dos", "das", "dei", "degli", "delle", "unos", "unas", "tus", "sus", "mis", "meus", "seus",
                 "vs", "contra", "contro", "against"}


DECK_WORDS = {"deck", "decks", "decklist", "decklists", "mazo", "mazos", "mazzo", "mazzi", "baralho", "baralhos", "baraja",
              "barajas", "arquetipo", "arquétipo",
              "archetipo", "archetype", "arquetipos", "archetipi", "engine"}


_SERIES_OR_DECK = SERIES_AFTER | DECK_WORDS
_MONSTERS = {"monstruos", "monstros", "mostri"}


_SERIES_CONTEXT: dict = {}
"""(the 40 characters before a window, the 20 after it) → ``series_context``: all it reads (a name written again in the
same words is not read again)."""


def series_context(text: str, start: int, end: int, folded: list[str] | None) -> int:
    """How clearly a series name is used as a series: 2 after "deck"/"mazo"/"arquetipo" (perhaps with "de"
    between) or before "monsters"/"cartas"/"deck"; 1 after a plural article or "vs"; 0 otherwise."""
    seg = text[max(0, start - 40):start]
    tail = text[end:end + 20]
    got = _SERIES_CONTEXT.get((seg, tail))
    if got is None:
        if len(_SERIES_CONTEXT) > 100_000:
            _SERIES_CONTEXT.clear()  # (bounded on long streams of varied text)
        got = _SERIES_CONTEXT[(seg, tail)] = _series_context(seg, tail)
    return got


_CLAUSE_END = re.compile(r"[.!?\n]")
"""What ends the sentence a series name is in, after it."""


def _series_context(seg: str, tail: str) -> int:
    """``series_context`` of the 40 characters before a window (``seg``) and the 20 after it (``tail``)."""
    cut = max(seg.rfind("."), seg.rfind("!"), seg.rfind("?"), seg.rfind("\n"))
    before = [w.lower() for w in _WORD.findall(seg, cut + 1)[-4:]]
    after = _WORD.findall(_CLAUSE_END.split(tail, 1)[0])[:1]  # (the next word in the same sentence: "… la Chica Maga
    # Oscura.\n\nCartas de Monstruo" names no series' cards)
    if not DECK_WORDS.isdisjoint(before[-3:]) and not DECK_WORDS.isdisjoint(
            w.lower() for w in _WORD.findall(seg, max(cut, seg.rfind(",")) + 1)[-3:]):
        return 2  # "mazzi Kuriboh", "un arquetipo propio: los Magos Oscuros"; not across a comma ("buscar del Deck, y
        # "Polymerization"": the Deck a card is taken from, then the next item of a list)
    if len(before) >= 2 and before[-1] in ("de", "di", "do", "da", "of") and before[-2] in _SERIES_OR_DECK:
        return 2  # "mazos de magos oscuros", "deck de HÉROES"
    if after and after[0].lower() in SERIES_AFTER:
        return 2
    if before and before[-1] in _MONSTERS:
        return 2  # "monstros Ancient Gear", "mostri Pendulum": the series' monsters, the noun first
    return 1 if before and before[-1] in SERIES_BEFORE else 0


def context(text: str, start: int, end: int, series: bool = True) -> tuple:
    """What surrounds a span: (at the start of a sentence, quoted, next to carta/card, in a series context — asked
    only when ``series``)."""
    return (sentence_start(text, start), quoted(text, start, end), card_context(text, start, end),
            series_context(text, start, end, None) if series else 0)


_FUNCTION_OF: dict = {}
"""lang → its function words and the English ones (``casing``), made once."""

_PENALTIES = {"official": 0.0, "title": 0.0, "english": -0.3, "no-article": -0.2, "short-form": -1.0, "nickname": -0.5,
              "abbreviation": -0.5, "anime-name": -0.5, "old-name": -0.3, "fan-translation": -0.3, "misspelling": -0.3,
              "video-game": -0.2, "series-member": 0.5}
"""What each way of matching a name adds to its evidence (others: -0.3)."""


LOWER_WORD = -1.0
"""A card's one-word name (or short form) that is a word of the text's language (wordfreq lists it, however rare),
written in lower case with no card word near it and unquoted, is that word: "especifica el delimitador de salida" is no
Comic Hand ("Delimitador"), "o embaralhamento dos símbolos" no Card Shuffle. A made-up word ("raigeki") is not listed;
a count of copies before it counts as a card word ("3 delimitador")."""
LOWER_INITIALS = -1.0
"""Initials printed in capitals ("RFDD") written in lower case with no card word, quote or count near them: weak alone,
a name beside other cards' names (``translate._nearby``)."""
LOWER_WORD_VARIANTS = ("official", "short-form")
"""The forms ``LOWER_WORD`` judges (a nickname is a word of the language by its nature, and evidence judges it)."""

FOREIGN_GAP = 1.0
"""How much more common (Zipf) than in the text's language every content word of an English name must be in English
for the name, written in lower case, to be judged by the text's language only (``_foreign``) …"""
FOREIGN_CLEAR = 2.0
"""… or how much more common one of them must be, the others no less common in English."""


def _foreign(content: list, freq: "Frequencies") -> bool:
    """Whether every content word of an English name is an English word, not one of the text's language: at least
    ``FOREIGN_GAP`` more common in English ("dark hole" in Spanish text: not Spanish words, so not an everyday phrase
    of the text; judged ordinary by the text's language only), or no less common in English and one of them at least
    ``FOREIGN_CLEAR`` more ("judgment dragon": "dragon" is a Spanish word too, unaccented). An English word that the
    language has taken in ("deck", "combo") is as common in both and stays judged as English."""
    gaps = [round(freq.en.get(w) - freq.get(w), 2) for w in content]  # (the frequencies have two decimals: 4.6 - 3.6
    # is a gap of 1.0, not 0.99…)
    return all(g >= FOREIGN_GAP for g in gaps) or (all(g >= 0 for g in gaps) and any(g >= FOREIGN_CLEAR for g in gaps))


def casing(orig_words: list[str], lang: str) -> str:
    """How the words of a span are written: 'upper', 'title' (every content word capitalised), 'first' (only
    the first), 'mixed' (some content words), 'lower'."""
    function = _FUNCTION_OF.get(lang)
    if function is None:
        function = _FUNCTION_OF[lang] = FUNCTION_WORDS.get(lang, set()) | FUNCTION_WORDS["en"]
    content = [w for w in orig_words if w.lower() not in function or w[:1].isupper()] or orig_words
    letters = [w for w in content if any(ch.isalpha() for ch in w)]
    if not letters:
        return "lower"
    if all(w.isupper() for w in letters) and sum(len(w) for w in letters) > 1:
        return "upper"
    caps = [w[:1].isupper() for w in letters]
    if all(caps):
        return "title"
    if caps[0] and not any(caps[1:]):
        return "first"
    if any(caps):
        return "mixed"
    return "lower"


def evidence(text: str, start: int, end: int, orig_words: list[str], folded: list[str], variant: str, kind: str,
             origin: str, similarity: float, freq: Frequencies, lang: str, name_caps: bool, explain: list | None = None,
             name_upper: bool = False, ctx: tuple | None = None, form_lang: str | None = None) -> float:
    """How much ``text[start:end]`` (its words as written and folded) looks like a name its writer meant.

    ``variant``: how it matched (official, english, a nickname kind, short-form, no-article, approximate…);
    ``similarity``: 100 for an exact match, less for an approximate one; ``name_caps``: the name is written
    with capitals (a card name, a capitalised term) rather than in lower case (a term such as "cadena");
    ``ctx``: ``context(text, start, end)`` when the caller has it already; ``form_lang``: the language of the
    name that matched (an English name in a Spanish text is judged as English words too, unless it is written in lower
    case, exactly, and its words are English words, not the text's: ``_foreign``).
    """
    at_start, is_quoted, near_card, as_series = ctx or context(text, start, end)
    score = 0.0
    notes = explain if explain is not None else None

    def add(x: float, why: str, *values) -> None:  # (the note is formatted only when asked for)
        nonlocal score
        score += x
        if notes is not None and x:
            notes.append(f"{x:+.1f} {why.format(*values) if values else why}")

    content = [w for w in folded if w not in FUNCTION_WORDS.get(lang, ()) and w not in FUNCTION_WORDS["en"]] or folded
    n = len(content)
    case = casing(orig_words, lang)
    zs = [freq.get(w) for w in content] if form_lang in (None, lang) \
        or (case == "lower" and similarity >= 100 and _foreign(content, freq)) \
        or (case == "title" and n == 1 and lang != "en" and freq.get(content[0]) < FOREIGN_HERE
            and freq.get_any(content[0]) < FOREIGN_EN) \
        else [freq.get_any(w) for w in content]
    rare = min(zs) if zs else 0.0
    common = max(zs) if zs else 0.0
    if is_quoted:
        add(3.0, "quoted")
    if near_card:
        add(2.0, "next to a word like carta/card")
    if case == "upper":
        add(2.5 if name_upper or len("".join(folded)) <= 5 or n > 1 else 1.0, "written in capitals")
    elif case == "title":
        if at_start and n == 1:
            add(1.0, "capitalised, but at the start of a sentence")
        elif at_start:
            add(2.0, "every word capitalised (sentence start)")
        else:
            add(3.0, "capitalised away from the start of a sentence")
    elif case == "mixed":
        add(1.5 if not at_start else 1.0, "some words capitalised")
    elif case == "first":
        add(0.5 if at_start else 1.5, "first word capitalised" + (" (sentence start)" if at_start else ""))
    elif name_caps is False:
        add(1.0, "a lower-case term written in lower case")
    # how ordinary the words are in this language: rare words are evidence, everyday words are not
    add(max(-2.5, min(2.5, (4.3 - rare) * 0.8)) if n else 0.0, "ordinary-language frequency (Zipf {:.1f}–{:.1f})", rare, common)
    if case == "lower" and n == 1 and rare > 0 and kind == "card" and variant in LOWER_WORD_VARIANTS and not (
            is_quoted or near_card):
        add(LOWER_WORD, "a word of the language in lower case, no card word near")
    if case == "lower" and name_upper and not (is_quoted or near_card):
        add(LOWER_INITIALS, "initials written in lower case")
    if n >= 2:
        add(min(3.0, 1.0 + 1.2 * (n - 1)), "{} content words", n)
    if n == 1 and len(content[0]) <= 3 and case != "upper":
        add(-1.0, "a short word")
    add(_PENALTIES.get(variant, -0.3), "matched as {}", variant)
    if similarity < 100:
        add(-(100 - similarity) / 6.0, "approximate ({:.0f}% similar)", similarity)
    if origin == "kb" and variant not in NICKNAME_KINDS and not (
            kind == "card" and case == "lower" and n >= 2 and rare >= KB_PHRASE):
        add(1.5, "in the knowledge base")  # (but a name of common words all in lower case is the language's phrase as
        # much as the card: "la máquina del tiempo" of a story, "um aumento de energia")
    if kind == "series":
        if as_series:
            add(2.5, "a series name, after a plural article or next to monsters/cards/deck")
        else:
            add(-1.5, "a series name, not in a plural context")
    return score


# ── language detection ────────────────────────────────────────────────────────

_MARKERS = {
    "es": {"el", "los", "las", "del", "y", "que", "en", "es", "una", "con", "por", "para", "pero", "si", "cuando", "esta", "este",
           "como", "se", "muy", "también", "puede", "carta", "mazo", "efecto", "tu", "mi", "yo", "hay", "ya", "sus"},
    "pt": {"o", "os", "as", "do", "da", "dos", "das", "e", "que", "em", "no", "na", "um", "uma", "com", "não", "para", "mas",
           "quando", "se", "muito", "também", "pode", "carta", "deck", "efeito", "você", "eu", "é", "ao", "pelo", "pela"},
    "it": {"il", "lo", "gli", "del", "della", "e", "che", "in", "è", "un", "una", "con", "non", "per", "ma", "quando", "si",
           "molto", "anche", "può", "carta", "mazzo", "effetto", "di", "nel", "sul", "io", "ho", "sono", "alla"},
    "en": {"the", "of", "and", "to", "is", "in", "that", "it", "you", "for", "with", "on", "this", "but", "when", "if", "can",
           "card", "deck", "effect", "i", "my", "your", "are", "was", "be", "have", "from"},
}


def detect_language(text: str, sample: int = 20000) -> tuple[str | None, dict]:
    """The language of ``text`` by its function words (es, pt, it, en) and the share of marker hits per language.

    >>> detect_language("Activé la carta y el monstruo del rival se fue al cementerio con su efecto.")[0]
    'es'
    >>> detect_language("Ativei a carta e o monstro do oponente foi para o cemitério com o efeito.")[0]
    'pt'
    """
    words = [w.lower() for w in _WORD.findall(text[:sample])]
    if not words:
        return None, {}
    hits = {l: sum(1 for w in words if w in m) for l, m in _MARKERS.items()}
    total = sum(hits.values()) or 1
    shares = {l: round(h / total, 2) for l, h in hits.items()}
    best = max(hits, key=lambda l: (hits[l], l == "es"))
    if hits[best] < 2:
        return None, shares
    return best, shares


def int_column(data: bytes) -> array:
    """An array of ints from stored bytes."""
    out = array("i")
    out.frombytes(data)
    return out


# ── name-like spans (for translate --report) ─────────────────────────────────

_CAP = "[A-ZÁÉÍÓÚÀÈÌÒÙÂÊÎÔÛÃÕÄËÏÖÜÇÑ]"
_CAP_RUN = (  # the patterns of --report are compiled when first used (re keeps them): a plain translate needs none
    rf"(?<![\w@#/]){_CAP}[\w'’-]*(?:[ \t]+(?:(?:de|del|la|el|los|las|do|da|dos|das|di|della|dello|delle|dei|degli|of|the|"
    rf"e|y|and|en|em|in|il|lo|le|o|a|al|des|du)[ \t]+)?{_CAP}[\w'’-]*)+")
_QUOTED = r"[\"“«„]([^\"“”«»„\n]{2,60})[\"”»“]"
_AFTER_CARD = r"(?i)\b(?:carta|cartas|card|carte|cards)\s+((?:[^\W\d_][\w'’-]*)(?:\s+[^\W\d_][\w'’-]*){0,3})"


def name_like(text: str) -> list[tuple[int, int, str]]:
    """Spans that look like names whatever the index knows: runs of capitalised words (two or more, not just a
    capital at the start of a sentence), quoted text, and the words right after "carta"/"card".

    >>> t = 'Usé la carta Pepito y "Mi Truco" con Gran Dragón Azul.'
    >>> [(t[a:b], why) for a, b, why in name_like(t)]
    [('Pepito', 'after carta/card'), ('Mi Truco', 'quoted'), ('Gran Dragón Azul', 'capitalised')]
    """
    out = []
    for m in re.compile(_CAP_RUN).finditer(text):
        if len(m.group().split()) >= 2:
            out.append((m.start(), m.end(), "capitalised"))
    for m in re.compile(_QUOTED).finditer(text):
        out.append((m.start(1), m.end(1), "quoted"))
    for m in re.compile(_AFTER_CARD).finditer(text):
        words = m.group(1).split()
        keep = []
        for w in words:
            if not w[:1].isupper():
                break
            keep.append(w)
        if len(keep) == 1 and len(keep[0]) <= 2:
            keep = []
        if keep:
            s = m.start(1)
            out.append((s, s + len(" ".join(keep)) if text[s:s + len(" ".join(keep))] == " ".join(keep) else m.end(1), "after carta/card"))
    out.sort()
    merged = []
    rank = {"quoted": 0, "after carta/card": 1, "capitalised": 2}
    for s, e, why in out:
        if merged and s < merged[-1][1]:
            ps, pe, pwhy = merged[-1]
            merged[-1] = (ps, max(pe, e), why if rank[why] < rank[pwhy] else pwhy)
            continue
        merged.append((s, e, why))
    return merged


_EDGE = (r"(?i)^(?:(?:de|del|la|el|los|las|do|da|dos|das|di|della|of|the|e|y|and|en|em|in|il|lo|le|o|a|al)\s+)+|"
                   r"(?:\s+(?:de|del|la|el|los|las|do|da|dos|das|di|della|of|the|e|y|and|en|em|in|il|lo|le|o|a|al))+$")


def unresolved(text: str, taken: list[tuple[int, int]], blocked: list[tuple[int, int]]) -> list[tuple[int, int, str]]:
    """The name-like spans of ``text`` (``name_like``) left once the taken spans and protected ranges are cut out."""
    cuts = sorted(taken + blocked)
    out = []
    for s, e, why in name_like(text):
        pieces, at = [], s
        for a, b in cuts:
            if b <= at or a >= e:
                continue
            if a > at:
                pieces.append((at, a))
            at = max(at, b)
        if at < e:
            pieces.append((at, e))
        for a, b in pieces:
            piece = text[a:b]
            stripped = piece.strip(" \t\n,.;:()")
            if not stripped:
                continue
            a += piece.index(stripped)
            m = re.compile(_EDGE).search(stripped)
            while m and m.group():
                if m.start() == 0:
                    a += m.end()
                    stripped = stripped[m.end():]
                else:
                    stripped = stripped[:m.start()]
                m = re.compile(_EDGE).search(stripped)
            words = stripped.split()
            if not words or not any(w[:1].isupper() and len(w) >= 3 for w in words):
                continue
            if why == "capitalised" and len(words) < 2:
                continue
            out.append((a, a + len(stripped), why))
    return out


def words_of(tr) -> set:
    """The distinct folded words of the text being read (made once per text, for the passes that read a few words, from
    its distinct words as written: a few thousand, where the text has a word a few characters)."""
    got = tr.__dict__.get("_word_set")
    if got is None or got[0] is not tr._words:
        got = tr.__dict__["_word_set"] = (tr._words, set(map(tr._fold.__getitem__, tr._distinct)))
    return got[1]


SCAN_WORDS = 2000
"""A text of this many words or more has the words a pass asks for found by ``positions_of``'s scan; a shorter one word
by word (the scan compiles a pattern per pass and text: for a few hundred words that costs more than it saves)."""


def positions_of(tr, wanted, lo: int = 0, hi: int | None = None) -> list:
    """The indexes ``lo`` … ``hi - 1`` of the text's folded words that are in ``wanted`` (a set, a dict's keys), in order:
    ``compress(range(lo, hi), map(wanted.__contains__, words[lo:hi]))``. In a long text, the words are written once as
    a string of one character a distinct word, and the wanted ones found by one scan of it in C (a character class of
    theirs), where the compress made an int and asked ``wanted`` for every word of the text."""
    words = tr._words
    hi = len(words) if hi is None else hi
    if len(words) < SCAN_WORDS or len(words_of(tr)) > 0x10FFFF - 256:  # (more distinct words than characters: word by word)
        return list(compress(range(lo, hi), map(wanted.__contains__, words[lo:hi])))
    got = tr.__dict__.get("_word_line")
    if got is None or got[0] is not words:
        present = words_of(tr)  # (a character from U+0100 on a word: none of them means anything in a pattern)
        codes = dict(zip(present, map(chr, range(256, 256 + len(present)))))
        got = tr.__dict__["_word_line"] = (words, codes, "".join(map(codes.__getitem__, words)))
    codes = got[1]
    chars = sorted([codes[w] for w in words_of(tr).intersection(wanted)])
    if not chars:
        return []
    return [m.start() for m in re.compile(f"[{''.join(chars)}]").finditer(got[2], lo, hi)]
