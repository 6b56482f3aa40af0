"""How much of our prose repeats the source articles: shared n-word sequences (8 by default).

Every localized text in kb/ (all kinds) is compared with the article files. Both sides are normalised the
same way: Unicode compatibility form, accents dropped, case folded, punctuation removed. Two kinds of span are cut
Text inside quotation marks (“…”, "…", «…») is cut out and splits the word run on both sides: quoted spans
are official card names, labels and short card-text phrases, facts we must write exactly.

A shared sequence made only of set phrases is not counted as copied prose: set phrases are the official
forms (current, older or probable) of the glossary's terms with two words or more (kb/terms variants, e.g.
"com a face para baixo", "Posição de Defesa", "cálculo de dano"), and a sequence whose words all lie inside
such phrases, but for at most one joining word ("em", "de"…), says nothing in words of its own. The report
gives both figures: shared prose (the one to keep near zero) and every shared sequence.

    python -m ygorules.reports.overlap --sources ../shared/sources [--kb kb] [-n 8] [--max-shared N] [--json]
"""
from __future__ import annotations

import argparse
import json
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from ..core.fold import normalize

N = 8
"""The default sequence length, in words."""
_QUOTED = re.compile(r"“[^”\n]{1,120}”|\"[^\"\n]{1,120}\"|«[^»\n]{1,120}»")


def words(text: str) -> list[str]:
    """The normalised words of ``text``: no accents, case folded, no punctuation.

    >>> words("DAÑO de batalla, ¡Posição!")
    ['dano', 'de', 'batalla', 'posicao']
    """
    return normalize(text).split()


def phrase_index(phrases) -> dict:
    """Set phrases (strings) of two words or more, indexed by their first normalised word, longest first."""
    index: dict = {}
    for phrase in phrases:
        ws = tuple(words(phrase))
        if len(ws) >= 2:
            index.setdefault(ws[0], set()).add(ws)
    return {k: sorted(v, key=len, reverse=True) for k, v in index.items()}


def _covered(ws: list[str], phrases: dict) -> list[bool]:
    """For each word, whether it lies inside an occurrence of a set phrase."""
    cover = [False] * len(ws)
    for i, w in enumerate(ws):
        for p in phrases.get(w, ()):
            if tuple(ws[i:i + len(p)]) == p:
                cover[i:i + len(p)] = [True] * len(p)
                break
    return cover


def runs(text: str) -> list[list[str]]:
    """The runs of normalised words in ``text``; a quoted span ends a run and is dropped.

    >>> runs("Él activa “Fuerza de Espejo” en la Cadena!")
    [['el', 'activa'], ['en', 'la', 'cadena']]
    """
    return [ws for ws in (words(piece) for piece in _QUOTED.split(text)) if ws]


def shingles(text: str, n: int = N, phrases: dict | None = None) -> dict[tuple[str, ...], int]:
    """Every sequence of ``n`` consecutive words of ``text`` that crosses no quoted span, with how many of
    its words lie outside set phrases (the largest count where the sequence occurs more than once).

    >>> sorted(shingles("one two three four", 3).items())
    [(('one', 'two', 'three'), 3), (('two', 'three', 'four'), 3)]
    >>> shingles("one “two” three four", 3)
    {}
    >>> shingles("vire com a face para baixo em Posição de Defesa", 8, phrase_index(["com a face para baixo", "Posição de Defesa"]))
    {('vire', 'com', 'a', 'face', 'para', 'baixo', 'em', 'posicao'): 2, ('com', 'a', 'face', 'para', 'baixo', 'em', 'posicao', 'de'): 1, ('a', 'face', 'para', 'baixo', 'em', 'posicao', 'de', 'defesa'): 1}
    """
    found: dict = {}
    for ws in runs(text):
        cover = _covered(ws, phrases) if phrases else [False] * len(ws)
        for i in range(len(ws) - n + 1):
            key = tuple(ws[i:i + n])
            found[key] = max(found.get(key, 0), n - sum(cover[i:i + n]))
    return found


def source_shingles(folder: Path, n: int = N) -> set[tuple[str, ...]]:
    """The n-word sequences of every article (*.txt) in ``folder``."""
    found = set()
    for path in sorted(Path(folder).glob("*.txt")):
        for line in path.read_text(encoding="utf-8").splitlines():
            found.update(shingles(line, n))
    return found


def set_phrases(kb) -> list[str]:
    """The official forms (current, older, probable) of the glossary's terms, as written in kb/terms."""
    return sorted({v.text for t in kb.terms.values() for v in t.variants if v.status.startswith("official")})


