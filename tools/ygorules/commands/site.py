"""ygorules site: build the four-language static site, preview one language, check links, update catalogs."""
from __future__ import annotations

from ..core.locales import LANGS

HELP = f"Build the static site (site/) from kb/ in {', '.join(LANGS)}; preview it; check its links; update UI catalogs."
EXAMPLE = "ygorules site build --lang es --lang it"


def _port(text: str) -> int:
    import argparse
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a port number") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{port} is not a port: use 1 to 65535 (above 1023 needs no privileges)")
    return port


def _lang(text: str) -> str:
    import argparse
    if text not in LANGS:
        raise argparse.ArgumentTypeError(f"'{text}' is not a language of the site: use one of {', '.join(LANGS)}")
    return text


def register(p):
    sub = p.add_subparsers(dest="action", metavar="ACTION")
    b = sub.add_parser("build", help="render every language and assemble site/ (the old site/ stays if anything fails)",
                       epilog="Example: ygorules site build")
    b.add_argument("--kb", metavar="DIR", help="the knowledge-base folder (default: ./kb)")
    b.add_argument("--lang", action="append", type=_lang, metavar="L", help="build only this language (repeatable; others are kept from the previous site/)")
    b.add_argument("--site-dir", metavar="DIR", help="where to put the site (default: site/)")
    b.add_argument("--quiet", action="store_true", help="print nothing but errors")
    s = sub.add_parser("serve", help="preview one language at http://127.0.0.1:PORT/<lang>/, rebuilt when kb/ or site_src/ changes",
                       epilog="Example: ygorules site serve --lang es")
    s.add_argument("--kb", metavar="DIR", help="the knowledge-base folder (default: ./kb)")
    s.add_argument("--lang", required=True, type=_lang, metavar="L", help=f"the language to preview ({', '.join(LANGS)})")
    s.add_argument("--port", type=_port, default=8000, help="port, 1 to 65535 (default: 8000)")
    c = sub.add_parser("check", help="check every internal link, #anchor, <html lang> and language alternate of site/",
                       epilog="Example: ygorules site check")
    c.add_argument("--site-dir", metavar="DIR", help="the assembled site (default: site/)")
    sub.add_parser("catalogs", help="re-extract the UI strings into site_src/locales/messages.pot and merge them into each .po",
                   epilog="Example: ygorules site catalogs")
    p.set_defaults(_parser=p)


def _names_table():
    """The name table imported with `ygorules names import` (default location or $YGORULES_NAMES), for the lookup page."""
    from ..names.table import load_table

    return load_table()


def _answers():
    """The activation answers of the imported pool's cards for the lookup page (None: no facts were imported)."""
    from ..names.table import default_path
    from ._site_answers import pool_source

    return pool_source(default_path())


def run(args) -> int:
    import sys

    if args.action == "build":
        from ..site.build import build
        build(args.kb, args.lang, site_dir=args.site_dir, quiet=args.quiet, names_table=_names_table(), answers=_answers())
        return 0
    if args.action == "serve":
        from ..site.serve import serve
        return serve(args.kb, args.lang, args.port, names_table=_names_table(), answers=_answers())
    if args.action == "check":
        from pathlib import Path

        from ..site.build import default_site_dir
        from ..site.linkcheck import check
        site = Path(args.site_dir) if args.site_dir else default_site_dir()
        problems, pages = check(site)
        for prob in problems:
            print(prob)
        print(f"{'ok' if not problems else 'FAILED'}: {pages} pages checked, {len(problems)} problem(s)",
              file=sys.stderr if problems else sys.stdout)
        return 1 if problems else 0
    if args.action == "catalogs":
        from ..site.i18n import problems, update
        for path in update():
            print(f"updated {path}")
        left = problems()
        for prob in left:
            print(prob)
        return 1 if left else 0
    args._parser.print_help(sys.stderr)
    return 2
