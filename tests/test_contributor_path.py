import shutil
from pathlib import Path

import pytest

from ygorules.cli import main
from ygorules.loader import parse
from ygorules.nametable import CardRecord, NameTable, write_table
from ygorules.scaffold import card_template, yaml_str

FIXTURE = Path(__file__).parent / "fixtures" / "contrib-kb"
SHARED_NAMES = Path(__file__).resolve().parents[2] / "shared" / "data" / "cardnames.tsv"

CARDS = [
    CardRecord("44095762", "trap", {"es": "Fuerza de Espejo", "pt": "Força do Espelho", "it": "Forza Riflessa", "en": "Mirror Force"}),
    CardRecord("37742478", "monster", {"es": "Honesto", "pt": "Honesto", "it": "L'Onesto", "en": "Honest"}),
    CardRecord("79575620", "monster", {"es": "Hada de la Inyección Lily", "pt": "Lily, a Fada Enfermeira", "it": "Lily Iniezione Fatata", "en": "Injection Fairy Lily"}),
    CardRecord("27551", "trap", {"es": "Invertir el Límite", "pt": None, "it": "Inversione di Limite", "en": "Limit Reverse"},
               {"pt": "Inversão de Limite"}),
    CardRecord("46986414", "monster", {"es": "Mago Oscuro", "pt": "Mago Negro", "it": "Mago Nero", "en": "Dark Magician"}),
    CardRecord("36996508", "monster", {"es": "Mago Oscuro", "pt": "Mago Negro", "it": "Mago Nero", "en": "Dark Magician"}),
]

FILLED_TIMING = {
    "substep: ''": "substep: battle-step.attack-declaration",
    "role: ''": "role: activates",
    "es: ''": "es: Se activa cuando el adversario declara un ataque.",
    "pt: ''": "pt: É ativada quando o oponente declara um ataque.",
    "it: ''": "it: Si attiva quando l'avversario dichiara un attacco.",
    "en: ''": "en: It is activated when the opponent declares an attack.",
    "sources: ['']": "sources: [fuentealba-battle-phase-es]",
}


@pytest.fixture
def kb(tmp_path, monkeypatch):
    root = tmp_path / "kb"
    shutil.copytree(FIXTURE, root)
    monkeypatch.delenv("YGORULES_KB", raising=False)
    monkeypatch.setenv("YGORULES_NAMES", str(tmp_path / "absent-names.tsv.gz"))
    monkeypatch.setenv("YGORULES_CACHE", str(tmp_path / "cache"))
    return root


@pytest.fixture
def names(tmp_path):
    return write_table(NameTable(list(CARDS)), tmp_path / "names.tsv.gz")


def _new(kb, *args):
    return main(["new", "card", *args, "--kb", str(kb)])


# ---- new card with a name table ------------------------------------------------------------

@pytest.mark.parametrize("query", ["Fuerza de Espejo", "fuerza de espejo", "FORÇA DO ESPELHO", "forza riflessa", "44095762"])
def test_new_card_finds_the_card_by_any_official_name_or_its_passcode(kb, names, query, capsys):
    assert _new(kb, query, "--names", str(names)) == 0
    text = (kb / "cards" / "mirror-force.yaml").read_text(encoding="utf-8")
    data = parse(text, "mirror-force.yaml").data
    assert data["passcode"] == "44095762" and data["card_type"] == "trap"
    assert data["names"] == {"es": "Fuerza de Espejo", "pt": "Força do Espelho", "it": "Forza Riflessa", "en": "Mirror Force"}
    assert "filled in from the name table" in capsys.readouterr().out


def test_new_card_folds_accents_and_names_the_file_after_the_english_name(kb, names):
    assert _new(kb, "hada de la inyeccion lily", "--names", str(names)) == 0
    data = parse((kb / "cards" / "injection-fairy-lily.yaml").read_text(encoding="utf-8"), "x").data
    assert data["names"]["es"] == "Hada de la Inyección Lily"


def test_new_card_writes_a_name_with_an_apostrophe_as_plain_text(kb, names):
    assert _new(kb, "Honest", "--names", str(names)) == 1  # the fixture already has it: never overwritten
    (kb / "cards" / "honest.yaml").unlink()
    assert _new(kb, "l'onesto", "--names", str(names)) == 0
    text = (kb / "cards" / "honest.yaml").read_text(encoding="utf-8")
    assert "  it: L'Onesto\n" in text


def test_new_card_records_a_video_game_only_name_as_absent(kb, names, capsys):
    assert _new(kb, "Limit Reverse", "--names", str(names)) == 0
    data = parse((kb / "cards" / "limit-reverse.yaml").read_text(encoding="utf-8"), "x").data
    assert data["names"]["pt"] is None and data["absent"] == {"pt": "video-game-only"}


