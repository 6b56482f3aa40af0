"""Every subcommand, given bad arguments or bad input, says what is wrong with a documented exit code and no traceback.

Exit codes (README): 0 success; 1 problems found, or input that exists but cannot be used (not UTF-8,
not a name table, a port in use, an output folder that does not exist); 2 usage error, including a
file or folder argument that does not exist.
"""
import socket
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MINI = Path(__file__).parent / "fixtures" / "mini-kb"


def _run(args, tmp_path, stdin=""):
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "YGORULES_CACHE": str(tmp_path / "cache"),
           "YGORULES_NAMES": str(tmp_path / "no-table.tsv.gz"), "PYTHONPATH": str(ROOT / "tools")}
    return subprocess.run([sys.executable, "-m", "ygorules", *args], cwd=tmp_path, input=stdin, env=env,
                          capture_output=True, text=True, timeout=120)


@pytest.fixture
def bad(tmp_path):
    """Bad inputs of every sort, made fresh for each case."""
    (tmp_path / "a-folder").mkdir()
    (tmp_path / "kb").mkdir()
    (tmp_path / "empty.txt").write_text("", encoding="utf-8")
    (tmp_path / "binary.txt").write_bytes(b"\x00\xff\xfe\x00" * 64)
    (tmp_path / "latin1.txt").write_bytes("Fuerza de Espejo en el Damage Step, ¿sí?".encode("latin-1"))
    (tmp_path / "latin1.yaml").write_bytes("id: fuerza\ntext: ¿sí?\n".encode("latin-1"))
    (tmp_path / "not-a-table.tsv").write_text("this is not\ta name table\n", encoding="utf-8")
    return tmp_path


CASES = {
    "check: missing kb": (["check", "--kb", "missing"], 2),
    "check: kb is a file": (["check", "--kb", "empty.txt"], 2),
    "check: unknown format": (["check", "--format", "xml"], 2),
    "status: missing kb": (["status", "--kb", "missing"], 2),
    "export: missing kb": (["export", "--kb", "missing"], 2),
    "export: output into a missing folder": (["export", "--kb", str(MINI), "-o", "no/such/folder/kb.json"], 1),
    "export: output is a folder": (["export", "--kb", str(MINI), "-o", "a-folder"], 1),
    "lookup: empty query": (["lookup", "--kb", str(MINI), ""], 2),
    "lookup: unknown language": (["lookup", "--kb", str(MINI), "--from", "xx", "Mirror Force"], 2),
    "lookup: bad limit": (["lookup", "--kb", str(MINI), "--limit", "0", "Mirror Force"], 2),
    "lookup: missing name table": (["lookup", "--kb", str(MINI), "--names", "missing.tsv.gz", "Mirror Force"], 1),
    "lookup: name table is not one": (["lookup", "--kb", str(MINI), "--names", "binary.txt", "Mirror Force"], 1),
    "translate: missing file": (["translate", "--kb", str(MINI), "--from", "es", "--to", "en", "missing.txt"], 2),
    "translate: a folder": (["translate", "--kb", str(MINI), "--from", "es", "--to", "en", "a-folder"], 2),
    "translate: binary input": (["translate", "--kb", str(MINI), "--from", "es", "--to", "en", "binary.txt"], 1),
    "translate: not UTF-8": (["translate", "--kb", str(MINI), "--from", "es", "--to", "en", "latin1.txt"], 1),
    "translate: unknown language": (["translate", "--kb", str(MINI), "--from", "es", "--to", "xx", "empty.txt"], 2),
    "names import: missing source": (["names", "import", "tsv", "missing.tsv", "-o", "out.tsv.gz"], 2),
    "names import: not a name table": (["names", "import", "tsv", "not-a-table.tsv", "-o", "out.tsv.gz"], 1),
    "names import: unknown format": (["names", "import", "csv", "not-a-table.tsv"], 2),
    "names import: yaml-yugi folder missing": (["names", "import", "yaml-yugi", "missing", "-o", "out.tsv.gz"], 2),
    "fmt: missing file": (["fmt", "--check", "missing.yaml"], 2),
    "fmt: not UTF-8": (["fmt", "--check", "latin1.yaml"], 1),
    "new: unknown kind": (["new", "crad", "Mirror Force", "--kb", str(MINI)], 2),
    "new: no id can be made": (["new", "ruling", "¿¿??", "--kb", "kb"], 2),
    "site serve: port out of range": (["site", "serve", "--lang", "es", "--port", "80000"], 2),
    "site serve: unknown language": (["site", "serve", "--lang", "xx"], 2),
    "site build: unknown language": (["site", "build", "--lang", "xx", "--kb", str(MINI)], 2),
    "site check: missing site": (["site", "check", "--site-dir", "missing"], 1),
    "no command": ([], 2),
    "unknown command": (["chek"], 2),
}


@pytest.mark.parametrize("name", CASES)
def test_bad_arguments_give_a_message_an_exit_code_and_no_traceback(bad, name):
    args, code = CASES[name]
    result = _run(args, bad)
    assert "Traceback" not in result.stderr + result.stdout, result.stderr
    assert result.returncode == code, (result.returncode, result.stderr)
    assert result.stderr.strip(), "a failure must say what is wrong"


def test_site_serve_on_a_port_in_use_says_so(bad):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = _run(["site", "serve", "--lang", "es", "--kb", str(MINI), "--port", str(port)], bad)
    assert "Traceback" not in result.stderr
    assert result.returncode == 1 and str(port) in result.stderr


def test_empty_input_is_not_an_error(bad):
    result = _run(["translate", "--kb", str(MINI), "--from", "es", "--to", "en", "empty.txt"], bad)
    assert result.returncode == 0 and "Traceback" not in result.stderr
    result = _run(["lookup", "--kb", str(MINI), "-"], bad, stdin="")
    assert result.returncode == 0 and result.stdout == ""
