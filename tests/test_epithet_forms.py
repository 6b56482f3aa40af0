"""A given name and its epithet written without the article between (index._extra_forms, issue 24): "Slyfer drago del
cielo" for Slifer il Drago del Cielo. The cards and sentences are made up."""
from __future__ import annotations

import pytest

from _names_fixtures import card_spans, small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
7601\tZarvok the Sky Tyrant\tZarvok el Tirano del Cielo\tZarvok o Tirano do Céu\tZarvok il Tiranno del Cielo\tMonster\t20
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("epithet-forms"), POOL)


@pytest.mark.parametrize("text, lang, name", [
    ("No me digas que ese es Zarvok tirano del cielo.", "es", "Zarvok tirano del cielo"),
    ("Oh, quello è Zarvokk tiranno del cielo!", "it", "Zarvokk tiranno del cielo"),  # misspelt too
    ("Ele invocou Zarvok Tirano do Céu no fim.", "pt", "Zarvok Tirano do Céu"),
])
def test_a_given_name_and_its_epithet_without_the_article_are_the_whole_name(index, text, lang, name):
    assert card_spans(index, text, lang) == [(name, "7601")]
