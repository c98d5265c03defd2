"""The event journal: every game's events, in order, in one sqlite3 file.

WAL mode with ``synchronous=FULL``: :meth:`Journal.append` returns only after
the event is on disk, and the session shows an event only after that, so a
power cut never loses something that was on screen.

>>> j = Journal(":memory:")
>>> g = j.new_game("takkure")
>>> j.append(g, "try_scored", {"team": 0}, at=1.0).seq
1
>>> [e.kind for e in j.events(g)], j.unfinished_game()
(['try_scored'], 1)
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import sqlite3
import tempfile
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

from companion.errors import CompanionError
from companion.files import set_aside
from companion.rules.events import Event

log = logging.getLogger(__name__)

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    label TEXT NOT NULL DEFAULT '',
    created REAL NOT NULL,
    finished REAL
);
CREATE TABLE IF NOT EXISTS events (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"""


class JournalError(CompanionError, OSError):
    """The journal file cannot be used; the message says which file and why."""


APPLICATION_ID = 0x436D706E     # "Cmpn" in SQLite's header: this file is a companion journal
USER_VERSION = 1                # the schema above
_SQLITE_MAGIC = b"SQLite format 3\x00"


def _lenient_text(raw: bytes) -> str:
    """SQLite text as str, damaged bytes shown as U+FFFD: SQLite's checks do not look inside
    text, so a scribbled-on event must reach the JSON check (one clear line), not raise
    UnicodeDecodeError from the driver."""
    return raw.decode("utf-8", "replace")


class _Connection(sqlite3.Connection):
    """A connection that, reading a recovered copy of the file, removes the copy when closed."""
    copy: tempfile.TemporaryDirectory | None = None

    def close(self) -> None:
        super().close()
        if self.copy is not None:
            self.copy.cleanup()
            self.copy = None


_SQLITE_READONLY = 8        # the primary result code of SQLITE_READONLY_ROLLBACK and _RECOVERY


def _open(path: str, read_only: bool = False) -> sqlite3.Connection:
    """A connection to ``path`` (read-only: it neither creates nor changes the file) whose text
    is read leniently. A file left by a writer that was killed mid-transaction (a hot rollback
    journal beside it: a kill as the journal switched to WAL) must be rolled back before it
    can be read, which a read-only connection may not do: it reads a copy, rolled back."""
    db = sqlite3.connect(f"file:{path}?mode=ro" if read_only else path, isolation_level=None, uri=read_only,
                         factory=_Connection)
    db.text_factory = _lenient_text
    if read_only:
        try:
            db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
        except sqlite3.OperationalError as exc:
            if getattr(exc, "sqlite_errorcode", _SQLITE_READONLY) & 0xFF == _SQLITE_READONLY:
                db.close()
                return _recovered_copy(path)
        except sqlite3.DatabaseError:
            pass                      # damaged: the query that reads it says so
    return db


def _recovered_copy(path: str) -> _Connection:
    """A connection to a copy of ``path`` and its rollback journal or WAL, in a directory of
    its own, where SQLite may recover it; the copy goes when the connection closes."""
    copy = tempfile.TemporaryDirectory(prefix="companion-journal-")
    target = Path(copy.name) / Path(path).name
    for suffix in ("", "-journal", "-wal"):
        if Path(path + suffix).is_file():
            shutil.copyfile(path + suffix, str(target) + suffix)
    db = sqlite3.connect(str(target), isolation_level=None, factory=_Connection)
    db.copy = copy
    db.text_factory = _lenient_text
    return db


def _check_ours(file: Path) -> None:
    """Refuse, untouched, a file that is not a companion journal: another program's database
    (its header names another application, or it holds other tables) or not SQLite at all.
    A journal from before the header was marked (games and events only) is ours."""
    if not file.exists() or file.stat().st_size == 0:
        return
    with open(file, "rb") as f:
        header = f.read(100)
    if len(header) < 100 or not header.startswith(_SQLITE_MAGIC):
        raise JournalError(f"{file} is not a companion journal (not an SQLite file); choose another "
                           f"file with --journal or [journal] path")
    app_id = int.from_bytes(header[68:72], "big")
    if app_id == APPLICATION_ID:
        return
    if app_id == 0:
        try:
            with closing(_open(str(file), read_only=True)) as db:
                tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        except (sqlite3.DatabaseError, UnicodeDecodeError):
            return                    # damaged: the integrity check says so (and sets it aside)
        if tables <= {"games", "events"}:
            return
        raise JournalError(f"{file} is not a companion journal (it holds tables {', '.join(sorted(tables))}); "
                           f"it was left untouched: choose another file with --journal or [journal] path")
    raise JournalError(f"{file} is not a companion journal (it belongs to another program, application id "
                       f"{app_id:#x}); it was left untouched: choose another file")


