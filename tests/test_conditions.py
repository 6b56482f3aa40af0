"""The condition renderer (core/conditions.py, conditions.yaml): every event, player, subject and turn in es, pt, it, en."""
import itertools
import json
import re
from pathlib import Path

import pytest
from ygorules.core import conditions
from ygorules.core.activation import STEP_TIMINGS, TIMINGS, fact_problems
from ygorules.core.conditions import EVENTS, LANGS, either, render, templates, text_differs
from ygorules.core.model import Card

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = json.loads((ROOT / "schema" / "card.schema.json").read_text(encoding="utf-8"))
EFFECT = SCHEMA["properties"]["facts"]["properties"]["effects"]["items"]["properties"]

# the wording the issue asks for, and the reviewers' fixes (round 2: the activated card is not the one that negates)
EXAMPLES = [
    ({"when": "attack-declared", "player": "opponent"}, {
        "en": "an opponent's monster declares an attack",
        "es": "un monstruo de tu adversario declara un ataque",
        "pt": "um monstro do seu oponente declarar um ataque",
        "it": "un mostro del tuo avversario dichiara un attacco"}),
    ({"when": "battle-damage-inflicted", "subject": {"card": "this-card"}, "player": "opponent"}, {
        "en": "this card inflicts battle damage to your opponent",
        "es": "esta carta inflige daño de batalla a tu adversario",
        "pt": "este card causar dano de batalha ao seu oponente",
        "it": "questa carta infligge danno da combattimento al tuo avversario"}),
    ({"when": "monster-destroyed-and-sent-to-graveyard", "subject": {"face_up": True, "type": "dinosaur", "controller": "you"}}, {
        "en": "a face-up Dinosaur-Type monster you control is destroyed and sent to the GY",
        "es": "un monstruo de Tipo Dinosaurio boca arriba que controles es destruido y mandado al Cementerio",
        "pt": "um monstro do Tipo Dinossauro com a face para cima que você controla for destruído e enviado para o Cemitério",
        "it": "un mostro di Tipo Dinosauro scoperto che controlli viene distrutto e mandato al Cimitero"}),
    ({"when": "spell-activated", "player": "opponent"}, {
        "en": "your opponent activates a Spell Card",
        "es": "tu adversario activa una Carta Mágica",
        "pt": "seu oponente ativar um Card de Magia",
        "it": "il tuo avversario attiva una Carta Magia"}),
    ({"turn": "opponents"}, {
        "en": "it is your opponent's turn",
        "es": "es el turno de tu adversario",
        "pt": "for o turno do seu oponente",
        "it": "è il turno del tuo avversario"}),
    ({"when": "card-activated", "negates_activation": True}, {
        "en": "a card or effect this card can negate is activated",
        "es": "se activa una carta o un efecto que esta carta puede negar",
        "pt": "um card ou efeito que este card pode negar for ativado",
        "it": "viene attivata una carta o un effetto che questa carta può annullare"}),
    ({"when": "flipped"}, {
        "en": "this card is flipped face-up",
        "es": "esta carta es volteada boca arriba",
        "pt": "este card for virado com a face para cima",
        "it": "questa carta viene scoperta"}),
    ({"when": "battle-damage-taken", "player": "you", "subject": {"type": "reptile"}}, {
        "en": "you take battle damage from a battle involving a Reptile-Type monster",
        "es": "recibes daño de batalla de una batalla que involucra a un monstruo de Tipo Reptil",
        "pt": "você sofrer dano de batalha de uma batalha envolvendo um monstro do Tipo Réptil",
        "it": "subisci danno da combattimento da una battaglia che coinvolge un mostro di Tipo Rettile"}),
    ({"when": "this-card-leaves-field", "subject": {"face_up": True}}, {
        "en": "this face-up card leaves the field",
        "es": "esta carta boca arriba deja el campo",
        "pt": "este card com a face para cima deixar o campo",
        "it": "questa carta scoperta lascia il Terreno"}),
    ({"when": "monster-sent-to-graveyard", "player": "you"}, {
        "en": "a monster is sent from the field to your GY",
        "es": "un monstruo es enviado del campo a tu Cementerio",
        "pt": "um monstro for enviado do campo para o seu Cemitério",
        "it": "un mostro viene mandato dal Terreno nel tuo Cimitero"}),
    ({"turn": "opponents", "from": ["graveyard"]}, {
        "en": "it is your opponent's turn and this card is in your GY",
        "es": "es el turno de tu adversario y esta carta está en tu Cementerio",
        "pt": "for o turno do seu oponente e este card estiver no seu Cemitério",
        "it": "è il turno del tuo avversario e questa carta è nel tuo Cimitero"}),
]


