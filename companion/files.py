"""Files the companion writes beside the game: folders it is told to write into, and a
damaged file set aside for the record (never deleted)."""

from __future__ import annotations

import os
import time
from pathlib import Path

from companion.errors import OutputError


def output_folder(path, what: str):
    """``path`` as a folder that exists (made if need be), or OutputError saying why not:
    a file of that name, no permission. ``what`` names it for the message ("--snapshots")."""
    folder = Path(path).expanduser()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise OutputError(f"{what}: {folder} is a file, not a folder; name a folder") from None
    except OSError as exc:
        raise OutputError(f"{what}: cannot make the folder {folder} ({exc.strerror})") from None
    return folder


def set_aside(path: Path, also: tuple[str, ...] = ()) -> Path:
    """Rename a damaged ``path`` to ``NAME.broken-TIME`` beside it (with its ``also`` companions,
    such as a database's ``-wal``) and return the new path; OSError if it cannot be moved."""
    aside = path.with_name(f"{path.name}.broken-{int(time.time())}")
    path.rename(aside)
    for extra in also:
        side = path.with_name(path.name + extra)
        if side.exists():
            side.rename(aside.with_name(aside.name + extra))
    return aside


def write_atomic(path, text: str) -> None:
    """Write ``text`` to ``path`` so that a power cut leaves the old file or the new one, never
    half of one: a temporary file beside it, flushed to disk, then renamed over it (the
    folder is made if need be). OSError if it cannot be written."""
    path = Path(path).expanduser()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)