def _lock(file: Path):
    """Hold ``file``'s lock (a ``.lock`` beside it) for as long as the returned file is open.
    The OS releases it when the process ends, however it ends, so a SIGKILL leaves no stale
    lock. Another process holding it: JournalError naming it."""
    lock = open(file.with_name(file.name + ".lock"), "a+")
    try:
        import fcntl
    except ImportError:               # not POSIX: no lock (the Pi and Linux have one)
        return lock
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        lock.seek(0)
        holder = lock.read().strip() or "another process"
        lock.close()
        raise JournalError(f"journal {file} is in use by another companion ({holder}); stop it first, "
                           f"or choose another file with --journal or [journal] path") from None
    lock.seek(0)
    lock.truncate()
    lock.write(f"pid {os.getpid()}")
    lock.flush()
    return lock


QUICK_CHECK_MAX_BYTES = 64 * 1024 * 1024     # a season of games; a check this size takes under a second


def _set_aside_if_damaged(file: Path) -> str:
    """SQLite's quick check on a journal of a sensible size; a damaged one (and its WAL) is
    renamed aside, never deleted, and the returned line says so ("" when all is well)."""
    if not file.exists() or file.stat().st_size == 0 or file.stat().st_size > QUICK_CHECK_MAX_BYTES:
        return ""
    verdict = integrity(file, quick=True)
    if verdict == "ok":
        return ""
    aside = set_aside(file, also=("-wal", "-shm"))
    message = (f"the journal {file} was damaged ({verdict}): it was moved aside as {aside.name} and a "
               f"new journal started")
    log.warning(message)
    return message


def integrity(file: Path | str, quick: bool = False) -> str:
    """SQLite's own check of the file, read-only: "ok" or what it found."""
    try:
        with closing(_open(str(file), read_only=True)) as db:
            rows = db.execute("PRAGMA quick_check" if quick else "PRAGMA integrity_check").fetchall()
    except sqlite3.DatabaseError as exc:
        return str(exc)
    except UnicodeDecodeError:        # SQLite's own message quotes a scribbled-on schema name
        return "malformed database schema (a name that is not text)"
    found = [r[0] for r in rows]
    return "ok" if found == ["ok"] else "; ".join(found[:3])


@dataclass(frozen=True)
class GameInfo:
    id: int
    kind: str
    label: str
    created: float
    finished: float | None
    events: int


