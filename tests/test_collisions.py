"""A spelling with collides_with: lookup shows both cards; translate writes the card the writers meant."""
import shutil
from pathlib import Path

from ygorules.names.index import load_index
from ygorules.names.translate import translate

MINI = Path(__file__).parent / "fixtures" / "mini-kb"

KEEPER = """id: royal-keeper
passcode: '16509093'
card_type: monster
names: {es: Guardián Real, pt: null, it: Custode Reale, en: Royal Keeper}
absent: {pt: video-game-only}
spellings:
  - {text: Guardia Real, lang: es, kind: fan-translation, source: test-article, where: L60, collides_with: royal-guard}
"""
GUARD = """id: royal-guard
passcode: '39239728'
card_type: monster
names: {es: null, pt: null, it: null, en: Royal Guard}
absent: {es: video-game-only, pt: video-game-only, it: video-game-only}
spellings:
  - {text: Guardia Real, lang: es, kind: video-game, source: test-article, where: L60}
"""


def _index(tmp_path, guard=GUARD):
    kb = tmp_path / "kb"
    shutil.copytree(MINI, kb)
    (kb / "cards" / "royal-keeper.yaml").write_text(KEEPER, encoding="utf-8")
    (kb / "cards" / "royal-guard.yaml").write_text(guard, encoding="utf-8")
    return load_index(kb, None, use_cache=False)


def test_lookup_reports_both_cards_the_meant_one_first(tmp_path):
    result = _index(tmp_path).lookup("guardia real")
    assert result.ambiguous
    assert [m.entry.id for m in result.matches[:2]] == ["royal-keeper", "royal-guard"]


def test_translate_writes_the_meant_card_and_lists_the_other(tmp_path):
    out, spans = translate(_index(tmp_path), 'El "Guardia Real" ataca.', "es", "en")
    assert out == 'El "Royal Keeper" ataca.'
    assert spans[0].alternatives == ["royal-guard"]


def test_an_official_name_never_yields_to_an_old_spelling(tmp_path):
    guard = GUARD.replace("names: {es: null,", "names: {es: Guardia Real,").replace("absent: {es: video-game-only, ", "absent: {")
    guard = guard.split("spellings:")[0]
    out, _ = translate(_index(tmp_path, guard), "El Guardia Real ataca.", "es", "en")
    assert out == "El Royal Guard ataca."
