"""names import says what it replaces and keeps the old table."""
from pathlib import Path

from ygorules.cli import main

POOL = Path(__file__).parent / "fixtures" / "names" / "pool.tsv"
EVAL_POOL = Path(__file__).parent / "eval" / "pool.tsv"


def test_a_first_import_replaces_nothing(tmp_path, capsys):
    out = tmp_path / "names.tsv.gz"
    assert main(["names", "import", "tsv", str(POOL), "-o", str(out)]) == 0
    assert "it replaces" not in capsys.readouterr().out and not (tmp_path / "names.tsv.gz.bak").exists()


def test_a_second_import_names_the_old_and_new_counts_and_keeps_a_backup(tmp_path, capsys):
    out = tmp_path / "names.tsv.gz"
    main(["names", "import", "tsv", str(POOL), "-o", str(out)])
    first = out.read_bytes()
    capsys.readouterr()
    assert main(["names", "import", "tsv", str(EVAL_POOL), "-o", str(out)]) == 0
    said = capsys.readouterr().out
    assert "wrote 164 cards" in said and "it replaces a table of 12 cards" in said
    assert (tmp_path / "names.tsv.gz.bak").read_bytes() == first and out.read_bytes() != first
