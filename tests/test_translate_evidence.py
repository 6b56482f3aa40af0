"""Evidence a weak name needs before it becomes a card (names/evidence.py, issue 24): a deck, a product, the end of a
longer name, an everyday word. Card names and nicknames are made up for these tests."""
from __future__ import annotations

import pytest

from ygorules.names import index as names
from ygorules.names import table as nametable
from ygorules.names.translate import Translator

from _names_fixtures import KB

POOL = """id\ten\tes\tpt\tit\tcard_type\tprintings
2001\tVarnok-Kestrel\tVarnok-Kestrel\tVarnok-Kestrel\tVarnok-Kestrel\tMonster\t9
2002\tGlimmer Orvane Wyrm\tWyrm Orvane Destellante\tWyrm Orvane Cintilante\tWyrm Orvane Scintillante\tMonster\t8
2003\tBrisket Calamity\tCalamidad Brisket\tCalamidade Brisket\tCalamità Brisket\tSpell\t7
2004\tTemplar Quorvane\tQuorvane\tQuorvane\tQuorvane\tSpell\t6
2005\tSheep Warden Token Pack\tLas Ovejas Guardianas\tAs Ovelhas Guardiãs\tLe Pecore Guardiane\tSpell\t6
2006\tBrisket, the Hollow Lord\tBrisket, el Señor Hueco\tBrisket, o Senhor Oco\tBrisket, il Signore Cavo\tMonster\t6
2007\tNumber 71: Velmora Spire\tNúmero 71: Aguja Velmora\tNúmero 71: Pináculo Velmora\tNumero 71: Guglia Velmora\tMonster\t3
2009\tVelorix\tVelorix\tVelorix\tVelorix\tSpell\t5
2010\tBurrow Trap\tTrampa Madriguera\tArmadilha Toca\tTana Trappola\tTrap\t5
2011\tHollow Mystic\tHueco Místico\tOco Místico\tCavo Mistico\tMonster\t5
2008\tNumber 17: Velmora Spire\tNúmero 17: Aguja Velmora\tNúmero 17: Pináculo Velmora\tNumero 17: Guglia Velmora\tMonster\t3
"""
SERIES = """en\tes\tpt\tit
Hollow\tHueco\tOco\tCavo
Velorix\tVelorix\tVelorix\tVelorix
"""
NICKS = """passcode\ten\ttext\tlangs\tkind\tsource\tnote
2001\tVarnok-Kestrel\tVarnok\tes,pt,it,en\tnickname\t\t
2002\tGlimmer Orvane Wyrm\tGOW\tes,pt,it,en\tabbreviation\t\t
2003\tBrisket Calamity\tCalamity\tes,pt,it,en\tnickname\t\t
2005\tSheep Warden Token Pack\tovejas\tes\tnickname\t\t
2005\tSheep Warden Token Pack\tsalvar\tes\tnickname\t\t
2006\tBrisket, the Hollow Lord\tLordo\tes,pt,it,en\tnickname\t\t
2010\tBurrow Trap\tControlador\tes\tnickname\t\t
2009\tVelorix\tOjos Azules\tes\tnickname\t\t
"""


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("evidence")
    (tmp / "pool.tsv").write_text(POOL, encoding="utf-8")
    (tmp / "pool_series.tsv").write_text(SERIES, encoding="utf-8")
    (tmp / "nicks.tsv").write_text(NICKS, encoding="utf-8")
    table = tmp / "pool.tsv.gz"
    nametable.write_table(nametable.import_tsv(tmp / "pool.tsv")[0], table)
    return tmp


@pytest.fixture(scope="module")
def index(pool):
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("YGORULES_NICKNAMES", str(pool / "nicks.tsv"))
        mp.setenv("YGORULES_CACHE", str(pool / "cache"))
        return names.load_index(KB, pool / "pool.tsv.gz", use_cache=False, warn=lambda m: None)


def found(index, text, src="es"):
    tr = Translator(index, src, "en")
    spans = [(s.text, s.passcodes[0]) for s in tr.spans(text) if s.kind == "card"]
    return spans, [(s.text, why) for s, why in tr.held]


