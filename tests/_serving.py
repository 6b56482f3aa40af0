"""Running `ygorules site serve` in a test: start it, wait for its serving line, stop it as a user does (Ctrl-C)."""
from __future__ import annotations

import contextlib
import os
import queue
import signal
import socket
import subprocess
import threading
import time


def free_port() -> int:
    """A port nothing listens on now (8000 may be taken)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def serving(argv: list[str], env: dict, timeout: float, cwd=None):
    """Start the server (``argv``, in its own session) and yield (its URL, the lines it printed until then), or (None,
    the lines) when it printed no serving line within ``timeout`` seconds or exited; on leaving, stop it with Ctrl-C
    (SIGINT), so that it removes its temporary folder, and kill it if it does not stop."""
    proc = subprocess.Popen(argv, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True)
    lines: queue.Queue = queue.Queue()
    reader = threading.Thread(target=lambda: [lines.put(l) for l in proc.stdout] + [lines.put(None)], daemon=True)
    reader.start()
    seen, url, deadline = [], None, time.monotonic() + timeout
    try:
        while url is None and time.monotonic() < deadline:
            try:
                line = lines.get(timeout=1)
            except queue.Empty:
                continue
            if line is None:  # the server exited
                break
            seen.append(line)
            if line.startswith("serving http://127.0.0.1:"):
                url = line.split()[1]
        if url is None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=10)
        yield url, "".join(seen)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGINT)
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
        reader.join(timeout=10)
