"""Rulings and glossary content: today's rules first, earlier rules as history, and a glossary whose
avoided forms never hit an official name."""
import re
import unicodedata
from functools import lru_cache
from pathlib import Path

import pytest

from ygorules.core import terms_lint
from ygorules.core.kb import collect
from ygorules.core.model import LANGS, Term, Variant

ROOT = Path(__file__).resolve().parents[1]
KB_DIR = ROOT / "kb"
RULING_FILES = sorted((KB_DIR / "rulings").glob("*.yaml"))
TERM_FILES = sorted((KB_DIR / "terms").glob("*.yaml"))


@lru_cache(maxsize=1)
def real_kb():
    return collect(KB_DIR)[0]


@lru_cache(maxsize=1)
def glossary():
    return terms_lint.load(KB_DIR)


def fold(text):
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().casefold()
    return re.sub(r"\s+", " ", text)


def source_is_of_the_old_rules(source_id):
    """A source that describes the rules before the 2015 Damage Step change and rulebook 10: one of the
    seed articles (kept as a file), a rulebook older than version 10, or anything dated before 2015."""
    source = real_kb().sources.get(source_id)
    if source is None:
        return False  # a dangling id is reported by `ygorules check`
    data = source.data
    if data.get("file"):
        return True
    version = str(data.get("version") or "")
    if data.get("type") == "rulebook" and re.match(r"\d", version) and float(version.split()[0]) < 10:
        return True
    year = re.match(r"(\d{4})", str(data.get("date") or ""))
    return bool(year and int(year.group(1)) < 2015)


def source_id(citation):
    return citation if isinstance(citation, str) else citation["source"]


def statements(data, path=()):
    """Yield (path, statement) for every statement (a mapping with localized text and sources)."""
    if isinstance(data, dict):
        if isinstance(data.get("text"), dict) and "sources" in data:
            yield path, data
        for key, value in data.items():
            yield from statements(value, path + (key,))
    elif isinstance(data, list):
        for i, item in enumerate(data):
            yield from statements(item, path + (i,))


def entry_data(path):
    kind = "rulings" if path.parent.name == "rulings" else "terms"
    return getattr(real_kb(), kind)[path.stem].data


@pytest.mark.parametrize("path", RULING_FILES + TERM_FILES, ids=[f"{p.parent.name}/{p.stem}" for p in RULING_FILES + TERM_FILES])
def test_no_statement_given_as_todays_rule_rests_only_on_the_old_rules(path):
    lonely = [".".join(map(str, where)) for where, st in statements(entry_data(path))
              if st.get("status", "current") == "current"
              and all(source_is_of_the_old_rules(source_id(c)) for c in st["sources"])]
    assert not lonely, (f"{path.name}: {lonely} cite only pre-2015 sources; add a current source (rulebook-en-v10, "
                        "konami-eu-damage-step-rules, …) or make the statement `status: history` with `until`")


@pytest.mark.parametrize("path", RULING_FILES + TERM_FILES, ids=[f"{p.parent.name}/{p.stem}" for p in RULING_FILES + TERM_FILES])
def test_every_earlier_rule_says_which_current_source_shows_the_change(path):
    for where, st in statements(entry_data(path)):
        if st.get("status") != "history":
            continue
        until = st.get("until") or {}
        current = [c for c in until.get("sources", []) if not source_is_of_the_old_rules(source_id(c))]
        assert current, f"{path.name}: {'.'.join(map(str, where))} is history without a current source in until"


def test_a_ruling_given_as_current_answers_with_a_current_source():
    for ruling in real_kb().rulings.values():
        if ruling.status != "current":
            continue
        answer = ruling.data["answer"]
        assert answer.get("status", "current") == "current", f"{ruling.id}: a current ruling whose answer is not current"
        assert any(not source_is_of_the_old_rules(source_id(c)) for c in answer["sources"]), ruling.id


def test_honest_answers_with_todays_window_and_keeps_the_inclusive_one_as_history():
    honest = real_kb().rulings["honest-from-start-to-damage-calculation"]
    assert honest.status == "current"
    answer = honest.data["answer"]["text"]["en"]
    assert "before damage calculation" in answer and "not during damage calculation" in answer
    assert "before" in honest.data["title"]["en"]
    earlier = [st for _, st in statements(honest.data) if st.get("status") == "history"]
    assert earlier, "the 2009-2010 inclusive window must stay, as history"
    assert all(st.get("until", {}).get("when") for st in earlier)
    assert any("including damage calculation" in st["text"]["en"] for st in earlier)
    cited = {source_id(c) for c in honest.data["answer"]["sources"]}
    assert "ygorg-wacky-damage-step" in cited