def test_new_card_asks_for_the_passcode_when_a_name_has_several(kb, names, capsys):
    assert _new(kb, "Mago Oscuro", "--names", str(names)) == 2
    err = capsys.readouterr().err
    assert "one card printed with several passcodes" in err and "add --passcode DIGITS" in err
    assert not (kb / "cards" / "dark-magician.yaml").exists()
    assert _new(kb, "Mago Oscuro", "--passcode", "46986414", "--names", str(names)) == 0
    assert "passcode: '46986414'" in (kb / "cards" / "dark-magician.yaml").read_text(encoding="utf-8")


def test_new_card_of_an_unknown_name_writes_the_blank_template_and_says_why(kb, names, capsys):
    assert _new(kb, "Fuerza Espejo Falsa", "--names", str(names)) == 0
    out = capsys.readouterr().out
    assert "no card named 'Fuerza Espejo Falsa' in the name table" in out
    assert (kb / "cards" / "fuerza-espejo-falsa.yaml").read_text(encoding="utf-8").endswith(card_template("fuerza-espejo-falsa"))


def test_new_card_without_a_name_table_writes_the_blank_template(kb, capsys):
    assert _new(kb, "Mirror Force") == 0
    assert "no name table found" in capsys.readouterr().out
    assert "names:\n  es: ''\n" in (kb / "cards" / "mirror-force.yaml").read_text(encoding="utf-8")


def test_new_card_with_a_missing_names_file_is_an_error(kb, tmp_path, capsys):
    assert _new(kb, "Mirror Force", "--names", str(tmp_path / "nope.tsv.gz")) == 1
    assert "no such name table" in capsys.readouterr().err


def test_names_option_is_only_for_cards(kb, names, capsys):
    assert main(["new", "ruling", "X", "--kb", str(kb), "--names", str(names)]) == 2


@pytest.mark.shared
def test_every_official_name_is_written_so_that_the_strict_loader_reads_it_back():
    if not SHARED_NAMES.is_file():
        pytest.skip("../shared/data/cardnames.tsv is absent")
    lines = SHARED_NAMES.read_text(encoding="utf-8").splitlines()[1:]
    names = sorted({n for line in lines for n in line.split("\t")[1:] if n})
    assert len(names) > 10_000
    read = parse("".join(f"- {yaml_str(n)}\n" for n in names), "names.yaml").data
    wrong = [(n, got) for n, got in zip(names, read) if got != n]
    assert wrong == []


# ---- the contributor's path, end to end ----------------------------------------------------

def test_contributor_path_from_new_card_to_its_page_on_the_site(kb, names, tmp_path, capsys):
    # 1. scaffold the card from any of its names
    assert _new(kb, "fuerza de espejo", "--names", str(names)) == 0
    listed = capsys.readouterr().out
    assert "fill in these blanks" in listed and "  - timings.substep" in listed
    path = kb / "cards" / "mirror-force.yaml"

    # 2. check fails and says, for each blank, where it is and what to write
    assert main(["check", "--kb", str(kb)]) == 1
    out = capsys.readouterr().out
    assert "mirror-force.yaml:12:14: timings.0.substep: '' is not in the expected form → a substep id is" in out
    assert "timings.0.role: '' is not an allowed value → allowed: activates, triggers" in out
    for lang in ("es", "pt", "it", "en"):
        assert f"timings.0.note.{lang}: '' is not in the expected form → write the text" in out
    assert "timings.0.sources.0 must be a source id" in out

    # 3. the contributor fills the blanks in the editor
    text = path.read_text(encoding="utf-8")
    for blank, value in FILLED_TIMING.items():
        assert blank in text
        text = text.replace(blank, value, 1)
    path.write_text(text, encoding="utf-8")

    # 4. check passes, and the file is already in canonical form
    assert main(["check", "--kb", str(kb)]) == 0
    assert main(["fmt", "--check", str(kb)]) == 0
    capsys.readouterr()

    # 5. the card has its page in every language of a real site build
    from ygorules.site.build import build

    site = tmp_path / "site"
    build(kb, site_dir=site, build_dir=tmp_path / "build", quiet=True)
    for lang, name in {"es": "Fuerza de Espejo", "pt": "Força do Espelho", "it": "Forza Riflessa", "en": "Mirror Force"}.items():
        page = site / lang / "cards" / "mirror-force" / "index.html"
        assert page.is_file(), page
        assert name in page.read_text(encoding="utf-8")


def test_a_blank_card_tells_the_contributor_to_fill_its_names_passcode_and_type(kb, capsys):
    assert _new(kb, "Mirror Force") == 0
    capsys.readouterr()
    assert main(["check", "--kb", str(kb)]) == 1
    out = capsys.readouterr().out
    assert "passcode: '' is not in the expected form" in out
    assert "card_type: '' is not an allowed value → allowed: monster, spell, trap, archetype" in out
    for lang in ("es", "pt", "it", "en"):
        assert f"names.{lang} is empty" in out
