"""`ygorules site serve --lang L`: build one language, serve it on 127.0.0.1, rebuild when kb/ or site_src/ changes."""
from __future__ import annotations

import functools
import http.server
import shutil
import tempfile
import threading
import time
from pathlib import Path

from ..core.errors import YgoError
from ..core.kb import default_kb
from .build import MKDOCS_YML, SITE_SRC, build


def _stamp(*folders: Path) -> tuple:
    """A cheap fingerprint of the files under some folders (paths, sizes, mtimes)."""
    out = []
    for folder in folders:
        if folder.is_dir():
            for p in sorted(folder.rglob("*")):
                if p.is_file():
                    st = p.stat()
                    out.append((str(p), st.st_size, st.st_mtime_ns))
    return tuple(out)


def serve(kb_root, lang: str, port: int = 8000, poll: float = 1.0, names_table=None, answers=None) -> int:
    """Serve one language until interrupted; a failed rebuild keeps the last good preview. ``names_table`` and
    ``answers`` (the imported pool's name table and its answers, a ``site.answers.Source``) are what ``site build``
    takes: with them the lookup page finds and answers every card of the pool, as in the built site."""
    kb_dir = Path(kb_root) if kb_root else default_kb()
    work = Path(tempfile.mkdtemp(prefix="ygorules-serve-"))
    site_dir, build_dir = work / "site", work / "build"

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    try:  # take the port first: a port in use should not cost a build
        server = http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(Quiet, directory=str(site_dir)))
    except OSError as exc:
        shutil.rmtree(work, ignore_errors=True)
        raise YgoError(f"cannot serve on 127.0.0.1:{port}: {exc.strerror or exc} (pass another --port)") from None
    try:
        build(kb_dir, [lang], site_dir=site_dir, build_dir=build_dir, names_table=names_table, answers=answers)
    except BaseException:
        server.server_close()
        shutil.rmtree(work, ignore_errors=True)
        raise
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"serving http://127.0.0.1:{port}/{lang}/ (Ctrl-C to stop); watching {kb_dir} and site_src/", flush=True)
    watched = (kb_dir, SITE_SRC, MKDOCS_YML)
    last = _stamp(*watched[:2])
    try:
        while True:
            time.sleep(poll)
            now = _stamp(*watched[:2])
            if now != last:
                last = now
                print("change seen: rebuilding …", flush=True)
                try:
                    build(kb_dir, [lang], site_dir=site_dir, build_dir=build_dir, quiet=True, names_table=names_table, answers=answers)
                    print("rebuilt; reload the page", flush=True)
                except YgoError as exc:
                    for p in exc.problems:
                        print(p.format(), flush=True)
                    print(f"rebuild failed, still serving the last good build: {exc}", flush=True)
    except KeyboardInterrupt:
        return 0
    finally:
        server.shutdown()
        server.server_close()
        shutil.rmtree(work, ignore_errors=True)
