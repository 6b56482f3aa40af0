"""A query that writes a sound with other letters, two edits from the name and too far for the fuzzy search, is that
name (``index.respellings``; issue 24): "Slipher" is Slifer. The cards are made up."""
from __future__ import annotations

from _names_fixtures import small_index

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
8901\tZifrel the Sky Serpent\tZifrel la Serpiente del Cielo\tZifrel a Serpente do Céu\tZifrel il Serpente del Cielo\tMonster\t9
8902\tPhalornix\tPhalornix\tPhalornix\tPhalornix\tMonster\t3
"""
NICKS = """passcode\ten\ttext\tlangs\tkind\tsource\tnote
8901\tZifrel the Sky Serpent\tZifrel\tes,pt,it,en\tnickname\t\t
"""


def test_a_sound_written_otherwise_finds_the_name(tmp_path):
    index = small_index(tmp_path, POOL, NICKS)
    for query, want in (("Ziphrel", "8901"), ("Falornix", "8902")):
        top = index.lookup(query).matches
        assert top and top[0].entry.passcodes[0] == want, query
    assert index.lookup("Zuphrelk").matches == []  # (no name so respelt)
