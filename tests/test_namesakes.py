"""Cards named as a product is (issue 24): "Generation Force", "Lord of the Tachyon Galaxy", "Duelist Alliance" are
each a card and a booster set, and real text names the set far more often ("Ahora que Fuerza Generación y Turbo Pack 6
han salido"). The yaml-yugi import lists every product (set) name of the cards' printings in the table
(names/table.py ``@product`` rows), the index knows the cards so named (names/index.py ``namesakes``), and translate
reads such a name as the card only where the words around it say so (names/evidence.py ``_namesake``)."""
from __future__ import annotations

import json

import pytest

from _names_fixtures import small_index
from ygorules.cli import main
from ygorules.core.errors import YgoError
from ygorules.names import table as nametable
from ygorules.names.index import namesakes
from ygorules.names.translate import Translator

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
87890143\tGeneration Force\tFuerza Generación\tForça da Geração\tForza Generazione\tSpell\t12
44466810\tLord of the Tachyon Galaxy\tSeñor de la Galaxia Taquiónica\tSenhor da Galáxia Taquiônica\tSignore della Galassia Tachionica\tMonster\t4
98502113\tPot of Duality\tOlla de la Dualidad\tPote da Dualidade\tVaso della Dualità\tSpell\t9
"""
PRODUCTS = ["Generation Force", "Lord of the Tachyon Galaxy", "Turbo Pack: Booster Six"]


@pytest.fixture
def index(tmp_path):
    return small_index(tmp_path, POOL, "", products=PRODUCTS)


def cards(index, text: str, src: str = "es") -> tuple:
    tr = Translator(index, src, "en")
    return [s.text for s in tr.spans(text) if s.kind == "card"], [s.text for s, why in tr.held if why.startswith("a product's")]


def test_the_cards_named_as_a_product_is():
    table = nametable.NameTable([nametable.CardRecord("1", "spell", {"en": "Generation Force"}),
                                 nametable.CardRecord("2", "spell", {"en": "Pot of Duality"}),
                                 nametable.CardRecord("3", "monster", {"en": "Lord of the Tachyon-Galaxy"})],
                                products=["Generation Force", "Lord of the Tachyon Galaxy", "Duality Pack"])
    assert namesakes(table) == {"1", "3"}  # (as the folded names compare; a product's word alone is no card's name)
    assert namesakes(nametable.NameTable(table.cards)) == set()


@pytest.mark.parametrize("text", [
    "Ahora que Fuerza Generación y Turbo Pack 6 han salido, vas a ver cartas nuevas.",
    "Encontrando pistas en Turbo Pack 6 y Fuerza Generación.",
    "las nuevas cartas que salieron en Señor de la Galaxia Taquiónica son buenas",
    "Lord of the Tachyon Galaxy, uno de los mejores sets del año",
    "Este guerrero debutó en el set de cartas «Fuerza Generación» en 2011.",  # a word for cards after a product's word
])
def test_a_namesake_without_card_words_is_the_set(index, text):
    got, held = cards(index, text)
    assert got == [] and len(held) == 1


@pytest.mark.parametrize("text, name", [
    ("En mi deck uso 3 Fuerza Generación y gano.", "Fuerza Generación"),
    ("Luego activo la carta Fuerza Generación para robar.", "Fuerza Generación"),
    ("Su efecto es como la carta «Fuerza Generación».", "Fuerza Generación"),
    ("En el main juego Fuerza Generación x2 con otras cartas.", "Fuerza Generación"),
    ("Uso cartas como Olla de la Dualidad, Fuerza Generación y otras.", "Fuerza Generación"),
])
def test_a_namesake_after_a_card_word_or_a_count_or_in_a_list_of_cards_is_the_card(index, text, name):
    got, held = cards(index, text)
    assert name in got and held == []


def test_a_namesake_on_its_own_line_in_a_list_of_cards_is_the_card(index):
    got, held = cards(index, "Mágicas:\nOlla de la Dualidad\nFuerza Generación x2\n\nTrampas:", "es")
    assert got == ["Olla de la Dualidad", "Fuerza Generación"] and held == []
    got, held = cards(index, "Fuerza Generación\n\nEl set trae cartas nuevas.", "es")  # (a heading alone: the set)
    assert got == [] and held == ["Fuerza Generación"]


def test_without_products_in_the_table_the_name_is_read_as_before(tmp_path):
    got, held = cards(small_index(tmp_path, POOL, ""), "Ahora que Fuerza Generación y Turbo Pack 6 han salido, vas a ver "
                                                       "cartas nuevas.")
    assert got == ["Fuerza Generación"] and held == []


def _card(folder, passcode: int, en: str, sets: dict):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{passcode}.json").write_text(json.dumps({
        "password": passcode, "konami_id": passcode % 100000, "card_type": "Spell",
        "name": {"en": en, "es": en + " (es)", "pt": None, "it": None}, "sets": sets}), encoding="utf-8")


def test_the_yaml_yugi_import_lists_the_products_of_every_printing(tmp_path, capsys):
    cards_dir = tmp_path / "yy" / "data" / "cards"
    _card(cards_dir, 87890143, "Generation Force", {
        "en": [{"set_number": "GENF-EN058", "set_name": "Generation Force", "rarities": ["Common"]}],
        "es": [{"set_number": "GENF-SP058", "set_name": "Generation Force", "rarities": ["Common"]},
               {"set_number": "X", "set_name": "  Generation Force: Special Edition "}],
        "ja": None})
    _card(cards_dir, 98502113, "Pot of Duality", {"en": [{"set_number": "RYMP-EN055", "set_name": "Ra Yellow Mega Pack"}]})
    table, notes = nametable.import_yaml_yugi(tmp_path / "yy")
    assert table.products == ["Generation Force", "Generation Force: Special Edition", "Ra Yellow Mega Pack"]
    assert "3 product (set) names" in notes
    out = tmp_path / "names.tsv.gz"
    assert main(["names", "import", "yaml-yugi", str(tmp_path / "yy"), "--no-facts", "-o", str(out)]) == 0
    assert "wrote 2 cards and 3 products to" in capsys.readouterr().out
    back = nametable.load_table(out)
    assert back.products == table.products and namesakes(back) == {"87890143"}


def test_product_rows_round_trip_and_older_tables_still_load(tmp_path):
    table = nametable.NameTable([nametable.CardRecord("87890143", "spell", {"en": "Generation Force"}, printings=3)],
                                products=["Generation Force", "Duelist Alliance"])
    text = nametable.dumps(table)
    assert text.startswith(nametable.MAGIC + "\n") and "@product\tproduct\t\t\t\tDuelist Alliance\t\t\t\n" in text
    assert nametable.parse(text, "t").products == ["Duelist Alliance", "Generation Force"]
    v3 = text.replace(nametable.MAGIC, nametable.MAGIC_V3).split("@product")[0]
    old = nametable.parse(v3, "t")
    assert old.products == [] and old.cards[0].names["en"] == "Generation Force"


def test_a_product_row_without_a_name_is_a_damaged_row(tmp_path):
    text = nametable.MAGIC + "\n" + "\t".join(nametable.COLUMNS) + "\n@product\tproduct\t\t\t\t\t\t\t\n"
    with pytest.raises(YgoError) as exc:
        nametable.parse(text, "t.tsv")
    assert exc.value.problems[0].line == 3


@pytest.mark.parametrize("text, src, name", [
    ("Comparemos esto con Olla de la Dualidad de Fuerza Generación: se activa igual.", "es", "Olla de la Dualidad"),
    ("O Pote da Dualidade de Força da Geração ainda é bom.", "pt", "Pote da Dualidade"),
])
def test_a_card_of_a_set_named_as_a_card_is_the_card_from_that_set(index, text, src, name):
    # "X de <a card's name>" is one longer name (evidence._of_card), but a name that is also a set's is the set X is from
    got, _ = cards(index, text, src)
    assert name in got, got


def test_a_card_of_another_cards_name_is_a_longer_name(tmp_path):
    index = small_index(tmp_path, POOL, "")  # (no products listed: Generation Force is a card only)
    got, _ = cards(index, "Comparemos esto con Olla de la Dualidad de Fuerza Generación: se activa igual.")
    assert "Olla de la Dualidad" not in got, got
