"""Text folding: the one definition of how names are compared, in Python and on the site.

A name is compared by its *folded* form: case, accents, typographic variants and Unicode
compatibility forms are ignored, so "Hada de la Inyección Lily", "hada de la inyeccion lily" and
"HADA DE LA INYECCIÓN LILY" fold alike. The steps of ``fold``, in this order:

1. ``TYPO``: typographic quotes, dashes and letters that Unicode does not decompose become ASCII
   (’ → ', – → -, ß → ss, ø → o, æ → ae…);
2. Unicode NFKD: letters and their accents apart, compatibility forms (ﬁ, full-width Ａ, ①) as
   their plain letters;
3. every combining character (a nonzero canonical combining class: the accents) dropped;
4. ``str.casefold``.

``normalize`` (the lookup key of a name) also collapses spacing and punctuation: the folded words
(``TOKEN``) joined by single spaces. ``tkey`` (the translate key) keeps the punctuation between words.

The site's JavaScript (the lookup page, the search's folding patch) runs the same steps: ``javascript()``
writes them, with this module's data, into the ``fold.js`` asset at site build; tests run both over one
corpus in chromium. JavaScript's ``toLowerCase`` is not ``casefold`` (ß, ς, µ, Cherokee…): the data
carries every character whose casefold differs from its lowercase, computed here.

Import-light on purpose: ``lookup`` imports this module on every cold start (only ``re`` and ``unicodedata``).
"""
from __future__ import annotations

import re
import unicodedata

TYPO = {
    "’": "'", "‘": "'", "ʼ": "'", "`": "'", "´": "'", "′": "'", "“": '"', "”": '"', "„": '"', "«": '"', "»": '"',
    "–": "-", "—": "-", "‐": "-", "‑": "-", "‒": "-", "−": "-", "ø": "o", "Ø": "O", "æ": "ae", "Æ": "AE",
    "œ": "oe", "Œ": "OE", "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ß": "ss", "ı": "i", "\u00a0": " ",
}
"""Step 1: typographic variants and letters that Unicode decomposition does not fold (one character → text)."""

_TYPO = str.maketrans(TYPO)

WORD = r"[^\W_]"
"""A letter or digit (Unicode categories L and N; not the underscore)."""

TOKEN = re.compile(WORD + r"+(?:[\u0300-\u036f]+" + WORD + r"*)*")
"""A word: letters and digits, with any combining accents after them (so NFD text tokenizes like NFC)."""

_fold_cache: dict = {}


def fold(text: str) -> str:
    """Case-, accent- and typography-folded text (punctuation and spacing kept).

    Step 1, typographic variants to ASCII:

    >>> fold("Inyección’s – “Lily”")
    'inyeccion\\'s - "lily"'

    Step 2, NFKD (compatibility forms: the ligature ﬁ, full-width letters, a circled digit):

    >>> fold("ﬁnal ＡＢＣ ①")
    'final abc 1'

    Step 3, accents dropped, whether the text came composed (NFC) or decomposed (NFD):

    >>> fold("Força") == fold("Forc\\u0327a") == "forca"
    True

    Step 4, casefold (not just lowercase: ß, the final sigma and the long s fold too):

    >>> fold("STRASSE") == fold("Straße"), fold("ΣΟΦΟΣ") == fold("σοφος"), fold("ſ")
    (True, True, 's')
    """
    out = _fold_cache.get(text)
    if out is None:
        t = unicodedata.normalize("NFKD", text.translate(_TYPO))
        if t.isascii():  # no combining mark to drop (most names): the same text, without a pass in Python
            out = t.casefold()
        else:
            out = "".join(ch for ch in t if not unicodedata.combining(ch)).casefold()
        if len(_fold_cache) < 200_000:
            _fold_cache[text] = out
    return out


