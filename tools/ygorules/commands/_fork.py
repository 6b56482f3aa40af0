"""Work in a forked child process, for the commands that use the second processor: the import's facts step and
the answers store it starts (commands/names.py), and the share of the pool a helper answers
(commands/_precompute.py). Not a subcommand (its name starts with ``_``).

A child starts with the parent's output flushed (nothing is printed twice), sends back through a pipe what its work
returned or why it failed, and leaves with ``os._exit``: never through the parent's exit handlers or ``finally``
blocks. The parent says a failure, in one line on its own stderr, when it waits for the child (``Child.join``).
"""
from __future__ import annotations

import os
import sys


class Child:
    """A started child: ``join`` waits for it and gives (whether its work succeeded, what the work returned)."""

    def __init__(self, pid: int, fd: int, failed):
        self.pid, self.fd, self.failed = pid, fd, failed

    def join(self) -> tuple[bool, object]:
        import pickle

        with os.fdopen(self.fd, "rb") as f:  # the whole answer first: a child blocked on a full pipe would never end
            data = f.read()
        _pid, status = os.waitpid(self.pid, 0)
        try:
            ok, value = pickle.loads(data) if data else (False, None)
        except Exception:  # noqa: BLE001 - a child cut short: said below like any failure
            ok, value = False, None
        if status != 0 and ok:
            ok, value = False, None
        if not ok:
            why = value if isinstance(value, str) else f"the process ended with status {status}"
            if self.failed is not None:
                print(self.failed(why), file=sys.stderr)
            return False, None
        return True, value


def start(work, failed=None) -> Child | None:
    """Run ``work()`` in a forked child; None when the system cannot fork (the caller then works itself).

    ``failed(why)``: the line ``Child.join`` says on stderr when the work raised (``why``: the exception, in one
    line) or the child died; None: nothing is said. What ``work`` returns is pickled back to ``Child.join``.
    """
    if not hasattr(os, "fork"):
        return None
    try:
        r, w = os.pipe()
    except OSError:
        return None
    try:
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
    except OSError:
        os.close(r)
        os.close(w)
        return None
    if pid:
        os.close(w)
        return Child(pid, r, failed)
    code = 1
    try:  # the child
        import pickle

        os.close(r)
        try:
            answer = (True, work())
        except BaseException as exc:  # noqa: BLE001 - the parent says it in one line, never a traceback
            answer = (False, str(exc) or type(exc).__name__)
        with os.fdopen(w, "wb") as f:
            pickle.dump(answer, f, protocol=pickle.HIGHEST_PROTOCOL)
        code = 0 if answer[0] else 1
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)
