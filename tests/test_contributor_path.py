import shutil
from pathlib import Path

import pytest

from ygorules.cli import main
from ygorules.core.loader import parse
from ygorules.names.table import CardRecord, NameTable, write_table
from ygorules.edit.scaffold import card_template, yaml_str

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
FILLED_FACTS_AND_REVIEW = {
    "property: ''": "property: normal",
    "kind: ''": "kind: card-activation",
    "speed: 0": "speed: 2",
    "es: ''": "es: self-reviewed",
    "pt: ''": "pt: self-reviewed",
    "it: ''": "it: self-reviewed",
    "en: ''": "en: self-reviewed",
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


def test_new_card_refuses_a_name_the_table_does_not_know_and_suggests_the_closest(kb, names, capsys):
    assert _new(kb, "Fuerza Espejo Falsa", "--names", str(names)) == 1
    err = capsys.readouterr().err
    assert "no card named 'Fuerza Espejo Falsa' in the name table" in err
    assert "'Fuerza de Espejo' (Mirror Force)" in err and "add --force" in err
    assert not (kb / "cards" / "fuerza-espejo-falsa.yaml").exists()


def test_new_card_with_force_writes_a_card_the_table_lacks_and_warns_about_its_id(kb, names, capsys):
    assert _new(kb, "Fuerza Espejo Falsa", "--names", str(names), "--force") == 0
    out, err = capsys.readouterr()
    assert "is not in the name table" in out
    assert "warning: the id 'fuerza-espejo-falsa' comes from the name you gave (the name table does not know the card)" in err
    assert "rename the file" in err
    assert (kb / "cards" / "fuerza-espejo-falsa.yaml").read_text(encoding="utf-8").endswith(card_template("fuerza-espejo-falsa"))


# ---- new refuses duplicates -----------------------------------------------------------------

@pytest.mark.parametrize("query, matched", [
    ("Honest", "'Honest' is the en official name 'Honest'"),
    ("honesto", "'honesto' is the es official name 'Honesto'"),
    ("L'ONESTO", "'L'ONESTO' is the it official name 'L'Onesto'"),
    ("Honset", "'Honset' is close to the en official name 'Honest' (a misspelling?)"),
    ("Honnest", "'Honnest' is close to the en official name 'Honest' (a misspelling?)"),
    ("Honestto", "'Honestto' is close to the es official name 'Honesto' (a misspelling?)"),
])
def test_new_card_refuses_a_card_the_kb_holds_under_any_name_or_a_misspelling(kb, query, matched, capsys):
    before = sorted(p.name for p in (kb / "cards").iterdir())
    assert _new(kb, query) == 1
    err = capsys.readouterr().err
    assert f"the KB already holds this card: {kb / 'cards' / 'honest.yaml'}" in err
    assert matched in err
    assert "edit this file instead" in err and "--force" in err
    assert sorted(p.name for p in (kb / "cards").iterdir()) == before


def test_a_refused_duplicate_points_to_the_line_of_the_matched_name(kb, capsys):
    assert _new(kb, "Honesto") == 1
    assert f"{kb / 'cards' / 'honest.yaml'}:6:7: 'Honesto' is the es official name" in capsys.readouterr().err


def test_new_card_refuses_a_spelling_the_kb_records(kb, capsys):
    card = kb / "cards" / "honest.yaml"
    card.write_text(card.read_text(encoding="utf-8").replace(
        "spellings: []", "spellings:\n  - text: Onestone\n    lang: it\n    kind: misspelling\n"
                         "    source: damage-step-it\n    where: L2"), encoding="utf-8")
    assert main(["check", "--kb", str(kb)]) == 0
    capsys.readouterr()
    assert _new(kb, "onestone") == 1
    assert "'onestone' is the it spelling (misspelling) 'Onestone'" in capsys.readouterr().err


def test_new_card_with_a_table_refuses_the_card_by_its_other_names_and_its_passcode(kb, names, capsys):
    for query in ("Honesto", "37742478"):
        assert _new(kb, query, "--names", str(names)) == 1
        assert "the KB already holds this card" in capsys.readouterr().err


def test_a_longer_name_that_contains_a_kb_name_is_another_card(kb, capsys):
    assert _new(kb, "Honest Man") == 0
    assert (kb / "cards" / "honest-man.yaml").is_file()


def test_force_writes_a_card_the_kb_seems_to_hold_but_never_overwrites_a_file(kb, capsys):
    assert _new(kb, "Honset", "--force") == 0
    err = capsys.readouterr().err
    assert "--force: written although the KB holds 'Honset' as honest" in err
    assert (kb / "cards" / "honset.yaml").is_file()
    original = (kb / "cards" / "honest.yaml").read_text(encoding="utf-8")
    assert _new(kb, "Honest", "--force") == 1
    assert "already exists (id 'honest')" in capsys.readouterr().err
    assert (kb / "cards" / "honest.yaml").read_text(encoding="utf-8") == original


def test_without_a_table_the_id_comes_from_the_name_given_and_a_warning_says_how_to_rename(kb, capsys):
    assert _new(kb, "Cilindro Mágico") == 0
    out, err = capsys.readouterr()
    assert "created" in out and "cilindro-magico.yaml" in out
    assert "warning: the id 'cilindro-magico' comes from the name you gave (no name table is imported)" in err
    assert "ids are slugs of the official English name" in err and "change its `id:`" in err


def test_a_passcode_without_a_table_is_a_usage_error(kb, capsys):
    assert _new(kb, "44095762") == 2
    assert "only a name table can tell which card it is" in capsys.readouterr().err
    assert not list((kb / "cards").glob("4409*"))


@pytest.fixture
def mini_kb(tmp_path, monkeypatch):
    root = tmp_path / "mini"
    shutil.copytree(FIXTURE.parent / "mini-kb", root)
    monkeypatch.setenv("YGORULES_NAMES", str(tmp_path / "absent-names.tsv.gz"))
    monkeypatch.setenv("YGORULES_CACHE", str(tmp_path / "cache"))
    return root


@pytest.mark.parametrize("query, matched", [
    ("Damage Step", "official name 'Damage Step'"),
    ("paso de dano", "'paso de dano' is the es community form 'Paso de Daño'"),
    ("Etapa de Dani", "'Etapa de Dani' is close to the pt "),
])
def test_new_term_refuses_a_term_the_glossary_holds_by_name_or_variant(mini_kb, query, matched, capsys):
    assert main(["new", "term", query, "--kb", str(mini_kb)]) == 1
    err = capsys.readouterr().err
    assert "the KB already holds this term" in err and "terms/damage-step.yaml" in err
    assert matched in err


def test_new_term_writes_a_term_the_glossary_lacks(mini_kb, capsys):
    assert main(["new", "term", "Direct Attack", "--kb", str(mini_kb)]) == 0
    assert (mini_kb / "terms" / "direct-attack.yaml").is_file()


@pytest.mark.parametrize("kind, name, path", [
    ("ruling", "Test ruling", "rulings/test-ruling.yaml"),
    ("example", "Test example", "examples/test-example.yaml"),
    ("source", "Test article", "sources/test-article.yaml"),
])
def test_new_refuses_an_existing_id_and_names_its_file(mini_kb, kind, name, path, capsys):
    original = (mini_kb / path).read_text(encoding="utf-8")
    assert main(["new", kind, name, "--kb", str(mini_kb)]) == 1
    err = capsys.readouterr().err
    assert f"{mini_kb / path} already exists" in err and "edit it instead" in err
    assert (mini_kb / path).read_text(encoding="utf-8") == original


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
    assert "  - facts.property" in listed and "  - review.es" in listed and "note: facts:" in listed
    path = kb / "cards" / "mirror-force.yaml"

    # 2. check fails and says, for each blank, where it is and what to write
    assert main(["check", "--kb", str(kb)]) == 1
    out = capsys.readouterr().out
    assert "mirror-force.yaml:17:14: timings.0.substep: '' is not in the expected form → a substep id is" in out
    assert "facts.property: '' is not an allowed value → allowed: normal, quick-play" in out
    assert "facts.effects.0.speed must be at least 1" in out
    for lang in ("es", "pt", "it", "en"):
        assert f"review.{lang}: '' is not an allowed value → allowed: machine-draft, self-reviewed, native-reviewed" in out
    assert "timings.0.role: '' is not an allowed value → allowed: activates, triggers" in out
    for lang in ("es", "pt", "it", "en"):
        assert f"timings.0.note.{lang}: '' is not in the expected form → write the text" in out
    assert "timings.0.sources.0 must be a source id" in out

    # 3. the contributor fills the blanks in the editor
    text = path.read_text(encoding="utf-8")
    for filled in (FILLED_TIMING, FILLED_FACTS_AND_REVIEW):
        for blank, value in filled.items():
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
        page = site / lang / "cards" / "mirror-force.html"
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


def test_new_with_an_empty_name_or_a_missing_kb_folder_is_a_clear_error(kb, tmp_path, capsys):
    assert main(["new", "card", "  ", "--kb", str(kb)]) == 2
    assert "the name is empty" in capsys.readouterr().err
    assert main(["new", "card", "Waboku", "--kb", str(tmp_path / "nowhere")]) == 1
    err = capsys.readouterr().err
    assert "no such knowledge-base folder" in err and "Traceback" not in err


def test_a_new_source_asks_for_its_locator_and_address_and_passes_check_once_filled(kb, capsys):
    assert main(["new", "source", "Rulebook v10 en", "--kb", str(kb)]) == 0
    out = capsys.readouterr().out
    assert "  - locator" in out and "  - url" in out and "add `extent:`" in out and "`no_url:`" in out
    path = kb / "sources" / "rulebook-v10-en.yaml"
    text = path.read_text(encoding="utf-8")
    for blank, value in {"type: ''": "type: rulebook", "title: ''": "title: Official Rulebook", "lang: ''": "lang: en",
                         "url: ''": "no_url: print-only", "locator: ''": "locator: pages\nextent: 60",
                         "es: ''": "es: El reglamento oficial.", "pt: ''": "pt: O livro de regras oficial.",
                         "it: ''": "it: Il regolamento ufficiale.", "en: ''": "en: The official rulebook."}.items():
        text = text.replace(blank, value, 1)
    text = text.replace("es: ''", "es: self-reviewed").replace("pt: ''", "pt: self-reviewed")
    text = text.replace("it: ''", "it: self-reviewed").replace("en: ''", "en: self-reviewed")
    path.write_text(text, encoding="utf-8")
    assert main(["check", "--kb", str(kb)]) == 0, capsys.readouterr().out
    assert main(["fmt", "--check", str(kb)]) == 0
