"""A card's name that a text gives its column (names/evidence.py ``_columns``, issue 24): "la rubrica X" once makes X the
column wherever the text writes it in the same words; a product's name does not spread so. Card names are made up for
these tests."""
from __future__ import annotations

import pytest

from _names_fixtures import small_index
from test_translate_evidence import found

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
7501\tVelkar Tower\tTorre Velkar\tTorre Velkar\tTorre Velkar\tSpell\t20
7502\tOrbital Lantern\tLinterna Orbital\tLanterna Orbital\tLanterna Orbitale\tSpell\t20
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("columns"), POOL, "")


@pytest.mark.parametrize("text, lang", [
    ("Benvenuti nella rubrica Torre Velkar. Oggi parliamo della Lanterna Orbitale. Alla prossima Torre Velkar!", "it"),
    ("Bienvenidos a la columna Torre Velkar. Hoy hablamos de la Linterna Orbital.\n\nEsta Torre Velkar vuelve el lunes.", "es"),
])
def test_a_columns_name_is_the_column_wherever_the_text_writes_it(index, text, lang):
    spans, held = found(index, text, lang)
    assert "7501" not in [p for _, p in spans], spans
    assert any("the name of a column" in why for _, why in held), held


def test_a_products_name_does_not_spread_to_the_card_elsewhere(index):
    text = "La colección Torre Velkar salió en 2005. Activé la Torre Velkar y gané con la Linterna Orbital."
    spans, held = found(index, text, "es")
    assert [s for s in spans if s[1] == "7501"] == [("Torre Velkar", "7501")], (spans, held)
