"""Names that are no card for what stands around them on their line (names/evidence.py, issue 24): a card's name
followed by a release date in parentheses is a product released that day (``_released_on``: "- Servitore del Faraone
(20 ottobre 2002)" in a list of sets; a card has no day of its own, and a year alone or a count leave the card), and one
that fills a line after a chapter's label is the chapter's title (``_chapter_title``: "Prólogo: La Carta del Destino.").
The cards and sentences are made up."""
from __future__ import annotations

import pytest

from _names_fixtures import cards_and_held as found, small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8601\tServant of the Quorlith\tSirviente del Quorlith\tServo do Quorlith\tServitore del Quorlith\tMonster\t9
"""


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return small_index(tmp_path_factory.mktemp("release-date"), POOL)


@pytest.mark.parametrize("text, src, name", [
    ("In ordine di uscita:\n- Servitore del Quorlith (20 ottobre 2002)\n", "it", "Servitore del Quorlith"),
    ("Las expansiones: Sirviente del Quorlith (8 de marzo de 2002) y otras.", "es", "Sirviente del Quorlith"),
    ("As coleções: Servo do Quorlith (1º de julho de 2003).", "pt", "Servo do Quorlith"),
    ("Sets: Servant of the Quorlith (March 8, 2002), then more.", "en", "Servant of the Quorlith"),
])
def test_a_name_followed_by_a_release_date_is_a_product(index, text, src, name):
    spans, held = found(index, text, src)
    assert name not in spans and any(t == name and "release date" in why for t, why in held), (spans, held)


@pytest.mark.parametrize("text, src, name", [
    ("Uso el Sirviente del Quorlith (2002) en mi mazo.", "es", "Sirviente del Quorlith"),  # a year alone
    ("Uso el Sirviente del Quorlith (x3) en mi mazo.", "es", "Sirviente del Quorlith"),  # a count
    ("Gioco il Servitore del Quorlith (20 copie) da sempre.", "it", "Servitore del Quorlith"),  # no month
])
def test_a_name_followed_by_no_full_date_stays_a_card(index, text, src, name):
    spans, _ = found(index, text, src)
    assert name in spans, spans


@pytest.mark.parametrize("text, src, name", [
    ("Prólogo: El Sirviente del Quorlith.\n— ¡Es mi turno, robo! —gritó.", "es", "Sirviente del Quorlith"),
    ("Capitolo 3: Servitore del Quorlith\nLa storia continua.", "it", "Servitore del Quorlith"),
    ("## Episódio 12: O Servo do Quorlith\nNo episódio de hoje…", "pt", "Servo do Quorlith"),
])
def test_a_name_that_fills_a_line_after_a_chapters_label_is_the_chapters_title(index, text, src, name):
    spans, held = found(index, text, src)
    assert name not in spans and any(t == name and "chapter's title" in why for t, why in held), (spans, held)


@pytest.mark.parametrize("text, src, name", [
    ("Capítulo 3: Sirviente del Quorlith contra todos\nLa historia sigue.", "es", "Sirviente del Quorlith"),  # goes on
    ("Consejo: Sirviente del Quorlith\nÚsalo siempre.", "es", "Sirviente del Quorlith"),  # no chapter's label
])
def test_a_name_after_a_colon_that_is_no_chapters_whole_title_stays_a_card(index, text, src, name):
    spans, _ = found(index, text, src)
    assert name in spans, spans
