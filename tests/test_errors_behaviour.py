"""Problems as callers use them: compared, sorted and de-duplicated by place and text, raised to error with
--strict-terms, printed and exported, never changed in place."""
import pytest

from ygorules.core.errors import Problem, YgoError


def _p(path="kb/cards/a.yaml", line=3, col=5, message="m", fix="f", severity="error", code="c"):
    return Problem(path, line, col, message, fix, severity, code)


def test_a_problem_made_with_defaults_is_an_error_without_fix_or_code():
    p = Problem("kb/x.yaml", 1, 2, "what")
    assert p.as_dict() == {"path": "kb/x.yaml", "line": 1, "col": 2, "severity": "error", "code": "", "message": "what",
                           "fix": ""}
    assert p.format() == "kb/x.yaml:1:2: what"


def test_warnings_are_printed_as_such_and_the_fix_after_an_arrow():
    assert _p(severity="warning").format() == "kb/cards/a.yaml:3:5: warning: m → f"
    assert _p().format() == "kb/cards/a.yaml:3:5: m → f"


def test_problems_are_equal_by_place_text_and_severity_whatever_their_code():
    assert _p(code="a") == _p(code="b")
    assert not (_p(code="a") != _p(code="b"))
    for other in (_p(path="kb/b.yaml"), _p(line=4), _p(col=6), _p(message="n"), _p(fix="g"), _p(severity="warning")):
        assert _p() != other
        assert not (_p() == other)


def test_a_problem_is_never_equal_to_something_else():
    assert _p() != ("kb/cards/a.yaml", 3, 5, "m", "f", "error")
    assert not (_p() == "kb/cards/a.yaml:3:5: m → f")
    for compare in (lambda a, b: a < b, lambda a, b: a <= b, lambda a, b: a > b, lambda a, b: a >= b):
        with pytest.raises(TypeError):
            compare(_p(), 3)


def test_problems_sort_by_file_then_line_then_column_then_text():
    ps = [_p(line=10), _p(path="kb/b.yaml", line=1), _p(line=2, col=9), _p(line=2, col=1, message="z"),
          _p(line=2, col=1, message="a")]
    assert [(p.path, p.line, p.col, p.message) for p in sorted(ps)] == [
        ("kb/b.yaml", 1, 5, "m"), ("kb/cards/a.yaml", 2, 1, "a"), ("kb/cards/a.yaml", 2, 1, "z"),
        ("kb/cards/a.yaml", 2, 9, "m"), ("kb/cards/a.yaml", 10, 5, "m")]


def test_ordering_operators_agree_with_the_order_and_with_equality():
    low, high = _p(line=1), _p(line=2)
    assert low < high and low <= high and high > low and high >= low
    assert not (high < low) and not (high <= low) and not (low > high) and not (low >= high)
    same = _p(line=1, code="other")
    assert low <= same and low >= same
    assert not (low < same) and not (low > same)


def test_equal_problems_are_kept_once_in_a_set_and_different_ones_hash_apart():
    assert len({_p(code="a"), _p(code="b"), _p(line=4)}) == 2
    assert hash(_p(code="a")) == hash(_p(code="b"))
    assert len({hash(_p(line=n)) for n in range(20)}) == 20


def test_with_severity_changes_only_the_severity():
    p = _p(severity="warning", code="terms-avoid")
    raised = p.with_severity("error")
    assert raised.as_dict() == {**p.as_dict(), "severity": "error"}
    assert p.severity == "warning"


def test_a_problem_cannot_be_changed_in_place():
    p = _p()
    with pytest.raises(AttributeError):
        p.severity = "warning"
    assert p.severity == "error"


def test_repr_names_every_field():
    assert repr(_p()) == ("Problem(path='kb/cards/a.yaml', line=3, col=5, message='m', fix='f', severity='error', "
                          "code='c')")


def test_a_ygo_error_carries_its_message_problems_and_exit_code():
    e = YgoError("bad usage", exit_code=2)
    assert str(e) == "bad usage" and e.problems == [] and e.exit_code == 2
    problems = [_p()]
    e = YgoError("bad kb", problems)
    assert e.problems == problems and e.exit_code == 1