class Journal:
    """One journal file. A ``writer`` (a game being played) holds the file's lock while it is
    open and, at start-up, sets a damaged file aside and starts a new one (``problem`` says
    so); a reader (replay, doctor) only reads, and a missing file is an error, not a new one."""

    def __init__(self, path: str | Path, *, writer: bool = True):
        self.path = str(path)
        self.problem = ""
        self._lock = None
        try:
            if self.path != ":memory:":
                self.path = str(Path(self.path).expanduser())
                file = Path(self.path)
                if not writer and not file.is_file():
                    raise JournalError(f"no journal at {self.path}: play a game first, or name the "
                                       f"journal with --journal or [journal] path")
                file.parent.mkdir(parents=True, exist_ok=True)
                _check_ours(file)
                if writer:
                    self._lock = _lock(file)
                    self.problem = _set_aside_if_damaged(file)
            self._db = _open(self.path, read_only=not writer and self.path != ":memory:")
            if writer:
                self._db.execute("PRAGMA journal_mode=WAL")
                self._db.execute("PRAGMA synchronous=FULL")
                # one transaction: a process killed while it starts a journal leaves both
                # tables and the header's marks, or none of them
                self._db.executescript(f"BEGIN IMMEDIATE; {SCHEMA} PRAGMA application_id = {APPLICATION_ID}; "
                                       f"PRAGMA user_version = {USER_VERSION}; COMMIT;")
        except JournalError:
            self._unlock()
            raise
        except (sqlite3.Error, OSError) as exc:
            self._unlock()
            raise JournalError(
                f"journal {self.path} cannot be used ({exc}); move it aside or choose another "
                f"file with --journal or [journal] path") from None

    def _unlock(self) -> None:
        if self._lock is not None:
            self._lock.close()          # closing the file releases the lock
            self._lock = None

    def close(self) -> None:
        self._db.close()
        self._unlock()

    def new_game(self, kind: str, label: str = "", at: float = 0.0) -> int:
        try:
            cur = self._db.execute("INSERT INTO games (kind, label, created) VALUES (?, ?, ?)",
                                   (kind, label, at))
        except sqlite3.Error as exc:
            raise JournalError(f"the journal {self.path} cannot be written ({exc}): no new game") from None
        return int(cur.lastrowid)

    def finish(self, game_id: int, at: float) -> None:
        try:
            self._db.execute("UPDATE games SET finished = ? WHERE id = ?", (at, game_id))
        except sqlite3.Error as exc:
            raise JournalError(f"the journal {self.path} cannot be written ({exc}): the game is not "
                               f"marked finished") from None

    def unfinished_game(self, label: str | None = None, kind: str | None = None) -> int | None:
        """The newest game not marked finished (optionally with this label, of this game)."""
        sql = "SELECT id FROM games WHERE finished IS NULL"
        args: tuple = ()
        if label is not None:
            sql += " AND label = ?"
            args = (label,)
        if kind is not None:
            sql += " AND kind = ?"
            args += (kind,)
        row = self._read(sql + " ORDER BY id DESC LIMIT 1", args)[:1]
        return int(row[0][0]) if row else None

    def append(self, game_id: int, kind: str, data: dict, at: float) -> Event:
        """Write one event durably and return it with its sequence number."""
        payload = json.dumps(data, sort_keys=True, allow_nan=False)
        try:
            with self._db:  # one transaction; commit syncs the WAL (synchronous=FULL)
                self._db.execute("BEGIN IMMEDIATE")
                (last,) = self._db.execute("SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = ?",
                                           (game_id,)).fetchone()
                self._db.execute("INSERT INTO events (game_id, seq, kind, data, at) VALUES (?, ?, ?, ?, ?)",
                                 (game_id, last + 1, kind, payload, at))
        except sqlite3.Error as exc:      # disk full, a read-only file, a disk gone
            raise JournalError(f"the journal {self.path} cannot be written ({exc}): {kind} was not kept") from None
        return Event(kind, json.loads(payload), at, last + 1)

    def _unwritten(self) -> bool:
        """True for a file whose tables were never all written (a process killed as it started
        the journal, before this version made that one transaction): it holds no game yet."""
        tables = {r[0] for r in self._read("SELECT name FROM sqlite_master WHERE type = 'table'")}
        return not {"games", "events"} <= tables

    def events(self, game_id: int) -> list[Event]:
        if self._unwritten():
            return []
        rows = self._read("SELECT seq, kind, data, at FROM events WHERE game_id = ? ORDER BY seq", (game_id,))
        out = []
        for seq, kind, data, at in rows:
            try:
                out.append(Event(kind, json.loads(data), at, seq))
            except json.JSONDecodeError:
                raise JournalError(f"journal {self.path}: event {seq} of game {game_id} is damaged "
                                   f"(its data is not JSON)") from None
        return out

    def games(self) -> list[GameInfo]:
        if self._unwritten():
            return []
        rows = self._read("SELECT g.id, g.kind, g.label, g.created, g.finished, COUNT(e.seq) FROM games g "
                          "LEFT JOIN events e ON e.game_id = g.id GROUP BY g.id ORDER BY g.id")
        return [GameInfo(*row) for row in rows]

    def _read(self, sql: str, args: tuple = ()) -> list[tuple]:
        """Rows of a query; a damaged file is one line (a reader does not check the file first:
        replay and doctor must not change it)."""
        try:
            return self._db.execute(sql, args).fetchall()
        except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
            raise JournalError(f"journal {self.path} is damaged ({exc}); `companion doctor` checks it, and "
                               f"the next game sets it aside") from None
