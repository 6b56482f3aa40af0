"""Fuzzing with hypothesis: no exception escapes the loader and the check passes but the documented ones.

A few hundred examples run by default; `pytest -m slow` runs thousands (2000 each; 400 whole checks).
"""
import shutil
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ygorules.core.errors import YgoError
from ygorules.core.kb import collect
from ygorules.core.loader import LoadError, load_bytes

MINI = Path(__file__).parent / "fixtures" / "mini-kb"
CARD = (MINI / "cards" / "mirror-force.yaml").read_bytes()
YAMLISH = st.lists(st.sampled_from(list("abc: -[]{}&*!|>'\"#\n\t?,.0123~%@`\\é\u0301\u00a0") + ["no", "yes", "<<", "---", "!!python/object", "  ", "\n  - ", ": "]), max_size=60).map("".join)

DEFAULT = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
CHECKS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
LONG = settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
# a whole check per example: fewer, so that `pytest -m slow` stays under five minutes on two cores
LONG_CHECKS = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def _load_only_raises_load_error(raw: bytes):
    try:
        doc = load_bytes(raw, "fuzz.yaml")
    except LoadError as exc:
        p = exc.problem
        assert p.path == "fuzz.yaml" and p.line >= 1 and p.col >= 1 and p.message and p.fix
        return
    # accepted: the data must be what a YAML parser reads, made only of plain JSON-like values
    _assert_plain(doc.data)
    doc.where(("anything",))


def _assert_plain(value):
    if isinstance(value, dict):
        assert all(isinstance(k, str) for k in value)
        for v in value.values():
            _assert_plain(v)
    elif isinstance(value, list):
        for v in value:
            _assert_plain(v)
    else:
        assert value is None or isinstance(value, (str, int, float, bool))


def _mutate(data: bytes, cut: int, insert: bytes) -> bytes:
    cut %= len(data) + 1
    return data[:cut] + insert + data[cut + len(insert):]


@DEFAULT
@given(st.binary(max_size=300))
def test_loader_on_random_bytes(raw):
    _load_only_raises_load_error(raw)


@DEFAULT
@given(YAMLISH)
def test_loader_on_yaml_like_text(text):
    _load_only_raises_load_error(text.encode("utf-8"))


@DEFAULT
@given(st.integers(0, len(CARD)), st.binary(min_size=1, max_size=12) | YAMLISH.map(lambda t: t.encode()))
def test_loader_on_mutated_entries(cut, insert):
    _load_only_raises_load_error(_mutate(CARD, cut, insert))


def _check_never_crashes(tmp_path, folder, content):
    kb = tmp_path / "kb"
    if kb.exists():
        shutil.rmtree(kb)
    shutil.copytree(MINI, kb)
    (kb / folder / "fuzzed.yaml").write_bytes(content)
    try:
        _, problems = collect(kb)
    except YgoError:
        return
    for p in problems:
        assert p.path and p.line >= 1 and p.message, p


JSONISH = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=10),
                       lambda c: st.lists(c, max_size=3) | st.dictionaries(st.sampled_from(["id", "names", "es", "en", "timings", "substep", "sources", "source", "text", "spellings", "cards", "order", "steps", "variants"]), c, max_size=4),
                       max_leaves=10)


@CHECKS
@given(folder=st.sampled_from(["cards", "terms", "rulings", "examples", "steps", "substeps", "schemes", "sources", "damage"]), data=JSONISH)
def test_schema_and_link_passes_on_random_entries(tmp_path, folder, data):
    _check_never_crashes(tmp_path, folder, yaml.safe_dump({"id": "fuzzed", **data} if isinstance(data, dict) else data, allow_unicode=True).encode())


@CHECKS
@given(st.integers(0, len(CARD)), YAMLISH.map(lambda t: t.encode()))
def test_check_on_mutated_card_files(tmp_path, cut, insert):
    _check_never_crashes(tmp_path, "cards", _mutate(CARD, cut, insert))


@pytest.mark.slow
@LONG
@given(st.binary(max_size=2000))
def test_loader_on_random_bytes_long(raw):
    _load_only_raises_load_error(raw)


@pytest.mark.slow
@LONG
@given(st.integers(0, len(CARD)), st.binary(min_size=1, max_size=40) | YAMLISH.map(lambda t: t.encode()))
def test_loader_on_mutated_entries_long(cut, insert):
    _load_only_raises_load_error(_mutate(CARD, cut, insert))


