"""translate --jobs: the pieces of a large text translated by worker processes, written as one process writes them."""
from __future__ import annotations

import json
import multiprocessing
import os

import pytest

from ygorules.cli import main
from ygorules.commands import translate as cmd
from ygorules.core.errors import YgoError

from _names_fixtures import KB, isolated, table  # noqa: F401 (fixtures)

pytestmark = pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="no fork here")


def long_text(n: int = 30) -> str:
    """Paragraphs of our own, each numbered, with card names, a rules term, a name two pool cards share, a name-like
    word nothing matches and a misspelt name."""
    return "".join(f"Ronda {i}: activé Fuerza de Espejo en la cadena contra el Mago Oscuro.\n\n"
                   f"Luego la Guardia Real y la carta Pepito{i}; \"Espejo Rojizo\" no bastó.\n\n" for i in range(n))


@pytest.fixture
def small_pieces(monkeypatch):
    monkeypatch.setattr(cmd, "CHUNK_BYTES", 300)


def translate(capfdbinary, path, *options) -> tuple[int, bytes, bytes]:
    code = main(["translate", "--kb", str(KB), "--from", "es", "--to", "en", *options, str(path)])
    got = capfdbinary.readouterr()
    return code, got.out, got.err


@pytest.mark.parametrize("options", [[], ["--json"], ["--annotate"], ["--report"], ["--json", "--report"],
                                     ["--json", "--annotate", "--report"]])
def test_jobs_write_what_one_process_writes(tmp_path, table, capfdbinary, small_pieces, options):
    src = tmp_path / "long.txt"
    src.write_text(long_text(), encoding="utf-8")
    assert len(list(cmd.Reader(str(src)).pieces())) > 10
    one = translate(capfdbinary, src, "--names", str(table), "--jobs", "1", *options)
    three = translate(capfdbinary, src, "--names", str(table), "--jobs", "3", *options)
    assert one[0] == 0 and three == one
    assert b"'Guardia Real' (and 29 more time(s)) is also the name of royal-guard" in one[2]


def test_the_json_and_the_report_give_the_whole_text_s_places(tmp_path, table, capfdbinary, small_pieces):
    text = long_text()
    src = tmp_path / "long.txt"
    src.write_text(text, encoding="utf-8")
    code, out, err = translate(capfdbinary, src, "--names", str(table), "--jobs", "2", "--json", "--report")
    doc = json.loads(out)
    assert code == 0 and len(doc["spans"]) == 30 * 4
    assert all(text[s["start"]:s["end"]] == s["text"] for s in doc["spans"])
    last = [r for r in doc["report"]["unresolved"] if r["text"] == "Pepito29"]
    assert len(last) == 1 and text[last[0]["start"]:last[0]["end"]] == "Pepito29" and last[0]["line"] == 30 * 4 - 1


def test_the_report_stops_at_its_limit_across_the_pieces_as_in_one_process(tmp_path, table, capfdbinary, small_pieces,
                                                                            monkeypatch):
    monkeypatch.setattr(cmd, "MAX_REPORT", 7)
    src = tmp_path / "long.txt"
    src.write_text(long_text(), encoding="utf-8")
    one = translate(capfdbinary, src, "--names", str(table), "--jobs", "1", "--json", "--report")
    three = translate(capfdbinary, src, "--names", str(table), "--jobs", "3", "--json", "--report")
    report = json.loads(three[1])["report"]
    assert three == one and len(report["unresolved"]) == 7 and report["more"] == 30 * 2 - 7


def test_every_piece_is_translated_in_worker_processes(tmp_path, capfdbinary, small_pieces, monkeypatch):
    seen = tmp_path / "pids"
    piece = cmd._piece

    def recorded(*args):
        with open(seen, "a") as f:
            f.write(f"{os.getpid()}\n")
        return piece(*args)

    monkeypatch.setattr(cmd, "_piece", recorded)
    src = tmp_path / "long.txt"
    src.write_text(long_text(), encoding="utf-8")
    assert translate(capfdbinary, src, "--jobs", "2")[0] == 0
    pids = seen.read_text().split()
    assert len(pids) > 10 and str(os.getpid()) not in pids and len(set(pids)) <= 2  # (no core waits on a first piece)


