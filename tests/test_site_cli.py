import pytest
from ygorules.cli import main


def test_site_without_an_action_is_a_usage_error(capsys):
    assert main(["site"]) == 2
    assert "build" in capsys.readouterr().err


def test_site_help_documents_every_action(capsys):
    try:
        main(["site", "--help"])
    except SystemExit as exc:
        assert exc.code == 0
    out = capsys.readouterr().out
    for action in ("build", "serve", "check", "catalogs"):
        assert action in out
    assert "Example: ygorules site build" in out


def test_site_check_reports_a_missing_site(tmp_path, capsys):
    assert main(["site", "check", "--site-dir", str(tmp_path / "nothing")]) == 1
    assert "ygorules site build" in capsys.readouterr().out


def test_site_build_with_an_unknown_language_exits_2(tmp_path, capsys):
    with pytest.raises(SystemExit) as exc:
        main(["site", "build", "--lang", "fr", "--site-dir", str(tmp_path / "s")])
    assert exc.value.code == 2
    assert "'fr' is not a language of the site" in capsys.readouterr().err