@pytest.mark.slow
@LONG_CHECKS
@given(folder=st.sampled_from(["cards", "terms", "rulings", "examples", "substeps", "schemes"]), data=JSONISH)
def test_schema_and_link_passes_on_random_entries_long(tmp_path, folder, data):
    _check_never_crashes(tmp_path, folder, yaml.safe_dump({"id": "fuzzed", **data} if isinstance(data, dict) else data, allow_unicode=True).encode())


# ── lookup and translate ────────────────────────────────────────────────────

NAMES_KB = Path(__file__).parent / "fixtures" / "names" / "kb"
WORDS = st.sampled_from(["Fuerza", "de", "Espejo", "mirror", "force", "Lily", "hada", "inyección", "Damage", "Step",
                         "cadena", "Paso", "Daño", "«", "»", "\"", "’", "-", ".", ",", "\n", "  ", "é", "\u0301", "ATK", "LP", "x"])
TEXT = st.lists(WORDS | st.text(max_size=4), max_size=40).map(" ".join)


@pytest.fixture(scope="module")
def name_index():
    from ygorules.names.index import load_index
    return load_index(NAMES_KB, None)


def _lookup_is_well_formed(index, query, lang):
    try:
        result = index.lookup(query, lang)
    except YgoError:
        from ygorules.names.index import MAX_QUERY_CHARS
        assert len(query) > MAX_QUERY_CHARS
        return
    d = result.as_dict()
    assert d["query"] == query
    scores = [m["score"] for m in d["matches"]]
    assert all(0 <= s <= 100 for s in scores)
    # best first; the leading tie (scores within TIE_MARGIN, ordered by other evidence: official form, printings) excepted
    from ygorules.names.index import TIE_MARGIN
    head, rest = scores[:result.tied], scores[result.tied:]
    assert rest == sorted(rest, reverse=True)
    if head:
        assert max(head) - min(head) <= TIE_MARGIN + 0.05 and (not rest or min(head) >= max(rest))
    for m in d["matches"]:
        assert set(m) >= {"id", "kind", "score", "matched", "names"} and set(m["names"]) == {"es", "pt", "it", "en"}


def _translate_keeps_everything_else(index, text, src, dst, annotate):
    from ygorules.names.translate import translate
    out, spans = translate(index, text, src, dst, annotate)
    pos = 0
    for s in spans:
        assert pos <= s.start < s.end <= len(text) and text[s.start:s.end] == s.text
        pos = s.end
    segments, at = [], 0
    for s in spans:
        segments.append(text[at:s.start])
        at = s.end
    segments.append(text[at:])
    if not annotate:  # exactly the text, with each span replaced and nothing else touched
        expected = segments[0] + "".join(s.replacement + seg for s, seg in zip(spans, segments[1:]))
        assert out == expected
    else:  # every untouched segment is still there, in order (a closing quote may move before the note)
        from ygorules.names.translate import QUOTES_CLOSE
        cursor = 0
        for seg in segments:
            seg = seg[1:] if seg[:1] in QUOTES_CLOSE else seg
            found = out.find(seg, cursor)
            assert found >= 0
            cursor = found + len(seg)


@DEFAULT
@given(query=st.text(max_size=40) | TEXT, lang=st.sampled_from([None, "es", "pt", "it", "en"]))
def test_lookup_on_random_queries(name_index, query, lang):
    _lookup_is_well_formed(name_index, query, lang)


@DEFAULT
@given(text=TEXT, src=st.sampled_from(["es", "pt", "it", "en"]), dst=st.sampled_from(["es", "pt", "it", "en"]), annotate=st.booleans())
def test_translate_on_random_text(name_index, text, src, dst, annotate):
    _translate_keeps_everything_else(name_index, text, src, dst, annotate)


@pytest.mark.slow
@LONG
@given(query=st.text(max_size=400) | TEXT, lang=st.sampled_from([None, "es", "en"]))
def test_lookup_on_random_queries_long(name_index, query, lang):
    _lookup_is_well_formed(name_index, query, lang)


@pytest.mark.slow
@LONG
@given(text=TEXT | st.text(max_size=300), src=st.sampled_from(["es", "pt", "it", "en"]), annotate=st.booleans())
def test_translate_on_random_text_long(name_index, text, src, annotate):
    _translate_keeps_everything_else(name_index, text, src, "en", annotate)