@pytest.mark.parametrize("facts,expected", EXAMPLES, ids=[e[1]["en"][:40] for e in EXAMPLES])
def test_the_condition_says_who_and_which_in_every_language(facts, expected):
    assert render(facts) == expected


def test_a_replay_condition_after_the_declaration_names_the_same_subject():
    eff = {"when": "targeted-for-attack", "subject": {"card": "this-card"}}
    at = render(eff, "battle-step.attack-declaration")
    again = render(eff, "battle-step.after-declaration")
    assert at["en"] == "this card is chosen as an attack target"
    assert again == {"en": "a replay makes the attacking monster choose this card as its target again",
                     "es": "una Repetición hace que el monstruo atacante vuelva a elegir esta carta como objetivo",
                     "pt": "um Replay fizer o monstro atacante escolher este card de novo como alvo",
                     "it": "un Replay fa sì che il mostro attaccante scelga di nuovo questa carta come bersaglio"}


def test_gender_agrees_with_the_subject():
    monster = render({"when": "targeted-for-attack"})
    card = render({"when": "targeted-for-attack", "subject": {"card": "this-card"}})
    assert "seleccionado" in monster["es"] and "seleccionada" in card["es"]
    assert "scelto" in monster["it"] and "scelta" in card["it"]
    assert "escolhido" in monster["pt"] and "escolhido" in card["pt"]  # "card" is masculine in Portuguese
    spell = render({"when": "spell-activated"})
    assert spell["it"] == "viene attivata una Carta Magia" and spell["pt"] == "um Card de Magia for ativado"
    assert render({"when": "monster-effect-activated"})["it"] == "viene attivato l'effetto di un mostro"
    assert render({"when": "flipped", "subject": {"face_up": True}})["it"] == "questa carta scoperta viene scoperta"


def test_english_articles_follow_the_next_word():
    assert render({"when": "attack-declared", "subject": {"controller": "opponent"}})["en"].startswith("an opponent's monster")
    assert render({"when": "summoned", "subject": {"position": "attack"}})["en"] == "an Attack Position monster is Summoned"
    assert render({"when": "summoned", "subject": {"attribute": "dark"}})["en"] == "a DARK monster is Summoned"
    assert render({"when": "summoned", "subject": {"attribute": "earth"}})["en"] == "an EARTH monster is Summoned"


def test_names_and_series_come_localized_and_quoted():
    def names(kind, value, lang):
        return {("card", "terrorking-archfiend"): {"es": "Archidemonio Terrorrey", "en": "Terrorking Archfiend"},
                ("series", "Six Samurai"): {"es": "Seis Samuráis"}}.get((kind, value), {}).get(lang)
    named = render({"when": "monster-destroyed", "subject": {"name": "terrorking-archfiend"}}, names=names)
    assert named["es"] == "un “Archidemonio Terrorrey” es destruido" and named["en"] == "a “Terrorking Archfiend” is destroyed"
    assert named["pt"] == "um “terrorking-archfiend” for destruído"  # no name in that language: the facts' value, never another card
    series = render({"when": "summoned", "subject": {"series": "Six Samurai"}}, names=names)
    assert series["es"] == "se Invoca un monstruo “Seis Samuráis”" and series["en"] == "a “Six Samurai” monster is Summoned"


def test_spanish_y_becomes_e_before_an_i_sound():
    assert conditions._es_y("es tu turno y Invocas") == "es tu turno e Invocas"
    assert conditions._es_y("A y hierro") == "A y hierro" and conditions._es_y("A y un") == "A y un"


def test_several_effects_join_with_or_each_once():
    a, b = render({"when": "this-card-destroyed"}), render({"when": "this-card-summoned"})
    joined = either([a, None, b, a])
    assert joined["en"] == "this card is destroyed, or this card is Summoned"
    assert joined["es"] == "esta carta es destruida, o esta carta es Invocada"
    assert either([a]) == a and either([None]) is None and either([]) is None


