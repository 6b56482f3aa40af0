"""`ygorules translate`: names found in running text, replaced, annotated or listed; everything else untouched."""
from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path

import pytest

from ygorules.names import index as names

from ygorules.names import table as nametable
from ygorules.cli import main
from ygorules.names.translate import translate

from _names_fixtures import FIX, KB, ROOT, SHARED, index, isolated, small_index, table  # noqa: F401 (fixtures)


def tr(index, text, src="es", dst="en", annotate=False):
    return translate(index, text, src, dst, annotate)[0]


def ids(index, text, src="es"):
    return [s.id for s in translate(index, text, src, "en")[1]]


def test_card_names_are_replaced_by_the_official_name_of_the_target_language(index):
    assert tr(index, "Activa Fuerza de Espejo contra Hada de la Inyección Lily.") == \
        "Activa Mirror Force contra Injection Fairy Lily."
    assert tr(index, "Attiva Forza Riflessa.", "it", "pt") == "Attiva Força do Espelho."


def test_names_are_found_regardless_of_case_and_accents(index):
    assert tr(index, "si HADA DE LA INYECCION LILY paga") == "si Injection Fairy Lily paga"
    assert tr(index, "la hada de la inyeccion lily paga") == "la Injection Fairy Lily paga"


def test_english_card_names_inside_another_language_are_recognised(index):
    assert tr(index, "Con Mirror Force boca abajo.", "es", "it") == "Con Forza Riflessa boca abajo."


def test_the_longest_name_wins(index):
    out, spans = translate(index, "Usa Fuerza de Espejo Oscura ahora.", "es", "en")
    assert out == "Usa Dark Mirror Force ahora." and [s.id for s in spans] == ["dark-mirror-force"]


def test_names_match_only_on_word_boundaries(index):
    assert ids(index, "Honestidad y Honestos") == []
    assert ids(index, "Honesto.") == ["honest"]


def test_a_name_never_runs_across_a_sentence_or_a_paragraph(index):
    assert ids(index, "Fuerza. De Espejo") == []
    assert ids(index, "Fuerza de\n\nEspejo") == []
    assert ids(index, "Fuerza de\nEspejo") == ["mirror-force"]  # a line break inside a name is fine


def test_hyphens_and_spaces_are_alike_inside_names(index):
    assert ids(index, "Mirror-Force", "en") == ["mirror-force"]


def test_everything_that_is_not_a_name_stays_byte_for_byte(index):
    text = "\ufeffLínea 1:\tFuerza de Espejo\r\n  «cita» — Honesto…\r\nfin sin salto"
    out = tr(index, text)
    assert out == "\ufeffLínea 1:\tMirror Force\r\n  «cita» — Honest…\r\nfin sin salto"


def test_text_in_nfd_keeps_its_bytes_around_the_names(index):
    text = "Él usa Hada de la Inyeccio\u0301n Lily y Fuerza de Espejo; aquí\u0301."
    out = tr(index, text)
    assert out == "Él usa Injection Fairy Lily y Mirror Force; aquí\u0301."


def test_annotate_keeps_the_original_and_adds_the_translation(index):
    assert tr(index, "Fuerza de Espejo y Honesto.", annotate=True) == "Fuerza de Espejo (Mirror Force) y Honesto (Honest)."


def test_annotate_puts_the_translation_after_the_closing_quote(index):
    assert tr(index, 'Si «Honesto» o "Fuerza de Espejo".', annotate=True) == 'Si «Honesto» (Honest) o "Fuerza de Espejo" (Mirror Force).'


def test_annotate_adds_nothing_when_the_name_is_the_same(index):
    assert tr(index, "El Damage Step empieza.", annotate=True) == "El Damage Step empieza."


def test_spans_give_offsets_into_the_input(index):
    text = "¿Y si Mago Obscuro ataca a Honesto?"
    _, spans = translate(index, text, "es", "pt")
    assert [(text[s.start:s.end], s.text, s.id, s.kind, s.replacement) for s in spans] == [
        ("Mago Obscuro", "Mago Obscuro", "dark-magician", "card", "Mago Negro"),
        ("Honesto", "Honesto", "honest", "card", "Honesto")]


def test_terms_are_translated_with_the_case_of_the_text(index):
    assert tr(index, "En el Paso de Daño se forma una cadena.", "es", "pt") == "En el Etapa de Dano se forma una corrente."
    assert tr(index, "Cadena 1: Honesto.", "es", "en") == "Chain 1: Honest."


def test_capitalised_abbreviations_match_only_in_capitals(index):
    assert ids(index, "su ATK sube") == ["atk"]
    assert ids(index, "atk") == []
    assert ids(index, "el ATAQUE y el ataque") == ["atk"]


def test_a_one_word_name_written_with_a_capital_needs_a_capital(index):
    assert ids(index, "fue honesto contigo") == []
    assert ids(index, "colocar una carta", "es") == []
    assert ids(index, "Set a card", "en") == ["set"]


def test_imported_one_word_names_are_not_taken_at_the_start_of_a_sentence(index):
    assert ids(index, "Recarga la página. Luego usa Recarga.") == ["reload"]


