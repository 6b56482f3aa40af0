"""Small file-system helpers: atomic writes, so a failure never leaves half a file."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomic(path, text: str | bytes) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder, then rename."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = text.encode("utf-8") if isinstance(text, str) else text
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