def test_a_text_of_one_piece_is_translated_here(tmp_path, capfdbinary, monkeypatch):
    seen = []
    piece = cmd._piece
    monkeypatch.setattr(cmd, "_piece", lambda *args: seen.append(os.getpid()) or piece(*args))
    src = tmp_path / "short.txt"
    src.write_text(long_text(3), encoding="utf-8")
    code, out, _ = translate(capfdbinary, src, "--jobs", "4")
    assert code == 0 and seen == [os.getpid()] and out.count(b"Mirror Force") == 3


def test_the_output_keeps_the_text_s_order_when_later_pieces_finish_first(tmp_path, capfdbinary, small_pieces, monkeypatch):
    import time
    piece = cmd._piece

    def slow_start(tr, text, *rest):
        if "Ronda 5:" in text:
            time.sleep(0.5)
        return piece(tr, text, *rest)

    monkeypatch.setattr(cmd, "_piece", slow_start)
    src = tmp_path / "long.txt"
    src.write_text(long_text(), encoding="utf-8")
    code, out, _ = translate(capfdbinary, src, "--jobs", "2")
    rounds = [int(line.split(b":")[0].split()[1]) for line in out.splitlines() if line.startswith(b"Ronda")]
    assert code == 0 and rounds == list(range(30)) and out.count(b"Mirror Force") == 30


def failing_on(marker: str, monkeypatch, how):
    piece = cmd._piece

    def failing(tr, text, *rest):
        if marker in text:
            how()
        return piece(tr, text, *rest)

    monkeypatch.setattr(cmd, "_piece", failing)


def refuse():
    raise YgoError("a piece refused", exit_code=1)


def test_a_worker_s_error_is_the_error_one_process_gives(tmp_path, capfdbinary, small_pieces, monkeypatch):
    failing_on("Ronda 17:", monkeypatch, refuse)
    src = tmp_path / "long.txt"
    src.write_text(long_text(), encoding="utf-8")
    one = translate(capfdbinary, src, "--jobs", "1")
    three = translate(capfdbinary, src, "--jobs", "3")
    assert three == one and one[0] == 1 and b"ygorules translate: a piece refused" in one[2]
    assert b"Ronda 16:" in one[1] and b"Ronda 18:" not in one[1] and b"Traceback" not in three[2]


def test_any_other_exception_of_a_worker_is_raised_here_as_in_one_process(tmp_path, capfdbinary, small_pieces,
                                                                         monkeypatch):
    def bug():
        raise ValueError("a bug in piece 17")

    failing_on("Ronda 17:", monkeypatch, bug)
    src = tmp_path / "long.txt"
    src.write_text(long_text(), encoding="utf-8")
    for jobs in ("1", "3"):
        with pytest.raises(ValueError, match="a bug in piece 17"):
            translate(capfdbinary, src, "--jobs", jobs)
    assert multiprocessing.active_children() == []


def test_a_worker_that_dies_gives_a_clear_error_not_a_hang(tmp_path, capfdbinary, small_pieces, monkeypatch):
    failing_on("Ronda 5:", monkeypatch, lambda: os._exit(9))
    src = tmp_path / "long.txt"
    src.write_text(long_text(), encoding="utf-8")
    code, out, err = translate(capfdbinary, src, "--jobs", "2")
    assert code == 1 and b"stopped before it was done" in err and b"--jobs 1" in err and b"Traceback" not in err
    assert b"Ronda 5:" not in out and multiprocessing.active_children() == []  # (the pieces in flight are lost too)


def test_bad_bytes_in_a_later_piece_stop_after_the_pieces_before_them(tmp_path, capfdbinary, small_pieces):
    src = tmp_path / "long.txt"
    src.write_bytes(long_text().encode("utf-8") + "Ronda final con año.\n".encode("latin-1"))
    one = translate(capfdbinary, src, "--jobs", "1")
    three = translate(capfdbinary, src, "--jobs", "3")
    assert three == one and one[0] == 1 and b":121:18: byte 0xf1 is not UTF-8" in one[2]
    assert one[1].count(b"Mirror Force") == 30


def test_bad_bytes_in_the_second_piece_stop_after_the_first(tmp_path, capfdbinary, small_pieces):
    src = tmp_path / "two.txt"
    src.write_bytes(long_text(2).encode("utf-8") + "Ronda final con año.\n".encode("latin-1"))
    one = translate(capfdbinary, src, "--jobs", "1")
    three = translate(capfdbinary, src, "--jobs", "3")
    assert three == one and one[0] == 1 and b"byte 0xf1 is not UTF-8" in one[2] and one[1].count(b"Mirror Force") >= 1


