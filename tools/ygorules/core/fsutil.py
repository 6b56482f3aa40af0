"""Small file-system helpers: atomic writes, so a failure never leaves half a file."""
from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

_NAME_KEPT = 60
"""How many characters of a file's name its temporary file's name keeps: at most 4 bytes each, with the dots, the random
part and ``.tmp`` that stays within the 255 bytes a file name may have (the whole of a long name would not)."""


def umask() -> int:
    """The process's umask (read without changing it for longer than a moment)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_atomic(path, text: str | bytes, mode: int | None = None) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder, then rename.

    A new file gets the usual mode (0644 under a umask of 022), not the temporary file's 0600;
    a file that already exists keeps its mode. An explicit ``mode`` is given to the file whatever
    it was (the caches write 0600: a file someone made writable to others does not stay so).
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = text.encode("utf-8") if isinstance(text, str) else text
    if mode is None:
        try:
            mode = stat.S_IMODE(path.stat().st_mode)
        except OSError:
            mode = 0o666 & ~umask()
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name[:_NAME_KEPT]}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