def test_text_differs_says_which_text_it_follows():
    note = text_differs({"text_differs": {"from": "ocg", "follows": "ocg"}})
    assert note["en"] == "This card's TCG and OCG texts differ; this answer follows the OCG text."
    assert note["es"].endswith("sigue el texto OCG.") and note["pt"].endswith("segue o texto OCG.") and note["it"].endswith("segue il testo OCG.")
    ruled = text_differs({"text_differs": {"from": "ruling", "follows": "ruling", "ruling": "r"}}, names=lambda k, v, lang: f"R-{lang}")
    assert ruled["en"].endswith("follows the ruling (“R-en”).") and "(“R-it”)" in ruled["it"]
    assert text_differs({"kind": "quick"}) is None


# ── every combination, every language: no leftovers ─────────────────────────

SUBJECTS = [None, {"card": "this-card"}, {"card": "this-card", "face_up": True}, {"controller": "you"}, {"controller": "opponent"},
            {"card": "monster", "face_up": True, "type": "winged-beast", "controller": "you"},
            {"attribute": "light", "position": "defense", "controller": "opponent"}, {"monster": ["gemini", "effect"]},
            {"series": "Elemental HERO"}, {"name": "terrorking-archfiend"}, {"card": "spell"}, {"card": "trap", "controller": "opponent"},
            {"card": "spell-or-trap", "face_up": True}, {"card": "card"}]
PLAYERS = [None, "you", "opponent"]
TURNS = [None, "yours", "opponents"]
WHENS = [*EVENTS, "start-step", "damage-step.before-damage-calculation"]
ENGLISH = re.compile(r"\b(the|is|your|you|monster|opponent|destroyed|declares|battles?|turn|damage|GY|field|face-up|Summoned|"
                     r"Spell|Trap|this|and|activates|when|Type|control)\b")
LEFTOVER = re.compile(r"[{}|]|  |^ | $| ,|\b(\w+) \1\b")


def _kind(when):
    return "trigger" if when not in ("card-activated", "spell-activated", "trap-activated", "monster-effect-activated") else "quick"


def _valid(eff):
    card = Card("x", "card", Path("x.yaml"), {}, card_type="monster", facts={"monster": ["effect"], "effects": [eff]})
    return not fact_problems(card)


MOVES = [None, *EFFECT["move"]["enum"]]


def _combinations():
    for when, player, turn, subject in itertools.product(WHENS, PLAYERS, TURNS, SUBJECTS):
        for move in (MOVES if when in conditions.MOVE_EVENTS else [None]):
            eff = {"kind": _kind(when), "speed": 1 if _kind(when) == "trigger" else 2, "when": when}
            for key, value in (("player", player), ("turn", turn), ("subject", subject), ("move", move)):
                if value is not None:
                    eff[key] = value
            if _valid(eff):
                yield eff


COMBINATIONS = list(_combinations())


def test_the_combinations_cover_every_event_player_turn_and_subject():
    assert {e["when"] for e in COMBINATIONS} == set(WHENS)
    assert {e.get("player") for e in COMBINATIONS} == set(PLAYERS) and {e.get("turn") for e in COMBINATIONS} == set(TURNS)
    assert {json.dumps(e.get("subject"), sort_keys=True) for e in COMBINATIONS} == {json.dumps(s, sort_keys=True) for s in SUBJECTS}
    assert {e.get("move") for e in COMBINATIONS if e["when"] == "card-moves"} == set(MOVES)
    assert {e.get("move") for e in COMBINATIONS if e["when"] == "this-card-moves"} == set(MOVES) - {"leaves-field"}
    assert len(COMBINATIONS) > 1500


@pytest.mark.parametrize("lang", LANGS)
def test_every_combination_renders_without_leftovers_in_every_language(lang):
    bad = []
    for eff in COMBINATIONS:
        for timing in (None, "battle-step.after-declaration"):
            text = render(eff, timing)[lang]
            if not text or LEFTOVER.search(text) or (lang != "en" and ENGLISH.search(text.replace("Elemental HERO", "").replace("Xyz", ""))):
                bad.append((eff, text))
    assert bad == []