def test_an_interrupt_stops_the_workers(tmp_path, capfdbinary, small_pieces, monkeypatch):
    add = cmd.Output.add
    calls = []

    def interrupted(self, result):
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        add(self, result)

    monkeypatch.setattr(cmd.Output, "add", interrupted)
    src = tmp_path / "long.txt"
    src.write_text(long_text(), encoding="utf-8")
    code, _, err = translate(capfdbinary, src, "--jobs", "2")
    assert code == 130 and multiprocessing.active_children() == [] and b"Traceback" not in err


@pytest.mark.parametrize("value", ["0", "-2", "two", "1.5"])
def test_jobs_must_be_a_number_of_processes_or_auto(tmp_path, capsys, value):
    src = tmp_path / "a.txt"
    src.write_text("Hola.", encoding="utf-8")
    with pytest.raises(SystemExit) as exc:
        main(["translate", "--kb", str(KB), "--from", "es", "--to", "en", "--jobs", value, str(src)])
    assert exc.value.code == 2 and "is not a number of processes" in capsys.readouterr().err


def test_auto_uses_the_usable_cores_up_to_the_limit_and_never_more_than_the_pieces(monkeypatch):
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: set(range(64)), raising=False)
    assert cmd.workers("auto", None) == cmd.MAX_AUTO_JOBS
    assert cmd.workers("auto", 3 * cmd.CHUNK_BYTES) == 3  # a worker a piece at most
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    assert cmd.workers("auto", 100 * cmd.CHUNK_BYTES) == 2
    assert cmd.workers(16, 100 * cmd.CHUNK_BYTES) == 16
    assert cmd.workers(16, 2 * cmd.CHUNK_BYTES) == 2 and cmd.workers(16, cmd.CHUNK_BYTES) == 1


def test_a_text_shorter_than_a_piece_is_one_piece(tmp_path, small_pieces):
    src = tmp_path / "a.txt"
    src.write_text("Uno.\n\nDos.\n\n" * 20, encoding="utf-8")  # 240 bytes: no cut before its last paragraph
    assert list(cmd.Reader(str(src)).pieces()) == ["Uno.\n\nDos.\n\n" * 20]



SLOW_RUN = """
import signal, sys, time
signal.signal(signal.SIGINT, signal.default_int_handler)  # (a terminal's command: a signal ignored or blocked is
signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # inherited, and the test runner's state is not a terminal's)
from ygorules.cli import main
from ygorules.commands import translate as cmd
cmd.CHUNK_BYTES = 300
piece = cmd._piece
def slow(*args):
    time.sleep(0.3)
    return piece(*args)
cmd._piece = slow
sys.exit(main(["translate", "--kb", sys.argv[1], "--from", "es", "--to", "en", "--jobs", "2", sys.argv[2]]))
"""


def _alive(pid: str) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads /proc")
@pytest.mark.parametrize("how", ["ctrl-c", "sigterm", "sigkill"])
def test_the_workers_end_with_the_command_however_it_is_stopped(tmp_path, how):
    import signal
    import subprocess
    import sys
    import time

    src = tmp_path / "long.txt"
    src.write_text(long_text(200), encoding="utf-8")  # (a run of a minute or more: on a loaded machine the workers may
    # start late, and the command must still be at work when it is stopped)
    proc = subprocess.Popen([sys.executable, "-c", SLOW_RUN, str(KB), str(src)], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, start_new_session=True, env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    kids: list = []
    for _ in range(200):  # the workers start after the first piece
        time.sleep(0.05)
        try:
            with open(f"/proc/{proc.pid}/task/{proc.pid}/children") as f:
                kids = f.read().split()
        except OSError:
            pass
        if len(kids) == 2:
            break
    assert len(kids) == 2
    if how == "ctrl-c":
        os.killpg(proc.pid, signal.SIGINT)  # a terminal sends it to the whole group
    else:
        os.kill(proc.pid, signal.SIGTERM if how == "sigterm" else signal.SIGKILL)
    err = proc.communicate(timeout=30)[1]
    for _ in range(100):
        if not any(_alive(k) for k in kids):
            break
        time.sleep(0.05)
    assert not any(_alive(k) for k in kids) and b"Traceback" not in err
    assert proc.returncode == {"ctrl-c": 130, "sigterm": 128 + signal.SIGTERM, "sigkill": -signal.SIGKILL}[how], \
        (proc.returncode, signal.getsignal(signal.SIGINT), err[-400:])