@pytest.mark.parametrize("text, lang", [
    ("La estrategia «Varnok-Lock» dominaba los torneos.", "es"),
    ("Il mio Varnok turbo ha vinto due partite.", "it"),
    ("Perdi contra um Varnok-OTK no terceiro turno.", "pt"),
    ("He montado una baraja de Varnok para el torneo.", "es"),
    ("Deck Varnok: como jogar em 2014", "pt"),
])
def test_a_nickname_that_names_a_deck_is_held_back(index, text, lang):
    spans, held = found(index, text, lang)
    assert spans == []
    assert [h[0] for h in held] == ["Varnok"] and "deck" in held[0][1]


@pytest.mark.parametrize("text, lang", [
    ("Saqué tres Varnok y un Quorvane en la primera mano.", "es"),
    ("Usei o Varnok para fechar o duelo.", "pt"),
])
def test_the_same_nickname_alone_is_the_card(index, text, lang):
    spans, held = found(index, text, lang)
    assert ("Varnok", "2001") in spans and held == []


@pytest.mark.parametrize("text, lang, name", [
    ("Desde el lanzamiento de la colección Quorvane el formato cambió.", "es", "Quorvane"),
    ("Le carte uscite nell'espansione Quorvane sono forti.", "it", "Quorvane"),
    ("Bem-vindos à nossa coluna Quorvane sobre o jogo.", "pt", "Quorvane"),
    ("Konami publicó una lista de Quorvane con las cartas vetadas.", "es", "Quorvane"),  # the ban list's title
])
def test_a_name_after_a_product_word_is_a_product(index, text, lang, name):
    spans, held = found(index, text, lang)
    assert spans == [] and [h[0] for h in held] == [name] and "product" in held[0][1]


@pytest.mark.parametrize("text, lang, name", [
    ("Il mazzo arriva dopo lo Structure Deck Calamità Brisket di Konami.", "it", "Calamità Brisket"),
    ("Nello Structure Deck Il Wyrm Orvane Scintillante c'erano tre copie.", "it", "Wyrm Orvane Scintillante"),
    ("Compré el Structure Deck: Calamidad Brisket ayer.", "es", "Calamidad Brisket"),
    ("Lo Structure Deck - Calamità Brisket comprende 50 carte.", "it", "Calamità Brisket"),  # (a dash, as Konami's
    # Italian site writes it)
    ("Lo Structure Deck – Calamità Brisket comprende 50 carte.", "it", "Calamità Brisket"),
    ("Compré la Baraja de Estructura: Calamidad Brisket ayer.", "es", "Calamidad Brisket"),
    ("Comprei o Deck Estrutural Calamidade Brisket ontem.", "pt", "Calamidade Brisket"),
    ("Abrí el Starter Deck Calamidad Brisket con mi hermano.", "es", "Calamidad Brisket"),
])
def test_a_name_after_a_structure_deck_is_the_product(index, text, lang, name):
    spans, held = found(index, text, lang)
    assert not any(s[0] == name for s in spans), spans
    assert any(name in h[0] and "structure deck" in h[1] for h in held), held


@pytest.mark.parametrize("text, lang, name", [
    ("Gioco un deck Calamità Brisket da anni.", "it", "Calamità Brisket"),  # a deck built on the card
    ("La estructura Calamidad Brisket del mazo es clara.", "es", None),  # (no structure deck: the word alone)
])
def test_a_name_after_deck_alone_is_no_structure_deck(index, text, lang, name):
    spans, held = found(index, text, lang)
    assert not any("structure deck" in h[1] for h in held)


@pytest.mark.parametrize("text, lang", [
    ("La leggenda del Wyrm Orvane Scintillante fu il primo set del gioco.", "it"),
    ("Abrí diez sobres de la leyenda del Wyrm Orvane Destellante.", "es"),
])
def test_a_name_in_a_product_title_after_a_linking_word_is_a_product(index, text, lang):
    spans, held = found(index, text, lang)
    assert spans == [] and "product" in held[0][1]


