"""Figures of the myths that cards are named after (issue 24): in a text that tells a myth, "Zeus", "Horus", "Odín",
"Medusa" and "los Aesir" are the gods, the monster and the gods' tribe, not Divine Arsenal AA-ZEUS - Sky Thunder,
Horus the Black Flame Dragon LV8, Odin, Father of the Aesir, Jellyfish or the Aesir series.

``figure`` reads a card or series name of one word that is a figure's name (``FIGURES``, in the spellings of the four
languages) as the figure where a word of myths (``MYTH_WORDS``: god, goddess, myth, titan, pantheon…) or another
figure ("Metis y Zeus … Cronos") stands within ``WINDOW`` words of it and no word of the game does (``evidence._game_word``: a card, a deck, a monster, to summon,
to play…), nor quotes around it: "Perseo, hijo de Zeus, padre de los dioses" is the god; "los dioses nórdicos del deck
Aesir: Odin y Loki" and "el dios 'Zeus'" in quotes stay cards. The
Egyptian Gods of the game are cards that writers call gods ("Ra, el dios egipcio"): their names are no figures here.
"""
from __future__ import annotations

from bisect import bisect_left

from . import mentions

FIGURES = frozenset("""
zeus hera atenea atena athena atene apolo apollo apollon artemisa artemis artemide ares afrodita afrodite aphrodite
hermes ermes poseidon posidone hades ade hefesto efesto hephaestus dioniso dionisio dionysus demeter demetra hestia estia
gaia gea urano crono cronos kronos rea titanes medusa perseo perseu perseus prometeo prometeu prometheus pegaso pegasus
quimera chimera hidra idra hydra cerbero cerberus minotauro minotaur tifon typhon equidna echidna
odin odino thor loki freya freyja frigg balder baldr heimdall tyr fenrir fenris jormungandr sleipnir hugin huginn munin
muninn yggdrasil ragnarok bifrost asgard midgard aesir vanir valquiria valkiria valkyrie surtr ymir
gungnir mjolnir mjollnir draupnir gleipnir laevateinn megingjord brisingamen svalinn tanngnjostr tanngrisnir gullinbursti
guldfaxe garm garmr skoll hati ratatoskr nidhogg nidhoggr valhalla valhala
osiris osiride isis iside horus horo anubis anubi seth set thot toth ptah amon bastet sekhmet hathor maat apofis apep
nut geb shu tefnut neftis nephthys
izanagi izanami amaterasu susanoo susanowo susanoh tsukuyomi kagutsuchi raijin fujin inari hachiman orochi
quetzalcoatl tezcatlipoca huitzilopochtli tlaloc xiuhtecuhtli mictlantecuhtli coatlicue kukulkan itzamna
indra shiva vishnu brahma agni ganesha garuda
""".split())
"""The figures of Greek, Norse, Egyptian, Japanese, Aztec, Maya and Hindu myths, folded, that card names or nicknames are
made of. Not Ra, Obelisk or Slifer's names of the Egyptian Gods: the game's own gods, which writers call gods."""
MYTH_WORDS = frozenset("""
dios diosa dioses diosas deus deusa deuses deusas dio dea dei dee god gods goddess goddesses divinidad divindade
divinita deidad deidades deidade deita deity deities kami shinto sintoismo scintoismo mitologia mitologico mitologica mitologicos mitologicas mitologici mitologiche
mythology mythological mito mitos miti myth myths titan titanes titas titani titans semidios semideus semidio demigod
panteon panteao pantheon olimpo olympus
""".split())
"""Words of myths (folded): a god, a goddess, a myth, a titan, a pantheon."""
_MYTHS = MYTH_WORDS | FIGURES
"""(A word of myths or another figure near a figure: ``figure``.)"""
WINDOW = 20
"""How many words before or after a figure's name a word of myths or another figure may stand."""
FIGURE = "a figure of myths"
"""How ``figure``'s reason begins."""


def figure(tr, text: str, s, i: int, j: int, game_word) -> str | None:
    """Why the span ``s`` of words ``i`` to ``j`` (one word, perhaps after its article) is the figure of myths it names
    and not a card or series (the module doc), or None. ``game_word``: whether a folded word is a word of the game
    (``evidence._game_word``, passed in: evidence imports this module)."""
    words = tr._words
    if words[j] not in FIGURES or j - i > 1 or (j > i and words[i] not in mentions.FUNCTION_WORDS.get(tr.src, ())):
        return None
    if mentions.quoted(text, s.start, s.end):
        return None
    present = tr.__dict__.get("_myth_at")
    if present is None or present[0] is not words:  # (the positions of the text's words of myths and figures, once a text)
        present = tr._myth_at = (words, mentions.positions_of(tr, _MYTHS))
    at = present[1]
    k = bisect_left(at, i - WINDOW)
    while k < len(at) and i <= at[k] <= j:
        k += 1  # (the figure itself: another word of myths, or another figure, must stand near it)
    if not (k < len(at) and at[k] <= j + WINDOW):
        return None
    if any(map(game_word, words[max(0, i - WINDOW):j + WINDOW + 1])):
        return None  # a word of the game near it: a deck of the gods' cards ("los Aesir, dioses nórdicos del deck")
    return f"{FIGURE} ('{tr._raw[j]}', with '{tr._raw[at[k]]}' near it and no word of the game)"
