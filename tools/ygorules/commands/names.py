"""ygorules names: import the name table of the whole card pool, for lookup and translate."""
from __future__ import annotations

HELP = ("Import the names of the whole card pool (a yaml-yugi checkout or a cardnames.tsv file) for lookup and "
        "translate; stored in $YGORULES_NAMES, else ~/.local/share/ygorules/names.tsv.gz.")
EXAMPLE = "ygorules names import tsv ../shared/data/cardnames.tsv"


def register(p):
    sub = p.add_subparsers(dest="action", metavar="ACTION")
    imp = sub.add_parser("import", help="build the name table from yaml-yugi or a TSV file",
                         description="Build the card-pool name table. FORMAT is yaml-yugi (SOURCE: a checkout or its "
                                     "data/cards folder) or tsv (SOURCE: a cardnames.tsv-style file).",
                         epilog=f"Example: {EXAMPLE}")
    imp.add_argument("format", choices=("yaml-yugi", "tsv"), metavar="FORMAT", help="yaml-yugi or tsv")
    imp.add_argument("source", metavar="SOURCE", help="the yaml-yugi folder or the TSV file")
    imp.add_argument("-o", "--output", metavar="FILE",
                     help="where to write the table (default: $YGORULES_NAMES, else ~/.local/share/ygorules/names.tsv.gz)")
    imp.add_argument("--meta", metavar="FILE", help="tsv only: a cardnames_meta.tsv-style file (default: the one next to SOURCE, if any)")
    imp.add_argument("--info", metavar="FILE",
                     help="tsv only: printings per card (prominence), from a cardinfo.tsv-style file with id and tcg_printings "
                          "columns (default: SOURCE's own printings column, else NAME_info.tsv or cardinfo.tsv next to SOURCE)")
    imp.add_argument("--series", metavar="FILE",
                     help="series (archetype) names per language, from a seriesnames.tsv-style file with en, es, pt, it columns "
                          "(tsv default: NAME_series.tsv or seriesnames.tsv next to SOURCE; yaml-yugi: adds languages to the cards' series)")


def run(args) -> int:
    import sys

    from ..core.errors import YgoError
    from ..names.table import import_tsv, import_yaml_yugi, write_table

    if args.action != "import":
        raise YgoError("say what to do: ygorules names import yaml-yugi DIR | tsv FILE [-o FILE]", exit_code=2)
    if args.format == "yaml-yugi":
        if args.meta or args.info:
            raise YgoError("--meta and --info are for the tsv format only (yaml-yugi cards carry their types and sets)", exit_code=2)
        table, notes = import_yaml_yugi(args.source, args.series)
    else:
        table, notes = import_tsv(args.source, args.meta, args.info, args.series)
    if not table.cards:
        raise YgoError(f"{args.source}: no cards with a name in es, pt, it or en; nothing was written")
    replaced = _keep_old_table(args.output)
    path = write_table(table, args.output)
    for note in notes:
        print(note, file=sys.stderr)
    try:  # build the index cache now, so the first lookup is fast
        from ..names.index import table_part
        table_part(path)
    except YgoError as exc:  # pragma: no cover - the table was just written
        print(f"warning: could not index the table: {exc}", file=sys.stderr)
    series = f" and {len(table.series)} series" if table.series else ""
    print(f"wrote {len(table.cards)} cards{series} to {path}")
    if replaced:
        print(f"it replaces a table of {replaced[0]}; the old one is kept as {replaced[1]}")
    return 0


def _keep_old_table(output):
    """Copy the table about to be replaced to NAME.bak; return (what it held, the backup's path), or None."""
    import shutil
    from pathlib import Path

    from ..core.errors import YgoError
    from ..names.table import default_path, load_table

    path = Path(output) if output else default_path()
    if not path.is_file():
        return None
    try:
        old = load_table(path)
        held = f"{len(old.cards)} cards" + (f" and {len(old.series)} series" if old.series else "")
    except YgoError:
        held = "an unreadable file"
    backup = path.with_name(path.name + ".bak")
    shutil.copy2(path, backup)
    return held, backup