def normalize(text: str) -> str:
    """The lookup key of a name: folded words joined by single spaces (punctuation and spacing collapsed).

    >>> normalize("Hada de la Inyección Lily") == normalize("hada de la inyeccion  lily")
    True
    >>> normalize("Blue–Eyes  White Dragon"), normalize("  ¡Fuerza de Espejo! ")
    ('blue eyes white dragon', 'fuerza de espejo')
    >>> normalize("L’Onesto") == normalize("L'Onesto") == "l onesto"
    True
    """
    return " ".join(fold_word(w) for w in TOKEN.findall(text))


def fold_word(word: str) -> str:
    """``fold`` for one word (``TOKEN``), with a fast path for ASCII (most words of most texts): ``TYPO`` changes no
    ASCII letter or digit, so an ASCII word's fold is its lowercase.

    >>> fold_word("Dragon"), fold_word("Dragão")
    ('dragon', 'dragao')
    """
    return word.lower() if word.isascii() else fold(word)


def sep_class(sep: str) -> str | None:
    """How the text between two words of a name counts when matching running text.

    Whitespace and hyphens count as one space; other punctuation must be the same; a paragraph
    break or a long gap never joins two words of a name. A quote escaped with a backslash, as code
    writes it inside a string ('Queen\\'s Knight'), is the quote; a double quote is the single one.

    >>> [sep_class(s) for s in (" ", "-", " – ", ", ", "’", "\\n\\n", ". ", "\\'", ' "', " «")]
    [' ', ' ', ' ', ',', "'", None, '.', "'", "'", "'"]
    """
    if len(sep) > 4 or sep.count("\n") > 1:
        return None
    if "\\" in sep:
        sep = sep.replace("\\'", "'").replace("\\’", "’")
    s = "".join(ch for ch in sep.translate(_SEP_TYPO) if not ch.isspace() and ch != "-")
    return s or " "


_SEP_TYPO = str.maketrans(dict(TYPO, **{'"': "'", "“": "'", "”": "'", "„": "'", "«": "'", "»": "'"}))
"""``_TYPO`` for the text between two words, where a double quote is the single one: a name's quotes are written
either way ("K9-17 'Ripper'" for K9-17 "Ripper")."""


def tkeys_of(text: str) -> list[str]:
    """The translate key of a name (folded words joined by their separator class), after the keys of its first words.

    >>> tkeys_of("Slifer, o Dragão Celeste")
    ['slifer', 'slifer,o', 'slifer,o dragao', 'slifer,o dragao celeste']
    >>> tkeys_of("Blue-Eyes White Dragon")[-1]
    'blue eyes white dragon'
    """
    words = list(TOKEN.finditer(text))
    out, cur = [], ""
    for i, m in enumerate(words):
        if i:
            cur += sep_class(text[words[i - 1].end():m.start()]) or " "
        cur += fold_word(m.group())
        out.append(cur)
    return out


def tkey(text: str) -> str:
    """The translate key of a name.

    >>> tkey("Dark Magician’s Blessing")
    "dark magician's blessing"
    """
    keys = tkeys_of(text)
    return keys[-1] if keys else ""


# ── the same steps in JavaScript ──────────────────────────────────────────────

def _ranges(pred) -> list[tuple[int, int]]:
    """The code points (all of Unicode) for which ``pred(character)`` holds, as (first, last) ranges."""
    out, start = [], None
    for c in range(0x110001):
        ok = c < 0x110000 and pred(chr(c))
        if ok and start is None:
            start = c
        elif not ok and start is not None:
            out.append((start, c - 1))
            start = None
    return out


def _js_class(ranges) -> str:
    r"""A JavaScript regex character class (for the ``u`` flag) of code point ranges.

    >>> _js_class([(0x300, 0x36f), (0x1d165, 0x1d165)])
    '[\\u{300}-\\u{36f}\\u{1d165}]'
    """
    return "[" + "".join(f"\\u{{{a:x}}}" + (f"-\\u{{{b:x}}}" if b > a else "") for a, b in ranges) + "]"


