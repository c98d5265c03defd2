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
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from companion.errors import CompanionError
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


@dataclass(frozen=True)
class GameInfo:
    id: int
    kind: str
    label: str
    created: float
    finished: float | None
    events: int


class Journal:
    def __init__(self, path: str | Path):
        self.path = str(path)
        try:
            if self.path != ":memory:":
                Path(self.path).expanduser().parent.mkdir(parents=True, exist_ok=True)
                self.path = str(Path(self.path).expanduser())
            self._db = sqlite3.connect(self.path, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.executescript(SCHEMA)
        except (sqlite3.Error, OSError) as exc:
            raise JournalError(
                f"journal {self.path} cannot be used ({exc}); move it aside or choose another "
                f"file with --journal or [journal] path") from None

    def close(self) -> None:
        self._db.close()

    def new_game(self, kind: str, label: str = "", at: float = 0.0) -> int:
        cur = self._db.execute("INSERT INTO games (kind, label, created) VALUES (?, ?, ?)",
                               (kind, label, at))
        return int(cur.lastrowid)

    def finish(self, game_id: int, at: float) -> None:
        self._db.execute("UPDATE games SET finished = ? WHERE id = ?", (at, game_id))

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
        row = self._db.execute(sql + " ORDER BY id DESC LIMIT 1", args).fetchone()
        return int(row[0]) if row else None

    def append(self, game_id: int, kind: str, data: dict, at: float) -> Event:
        """Write one event durably and return it with its sequence number."""
        payload = json.dumps(data, sort_keys=True)
        with self._db:  # one transaction; commit syncs the WAL (synchronous=FULL)
            self._db.execute("BEGIN IMMEDIATE")
            (last,) = self._db.execute("SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = ?",
                                       (game_id,)).fetchone()
            self._db.execute("INSERT INTO events (game_id, seq, kind, data, at) VALUES (?, ?, ?, ?, ?)",
                             (game_id, last + 1, kind, payload, at))
        return Event(kind, json.loads(payload), at, last + 1)

    def events(self, game_id: int) -> list[Event]:
        rows = self._db.execute("SELECT seq, kind, data, at FROM events WHERE game_id = ? ORDER BY seq",
                                (game_id,)).fetchall()
        out = []
        for seq, kind, data, at in rows:
            try:
                out.append(Event(kind, json.loads(data), at, seq))
            except json.JSONDecodeError:
                raise JournalError(f"journal {self.path}: event {seq} of game {game_id} is damaged "
                                   f"(its data is not JSON)") from None
        return out

    def games(self) -> list[GameInfo]:
        rows = self._db.execute(
            "SELECT g.id, g.kind, g.label, g.created, g.finished, COUNT(e.seq) FROM games g "
            "LEFT JOIN events e ON e.game_id = g.id GROUP BY g.id ORDER BY g.id").fetchall()
        return [GameInfo(*row) for row in rows]
