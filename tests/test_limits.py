"""Limits that protect the machine: each refuses its input with a clear message instead of working without bound."""
import subprocess
import sys
from pathlib import Path

import pytest

from ygorules.commands.translate import MAX_TEXT_BYTES
from ygorules.core.errors import YgoError
from ygorules.core.loader import MAX_DEPTH, MAX_FILE_BYTES, LoadError, load_bytes
from ygorules.names.index import MAX_QUERY_CHARS

KB = Path(__file__).parent / "fixtures" / "names" / "kb"


def _run(*args, stdin=b""):
    return subprocess.run([sys.executable, "-m", "ygorules", *args], input=stdin, capture_output=True)


def test_file_size_limit():
    with pytest.raises(LoadError) as info:
        load_bytes(b"a: b\n" * (MAX_FILE_BYTES // 5 + 1), "big.yaml")
    assert info.value.problem.code == "too-large"


def test_nesting_depth_limit_in_block_style_too():
    text = "".join(f"{'  ' * i}k{i}:\n" for i in range(MAX_DEPTH + 1)) + "  " * (MAX_DEPTH + 1) + "x\n"
    with pytest.raises(LoadError) as info:
        load_bytes(text.encode(), "deep.yaml")
    assert info.value.problem.code == "too-deep"


def test_a_query_over_the_limit_is_refused_and_a_batch_goes_on():
    assert KB.is_dir()
    proc = _run("lookup", "--kb", str(KB), "x" * (MAX_QUERY_CHARS + 1))
    assert proc.returncode == 1 and b"the limit is" in proc.stderr and b"Traceback" not in proc.stderr
    proc = _run("lookup", "--kb", str(KB), "-", stdin=b"y" * (MAX_QUERY_CHARS + 1) + b"\nmirror force\n")
    lines = proc.stdout.decode().splitlines()
    assert proc.returncode == 0 and len(lines) == 2
    assert '"error"' in lines[0] and '"mirror-force"' in lines[1]


def test_library_lookup_raises_the_documented_error():
    from ygorules.names.index import load_index
    with pytest.raises(YgoError):
        load_index(KB, None).lookup("z" * (MAX_QUERY_CHARS + 1))


def test_translate_refuses_text_over_the_limit(tmp_path):
    big = tmp_path / "big.txt"
    with open(big, "wb") as f:
        f.seek(MAX_TEXT_BYTES)
        f.write(b"x")
    proc = _run("translate", "--kb", str(KB), "--from", "es", "--to", "en", str(big))
    assert proc.returncode == 1 and b"split it" in proc.stderr and b"Traceback" not in proc.stderr