def casefold_exceptions() -> dict[str, str]:
    """Every character whose ``casefold`` is not its ``lower`` (JavaScript's toLowerCase, character by character).

    >>> ex = casefold_exceptions()
    >>> ex["ß"], ex["ς"], ex["ﬁ"], "A" in ex
    ('ss', 'σ', 'fi', False)
    """
    out = {}
    for c in range(0x110000):
        ch = chr(c)
        if ch.casefold() != ch.lower():
            out[ch] = ch.casefold()
    return out


def js_token_pattern() -> str:
    r"""``TOKEN`` written for JavaScript (``u`` flag): the letter-or-digit class as Unicode properties.

    Python's ``[^\W_]`` is exactly the categories L and N (``tests/test_fold.py`` checks it over all of Unicode).

    >>> js_token_pattern()
    '[\\p{L}\\p{N}]+(?:[\\u0300-\\u036f]+[\\p{L}\\p{N}]*)*'
    """
    return TOKEN.pattern.replace(WORD, r"[\p{L}\p{N}]")


JS_FUNCTIONS = r"""
  var typoRe = new RegExp(Object.keys(data.typo).map(function (c) {
    return "\\u{" + c.codePointAt(0).toString(16) + "}";
  }).join("|") || "(?!)", "gu");
  var combiningRe = new RegExp(data.combining, "gu");
  var caseRe = /[A-Z]|[^\u0000-\u007f]/gu;
  var tokenRe = new RegExp(data.token, "gu");
  var cache = new Map();

  /* fold: the steps of Python's ygorules.core.fold.fold, in the same order. */
  function fold(text) {
    var out = cache.get(text);
    if (out !== undefined) return out;
    out = text.replace(typoRe, function (c) { return data.typo[c]; })     /* 1. typographic variants */
      .normalize("NFKD")                                                  /* 2. NFKD */
      .replace(combiningRe, "")                                           /* 3. combining marks dropped */
      .replace(caseRe, function (c) {                                     /* 4. casefold, character by character */
        var f = data.casefold[c];
        return f === undefined ? c.toLowerCase() : f;
      });
    if (cache.size < 200000) cache.set(text, out);
    return out;
  }

  /* foldWord: fold for one word, an ASCII word lowercased (as Python's fold_word). */
  var asciiRe = /^[\u0000-\u007f]*$/;
  function foldWord(word) {
    return asciiRe.test(word) ? word.toLowerCase() : fold(word);
  }

  /* normalize: the folded words (TOKEN) joined by single spaces. */
  function normalize(text) {
    return (text.match(tokenRe) || []).map(foldWord).join(" ");
  }
"""


def javascript() -> str:
    """The ``fold.js`` asset: this module's data and steps as JavaScript, defining ``ygoFold.fold`` and ``ygoFold.normalize``.

    It runs in a page (``window``) and in the search's Web Worker (``self``).

    >>> js = javascript()
    >>> '"’":"\\'"' in js and "function normalize" in js
    True
    """
    import json

    if any(c.isascii() and c.isalnum() for c in TYPO):
        raise ValueError("TYPO may not change an ASCII letter or digit: fold_word's ASCII fast path relies on it")
    data = {
        "typo": TYPO,
        "combining": _js_class(_ranges(lambda ch: unicodedata.combining(ch) != 0)),
        "casefold": casefold_exceptions(),
        "token": js_token_pattern(),
    }
    text = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return ("/* ygorules: text folding, generated from ygorules/core/fold.py at site build (do not edit). */\n"
            "(function (root) {\n  \"use strict\";\n  var data = " + text + ";\n" + JS_FUNCTIONS
            + "\n  root.ygoFold = { fold: fold, normalize: normalize, unicode: " + json.dumps(unicodedata.unidata_version)
            + " };\n})(typeof self !== \"undefined\" ? self : this);\n")


def initials(name: str) -> str:
    """The first letter or digit of each word of a name, in capitals.

    >>> initials("That Grass Looks Greener"), initials("Red-Eyes Darkness Metal Dragon")
    ('TGLG', 'REDMD')
    """
    return "".join(w[0] for w in TOKEN.findall(fold(name))).upper()
