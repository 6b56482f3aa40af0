"""The site shows each card's own condition: on the timing pages (acts here / may be activated here) and on the card pages."""
import re
import shutil

import pytest
from ygorules.core.kb import load_kb
from ygorules.site import i18n
from ygorules.site.pages import SiteGen
from ygorules.site.testing import FIXTURE_KB

FACTS = {  # card → its facts block in the copy of the site fixture
    "mirror-force": "facts:\n  property: normal\n  effects:\n    - {kind: card-activation, speed: 2, when: attack-declared, player: opponent}\n",
    "necro-gardna": "facts:\n  monster: [effect]\n  effects:\n    - {kind: quick, speed: 2, turn: opponents, from: [graveyard]}\n",
    "bait-doll": "facts:\n  property: normal\n  effects:\n    - {kind: card-activation, speed: 2, when: damage-step, changes_atk_def: true,"
                 " text_differs: {from: ocg, follows: ocg}}\n",
}


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    root = tmp_path_factory.mktemp("site") / "kb"
    shutil.copytree(FIXTURE_KB, root)
    for card, block in FACTS.items():
        path = root / "cards" / f"{card}.yaml"
        text = path.read_text(encoding="utf-8")
        path.write_text(re.sub(r"^facts:\n(?:  .*\n)*", block, text, count=1, flags=re.M), encoding="utf-8")
    kb = load_kb(root)
    mo = tmp_path_factory.mktemp("locale")
    i18n.compile_all(mo)
    return {lang: SiteGen(kb, lang, i18n.translations(lang, mo)).pages() for lang in ("es", "en")}


def _group(text, label):
    start = text.index(f"<strong>{label}</strong>")
    return text[start:text.index("</p>", start)]


def test_the_timing_page_gives_each_card_its_own_condition(pages):
    text = pages["en"]["substeps/battle-step.attack-declaration.md"]
    acts, may = _group(text, "Act here (their own moment)"), _group(text, "May be activated here")
    assert "Mirror Force</a> (only if an opponent's monster declares an attack)" in acts
    assert "Necro Gardna</a> (only if it is your opponent's turn and this card is in your GY)" in may
    es = pages["es"]["substeps/battle-step.attack-declaration.md"]
    assert "(solo si un monstruo de tu adversario declara un ataque)" in es
    assert "(solo si es el turno de tu adversario y esta carta está en tu Cementerio)" in es


def test_the_card_page_shows_the_condition_and_which_text_it_follows(pages):
    text = pages["es"]["cards/necro-gardna.md"]
    block = text[text.index('id="activation"'):text.index("</section>")]
    assert "solo si</span> es el turno de tu adversario y esta carta está en tu Cementerio" in block
    doll = pages["en"]["cards/bait-doll.md"]
    block = doll[doll.index('id="activation"'):doll.index("</section>")]
    assert "this answer follows the OCG text" in block


def test_its_own_moment_is_never_next_to_a_no(pages):
    # es round-2 review: «no (su propio momento)» contradicted itself (Honest during damage calculation)
    for lang, own in (("en", "its own moment"), ("es", "su propio momento")):
        text = pages[lang]["cards/bait-doll.md"]
        rows = re.findall(r'<tr class="ygo-answer__row ygo-answer__row--(\w[\w-]*)">(.*?)</tr>', text)
        assert any(v == "only-if" and own in r for v, r in rows)  # before damage calculation: its moment, allowed
        assert [r for v, r in rows if v == "no" and own in r] == []
        assert any(v == "no" for v, r in rows)


def test_a_card_never_printed_is_listed_by_the_name_the_sources_use_not_its_file_id(tmp_path, pages):
    # round-2 reviews (es, pt, it): «royal-guard (nombre en inglés)» on every timing page
    root = tmp_path / "kb"
    shutil.copytree(FIXTURE_KB, root)
    (root / "cards" / "unprinted-guard.yaml").write_text(
        "# yaml-language-server: $schema=../../../../schema/card.schema.json\n"
        "id: unprinted-guard\npasscode: '39239728'\ncard_type: monster\nfacts:\n  monster: [normal]\n  effects: []\n"
        "names: {es: null, pt: null, it: null, en: null}\n"
        "absent: {es: video-game-only, pt: video-game-only, it: video-game-only, en: video-game-only}\n"
        "spellings:\n  - {text: Guardia Imaginaria, lang: es, kind: video-game, source: fuentealba-battle-phase-es, where: L60}\n",
        encoding="utf-8")
    kb = load_kb(root)
    mo = tmp_path / "locale"
    i18n.compile_all(mo)
    text = SiteGen(kb, "es", i18n.translations("es", mo)).pages()["substeps/battle-step.attack-declaration.md"]
    assert "Guardia Imaginaria</a> <span" in text and "(solo en videojuegos)" in text
    assert ">unprinted-guard<" not in text