@pytest.mark.parametrize("text, lang", [
    ("La carta subastada es una edición Glimmer Orvane Wyrm del aniversario.", "es"),
    ("Ho trovato un'edizione Glimmer Orvane Wyrm in un negozio.", "it"),
    ("Comprei uma edição Glimmer Orvane Wyrm autografada.", "pt"),
])
def test_a_name_after_an_edition_with_an_indefinite_article_is_one_printing_of_the_card(index, text, lang):
    spans, held = found(index, text, lang)
    assert ("Glimmer Orvane Wyrm", "2002") in spans and held == []


def test_a_name_after_the_edition_is_the_product(index):
    spans, held = found(index, "Comprei a edição Glimmer Orvane Wyrm inteira.", "pt")
    assert spans == [] and "product" in held[0][1]


def test_sobre_is_about_not_a_booster(index):
    spans, held = found(index, "Quería hablar sobre Quorvane y nada más.")
    assert ("Quorvane", "2004") in spans and held == []


def test_a_full_name_after_a_product_word_is_a_product_too(index):
    spans, held = found(index, "La expansión Wyrm Orvane Destellante trajo muchas cartas.")
    assert spans == [] and held[0][0] == "Wyrm Orvane Destellante"


@pytest.mark.parametrize("text, lang, name", [
    ("Cubrimos la salida de Raging Calamity esta semana.", "es", "Calamity"),
    ("Perdi contra o Tele-GOW no segundo jogo.", "pt", "GOW"),
])
def test_a_weak_name_at_the_end_of_a_longer_capitalised_name_is_held_back(index, text, lang, name):
    spans, held = found(index, text, lang)
    assert spans == [] and [h[0] for h in held] == [name] and "longer name" in held[0][1]


@pytest.mark.parametrize("text, lang", [
    ("Calamity es la mejor carta del formato.", "es"),  # a capital at a sentence start proves nothing
    ("Robé Varnok y después Calamity en la misma mano.", "es"),
])
def test_a_weak_name_after_no_foreign_capitalised_word_is_kept(index, text, lang):
    spans, _ = found(index, text, lang)
    assert ("Calamity", "2003") in spans


def test_a_word_of_the_cards_own_names_before_it_is_no_longer_name(index):
    spans, held = found(index, "En la lista va también Hueco Lordo, y nada más.")
    assert ("Lordo", "2006") in spans and held == []
    spans, held = found(index, "En la lista va también Raging Lordo, y nada más.")
    assert spans == [] and held[0][0] == "Lordo"


def test_a_lower_case_everyday_word_nickname_needs_a_determiner(index):
    spans, held = found(index, "Con Varnok en mesa puedes salvar Quorvane.")  # (other names nearby: the nickname scores)
    assert [s[0] for s in spans] == ["Varnok", "Quorvane"] and held[0][0] == "salvar" and "everyday" in held[0][1]
    spans, held = found(index, "Con Varnok en mesa las ovejas te compran dos turnos.")
    assert ("ovejas", "2005") in spans and held == []
    spans, held = found(index, "Con Varnok en mesa puedes \"salvar\" Quorvane.")
    assert ("salvar", "2005") in spans and held == []


def test_a_lower_case_nickname_of_everyday_words_is_no_card_for_the_cards_near_it(index):
    spans, _ = found(index, "Con Varnok en mesa, la chica de piel pálida y ojos azules sonríe.")
    assert [s[0] for s in spans] == ["Varnok"]
    spans, _ = found(index, "Con Varnok en mesa, saco Ojos Azules.")  # capitalised: the card
    assert ("Ojos Azules", "2009") in spans


def test_a_lower_case_nickname_that_is_a_word_of_the_game_is_that_word_even_after_an_article(index):
    spans, held = found(index, "Con Varnok en mesa, el controlador de Quorvane elige.")
    assert ("controlador", "2010") not in spans and held[0][0] == "controlador" and "word of the game" in held[0][1]
    spans, held = found(index, "Con Varnok en mesa uso el Controlador y robo Quorvane.")  # capitalised: the card
    assert ("Controlador", "2010") in spans and held == []