def test_no_current_statement_still_gives_the_count_based_replay_or_the_rewind():
    replay_texts = [real_kb().terms["replay"].data["definition"]]
    replay_texts += [st for _, st in statements(real_kb().rulings["replay-when-the-number-of-monsters-changes"].data)]
    for st in replay_texts:
        if st.get("status", "current") != "current":
            continue
        en = st["text"]["en"]
        assert "goes back to the" not in en and "back to the declaration" not in en, en
        assert "when the number of" not in en, en


def test_chain_order_puts_mandatory_effects_before_optional_ones():
    answer = real_kb().rulings["chain-order-when-both-monsters-trigger"].data["answer"]["text"]["en"]
    assert answer.index("mandatory") < answer.index("optional")
    assert "simultaneous-effects-go-on-chain" in real_kb().terms


# --- the glossary's avoided forms -------------------------------------------------------------

def avoided_variants():
    return [(t, v) for t in real_kb().terms.values() for v in t.variants if v.avoid]


def test_the_glossary_marks_avoided_forms_in_every_reviewed_language():
    langs = {v.lang for _, v in avoided_variants()}
    assert {"es", "pt", "it"} <= langs


@pytest.mark.parametrize("term_id,variant", [(t.id, v) for t, v in avoided_variants()],
                         ids=[f"{t.id}-{v.lang}-{v.text}" for t, v in avoided_variants()])
def test_an_avoided_form_is_not_the_official_name_of_its_term_in_that_language(term_id, variant):
    name = real_kb().terms[term_id].names.get(variant.lang)
    assert name is None or fold(name) != fold(variant.text), f"{term_id}: '{variant.text}' is its {variant.lang} name"


@pytest.mark.parametrize("term_id,variant", [(t.id, v) for t, v in avoided_variants()],
                         ids=[f"{t.id}-{v.lang}-{v.text}" for t, v in avoided_variants()])
def test_an_avoided_form_cites_its_evidence_and_tells_the_writer_what_to_use(term_id, variant):
    assert variant.sources, f"{term_id}: '{variant.text}' cites nothing"
    term = real_kb().terms[term_id]
    note = dict(variant.note or ())
    assert term.names.get(variant.lang) or note.get(variant.lang), (
        f"{term_id}: '{variant.text}' is avoided in {variant.lang}, but the term has no {variant.lang} name and the variant no note saying what to write")


# «Da evitare …: scrivere «X»» reads as "avoid writing X", the opposite of what the note means.
AMBIGUOUS_IT_NOTE = re.compile(r"^\s*Da evitare\b[^.;]*:\s*scrivere\b", re.IGNORECASE)


@pytest.mark.parametrize("note,ambiguous", [
    ("Da evitare nei nostri testi in spagnolo: scrivere «cálculo de daño».", True),
    ("da evitare nei nostri testi in italiano:  scrivere «scoperto»", True),
    ("Forma da evitare nei nostri testi in spagnolo; scrivere invece «cálculo de daño».", False),
    ("Calco della comunità (articolo 000, senza accento); da evitare.", False),
])
def test_the_ambiguous_italian_note_shape_is_recognised(note, ambiguous):
    assert bool(AMBIGUOUS_IT_NOTE.search(note)) is ambiguous


def test_no_italian_variant_note_can_be_read_as_avoid_writing_the_form_to_use():
    found = [(t.id, v.lang, v.text) for t in real_kb().terms.values() for v in t.variants
             if AMBIGUOUS_IT_NOTE.search(dict(v.note or ()).get("it") or "")]
    assert not found, f"write «Forma da evitare …; scrivere invece «X»» in these Italian notes: {found}"


