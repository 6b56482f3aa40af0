"""The translator's and lookup's tables made from a whole part of the name index (names/numbers.py, names/pieces.py,
names/acronyms.py; issue 24's speed): built once from the part's columns, kept in the cache beside the part (``names
import`` writes the pool's), never read once the part or the code that builds them has changed. The cards are made up."""
from __future__ import annotations

import glob
import os

import pytest

from ygorules.names import acronyms, numbers, pieces
from ygorules.names import index as names
from ygorules.names.translate import Translator

from _names_fixtures import KB  # noqa: F401 (its autouse fixture: a cache and a nickname list of the test's own)

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
7001\tNumber 47: Ember Loom Sentinel\tNúmero 47: Centinela Telar de Brasas\tNúmero 47: Sentinela Tear de Brasas\tNumero 47: Sentinella Telaio di Braci\tMonster\t4
7002\tSaltmarsh Oracle the Drowned\tSaltmarsh, Oráculo Ahogado\tSaltmarsh, Oráculo Afogado\tSaltmarsh Oracolo Annegato\tMonster\t20
7003\tLeft Fin of the Oracle Drowned\tAleta Izquierda del Oráculo Ahogado\tBarbatana Esquerda do Oráculo Afogado\tPinna Sx dell Oracolo Annegato\tMonster\t9
7004\tRight Fin of the Oracle Drowned\tAleta Derecha del Oráculo Ahogado\tBarbatana Direita do Oráculo Afogado\tPinna Dx dell Oracolo Annegato\tMonster\t9
7005\tLeft Tail of the Oracle Drowned\tCola Izquierda del Oráculo Ahogado\tCauda Esquerda do Oráculo Afogado\tCoda Sx dell Oracolo Annegato\tMonster\t9
7006\tRight Tail of the Oracle Drowned\tCola Derecha del Oráculo Ahogado\tCauda Direita do Oráculo Afogado\tCoda Dx dell Oracolo Annegato\tMonster\t9
7007\tQuiet Harbor Lantern Song\tCanción Farol Puerto Quieto\tCanção Lanterna Porto Quieto\tCanto Lanterna Porto Quieto\tSpell\t3
"""
"""A Number, a set of pieces (two body parts, two sides each) with its whole, a card with a long English name."""
OTHER_NUMBER = POOL.replace("Ember Loom Sentinel", "Cinder Loom Warden")

TEXT = "Ayer saqué Ember Loom Sentinel y, con Saltmarsh en la mesa, la aleta izq."
WANT = [("Ember Loom Sentinel", "7001"), ("Saltmarsh", "7002"), ("aleta izq", "7003")]
BUILDERS = {numbers: "_part_tails", pieces: "_part_names", acronyms: "_part_keys"}


def found(index) -> list:
    """What the three tables give: the Number and the piece in a text, and lookup's acronym and shortened name."""
    spans = [(s.text, s.passcodes[0]) for s in Translator(index, "es", "en").spans(TEXT) if s.kind == "card"]
    tops = [index.lookup(q).matches[0] for q in ("QHLS", "Q Harbor Lantern Song")]
    return spans + [(m.entry.passcodes[0], m.score) for m in tops]


WANT_ALL = WANT + [("7007", acronyms.ACRONYM_SCORE), ("7007", acronyms.SHORTENED_SCORE)]


def imported(tmp_path, pool: str = POOL):
    from ygorules.cli import main
    (tmp_path / "pool.tsv").write_text(pool, encoding="utf-8")
    out = tmp_path / "names.tsv.gz"
    assert main(["names", "import", "tsv", str(tmp_path / "pool.tsv"), "-o", str(out)]) == 0
    return out


def fresh_memos():
    """A new process's state: the tables of no index yet in memory (each load makes new parts, with no table either)."""
    numbers._tails.clear(), numbers._firsts.clear(), numbers._numbered.clear(), pieces._sets.clear()
    acronyms._tables.clear(), acronyms._shortened.clear()


def count_builds(monkeypatch, fail_for: str | None = None) -> list:
    """Record each build of a part's table (the part's origin), or fail the test when a part of ``fail_for`` is built."""
    built = []

    def wrap(module, name):
        orig = getattr(module, name)

        def make(p_or_arg):
            if module is numbers:  # _part_tails(part) is the build itself
                return note(p_or_arg) or orig(p_or_arg)
            build = orig(p_or_arg)
            return lambda p: note(p) or build(p)
        monkeypatch.setattr(module, name, make)

    def note(p):
        if p.origin == fail_for:
            pytest.fail(f"a table of the {p.origin} part was built again instead of read from the cache")
        built.append(p.origin)

    for module, name in BUILDERS.items():
        wrap(module, name)
    return built


