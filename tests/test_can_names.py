"""ygorules can never answers for another card or another timing: exact names, misspellings, other names, pools."""
import json
from pathlib import Path

import pytest

from ygorules.cli import main
from ygorules.commands import can
from ygorules.core import kb as kbmod
from ygorules.core.activation import DAMAGE_STEP, STEP_TIMINGS, TIMINGS
from ygorules.core.errors import YgoError
from ygorules.core.locales import LANGS
from ygorules.names import table as nametable
from ygorules.names.index import load_index

ROOT = Path(__file__).resolve().parents[1]
REAL = str(ROOT / "kb")
_KB = {}


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    return tmp_path_factory.mktemp("cache")


@pytest.fixture(autouse=True)
def isolated(tmp_path, monkeypatch, cache):
    """No default pool table; the real KB loaded once for the module (the CLI path is the same, only faster)."""
    monkeypatch.setenv("YGORULES_CACHE", str(cache))
    monkeypatch.setenv("YGORULES_NAMES", str(tmp_path / "no-default-table.tsv.gz"))
    real_collect = kbmod.collect

    def collect(root=None):
        key = str(root)
        if key not in _KB:
            _KB[key] = real_collect(root)
        return _KB[key]

    monkeypatch.setattr(kbmod, "collect", collect)