# Calques and loose turns of our Italian prose that are no glossary form (no term to hang them on), with
# the wording that replaces them. Text inside quotation marks is quoted material and exempt.
IT_CALQUES = {
    r"\bmodificator[ei]\b": "«le carte che modificano ATK/DEF» (card texts say «modifica l'ATK»)",
    r"\battorno al calcolo dei danni\b": "«prima del calcolo dei danni o durante»",
    r"\bper aver (?:inflitto|causato|subito|distrutto)\b": "«gli effetti legati al danno da combattimento inflitto o subito», «che si attivano quando…»",
    r"\bper essere stat[oaie] distrutt": "«gli effetti che si attivano quando un mostro viene distrutto in battaglia»",
    r"\bchiude la porta\b": "«esclude»",
    r"\bIgnition\b": "«Effetto Ignizione» / «Effetti Ignizione»",
    r"\ba Spell Speed\b": "«di Spell Speed N»",
    r"\bvelocità\b": "«Spell Speed» («velocità» only once, quoted, as a gloss)",
    r"\bdovuti al movimento\b|\bcausati dalla carta stessa\b|\bperché la carta stessa si sposta\b":
        "«Effetti Innescati dallo spostamento o dal cambiamento della carta stessa»",
    r"\blato del Terreno\b|\bdalla parte dell'avversario\b": "«sul Terreno dell'avversario»",
    r"\bil suo proprietario (?:può|non può) (?:iniziare|aprire)\b|\bl'ordine lo sceglie il proprietario\b":
        "«il giocatore che l'ha attivata» / «il controllore»",
    r"(?<!si )\battiva il suo [Ee]ffett|\bnon attiva(?:no)? (?:più )?(?:nulla|effetti|nessun)": "«l'effetto di … si attiva» (monsters do not activate)",
    r"\bEffetti veloci\b": "«carte ed effetti di Spell Speed 2 o 3»",
    r"\bHead Judge\b": "«giudice capo»",
    r"\bprima o durante il calcolo\b": "«prima del calcolo dei danni o durante»",
    r"\bentra in vigore da solo\b": "«inizia ad applicarsi da solo» (an effect applies; a rule comes into force)",
    r"\battravers\w+ (?:la |il )?(?:Main Phase|Battle Step|Battle Phase|Damage Step)\b|\bpuò attraversare\b": "«passare per», «in cui … può anche non fare nulla»",
}
_IT_CALQUE = re.compile("|".join(f"(?:{p})" for p in IT_CALQUES), re.IGNORECASE)


def italian_prose_hits(text):
    bare = terms_lint._QUOTED.sub(lambda m: " " * len(m.group(0)), text)
    return [m.group(0) for m in _IT_CALQUE.finditer(bare)]


@pytest.mark.parametrize("text,hits", [
    ("Come modificatore di ATK/DEF può essere attivata.", ["modificatore"]),
    ("gli effetti per aver inflitto danno da combattimento", ["per aver inflitto"]),
    ("gli effetti di mostro attivati a scelta («Ignition Effects»)", []),
    ("gli effetti Ignition dei mostri", ["Ignition"]),
    ("Un tipo di Carta Trappola a Spell Speed 3", ["a Spell Speed"]),
    ("La «velocità» di una carta: gli effetti a velocità 1", ["velocità"]),
    ("“Pomodoro Mistico” attiva il suo effetto alla fine del Damage Step", ["attiva il suo effett"]),
    ("L'effetto di “Pomodoro Mistico” si attiva alla fine del Damage Step, prima del calcolo dei danni o durante.", []),
    ("il suo proprietario può iniziare un'altra Catena", ["il suo proprietario può iniziare"]),
    ("alla fine del Damage Step si attiva il suo Effetto Innescato obbligatorio", []),
    ("la Main Phase 2, che il giocatore di turno può attraversare senza fare nulla", ["può attraversare"]),
    ("Ogni attacco attraversa il Battle Step e poi il Damage Step", ["attraversa il Battle Step"]),
    ("viene distrutto da un effetto prima o durante il calcolo dei danni", ["prima o durante il calcolo"]),
    ("torna nella mano del suo proprietario", []),
])
def test_the_italian_calque_finder(text, hits):
    assert italian_prose_hits(text) == hits


def test_no_italian_prose_in_the_kb_uses_a_known_calque():
    found = []
    files = [f for f in sorted(KB_DIR.rglob("*.yaml")) if f.parent != KB_DIR]
    assert len(files) > 300
    for file in files:
        data = terms_lint.load_file(file).data
        for path, text in terms_lint.localized_texts(data):
            for hit in italian_prose_hits(text.get("it") or ""):
                found.append(f"{file.relative_to(ROOT)}: {'.'.join(map(str, path))}.it: '{hit}'")
    assert not found, "write the Italian house form instead (docs/style/it.md):\n" + "\n".join(found)


@pytest.mark.parametrize("lang", ["es", "pt", "it"])
def test_the_linter_never_flags_an_official_name_in_its_own_language(lang):
    flagged = []
    for term in real_kb().terms.values():
        name = term.names.get(lang)
        if name:
            flagged += [(term.id, name, m) for _, m, _ in glossary().hits(name, lang)]
    assert not flagged, f"avoided forms that would flag official {lang} names: {flagged}"