def test_who_and_which_are_never_dropped():
    for eff in COMBINATIONS:
        text = render(eff)
        subject, player, turn = eff.get("subject") or {}, eff.get("player"), eff.get("turn")
        if turn:
            assert text["en"].startswith("it is your opponent's turn" if turn == "opponents" else "it is your turn"), eff
        if eff["when"] in EVENTS and not eff["when"].startswith("this-card") and eff["when"] not in ("start-of-battle-phase", "end-of-battle-phase", "damage-taken"):
            if subject.get("card") != "this-card" and (subject.get("controller") == "you" or (
                    player == "you" and eff["when"] in conditions.CONTROLLED_BY_PLAYER)):
                assert "you control" in text["en"] and "que controles" in text["es"], eff
            if subject.get("face_up"):
                assert "face-up" in text["en"] and "boca arriba" in text["es"] and "com a face para cima" in text["pt"], eff
            if subject.get("type"):
                assert "Winged Beast-Type" in text["en"] and "Bestia Alada" in text["es"] and "Besta Alada" in text["pt"], eff
            if subject.get("attribute"):
                assert "LIGHT" in text["en"] and "LUZ" in text["es"] and "LUCE" in text["it"], eff
            if subject.get("series"):
                assert "“Elemental HERO”" in text["en"], eff
        if player == "opponent" and eff["when"] not in ("destroys-by-battle",):
            assert "opponent" in text["en"] and ("adversario" in text["es"]) and ("oponente" in text["pt"]) and ("avversario" in text["it"]), eff


def test_the_players_of_an_event_read_differently():
    for when in ("battle-damage-taken", "damage-taken", "card-activated", "summoned", "battle-damage-inflicted"):
        texts = {p: render({"when": when, **({"player": p} if p else {})})["en"] for p in PLAYERS}
        assert len(set(texts.values())) == 3, texts
    for move in ("drawn", "added-to-hand"):
        texts = {p: render({"when": "card-moves", "move": move, **({"player": p} if p else {})})["en"] for p in PLAYERS}
        assert len(set(texts.values())) == 3, texts


@pytest.mark.parametrize("eff,en,es", [
    ({"when": "this-card-moves", "move": "banished"}, "this card is banished", "esta carta es desterrada"),
    ({"when": "this-card-moves", "move": "position"}, "this card changes its battle position", "esta carta cambia de posición de batalla"),
    ({"when": "this-card-moves"}, "this card changes location, battle position or control",
     "esta carta cambia de ubicación, de posición de batalla o de controlador"),
    ({"when": "card-moves", "move": "banished", "subject": {"card": "monster", "controller": "you"}},
     "a monster you control is banished", "un monstruo que controles es desterrado"),
    ({"when": "card-moves", "move": "drawn", "player": "opponent"}, "your opponent draws a card", "tu adversario roba una carta"),
    ({"when": "card-moves", "move": "field-zone", "subject": {"face_up": True}}, "a face-up card is placed in a Field Zone",
     "una carta boca arriba es puesta en una Zona de Campo"),
    ({"when": "card-moves", "move": "returned"}, "a card is returned to the hand, the Deck or the Extra Deck",
     "una carta es devuelta a la mano, al Deck o al Deck Extra"),
])
def test_a_card_that_moves_says_how(eff, en, es):
    text = render(eff)
    assert (text["en"], text["es"]) == (en, es)
    assert all(text[lang] for lang in LANGS)


# ── the templates themselves ────────────────────────────────────────────────

def test_every_language_has_the_same_templates():
    t = templates()
    assert set(t) == set(LANGS)

    def shape(node):
        return {k: shape(v) for k, v in node.items()} if isinstance(node, dict) else type(node).__name__

    for lang in LANGS:  # word order and articles differ ("an opponent's monster" / "un monstruo de tu adversario"): the rest does not
        assert set(t[lang]) == set(t["en"]), lang
        for key in ("nouns", "kinds", "types", "attributes", "to_gy", "turn", "from", "events", "moves", "text_differs", "position", "this"):
            assert shape(t[lang][key]) == shape(t["en"][key]), (lang, key)


def test_the_templates_cover_every_event_of_the_schema():
    schema_events = set(EFFECT["when"]["enum"]) - set(STEP_TIMINGS) - set(TIMINGS) - {"outside-battle-phase"}
    assert schema_events == set(EVENTS)
    covered = {e for e in templates()["en"]["events"]} | {"spell-activated", "trap-activated", "monster-effect-activated"}
    assert set(EVENTS) <= covered
    subject = EFFECT["subject"]["properties"]
    for lang in LANGS:
        t = templates()[lang]
        assert set(t["types"]) == set(subject["type"]["enum"]) and set(t["attributes"]) == set(subject["attribute"]["enum"])
        assert set(t["kinds"]) == set(subject["monster"]["items"]["enum"]) and set(t["nouns"]) == set(subject["card"]["enum"]) - {"this-card"}
        assert set(t["from"]) == set(EFFECT["from"]["items"]["enum"]) - {"field"}
        assert set(t["turn"]) == set(EFFECT["turn"]["enum"])
        assert set(t["moves"]) == set(EFFECT["move"]["enum"])


