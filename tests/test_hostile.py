"""Hostile and broken input: each gets one clear error with its file and line, exit 1, no traceback,
within modest memory (the process runs under a 1 GiB address-space limit)."""
import re
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

MINI = Path(__file__).parent / "fixtures" / "mini-kb"
CARD = (MINI / "cards" / "mirror-force.yaml").read_text(encoding="utf-8")
BOMB = "id: x\n" + "a: &a ['lol','lol','lol','lol','lol','lol','lol','lol','lol']\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [" + ",".join([f"*{chr(97 + i)}"] * 9) + "]\n" for i in range(8))


def _card(**replace) -> bytes:
    text = CARD
    for old, new in replace.items():
        text = text.replace(old.replace("_", " ") if " " in old else old, new)
    return text.encode("utf-8")


CASES = {
    # name: (folder, file stem, content bytes or a callable writing the file, expected code, expected line)
    "yaml-syntax-error": ("cards", "mirror-force", CARD.replace("names:\n", "names: [oops\n").encode(), "yaml-syntax", None),
    "duplicate-key": ("cards", "mirror-force", CARD.replace("card_type: trap\n", "card_type: trap\ncard_type: spell\n").encode(), "duplicate-key", 5),
    "yaml11-no-for-a-string": ("cards", "mirror-force", CARD.replace("it: Forza Riflessa", "it: no").encode(), "yaml11-bool", 8),
    "unknown-field": ("cards", "mirror-force", CARD.replace("card_type: trap\n", "card_type: trap\nrarity: secret\n").encode(), "schema-unknown-key", 5),
    "wrong-type": ("cards", "mirror-force", CARD.replace("card_type: trap", "card_type: [trap]").encode(), "schema-type", 4),
    "dangling-reference": ("rulings", "test-ruling", (MINI / "rulings" / "test-ruling.yaml").read_text(encoding="utf-8").replace("cards: [mirror-force]", "cards: [mirror-forse]").encode(), "dangling-reference", 21),
    "id-differs-from-file-name": ("cards", "mirror-force", CARD.replace("id: mirror-force", "id: mirror-farce").encode(), "id-filename", 2),
    "nfd-text": ("cards", "mirror-force", CARD.replace("Força", "Forc\u0327a").encode(), "not-nfc", 7),
    "tab": ("cards", "mirror-force", CARD.replace("card_type: trap", "card_type:\ttrap").encode(), "tab", 4),
    "alias-bomb": ("cards", "mirror-force", BOMB.encode(), "anchor", 2),
    "fifty-megabytes": ("cards", "mirror-force", "huge", "too-large", 1),
    "binary-file": ("cards", "mirror-force", bytes(range(256)) * 64, "binary-file", 1),
    "python-object-tag": ("cards", "mirror-force", CARD.replace("card_type: trap", "card_type: !!python/object/apply:os.system ['echo pwned']").encode(), "tag", 4),
    "empty-file": ("cards", "mirror-force", b"", "empty-file", 1),
    "latin-1": ("cards", "mirror-force", CARD.encode("latin-1", "replace"), "not-utf8", 7),
}


def _limit_memory():
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


@pytest.mark.parametrize("name", sorted(CASES))
def test_hostile_input_gets_one_clear_error(name, tmp_path):
    folder, stem, content, code, line = CASES[name]
    kb = tmp_path / "kb"
    shutil.copytree(MINI, kb)
    target = kb / folder / f"{stem}.yaml"
    if content == "huge":
        with open(target, "wb") as f:
            f.write(CARD.encode())
            f.seek(50 * 1024 * 1024)
            f.write(b"\n")
    else:
        target.write_bytes(content)
    proc = subprocess.run([sys.executable, "-m", "ygorules", "check", "--kb", str(kb), "--format", "json"],
                          capture_output=True, text=True, timeout=120, preexec_fn=_limit_memory, cwd=tmp_path)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr
    import json
    report = json.loads(proc.stdout)
    errors = [p for p in report["problems"] if p["severity"] == "error"]
    assert [e["code"] for e in errors] == [code], errors
    assert errors[0]["path"].endswith(f"{folder}/{stem}.yaml")
    if line is not None:
        assert errors[0]["line"] == line, errors[0]
    assert errors[0]["fix"]


def test_text_output_is_path_line_col_what_and_fix(tmp_path):
    kb = tmp_path / "kb"
    shutil.copytree(MINI, kb)
    (kb / "cards" / "mirror-force.yaml").write_text(CARD.replace("card_type: trap\n", "card_type: trap\ncard_type: spell\n"), encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "ygorules", "check", "--kb", "kb"], capture_output=True, text=True, cwd=tmp_path)
    assert proc.returncode == 1
    lines = [l for l in proc.stdout.splitlines() if l.strip()]
    assert len(lines) == 1
    assert re.fullmatch(r"kb/cards/mirror-force\.yaml:5:1: duplicate key 'card_type' \(first at line 4\) → .+lines 4 and 5.*", lines[0]), lines[0]


def test_usage_error_exits_2(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "ygorules", "check", "--format", "xml"], capture_output=True, text=True, cwd=tmp_path)
    assert proc.returncode == 2
    proc = subprocess.run([sys.executable, "-m", "ygorules", "check", "--kb", str(tmp_path / "missing")], capture_output=True, text=True)
    assert proc.returncode == 2 and "no such knowledge-base folder" in proc.stderr and "Traceback" not in proc.stderr