@pytest.mark.parametrize("lang,prose,expected", [
    ("es", "Si el monstruo combatió, se le quita 1 Contador.", ["combatió"]),
    ("es", "El efecto puede tomar como objetivo a un monstruo en el Paso de Daño.", ["tomar como objetivo", "Paso de Daño"]),
    ("es", "Si esta carta batalló, al final del Damage Step se activa su efecto.", []),
    ("es", "El artículo escribe «Paso de Daño» y «combatir».", []),
    ("pt", "Os dois monstros combatem e o jogador recebe dano de combate.", ["combatem", "jogador", "dano de combate"]),
    ("pt", "Os dois monstros batalham na Etapa de Dano e o duelista recebe dano de batalha.", []),
    ("pt", "O artigo de 2009 escreve “a Damage Step”.", []),
    ("it", "Il mostro non può negare l'attacco nel sotto-passaggio del calcolo.", ["negare", "sotto-passaggio"]),
    ("it", "Infligge danno da combattimento e annulla l'attivazione nel Damage Step.", []),
    ("it", "Il forum scrive «danni da battaglia».", []),
    ("it", "Il danno perforante e gli effetti Ignition non sono effetti veloci.", ["danno perforante", "effetti Ignition", "effetti veloci"]),
    ("it", "Gli Effetti Ignizione e il danno da combattimento perforante; l'articolo scrive «Ignition Effects».", []),
])
def test_the_real_glossary_flags_the_house_style_forms_and_nothing_official(lang, prose, expected):
    found = [m for _, m, _ in glossary().hits(prose, lang)]
    assert sorted(map(str.casefold, found)) == sorted(map(str.casefold, expected))


def test_a_form_avoided_in_one_language_is_not_flagged_in_another():
    # "Damage Step" is the official Spanish and Italian name and an avoided Portuguese form.
    assert [m for _, m, _ in glossary().hits("Al comienzo del Damage Step.", "es")] == []
    assert [m for _, m, _ in glossary().hits("Il Damage Step ha cinque momenti.", "it")] == []
    assert [m for _, m, _ in glossary().hits("No começo da Damage Step.", "pt")] == ["Damage Step"]


# --- the name shown for a term with no official name -------------------------------------------

def _term(names, variants):
    return Term(id="a-rule", kind="term", path=Path("kb/terms/a-rule.yaml"), data={}, names=names, variants=variants)


def test_a_term_without_any_official_name_is_shown_by_its_first_english_form_not_an_avoided_one():
    variants = [Variant("AVOIDED", "en", "community", ("x",), None, True),
                Variant("Simultaneous Effects", "en", "community", ("x",)),
                Variant("Efectos", "es", "community", ("x",))]
    term = _term({lang: None for lang in LANGS}, variants)
    assert term.name("pt") == ("Simultaneous Effects", "en")
    assert term.name("en") == ("Simultaneous Effects", "en")


def test_a_term_without_a_name_in_a_language_is_shown_there_by_the_form_our_prose_uses():
    variants = [Variant("Sub-Step", "pt", "community", ("x",), None, True), Variant("subetapa", "pt", "community", ("x",)),
                Variant("sub-step", "en", "community", ("x",))]
    term = _term({lang: None for lang in LANGS}, variants)
    assert term.name("pt") == ("subetapa", "pt")  # not the avoided form, and not marked as English
    assert term.name("es") == ("sub-step", "en")


def test_a_term_without_names_or_english_forms_falls_back_to_its_id():
    term = _term({lang: None for lang in LANGS}, [Variant("Efectos", "es", "community", ("x",))])
    assert term.name("pt") == ("a-rule", "en")
    named = _term({"es": "Cadena", "pt": None, "it": None, "en": "Chain"}, [])
    assert named.name("es") == ("Cadena", "es") and named.name("pt") == ("Chain", "en")


# --- Portuguese: the glossary's new forms and the calques of review round 2 -----------------------

@pytest.mark.parametrize("prose,expected", [
    ("O card fica na Zona de Campo e responde a efeitos de velocidade 2.", ["Zona de Campo", "velocidade"]),
    ("Não podem ser ativados os Ignition Effects nem um Ignition Effect.", ["Ignition Effects", "Ignition Effect"]),
    ("Na Zona do Campo, os Efeitos de Ignição de Spell Speed 1; a fonte diz “velocidade 1”.", []),
])
def test_the_glossary_flags_the_portuguese_forms_review_round_2_removed(prose, expected):
    found = [m for _, m, _ in glossary().hits(prose, "pt")]
    assert sorted(map(str.casefold, found)) == sorted(map(str.casefold, expected))