def test_every_template_renders_in_every_language():
    """Each event template, with each player, reached by one effect: none is dead, none leaves a placeholder."""
    for lang in LANGS:
        seen = set()
        for eff in COMBINATIONS:
            seen.add(render(eff)[lang])
            seen.add(render(eff, "battle-step.after-declaration")[lang])
        events = {**templates()[lang]["events"], **{"move." + k: v for k, v in templates()[lang]["moves"].items()}}
        for key, template in events.items():
            for one in (template.values() if isinstance(template, dict) else [template]):
                stem = re.sub(r"\{[^{}]*\}", "", one).split()[:2]
                assert any(all(w in text for w in stem) for text in seen), (lang, key, one)


# ── the glossary: official forms used, avoided forms never ─────────────────

KB = ROOT / "kb"


@pytest.mark.parametrize("lang", ["es", "pt", "it"])
def test_rendered_conditions_use_no_form_the_glossary_avoids(lang):
    from ygorules.core.terms_lint import load
    glossary = load(KB)
    texts = {render(eff, timing)[lang] for eff in COMBINATIONS for timing in (None, "battle-step.after-declaration")}
    hits = [(text, list(glossary.hits(text, lang))) for text in texts]
    assert [h for h in hits if h[1]] == []


@pytest.mark.parametrize("term", ["graveyard", "opponent", "face-up", "battle-damage"])
def test_the_templates_use_the_glossarys_official_names(term):
    from ygorules.core.kb import load_kb
    names = load_kb(KB).terms[term].names
    for lang in LANGS:
        flat = json.dumps(templates()[lang], ensure_ascii=False).casefold()
        stem = names[lang].casefold().rstrip("o") if lang == "it" and term == "face-up" else names[lang].casefold()  # scopert{o|a}
        assert stem in flat, (term, lang, names[lang])


def test_a_condition_reads_only_the_timing_that_timing_read_names():
    """A memo of renders is keyed by ``timing_read`` (commands/_precompute.py renders the pool's conditions once per
    effect): every event with and without a subject and player reads the same at each timing where it says None."""
    effects = [{"when": on, **extra} for on in EVENTS
               for extra in ({}, {"player": "opponent"}, {"subject": {"controller": "you", "type": "dinosaur"}})]
    effects += [{"when": on} for on in conditions.STEP_OR_TIMING]
    for eff, timing in itertools.product(effects, TIMINGS):
        assert render(eff, timing) == render(eff, conditions.timing_read(eff, timing)), (eff, timing)
    replay = {"when": "targeted-for-attack"}
    assert render(replay, conditions.REPLAY_TIMING) != render(replay, None)  # the one timing it reads


def test_the_type_words_are_read_from_the_cache_while_the_templates_are_unchanged(tmp_path, monkeypatch):
    import shutil

    monkeypatch.setenv("YGORULES_CACHE", str(tmp_path / "cache"))
    templates = tmp_path / "conditions.yaml"
    shutil.copy(conditions.TEMPLATES, templates)
    monkeypatch.setattr(conditions, "TEMPLATES", str(templates))
    for f in (conditions.templates, conditions.type_words):
        f.cache_clear()
    first = conditions.type_words()
    assert "spellcaster" in first and "incantatore" in first
    conditions.type_words.cache_clear()
    monkeypatch.setattr(conditions, "templates", lambda: pytest.fail("the YAML was read again"))
    assert conditions.type_words() == first  # (a start of a translation reads no YAML for them)
    monkeypatch.undo()
    monkeypatch.setenv("YGORULES_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(conditions, "TEMPLATES", str(templates))
    templates.write_text(templates.read_text(encoding="utf-8").replace("Incantatore", "Incantatrice"), encoding="utf-8")
    for f in (conditions.templates, conditions.type_words):
        f.cache_clear()
    changed = conditions.type_words()
    assert "incantatrice" in changed and "incantatore" not in changed  # an edited file is read again
    for f in (conditions.templates, conditions.type_words):
        f.cache_clear()