def run(capsys, *args):
    code = main(["can", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture(scope="module")
def real():
    kb, _ = kbmod.collect(REAL)
    return kb, load_index(kb.root, names=False, warn=lambda m: None)


# ── cards ─────────────────────────────────────────────────────────────────────

def test_every_official_name_and_recorded_spelling_answers_exactly(real):
    kb, index = real
    owners = {}
    for text, cid in can.card_forms(kb):
        owners.setdefault(tuple(can.content_words(text)), set()).add(cid)
    checked = 0
    for text, cid in can.card_forms(kb):
        shared = owners[tuple(can.content_words(text))]
        if len(shared) > 1:  # one text, several cards ("Mystic Swordsman" for LV2, LV4, LV6): ask, never pick
            with pytest.raises(YgoError) as exc:
                can.resolve_card(kb, index, text)
            assert all(f"({c})" in str(exc.value) for c in shared), text
            continue
        got = can.resolve_card(kb, index, text)
        assert (got.id, got.taken_as) == (cid, None), text
        checked += 1
    assert checked > 600


@pytest.mark.parametrize("query, other", [
    ("Solemn Warning", "solemn-judgment"),        # a different word in the same place
    ("Winged Kuriboh", "kuriboh"),                # a word more
    ("Blue-Eyes Ultimate Dragon", "blue-eyes-white-dragon"),
    ("Dark Mirror Force", "mirror-force"),
    ("Kuriboh Winged", "kuriboh"),
    ("Magician", "dark-magician"),                # a word less
    ("Espejo de Fuerza", "mirror-force"),         # the same words in another order: another name
    ("Darknight Parshath", "airknight-parshath"),  # a word two letters away: another card of the game
    ("Final Destiny", "destiny-signal"),          # two words a letter away each (pt «Sinal do Destino»)
    ("Sasuke Samurai #2", "sasuke-samurai"),      # a number more
    ("Jinzo #7", "jinzo"),
])
def test_another_name_is_not_a_misspelling_and_exits_1_naming_the_nearest(capsys, query, other):
    code, out, err = run(capsys, query, "start-step", "--kb", REAL, "--json")
    assert code == 1 and out == ""
    assert f"no card of the knowledge base is named “{query}”" in err
    assert "nearest names:" in err and "ygorules names import yaml-yugi DIR" in err
    if other != "dark-magician":
        assert f"({other})" in err


@pytest.mark.parametrize("query, card, name", [
    ("Fuersa de Espejo", "mirror-force", "Fuerza de Espejo"),      # a letter wrong
    ("Forza Rifessa", "mirror-force", "Forza Riflessa"),
    ("Fuerza del Espejo", "mirror-force", "Fuerza de Espejo"),     # another linking word
    ("Mirror Forse", "mirror-force", "Mirror Force"),
    ("Mirrorforce", "mirror-force", "Mirror Force"),               # two words written as one
    ("Solemn Judgmnet", "solemn-judgment", "Solemn Judgment"),
    ("Necro Garnda", "necro-gardna", "Necro Gardna"),
])
def test_a_misspelling_one_card_wins_answers_and_says_taken_as(capsys, query, card, name):
    code, out, _ = run(capsys, query, "start-step", "--kb", REAL, "--json")
    assert code == 0
    doc = json.loads(out)
    assert doc["card"] == card
    assert doc["taken_as"] == {"query": query, "name": name, "id": card}
    code, out, _ = run(capsys, query, "start-step", "--kb", REAL, "--lang", "es")
    assert out.splitlines()[0] == f"se toma como “{name}” (escribiste «{query}»)"


def test_an_exact_name_has_no_taken_as(capsys):
    code, out, _ = run(capsys, "Fuerza de Espejo", "start-step", "--kb", REAL, "--json")
    assert code == 0 and "taken_as" not in json.loads(out)
    code, out, _ = run(capsys, "Fuerza de Espejo", "start-step", "--kb", REAL)
    assert out.splitlines()[0].startswith("Mirror Force (mirror-force)")


def test_ambiguous_input_lists_the_candidates_and_exits_1(capsys):
    code, out, err = run(capsys, "Mystic Swordsman", "--kb", REAL)
    assert code == 1 and out == ""
    assert "names more than one card" in err
    assert all(f"({c})" in err for c in ("mystic-swordsman-lv2", "mystic-swordsman-lv4", "mystic-swordsman-lv6"))


POOL = ("id\ten\tes\tpt\tit\n"
        "1\tSolemn Warning\t\t\t\n"
        "2\tWinged Kuriboh\t\t\t\n"
        "3\tAsh Blossom & Joyous Spring\t\t\t\n"
        "15943341\tMagical Cylinders\tCilindros Mágicos\tCilindros Mágicos\tCilindri Magicali\n"
        "44095762\tMirror Force\tFuerza de Espejo\t\t\n")
"""A small pool written for the tests: cards the KB lacks, and one it has (the KB entry wins)."""


@pytest.fixture()
def pool(tmp_path):
    src = tmp_path / "pool.tsv"
    src.write_text(POOL, encoding="utf-8")
    path = tmp_path / "names.tsv.gz"
    nametable.write_table(nametable.import_tsv(src)[0], path)
    return str(path)


@pytest.mark.parametrize("query, name", [
    ("Solemn Warning", "Solemn Warning"),
    ("Winged Kuriboh", "Winged Kuriboh"),
    ("Ash Blossom & Joyous Spring", "Ash Blossom & Joyous Spring"),
    ("Ash Blosom & Joyous Spring", "Ash Blossom & Joyous Spring"),  # misspelt: still that card, not a KB one
])
def test_a_card_of_a_pool_imported_from_tsv_is_known_but_has_no_facts(capsys, pool, query, name):
    code, out, err = run(capsys, query, "--kb", REAL, "--names", pool)
    assert code == 1 and out == ""
    assert f"“{name}” is a card of the imported card pool, but the imported table has no card facts" in err
    assert "ygorules names import yaml-yugi DIR" in err
    code, _, err = run(capsys, query, "--kb", REAL, "--names", pool, "--lang", "pt")
    assert code == 1 and f"“{name}” é um card do conjunto de cards importado" in err


def test_a_recorded_spelling_that_is_another_cards_official_name_yields_to_that_card(capsys, pool):
    code, out, _ = run(capsys, "Cilindros Magicos", "start-step", "--kb", REAL, "--json")  # the article's spelling
    assert code == 0 and json.loads(out)["card"] == "magic-cylinder"
    code, out, err = run(capsys, "Cilindros Magicos", "start-step", "--kb", REAL, "--names", pool)
    assert code == 1 and out == "" and "“Magical Cylinders” is a card of the imported card pool" in err
    code, out, _ = run(capsys, "Cilindro Mágico", "start-step", "--kb", REAL, "--names", pool, "--json")  # its own name
    assert code == 0 and json.loads(out)["card"] == "magic-cylinder"


def test_with_a_pool_the_kb_card_still_answers_and_no_import_hint_is_given(capsys, pool):
    code, out, _ = run(capsys, "Fuerza de Espejo", "start-step", "--kb", REAL, "--names", pool, "--json")
    assert code == 0 and json.loads(out)["card"] == "mirror-force"
    code, _, err = run(capsys, "Nothing Like Any Card", "--kb", REAL, "--names", pool)
    assert code == 1 and "names import" not in err and "ygorules lookup" in err


# ── timings ───────────────────────────────────────────────────────────────────

def kb_timing_names():
    """(name, language, timings) of every title of kb/substeps and kb/steps and every name and variant of the
    rules terms naming them, read from the KB."""
    kb, _ = kbmod.collect(REAL)
    rows = []
    for table, step in ((kb.substeps, False), (kb.steps, True)):
        for mid, moment in table.items():
            want = list(STEP_TIMINGS[mid]) if step else [mid]
            for lang, title in moment.title.items():
                rows.append((title, lang, want))
            term = kb.terms.get(moment.term)
            if term is not None:
                rows += [(n, lang, want) for lang, n in term.names.items() if n]
                rows += [(v.text, v.lang, want) for v in term.variants]
    return sorted({(t, l, tuple(w)) for t, l, w in rows})


COMMUNITY = [  # the forms players write, in four languages (written for this test)
    ("inicio del damage step", "es", ["damage-step.start"]),
    ("Inicio del Damage Step", "es", ["damage-step.start"]),
    ("principio del damage step", "es", ["damage-step.start"]),
    ("fin del damage step", "es", ["damage-step.end"]),
    ("Fin de la Battle Phase", "es", ["end-step"]),
    ("fin de la battle phase", "es", ["end-step"]),
    ("inicio de la battle phase", "es", ["start-step"]),
    ("comienzo de la Fase de Batalla", "es", ["start-step"]),
    ("cálculo de daño", "es", ["damage-step.during-damage-calculation"]),
    ("calculo de dano", "es", ["damage-step.during-damage-calculation"]),
    ("antes del calculo de daño", "es", ["damage-step.before-damage-calculation"]),
    ("Etapa de Início", "pt", ["start-step"]),
    ("etapa de inicio", "pt", ["start-step"]),
    ("início da Etapa de Dano", "pt", ["damage-step.start"]),
    ("fim da Fase de Batalha", "pt", ["end-step"]),
    ("começo da Fase de Batalha", "pt", ["start-step"]),
    ("cálculo de dano", "pt", ["damage-step.during-damage-calculation"]),
    ("inizio della Battle Phase", "it", ["start-step"]),
    ("fine della Battle Phase", "it", ["end-step"]),
    ("fine del damage step", "it", ["damage-step.end"]),
    ("calcolo dei danni", "it", ["damage-step.during-damage-calculation"]),
    ("end step", "en", ["end-step"]),
    ("start of the battle phase", "en", ["start-step"]),
    ("end of the Battle Phase", "en", ["end-step"]),
    ("beginning of the damage step", "en", ["damage-step.start"]),
    ("damage calculation", "en", ["damage-step.during-damage-calculation"]),
    ("start of the battle step", "en", ["battle-step.start"]),
]


def test_the_kb_names_cover_every_timing_in_four_languages():
    rows = kb_timing_names()
    for lang in LANGS:
        covered = {t for _n, l, w in rows if l == lang for t in w}
        assert covered == set(TIMINGS), lang


@pytest.mark.parametrize("name, lang, want", [(n, l, list(w)) for n, l, w in kb_timing_names()] + COMMUNITY,
                         ids=lambda v: v if isinstance(v, str) else None)
def test_every_timing_name_resolves_to_that_one_timing(capsys, name, lang, want):
    code, out, err = run(capsys, "mirror-force", name, "--kb", REAL, "--json", "--lang", lang)
    assert code == 0, err
    doc = json.loads(out)
    assert [a["timing"] for a in doc["answers"]] == want
    assert "timing_taken_as" not in doc  # an exact name, never a guess


@pytest.mark.parametrize("name, want", [
    ("Etapa de Inicoi", ["start-step"]),
    ("Inizio del Damege Step", ["damage-step.start"]),
    ("Antes del calculo de dañno", ["damage-step.before-damage-calculation"]),
    ("Dammage Step", list(DAMAGE_STEP)),
])
def test_a_misspelt_timing_answers_and_says_taken_as(capsys, name, want):
    code, out, _ = run(capsys, "mirror-force", name, "--kb", REAL, "--json")
    assert code == 0
    doc = json.loads(out)
    assert [a["timing"] for a in doc["answers"]] == want and doc["timing_taken_as"]["query"] == name


@pytest.mark.parametrize("name", ["Fin de la Main Phase", "Standby Phase", "main phase 2", "Etapa de Empate",
                                  "Battle", "bla bla"])
def test_an_unknown_timing_exits_1_with_suggestions_never_every_timing(capsys, name):
    code, out, err = run(capsys, "mirror-force", name, "--kb", REAL, "--lang", "es")
    assert code == 1 and out == ""
    assert f"ningún momento de la Battle Phase se llama «{name}»" in err and "momentos más parecidos: " in err


def test_the_battle_phase_named_in_full_gives_every_timing(capsys):
    for name in ("Battle Phase", "Fase de Batalha", "Fase de Batalla"):
        code, out, _ = run(capsys, "mirror-force", name, "--kb", REAL, "--json")
        assert code == 0 and [a["timing"] for a in json.loads(out)["answers"]] == list(TIMINGS), name