def test_quotes_make_a_one_word_name_count_whatever_its_case(index):
    assert ids(index, 'la carta "recarga" y «honesto»') == ["reload", "honest"]


def test_imported_names_of_several_words_need_a_capital(index):
    assert ids(index, "roban uno por uno") == []
    assert ids(index, "Uno por uno, roban.") == []  # a capital at the start of a sentence proves nothing
    assert ids(index, "Activa Uno por uno.") == ["one-for-one"]


def test_kb_card_names_match_in_any_case(index):
    assert ids(index, "fuerza de espejo") == ["mirror-force"]


def test_kb_spelling_wins_and_the_other_card_is_listed(index):
    _, spans = translate(index, "Ataca con Guardia Real.", "es", "en")
    assert (spans[0].id, spans[0].replacement, spans[0].alternatives) == ("royal-keeper", "Royal Keeper", ["royal-guard"])


def test_a_name_without_an_official_form_in_the_target_falls_back_to_english(index):
    assert tr(index, "Activa Invertir el Límite.", "es", "pt") == "Activa Limit Reverse."


# ── the command ───────────────────────────────────────────────────────────────

def run_cli(argv, capsys, monkeypatch=None, stdin: bytes | None = None):
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_cli_translates_a_file(tmp_path, capfdbinary):
    src = tmp_path / "a.txt"
    src.write_bytes("Activa Fuerza de Espejo.\r\nY Honesto.".encode("utf-8"))
    assert main(["translate", "--kb", str(KB), "--from", "es", "--to", "en", str(src)]) == 0
    assert capfdbinary.readouterr().out == b"Activa Mirror Force.\r\nY Honest."


def test_cli_reads_stdin(capfdbinary, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO("Mago Obscuro\n".encode()), encoding="utf-8"))
    assert main(["translate", "--kb", str(KB), "--from", "es", "--to", "it", "--annotate"]) == 0
    assert capfdbinary.readouterr().out == "Mago Obscuro (Mago Nero)\n".encode()


def test_cli_json_lists_the_spans(tmp_path, capsys):
    src = tmp_path / "a.txt"
    src.write_text("Ataca Mago Obscuro.", encoding="utf-8")
    code, out, _ = run_cli(["translate", "--kb", str(KB), "--from", "es", "--to", "en", "--json", str(src)], capsys)
    doc = json.loads(out)
    assert code == 0 and doc["text"] == "Ataca Dark Magician."
    s = doc["spans"][0]
    assert {k: s[k] for k in ("start", "end", "text", "id", "kind", "replacement")} == {
        "start": 6, "end": 18, "text": "Mago Obscuro", "id": "dark-magician", "kind": "card", "replacement": "Dark Magician"}


def test_cli_warns_about_a_name_shared_by_two_cards(tmp_path, table, capsys):
    src = tmp_path / "a.txt"
    src.write_text("Línea uno.\nAtaca Guardia Real.", encoding="utf-8")
    code, out, err = run_cli(["translate", "--kb", str(KB), "--names", str(table), "--from", "es", "--to", "en", "--json", str(src)], capsys)
    assert code == 0 and f"{src}:2:7: warning: 'Guardia Real' is also the name of royal-guard" in err


def test_cli_rejects_text_that_is_not_utf8_with_its_position(tmp_path, capsys):
    src = tmp_path / "latin1.txt"
    src.write_bytes("uno\nFuerza de Espejo año".encode("latin-1"))
    code, _, err = run_cli(["translate", "--kb", str(KB), "--from", "es", "--to", "en", str(src)], capsys)
    assert code == 1 and f"{src}:2:19: byte 0xf1 is not UTF-8" in err and "Traceback" not in err


def test_cli_missing_file_is_a_usage_error(tmp_path, capsys):
    code, _, err = run_cli(["translate", "--kb", str(KB), "--from", "es", "--to", "en", str(tmp_path / "nope.txt")], capsys)
    assert code == 2 and "no such file" in err


def test_cli_requires_to(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["translate", "--kb", str(KB), "--from", "es"])
    assert exc.value.code == 2


def test_cli_without_from_detects_the_language_and_says_which(tmp_path, capsys):
    src = tmp_path / "a.txt"
    src.write_text("Ayer activé la Fuerza de Espejo y el rival perdió todos sus monstruos.\n", encoding="utf-8")
    code, out, err = run_cli(["translate", "--kb", str(KB), "--to", "en", str(src)], capsys)
    assert code == 0 and "Mirror Force" in out and "looks es" in err


def test_cli_warns_when_from_does_not_fit_the_text(tmp_path, capsys):
    src = tmp_path / "a.txt"
    src.write_text("Ieri ho attivato la Forza Riflessa e il mio avversario ha perso tutti i suoi mostri con questo effetto.\n",
                   encoding="utf-8")
    code, _, err = run_cli(["translate", "--kb", str(KB), "--from", "es", "--to", "en", str(src)], capsys)
    assert code == 0 and "--from es, but the text looks it" in err


# ── the real article (optional) ───────────────────────────────────────────────

@pytest.mark.shared
@pytest.mark.skipif(not (SHARED / "sources").is_dir() or not (SHARED / "data" / "cardnames.tsv").is_file(),
                    reason="../shared is absent")