PT_CALQUES = [  # (what the review found, a pattern that finds it, a sentence with it, the sentence as we write it)
    ("“makes it the End Phase” calqued", r"faz com que seja a Fase|tornar o turno a Fase|passa a ser a Fase Final",
     "“Flashbang” faz com que seja a Fase Final.", "“Flashbang” faz o turno passar para a Fase Final."),
    ("“around damage calculation” calqued", r"em torno do cálculo",
     "Na Corrente em torno do cálculo de dano.", "Numa Corrente antes do cálculo de dano."),
    ("“its effect for being sent/flipped” calqued", r"\b[Ss]eu efeito de ser\b|\befeito que ele ativa ao\b|\befeitos? que se ativa",
     "Seu efeito de ser enviado ao Cemitério é ativado.", "O efeito que depende de ele ser enviado ao Cemitério é ativado."),
    ("effects that “ativam-se” (house style: são ativados)", r"\b[Aa]tivam-se\b|\bse ativam\b|\bativam-no\b",
     "e ativam-se os efeitos de destruição.", "e são ativados os efeitos de destruição."),
    ("monsters that activate", r"\bmonstros? (?:não )?ativam?\b|\bdestruídos por “[^”]+” não ativam",
     "Esses monstros não ativam nenhum efeito.", "Os efeitos desses monstros não são ativados."),
    ("a rule stated as a habit", r"\bsó (?:é|são) ativad",
     "Nesse momento só são ativados efeitos que negam.", "Nesse momento só podem ser ativados efeitos que negam."),
    ("the owner where the controller is meant", r"\bo dono (?:pode|não pode|escolhe)\b",
     "Dentro de cada grupo, o dono escolhe a ordem.", "Dentro de cada grupo, o controlador escolhe a ordem."),
    ("«» quotes (house style: “…”)", r"[«»]",
     "Os efeitos que dizem «no final da Fase de Batalha».", "Os efeitos que dizem “no final da Fase de Batalha”."),
    ("a label that repeats the history badge", r"^(?:Regra|Afirmação|Procedimento|Lista) anterior\b",
     "Regra anterior: as decisões de 2009 permitiam isso.", "As decisões de 2009 permitiam isso."),
    ("a Chain or an effect that “resolve” (house style: é resolvido)", r"\b(?:Corrente|efeito|ela) resolve\b|\bque (?:ele|ela) resolva\b",
     "Enquanto a Corrente resolve, nada muda.", "Enquanto a Corrente é resolvida, nada muda."),
    ("effects that apply or activate themselves", r"\b(?:aplicar|ativar)-se\b|(?:\be|,|;) aplicam-se\b",
     "Os monstros vão para o Cemitério e aplicam-se os efeitos.", "Os monstros vão para o Cemitério e são aplicados os efeitos."),
    ("English left in Portuguese prose", r"\bHead Judge\b|\bIgnition Effects?\b(?!”)",
     "Assinado pelo juiz-chefe (Head Judge) latino-americano.", "Assinado pelo juiz-chefe latino-americano."),
    ("a glossary note with a pronoun and no antecedent", r"\bEvite-[oa] nos nossos textos\b",
     "Evite-o nos nossos textos em português: escreva “Corrente”.",
     "Não use esta forma nos nossos textos em português: escreva “Corrente”."),
]


def _pt_texts():
    from ygorules.core.link import localized_texts
    from ygorules.core.loader import load_file

    for path in sorted(KB_DIR.rglob("*.yaml")):
        data = load_file(path).data
        for where, text in localized_texts(data) if isinstance(data, dict) else ():
            if isinstance(text.get("pt"), str):
                yield f"{path.relative_to(ROOT)}:{'.'.join(map(str, where))}", text["pt"]


@pytest.mark.parametrize("what,pattern,bad,good", PT_CALQUES, ids=[c[0] for c in PT_CALQUES])
def test_the_portuguese_prose_has_none_of_the_calques_review_round_2_found(what, pattern, bad, good):
    rx = re.compile(pattern)
    assert rx.search(bad) and not rx.search(good), f"the pattern for {what} must tell the two sample sentences apart"
    hits = [f"{where}: …{text[max(0, m.start() - 40):m.end() + 40]}…" for where, text in _pt_texts() for m in rx.finditer(text)]
    assert not hits, f"{what}:\n" + "\n".join(hits)