@dataclass
class Report:
    """The measurement: our sequences, those shared with the sources, and where they are."""

    n: int
    total: int = 0
    by_lang: dict = field(default_factory=dict)
    shared: list = field(default_factory=list)  # (file, field path, lang, sequence): shared prose
    set_phrase_only: int = 0  # shared sequences made only of set phrases (not counted above)
    phrases: int = 0  # how many set phrases the glossary gives

    @property
    def ratio(self) -> float:
        """Shared sequences as a fraction of all our sequences."""
        return len(self.shared) / self.total if self.total else 0.0

    def as_dict(self) -> dict:
        """A JSON-ready form."""
        return {"n": self.n, "sequences": self.total, "by_lang": self.by_lang, "shared": len(self.shared),
                "ratio": self.ratio, "set_phrases": self.phrases, "shared_set_phrase_only": self.set_phrase_only,
                "matches": [{"file": f, "field": p, "lang": l, "words": " ".join(s)} for f, p, l, s in self.shared]}


def _display(path) -> str:
    try:
        return os.path.relpath(path)
    except ValueError:  # pragma: no cover - another drive on Windows
        return str(path)


def measure(kb_root, sources: Path, n: int = N) -> Report:
    """Compare every localized text of the kb at ``kb_root`` with the articles in ``sources``."""
    from ..core.kb import collect
    from ..core.link import localized_texts

    kb, _problems = collect(kb_root)
    listed = set_phrases(kb)
    phrases = phrase_index(listed)
    theirs = source_shingles(sources, n)
    report = Report(n, phrases=len(listed))
    for entry in sorted(kb.entries(), key=lambda e: str(e.path)):
        for path, text in localized_texts(entry.data):
            for lang, value in text.items():
                ours = shingles(value, n, phrases)
                report.total += len(ours)
                report.by_lang[lang] = report.by_lang.get(lang, 0) + len(ours)
                for seq in sorted(set(ours) & theirs):
                    if ours[seq] <= 1:
                        report.set_phrase_only += 1
                    else:
                        report.shared.append((_display(entry.path), ".".join(map(str, path)), lang, seq))
    return report


def main(argv=None) -> int:
    """Command line: print the measurement; exit 1 when more sequences are shared than --max-shared allows."""
    parser = argparse.ArgumentParser(prog="python -m ygorules.reports.overlap", description=__doc__.split("\n\n")[0],
                                     epilog="example: python -m ygorules.reports.overlap --sources ../shared/sources --max-shared 5")
    parser.add_argument("--sources", required=True, type=Path, help="folder with the source articles (*.txt)")
    parser.add_argument("--kb", type=Path, default=None, help="the kb/ folder (default: ./kb or the project's)")
    parser.add_argument("-n", type=int, default=N, help=f"sequence length in words (default {N})")
    parser.add_argument("--max-shared", type=int, default=None, help="fail (exit 1) above this many shared sequences")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args(argv)
    if not args.sources.is_dir() or not any(args.sources.glob("*.txt")):
        print(f"{args.sources}: no article files (*.txt) here → pass the folder that holds them", file=sys.stderr)
        return 2
    if args.n < 2:
        print(f"-n {args.n}: a sequence needs at least 2 words → use -n 8", file=sys.stderr)
        return 2
    from ..core.errors import YgoError
    try:
        report = measure(args.kb, args.sources, args.n)
    except YgoError as exc:
        print(exc, file=sys.stderr)
        return exc.exit_code
    if args.json:
        print(json.dumps(report.as_dict(), ensure_ascii=False, indent=2))
    else:
        langs = ", ".join(f"{l} {c}" for l, c in report.by_lang.items())
        print(f"{report.total} {report.n}-word sequences in our prose ({langs})")
        print(f"{len(report.shared)} shared with the sources ({report.ratio:.3%}), not counting"
              f" {report.set_phrase_only} made only of set phrases ({report.phrases} in the glossary)")
        for file, path, lang, seq in report.shared:
            print(f"  {file}: {path} [{lang}]: {' '.join(seq)}")
    if args.max_shared is not None and len(report.shared) > args.max_shared:
        print(f"more than {args.max_shared} shared sequences → reword the texts listed above in your own words", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":  # pragma: no cover
    try:
        sys.exit(main())
    except BrokenPipeError:  # the reader (e.g. `head`) stopped early
        sys.stderr.close()
        sys.exit(0)