def test_article_000_renders_every_card_name_the_kb_locates_in_it(tmp_path):
    from ygorules.core.kb import collect
    kb, _ = collect(ROOT / "kb")
    pool = tmp_path / "pool.tsv.gz"
    nametable.write_table(nametable.import_tsv(SHARED / "data" / "cardnames.tsv")[0], pool)
    index = names.load_index(ROOT / "kb", pool, use_cache=False)
    article = next((SHARED / "sources").glob("000_*.txt"))
    text = article.read_text(encoding="utf-8")
    _, spans = translate(index, text, "es", "en")
    lines = text.split("\n")
    # a spelling that two KB cards share is found when either is written and the other listed as an alternative
    found = {(text.count("\n", 0, s.start) + 1, i) for s in spans for i in (s.id, *s.alternatives)}
    missing = []
    for card in kb.cards.values():
        for s in card.spellings:
            if s.source == "fuentealba-battle-phase-es" and s.where and s.where.startswith("L") and "-" not in s.where:
                line = int(s.where[1:])
                if s.text in lines[line - 1] and (line, card.id) not in found:
                    missing.append(f"L{line} {s.text!r} → {card.id}")
    assert not missing, missing
    cards = [s for s in spans if s.kind == "card" and s.origin == "kb"]
    assert cards and all(s.replacement == kb.cards[s.id].names["en"] for s in cards if kb.cards[s.id].names["en"])


# ── issue 13: names as people write them ─────────────────────────────────────

def test_an_imported_name_in_lower_case_is_found_when_its_words_are_not_everyday_language(index):
    assert ids(index, "tenía la fuerza de espejo oscura boca abajo") == ["dark-mirror-force"]
    assert ids(index, "roban uno por uno") == []  # everyday words: not a name without a capital


def test_a_capital_after_a_colon_is_evidence(index):
    assert ids(index, "Mis trampas: Recarga y nada más.") == ["reload"]


def test_a_misspelt_word_inside_a_name_is_found(index):
    out, spans = translate(index, "Activa Fuerza de Espjo Oscura ya.", "es", "en")
    assert out == "Activa Dark Mirror Force ya." and spans[0].similarity < 100


def test_names_are_found_after_contractions_and_without_their_article(index):
    assert ids(index, "El ataque del Mago Oscuro.") == ["dark-magician"]


def test_a_plural_after_a_plural_article_is_the_name(index):
    assert ids(index, "Activa las Recargas que tengas.") == ["reload"]


def test_nicknames_from_the_data_file_are_found_and_reported_as_such(index):
    out, spans = translate(index, "Activé MF y luego mi Espejo Negro.", "es", "en")
    assert out == "Activé Mirror Force y luego mi Dark Mirror Force."
    assert [s.variant for s in spans] == ["abbreviation", "nickname"]


def test_a_lower_case_nickname_needs_card_names_near_it(index):
    assert ids(index, "Me regaló un espejito para el baño.") == []
    assert ids(index, "Tengo Fuerza de Espejo Oscura, y el espejito siempre.") == ["dark-mirror-force", "mirror-force"]


@pytest.mark.parametrize("text", [
    'Tengo Fuerza de Espejo Oscura, y <div class="espejito-2">.',  # a CSS class
    "Tengo Fuerza de Espejo Oscura, y /blog/mi-espejito.",  # a slug
])
def test_a_lower_case_name_joined_by_a_hyphen_to_code_is_no_name(index, text):
    assert ids(index, text) == ["dark-mirror-force"]


def test_an_abbreviation_matches_only_in_capitals(index):
    assert ids(index, "mf y MF") == ["mirror-force"]


def test_series_names_are_rendered_as_the_series_never_as_a_card(index):
    out, spans = translate(index, "Juego un mazo de Barrera de Hielo.", "es", "it")
    assert out == "Juego un mazo de Barriera di Ghiaccio." and spans[0].kind == "series"


@pytest.mark.parametrize("text", [
    "Mira https://example.com/Fuerza-de-Espejo ahora",
    "Escribe a @FuerzaDeEspejo o a fuerza@espejo.com",
    "El tag #FuerzaDeEspejo y `Fuerza de Espejo = 1` en código",
    "Código:\n\n    Fuerza de Espejo = 1\n",
    "Responde kaibaman_Recarga aquí",
])
def test_urls_handles_hashtags_and_code_are_never_touched(index, text):
    out, spans = translate(index, text, "es", "en")
    assert out == text and spans == []


def test_a_rules_term_in_lower_case_needs_a_rules_context(index):
    assert ids(index, "La cadena de montaje se paró.") == []
    assert ids(index, "Con Fuerza de Espejo en la cadena.") == ["mirror-force", "chain"]