def test_names_import_keeps_the_pools_tables_so_translate_and_lookup_only_read_them(tmp_path, monkeypatch, capsys):
    out = imported(tmp_path)
    capsys.readouterr()
    fresh_memos()
    built = count_builds(monkeypatch, fail_for="table")
    assert found(names.load_index(KB, out, warn=lambda m: None)) == WANT_ALL
    assert set(built) == {"kb"}  # the KB part's own tables, built once and kept too
    fresh_memos()
    built.clear()
    assert found(names.load_index(KB, out, warn=lambda m: None)) == WANT_ALL
    assert built == []


def test_the_tables_read_from_the_cache_give_what_building_them_gives(tmp_path, capsys):
    out = imported(tmp_path)
    fresh_memos()
    read = found(names.load_index(KB, out, warn=lambda m: None))
    fresh_memos()
    built = found(names.load_index(KB, out, use_cache=False, warn=lambda m: None))
    assert read == built == WANT_ALL


def test_a_table_of_a_pool_imported_again_is_built_again(tmp_path, monkeypatch, capsys):
    out = imported(tmp_path)
    fresh_memos()
    assert found(names.load_index(KB, out, warn=lambda m: None))[0] == ("Ember Loom Sentinel", "7001")
    imported(tmp_path, OTHER_NUMBER)  # the same file, other cards
    fresh_memos()
    index = names.load_index(KB, out, warn=lambda m: None)
    spans = [(s.text, s.passcodes[0]) for s in Translator(index, "es", "en").spans("Ayer saqué Cinder Loom Warden y luego Ember Loom Sentinel.")
             if s.kind == "card"]
    assert spans == [("Cinder Loom Warden", "7001")]


@pytest.mark.parametrize("module", [numbers, pieces, acronyms])
def test_a_table_built_by_other_code_is_not_read(tmp_path, monkeypatch, capsys, module):
    out = imported(tmp_path)
    fresh_memos()
    found(names.load_index(KB, out, warn=lambda m: None))
    monkeypatch.setattr(module, "TABLE_VERSION", module.TABLE_VERSION + 1)  # (what a change to the module's file does too)
    fresh_memos()
    built = count_builds(monkeypatch)
    assert found(names.load_index(KB, out, warn=lambda m: None)) == WANT_ALL
    assert built and set(built) == {"kb", "table"}


def test_a_damaged_table_is_built_again_without_an_error(tmp_path, monkeypatch, capsys):
    out = imported(tmp_path)
    files = glob.glob(os.path.join(os.environ["YGORULES_CACHE"], "derived-*.marshal"))
    assert files
    for f in files:
        with open(f, "r+b") as fh:
            fh.truncate(os.path.getsize(f) // 2)
    fresh_memos()
    built = count_builds(monkeypatch)
    assert found(names.load_index(KB, out, warn=lambda m: None)) == WANT_ALL
    assert "table" in built


def test_an_index_without_the_cache_writes_no_table(tmp_path, capsys):
    out = imported(tmp_path)
    for f in glob.glob(os.path.join(os.environ["YGORULES_CACHE"], "derived-*")):
        os.remove(f)
    fresh_memos()
    assert found(names.load_index(KB, out, use_cache=False, warn=lambda m: None)) == WANT_ALL
    assert glob.glob(os.path.join(os.environ["YGORULES_CACHE"], "derived-*")) == []


@pytest.mark.parametrize("mapping", [
    {},
    {"a": [1]},
    {"zeta": [3, 1, 3], "alpha": [], "mid word": [7], "ñandú": [2]},
])
def test_lists_give_back_the_mapping_they_were_packed_from(mapping):
    import marshal
    lists = names.Lists(marshal.loads(marshal.dumps(names.Lists.pack(mapping))))
    assert {k: list(v) for k, v in lists.items()} == mapping
    assert [k for k, _ in lists.items()] == sorted(mapping)
    for k, v in mapping.items():
        assert list(lists.get(k)) == v
    assert lists.get("not a key") == () and lists.get("") == () and lists.get("zz", None) is None
