"""Files the companion writes beside the game: folders it is told to write into, and a
damaged file set aside for the record (never deleted)."""

from __future__ import annotations

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