def test_report_lists_unresolved_name_like_spans_with_candidates(tmp_path, table, capsys):
    src = tmp_path / "a.txt"
    src.write_text('Activé Fuerza de Espejo y la carta Pepito, luego "Espejo Rojizo" y Gran Dragón Azul.\n', encoding="utf-8")
    code, out, err = run_cli(["translate", "--kb", str(KB), "--names", str(table), "--from", "es", "--to", "en", "--report",
                              "--json", str(src)], capsys)
    doc = json.loads(out)
    got = {r["text"]: r for r in doc["report"]["unresolved"]}
    assert code == 0 and set(got) == {"Pepito", "Espejo Rojizo", "Gran Dragón Azul"}
    assert got["Espejo Rojizo"]["why"] == "quoted" and got["Espejo Rojizo"]["candidates"][0]["id"] == "red-mirror"
    assert doc["text"].startswith("Activé Mirror Force") and doc["spans"][0]["id"] == "mirror-force"


def test_report_in_text_mode_goes_to_stderr(tmp_path, capsys):
    src = tmp_path / "a.txt"
    src.write_text("Usé la carta Pepito.\n", encoding="utf-8")
    code, out, err = run_cli(["translate", "--kb", str(KB), "--from", "es", "--to", "en", "--report", str(src)], capsys)
    assert code == 0 and out == "Usé la carta Pepito.\n" and "1:14: 'Pepito' (after carta/card)" in err


@pytest.mark.parametrize("data, code, message", [
    (b"", 0, ""),
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", 1, "binary"),
    (b"hola\n\xff\xfe", 1, "2:1: byte 0xff is not UTF-8"),
])
def test_bad_input_gives_a_clear_error_and_a_documented_exit_code(tmp_path, capsys, data, code, message):
    src = tmp_path / "in.txt"
    src.write_bytes(data)
    got, out, err = run_cli(["translate", "--kb", str(KB), "--from", "es", "--to", "en", str(src)], capsys)
    assert got == code and message in err and "Traceback" not in err


def test_a_long_text_is_translated_in_pieces_with_the_same_result(tmp_path, capsys, monkeypatch):
    from ygorules.commands import translate as cmd
    monkeypatch.setattr(cmd, "CHUNK_BYTES", 64)
    text = "".join(f"Línea {i}: activa Fuerza de Espejo.\n\nY Honesto en la cadena {i}.\n" for i in range(40))
    src = tmp_path / "long.txt"
    src.write_text(text, encoding="utf-8")
    code, out, _ = run_cli(["translate", "--kb", str(KB), "--from", "es", "--to", "en", "--json", str(src)], capsys)
    doc = json.loads(out)
    assert code == 0 and doc["text"] == text.replace("Fuerza de Espejo", "Mirror Force").replace("Honesto", "Honest").replace("cadena", "chain")
    assert all(text[s["start"]:s["end"]] == s["text"] for s in doc["spans"]) and len(doc["spans"]) == 120