def test_a_lower_case_everyday_word_nickname_after_an_indefinite_article_is_any_such_thing(index):
    spans, held = found(index, "Con Varnok en mesa unas ovejas te compran dos turnos.")  # "unas ovejas": any sheep
    assert ("ovejas", "2005") not in spans and held[0][0] == "ovejas" and "everyday" in held[0][1]
    spans, held = found(index, "Con Varnok en mesa mis ovejas te compran dos turnos.")  # a possessive: the card
    assert ("ovejas", "2005") in spans and held == []


def test_a_lower_case_everyday_word_nickname_after_a_count_of_copies_is_the_card(index):
    spans, held = found(index, "Cambios al mazo:\n-1 Varnok\n+2 ovejas\n+1 salvar")  # a deck list's changes
    assert ("ovejas", "2005") in spans and ("salvar", "2005") in spans and held == []
    spans, held = found(index, "Con Varnok en mesa 2 ovejas te compran dos turnos.")  # ("2 ovejas": copies, one space)
    assert ("ovejas", "2005") in spans and held == []
    spans, held = found(index, "Con Varnok en mesa, la regla 2: ovejas te compran dos turnos.")  # (a number, no count)
    assert ("ovejas", "2005") not in spans and held[0][0] == "ovejas"


def test_held_spans_are_reported_as_unresolved_with_their_card(pool, tmp_path, monkeypatch, capsys):
    import json

    from ygorules.cli import main
    monkeypatch.setenv("YGORULES_NICKNAMES", str(pool / "nicks.tsv"))
    monkeypatch.setenv("YGORULES_CACHE", str(tmp_path / "cache"))
    src = tmp_path / "a.txt"
    src.write_text("La estrategia Varnok-lock ganó con Quorvane.\n", encoding="utf-8")
    assert main(["translate", "--kb", str(KB), "--names", str(pool / "pool.tsv.gz"), "--from", "es", "--to", "en",
                 "--report", "--json", str(src)]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [s["text"] for s in doc["spans"] if s["kind"] == "card"] == ["Quorvane"]
    held = [r for r in doc["report"]["unresolved"] if r["text"] == "Varnok"]
    assert len(held) == 1 and held[0]["why"].startswith("held back: a deck")
    assert held[0]["candidates"] == [{"id": "varnok-kestrel", "held": True}] and held[0]["column"] == 15


@pytest.mark.parametrize("line", ["1 destellante wyrm orvane", "3x destellante wyrm orvane", "- destellante wyrm orvane"])
def test_a_misspelt_lower_case_line_of_a_deck_list_is_the_card_it_fits(index, line):
    spans, _ = found(index, f"Lista:\n2 Quorvane\n{line}\n1 Varnok-Kestrel\n")
    assert spans == [("Quorvane", "2004"), ("destellante wyrm orvane", "2002"), ("Varnok-Kestrel", "2001")]


def test_the_same_words_in_running_text_are_no_list_line(index):
    spans, _ = found(index, "Ayer vi un destellante wyrm orvane en la tienda.")
    assert spans == []


@pytest.mark.parametrize("text, lang", [
    ("En el Extra llevo Número 71 Aguja Velmora y poco más.", "es"),
    ("Nell'Extra c'è Numero 71 Guglia Velmora.", "it"),
    ("En el Extra llevo Número 71: Aguja Velmora y poco más.", "es"),
])
def test_a_numbers_name_without_its_colon_is_the_card(index, text, lang):
    spans, _ = found(index, text, lang)
    assert [p for _, p in spans] == ["2007"] and spans[0][0].endswith("Velmora")


def _as_series(tr, text, name):
    """The spans of ``text`` with ``name`` read as its series (as the context of a real list made it)."""
    from ygorules.names.translate import Span
    spans = tr.spans(text)
    k = next(i for i, x in enumerate(spans) if x.text == name)
    x = spans[k]
    spans[k] = Span(x.start, x.end, x.text, "series-velorix", "series", "Velorix", "it", "official", "table")
    return spans


@pytest.mark.parametrize("text, kind", [
    ("Le rare: Tana Trappola, Velorix, Cavo Mistico e altre.", "card"),  # between card names of a list
    ("Le rare: Tana Trappola, Velorix e altre.", "series"),  # only one card beside it
    ("Gioco Tana Trappola con Velorix, Cavo Mistico e altre.", "series"),  # no list separator before it
    ("Il mio deck: Velorix, Tana Trappola e Cavo Mistico.", "card"),  # the first item after the list's colon
    ("Il mio deck: Velorix.", "series"),  # alone after the colon: a deck of the series
    ("Il mio deck: Velorix e nient'altro.", "series"),  # no card after it
])
def test_a_series_name_that_is_a_cards_name_between_cards_of_a_list_is_the_card(index, text, kind):
    from ygorules.names import evidence
    from ygorules.names.translate import Span
    tr = Translator(index, "it", "en")
    out = evidence.review(tr, text, _as_series(tr, text, "Velorix"), Span)
    got = [x for x in out if x.text == "Velorix"]
    assert [x.kind for x in got] == [kind]
    assert kind == "series" or got[0].passcodes == ("2009",) and got[0].replacement == "Velorix"


@pytest.mark.parametrize("text, kind", [
    ("Due mostri si uniscono con la carta di Velorix e basta.", "card"),  # right after a word for one card
    ("Due mostri si uniscono con la carta Velorix e basta.", "card"),
    ("Due mostri si uniscono con le carte Velorix e basta.", "series"),  # the plural: any member
    ('Aggiungi 1 carta "Velorix" dal tuo Deck.', "series"),  # quoted, as the game's texts name any member
])
def test_a_series_name_that_is_a_cards_name_right_after_a_word_for_one_card_is_the_card(index, text, kind):
    from ygorules.names import evidence
    from ygorules.names.translate import Span
    tr = Translator(index, "it", "en")
    out = evidence.review(tr, text, _as_series(tr, text, "Velorix"), Span)
    assert [x.kind for x in out if x.text == "Velorix"] == [kind]


@pytest.mark.parametrize("text, want, held_back", [
    # a list whose line breaks were lost: the item before is no name found (misspelt), the one after is
    ("Las prohibidas:\n\nVarnok-Kestrel Juramento Solemne Calamidad Brisket Wyrm Orvane Destellante",
     [("Varnok-Kestrel", "2001"), ("Calamidad Brisket", "2003"), ("Wyrm Orvane Destellante", "2002")], []),
    ("Fue la Gran Copa Calamidad Brisket del año pasado.", [], ["Calamidad Brisket"]),  # a longer name's end
])
def test_a_name_between_a_capitalised_word_and_a_name_found_is_an_item_of_a_list(index, text, want, held_back):
    spans, held = found(index, text, "es")
    assert spans == want
    assert [h[0] for h in held] == held_back



@pytest.mark.parametrize("text, kind", [
    ("Las raras: Trampa Madriguera, Ojos Azules, Hueco Místico y otras.", "card"),  # one card's nickname, between cards
    ("Las raras: Trampa Madriguera, Ojos Azules y otras.", "series"),  # only one card beside it
])
def test_a_series_name_that_is_one_cards_nickname_between_cards_of_a_list_is_the_card(index, text, kind):
    # ("Brionac, Stardust, Black Rose": Stardust is a series and Stardust Dragon's nickname)
    from ygorules.names import evidence
    from ygorules.names.translate import Span
    tr = Translator(index, "es", "en")
    out = evidence.review(tr, text, _as_series(tr, text, "Ojos Azules"), Span)
    got = [x for x in out if x.text == "Ojos Azules"]
    assert [x.kind for x in got] == [kind]
    assert kind == "series" or (got[0].passcodes == ("2009",) and got[0].variant == "nickname")