def test_memory_stays_bounded_on_a_large_text(tmp_path):
    import resource
    import subprocess

    para = "Activa Fuerza de Espejo contra el Mago Oscuro, y Honesto en la cadena; https://example.com/x @user.\n\n"
    peaks = []
    for n in (5_000, 30_000):  # about 0.5 MB and 3 MB
        src = tmp_path / f"t{n}.txt"
        src.write_text(para * n, encoding="utf-8")
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        proc = subprocess.run([sys.executable, "-m", "ygorules", "translate", "--kb", str(KB), "--from", "es", "--to", "en",
                               str(src)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        assert proc.returncode == 0 and b"Traceback" not in proc.stderr
        peaks.append(max(before, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))
    assert peaks[1] - peaks[0] < 40 * 1024, peaks  # six times the text, not six times the memory (KiB)


def test_every_card_word_gives_card_context_in_any_case():
    from ygorules.names import mentions
    for w in sorted(mentions.CARD_WORDS):
        for written in (w, w.upper(), w.title()):
            before = f"y la {written} Recarga es buena"
            after = f"y Recarga {written} es buena"
            assert mentions.card_context(before, before.index("Recarga"), before.index("Recarga") + 7), written
            assert mentions.card_context(after, after.index("Recarga"), after.index("Recarga") + 7), written
    plain = "y la mesa Recarga es buena"
    assert not mentions.card_context(plain, plain.index("Recarga"), plain.index("Recarga") + 7)


def test_protected_finds_addresses_handles_and_hashtags_as_before():
    from ygorules.names.mentions import protected
    t = "a.b+c@mail.com, x@y y ##no a#no #Si @@h (#tag) `c` www.ygo.com/x"
    got = [t[a:b] for a, b in protected(t)]
    assert got == ["a.b+c@mail.com", "x@y", "#Si", "@h", "#tag", "`c`", "www.ygo.com/x"]


@pytest.fixture
def spelled_pool(tmp_path, isolated):
    """A small pool of our own for the spellings people write: linking words, a dropped last letter, plurals."""
    pool = tmp_path / "pool.tsv"
    pool.write_text("id\ten\tes\tpt\tit\n"
                    "44508094\tStardust Dragon\tDragón Polvo de Estrellas\tDragão Poeira Estelar\tDrago Polvere di Stelle\n"
                    "29401950\tBottomless Trap Hole\tAgujero Trampa sin Fondo\tBuraco Armadilha sem Fundo\tBotola Senza Fondo\n",
                    encoding="utf-8")
    series = tmp_path / "series.tsv"
    series.write_text("en\tes\tpt\tit\n"
                      "Dragon Ruler\tSeñor Dragón de los/las\tDragão Soberano\tDrago Sovrano\n"
                      "Gravekeeper's\tCuidador de Tumbas\tdo Coveiro\tCustode di Tombe\n"
                      "Thunder Dragon\tDragón de Trueno\tDragão do Trovão\tDrago del/di Tuono\n"
                      "Labrynth\tLabrislinto\tLabrinto\tLabrinto\n"
                      "Frog\tRANA\tSapo\tRANA\n"
                      "Monarch\tMonarca\tMonarca\tMonarca\n"
                      "The Dragon of\tEl Dragón de\to Dragão de\til Drago di\n", encoding="utf-8")
    path = tmp_path / "names.tsv.gz"
    nametable.write_table(nametable.import_tsv(pool, series=series)[0], path)
    return names.load_index(KB, path, use_cache=False)


def _found(index, text, src):
    return [(text[s.start:s.end], s.id) for s in translate(index, text, src, "en")[1]]


def test_a_linking_word_written_differently_still_matches(spelled_pool):
    assert _found(spelled_pool, "Ho messo il Drago Polvere delle Stelle in difesa.", "it") == \
        [("Drago Polvere delle Stelle", "stardust-dragon")]


_HEADER = "id\ten\tes\tpt\tit\n"


def test_a_linking_word_written_differently_where_other_names_go_on_with_it(tmp_path, isolated):
    # "Archidemonio de…" begins Mist Archfiend's name, so the walk goes on with "de" as written; "del" is tried too
    index = small_index(tmp_path, _HEADER +
                        "28601770\tMist Archfiend\tArchidemonio de Niebla\tArquidemônio da Névoa\tArcidemone Nebbia\n"
                        "39357122\tRed-Eyes Archfiend of Lightning\tArchidemonio del Relámpago de Ojos Rojos\t"
                        "Arquidemônio do Relâmpago de Olhos Vermelhos\tArcidemone Occhi Rossi del Fulmine\n")
    assert _found(index, "Luego invoqué al Archidemonio de relámpago de ojos rojos en ataque.", "es") == \
        [("Archidemonio de relámpago de ojos rojos", "red-eyes-archfiend-of-lightning")]
    assert _found(index, "Luego invoqué al Archidemonio de Niebla.", "es") == [("Archidemonio de Niebla", "mist-archfiend")]


def test_an_article_put_in_after_a_preposition_of_a_name(tmp_path, isolated):
    # "Contrato con el…" begins Contract with the Abyss's name, so the walk goes on with "el" as written and past it too
    index = small_index(tmp_path, _HEADER +
                        "33244944\tContract with Exodia\tContrato con Exodia\tContrato com Exodia\tContratto con Exodia\n"
                        "69035382\tContract with the Abyss\tContrato con el Abismo\tContrato com o Abismo\t"
                        "Contratto con l'Abisso\n")
    assert _found(index, "Luego jugué el Contrato con el Exodia.", "es") == [("Contrato con el Exodia", "contract-with-exodia")]
    assert _found(index, "Depois usei o Contrato com o Exodia.", "pt") == [("Contrato com o Exodia", "contract-with-exodia")]
    assert _found(index, "Luego jugué el Contrato con el Abismo.", "es") == [("Contrato con el Abismo", "contract-with-the-abyss")]
    assert _found(index, "Luego jugué el Contrato con el.", "es") == []  # (a window never ends on the article read past)
    # the Italian article elided before a vowel, read past with its apostrophe (straight or curly)
    assert _found(index, "Poi ho giocato Contratto con l'Exodia.", "it") == [("Contratto con l'Exodia", "contract-with-exodia")]
    assert _found(index, "Poi ho giocato Contratto con l’Exodia.", "it") == [("Contratto con l’Exodia", "contract-with-exodia")]
    assert _found(index, "Poi ho giocato Contratto con l'Abisso.", "it") == [("Contratto con l'Abisso", "contract-with-the-abyss")]
    assert _found(index, "Poi ho giocato Contratto con l Exodia.", "it") == []  # (an "l" alone is no elided article)


def test_a_names_double_quotes_written_as_single_ones(tmp_path, isolated):
    index = small_index(tmp_path, _HEADER + '17\tK9-17 "Ripper"\tK9-17 "Ripper"\tK9-17 "Ripper"\tK9-17 "Ripper"\n'
                        "25652259\tQueen's Knight\tEscolta de la Reina\tO Cavaleiro da Rainha\tCavaliere della Regina\n")
    assert _found(index, "Poi deduci K9-17 'Ripper'.", "it") == [("K9-17 'Ripper'", "k9-17-ripper")]
    assert _found(index, "Deduci 'K9-17 'Ripper'' e 'Queen's Knight'.", "it") == \
        [("K9-17 'Ripper'", "k9-17-ripper"), ("Queen's Knight", "queen-s-knight")]


def test_a_word_written_by_its_initial_and_an_initials_stop_left_out(tmp_path, isolated):
    index = small_index(tmp_path, _HEADER +
                        "90020\tMeteor Black Dragon\tDragón Negro Meteoro\tDragão Meteoro Negro\tDrago Meteora Nero\n"
                        "90021\tMeteor Dragon\tDragón Meteoro\tDragão Meteoro\tDrago Meteora\n"
                        "74677422\tRed-Eyes B. Dragon\tDragón Negro de Ojos Rojos\tDragão Negro de Olhos Vermelhos\t"
                        "Drago Nero Occhi Rossi\n")
    assert _found(index, "Lista: Meteor B Dragon e Fusão.", "pt") == [("Meteor B Dragon", "meteor-black-dragon")]
    assert _found(index, "Depois veio o Red-Eyes B Dragon.", "pt") == [("Red-Eyes B Dragon", "red-eyes-b-dragon")]
    assert _found(index, "Lista: Meteor B e Fusão.", "pt") == []  # (a window never ends on the initial)


def test_a_quote_escaped_in_a_code_string_is_the_quote(tmp_path, isolated):
    index = small_index(tmp_path, _HEADER +
                        "25652259\tQueen's Knight\tEscolta de la Reina\tO Cavaleiro da Rainha\tCavaliere della Regina\n"
                        "64788463\tKing's Knight\tEscolta del Rey\tO Cavaleiro do Rei\tCavaliere del Re\n")
    text = "const mazzo = ['Queen\\'s Knight', 'King\\'s Knight'];"
    assert _found(index, text, "it") == [("Queen\\'s Knight", "queen-s-knight"), ("King\\'s Knight", "king-s-knight")]


def test_a_last_word_missing_its_last_letter_still_matches(spelled_pool):
    assert _found(spelled_pool, "Con 2x Bottomless Trap Hol en el side.", "es") == [("Bottomless Trap Hol", "bottomless-trap-hole")]
    assert _found(spelled_pool, "Con 2x Bottomless Trap Ho en el side.", "es") == []  # two letters short: no


def test_series_plurals_and_series_names_without_their_linking_words(spelled_pool):
    got = _found(spelled_pool, "O side tinha cartas contra os Dragões Soberanos e contra os Coveiros.", "pt")
    assert got == [("Dragões Soberanos", "series-dragon-ruler"), ("Coveiros", "series-gravekeeper-s")]
    assert _found(spelled_pool, "Top 8 con i Draghi Sovrani, poi il meta di Drago di Tuono.", "it") == \
        [("Draghi Sovrani", "series-dragon-ruler"), ("Drago di Tuono", "series-thunder-dragon")]


def test_a_one_word_series_in_a_list_after_another_series(spelled_pool):
    assert _found(spelled_pool, "Molti mazzi Drago Sovrano e Labrinto al torneo.", "it") == \
        [("Drago Sovrano", "series-dragon-ruler"), ("Labrinto", "series-labrynth")]
    assert _found(spelled_pool, "Il Labrinto di Milano è chiuso.", "it") == []  # alone, not used as a series: no


def test_two_series_names_side_by_side(spelled_pool):
    assert _found(spelled_pool, "Ronda 3 vs Frog Monarch: gano yo.", "es") == \
        [("Frog", "series-frog"), ("Monarch", "series-monarch")]


def test_a_series_name_cut_down_to_an_everyday_word_is_not_a_series(spelled_pool):
    # "The Dragon of" (a fragment of card names) gives no series "Dragon"
    assert _found(spelled_pool, "Ronda 4 vs Frog Dragons: pierdo.", "es") == []


def test_a_one_word_series_before_and_another_series(spelled_pool):
    assert _found(spelled_pool, "Al negozio giocano tutti con il Labrinto e i Monarchi.", "it") == \
        [("Labrinto", "series-labrynth"), ("Monarchi", "series-monarch")]
    # alone, an everyday word is no series ("Frog"); a made-up one is ("Labrinto": translate._rare_series)
    assert _found(spelled_pool, "Al negozio giocano tutti con il Frog e i bambini.", "it") == []
    assert _found(spelled_pool, "Al negozio giocano tutti con il Labrinto e i bambini.", "it") == \
        [("Labrinto", "series-labrynth")]


# ── the fast paths of the pass agree with what they stand for ────────────────

_AROUND = ("La carta Fuerza de Espejo. ¿Y la «Fuerza de Espejo»? Supercarta Fuerza de Espejo cartas; la ma\u0301gica "
           "Fuerza de Espejo efecto del monstruo\n\n(Fuerza de Espejo) trampa,Fuerza de Espejo_x Fuerza de Espejo CARD")


@pytest.mark.parametrize("text", [_AROUND, "Fuerza de Espejo", "  ¡«Fuerza de Espejo", "supermonstruo  Fuerza de Espejo trampax",
                                  '<p class="a">Fuerza de Espejo</p><b>Fuerza de Espejo y X->Fuerza de Espejo > Fuerza de Espejo'])
def test_the_pass_reads_sentence_starts_and_card_words_as_mentions_does(index, text):
    from ygorules.names import mentions
    from ygorules.names.translate import Translator

    t = Translator(index, "es", "en")
    t.spans(text)  # splits the text into the words and separators the checks read
    for i, start in enumerate(t._starts):
        assert t._sentence_start(i) == mentions.sentence_start(text, start), (text, start)
        for size in (1, 2, 3):
            if i + size <= len(t._starts):
                end = t._ends[i + size - 1]
                assert t._card_context(i, size, start, end) == mentions.card_context(text, start, end), (text[start:end], size)


@pytest.mark.parametrize("text", [_AROUND, "Fuerza de Espejo", "supermonstruo  Fuerza de Espejo trampax", "scarta Fuerza de Espejo",
                                  "Fuerza de Espejo efectos", "la ma\u0301gica Fuerza de Espejo xcarta"]
                         # a word cut by the edge of the stretch card_context reads: only its end, or its start, is a card word
                         + [f"{'b' * pad}carta Fuerza de Espejo" for pad in range(14, 26)]
                         + [f"Fuerza de Espejo {'a' * pad} trampa{'x' * 12}" for pad in range(1, 14)])
def test_a_window_with_no_card_word_flag_around_it_has_no_card_context(index, text):
    # (_judge asks _card_context only where one of the two words before or after the window may say "card")
    from ygorules.names import mentions
    from ygorules.names.translate import Translator

    t = Translator(index, "es", "en")
    t.spans(text)
    n = len(t._raw)
    near = [0, 0, *(t._cardn[r] for r in t._raw), 0, 0]  # (each word's flag; word k at k + 2)
    for i, start in enumerate(t._starts):
        for size in (1, 2, 3):
            if i + size <= n and not (near[i] or near[i + 1] or near[i + size + 2] or near[i + size + 3]):
                assert not mentions.card_context(text, start, t._ends[i + size - 1]), (text, start, size)


def _runs_of_every_capital(t) -> list:
    """The runs of capitalised words as read word by word over every capitalised word (what ``_runs`` picks in C)."""
    from ygorules.names.translate import _RUN_ELIDED, _RUN_LINKS

    raw, words, clss, seps = t._raw, t._words, t._cls, t._seps
    out, run0, last = [], -9, -9
    for i in range(len(raw)):
        if not raw[i][:1].isupper() or t._blocked[i]:
            continue
        if "\n" in seps[i]:
            pass
        elif ((clss[i] in (" ", ",")) and (i == last + 1 or (i == last + 2 and clss[i - 1] == " " and words[i - 1] in _RUN_LINKS))) \
                or (clss[i] == "'" and i == last + 2 and clss[i - 1] == " " and words[i - 1] in _RUN_ELIDED) \
                or (clss[i] == "'" and i == last + 1 and words[i - 1] in _RUN_ELIDED and raw[i - 1].isupper()):
            last = i
            continue
        if last > run0:
            out.append((run0, last))
        run0 = last = i
    if last > run0:
        out.append((run0, last))
    return out


@pytest.mark.parametrize("text", [
    "Uso Fuerza de Espejo y Dragón Blanco de Ojos Azules, Mago Oscuro.",
    "Juego A x B y C, la Piuma dell'Arpia\nDrago Bianco\nOjos Azules casi. Mirror Force",
    "9 SCARICO DELL'ANIMA\n\nQuesto è Macro Cosmos. E DELL'ARPIA",
    "mira https://Ejemplo.com/Fuerza De Espejo Dragón Negro y `Mago Oscuro` Dragón",
    "Aa bb Cc dd ee Ff Gg hh ii jj Kk de Ll y Mm, Nn",
    "Primera palabra",
    "",
])
def test_the_runs_read_from_the_capitals_near_another_are_the_runs_of_every_capital(index, text):
    from ygorules.names.translate import Translator

    t = Translator(index, "es", "en")
    t.spans(text)
    assert t._runs() == _runs_of_every_capital(t)


@pytest.mark.parametrize("text, run", [
    ("Poi 9 SCARICO DELL'ANIMA\n\nQuesto è Macro Cosmos.", "SCARICO DELL'ANIMA"),  # the elided link in capitals
    ("Ho usato lo Scarico dell'Anima e basta.", "Scarico dell'Anima"),
])
def test_a_run_goes_on_across_an_elided_link_in_capitals_too(index, text, run):
    from ygorules.names.translate import Translator

    t = Translator(index, "it", "en")
    t.spans(text)
    assert run in [text[t._starts[a]:t._ends[b]] for a, b in t._runs()]


def test_emptying_the_translators_memos_between_pieces_changes_no_span(index, monkeypatch):
    from ygorules.names import translate as module

    text = " ".join([_AROUND, "los Kuribohs y la Fuerza del Espejo; Mirror Force, Solemn Judgement"] * 3)
    kept = [s.as_dict() for s in module.Translator(index, "es", "en").spans(text)]
    monkeypatch.setattr(module, "MEMO_LIMIT", 0)
    t = module.Translator(index, "es", "en")
    pieces = [s.as_dict() for part in (text, text) for s in t.spans(part)]  # the second piece starts with emptied memos
    assert kept and pieces == kept + kept


class _Forgetful(dict):
    """A memo that stores nothing: every window is judged, every pair of words weighed, afresh."""

    def __setitem__(self, key, value):
        pass


def test_a_name_written_again_is_judged_as_if_for_the_first_time(index):
    # the memos of judgements and of word pairs are keyed on all that decides them: a name met again in another
    # context (a sentence start, quotes, "carta" next to it, lower case, a plural article, another separator before the
    # next word) gets its own verdict
    from ygorules.names.translate import Translator

    text = " ".join(["Mirror; Force, Mirror.\n\nForce", _AROUND, "honesto y Honesto; la cadena, «cadena» y la Cadena. "
                     "Los Kuribohs y los kuribohs de la Fuerza del Espejo; Mirror Force, Solemn Judgement. mirror force"] * 2)
    memo = Translator(index, "es", "en")
    kept = [s.as_dict() for s in memo.spans(text)]
    fresh = Translator(index, "es", "en")
    fresh._judged, fresh._pairs, fresh._walks = _Forgetful(), _Forgetful(), _Forgetful()
    assert memo._judged and memo._pairs
    assert [s.as_dict() for s in fresh.spans(text)] == kept
    assert len({(d["text"], d["score"]) for d in kept if d["id"] == "mirror-force"}) > 1  # same name, other verdicts


@pytest.mark.parametrize("text", [
    "Fuerza de Espejo, snake_case_name y _inicio_ fin_",  # underscores are separators
    "Inyecc\u0301ion Lily y Forc\u0327a do Espelho",  # accents written decomposed (NFD) inside words
    "\u0301al principio, tras un espacio \u0301\u0302 y al final\u0301",  # combining marks with no letter before them
    "x\u0301\u0302\u0303y z\u0301 9\u0301 ÀÉ 12ª 3½ ①②",  # several marks in a row, digits, compatibility forms
    "L’Onesto, Dark Magician's Blessing — «Città» È così…",
    "",
])
def test_the_translators_word_split_is_the_word_pattern_of_fold(text):
    # (translate splits with TOKEN's pattern written with possessive repeats, for speed: the same words and separators)
    import re

    from ygorules.core.fold import TOKEN
    from ygorules.names.translate import _SPLIT

    assert _SPLIT.split(text) == re.compile(f"({TOKEN.pattern})").split(text)


def test_the_translators_word_split_is_the_word_pattern_of_fold_on_the_fold_corpus():
    import re
    import unicodedata

    from ygorules.core.fold import TOKEN
    from ygorules.names.translate import _SPLIT

    corpus = (ROOT / "tests" / "fixtures" / "fold-corpus.txt").read_text(encoding="utf-8")
    for text in (corpus, unicodedata.normalize("NFD", corpus), unicodedata.normalize("NFKD", corpus)):
        assert _SPLIT.split(text) == re.compile(f"({TOKEN.pattern})").split(text)


def test_the_words_translate_never_asks_are_those_where_no_name_begins(index, monkeypatch):
    # (Translator._finds skips, once per word or pair of words, the places where _at would find nothing: asking every one
    # of them gives the same spans)
    from ygorules.names.translate import Translator

    text = " ".join(["El Mago Oscuro, el mago y la Fuerza de Espejo; de la Fuerza, Si Honestos, los Kuribohs, las Cartas,",
                     _AROUND, "Inyeccion Lilly y la Hada de la Inyección Lily. la cadena, el Paso de Daño, ATK y DEF."] * 2)
    want = [s.as_dict() for s in Translator(index, "es", "en").spans(text)]
    monkeypatch.setattr(Translator, "_finds", lambda self, *a: True)
    assert [s.as_dict() for s in Translator(index, "es", "en").spans(text)] == want
    assert want


@pytest.mark.parametrize("code", [
    "from cartas.trampas import Lilybot, Fuerza\n",
    "import { Lilybot } from './cartas'\n",
    "class Lilybot(Carta):\n    pass\n",
    "    public class Lilybot extends Carta {\n",
    "def Lilybot():\n    return 1\n",
    "Carta x = new Lilybot(jugador1);\n",  # a class made
    "Carta lilybot = otra;\n",  # a variable given a value
])
def test_a_name_that_a_line_of_code_declares_or_imports_is_an_identifier(index, code):
    text = code + 'carta = Carta("Lilybot")\nY activé Lilybot.\n'
    got = [(s.start, s.text) for s in translate(index, text, "es", "en")[1]]
    assert got == [(text.index('"Lilybot"') + 1, "Lilybot"), (text.rindex("Lilybot"), "Lilybot")]


@pytest.mark.parametrize("text", [
    "Mi mazo:\n\nFuerza de Espejo\nRecarga\nGuardia Real\n",  # one name a line: the lines are the evidence
    "# Recarga\n\nTexto con Fuerza de Espejo y Mago\nOscuro.\n",  # a name across a line end
])
def test_a_text_with_windows_line_ends_is_read_as_with_unix_ones(index, text):
    from ygorules.names.translate import Translator

    crlf = text.replace("\n", "\r\n")
    unix = [(s.text, s.id) for s in Translator(index, "es", "en").spans(text)]
    got = Translator(index, "es", "en").spans(crlf)
    assert [(s.text.replace("\r\n", "\n"), s.id) for s in got] == unix and len(unix) >= 2
    assert all(crlf[s.start:s.end] == s.text for s in got)
    assert translate(index, crlf, "es", "en")[0] == translate(index, text, "es", "en")[0].replace("\n", "\r\n")
