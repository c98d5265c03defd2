"""The journal against what happens to files (issue 11): two writers, damaged pages, a full
disk, another program's database, a missing file."""

import os
import signal
import sqlite3
import subprocess
import sys

import pytest

from companion.session.chance import Chance
from companion.session.clock import FakeClock
from companion.session import journal as journal_module
from companion.session.journal import APPLICATION_ID, Journal, JournalError, integrity
from companion.session.session import GameSession

HOLD = ("import sys, time\n"
        "from companion.session.journal import Journal\n"
        "j = Journal(sys.argv[1])\n"
        "print('ready', flush=True)\n"
        "time.sleep(60)\n")


def _hold(path):
    """Another process with the journal open for writing, until killed."""
    proc = subprocess.Popen([sys.executable, "-c", HOLD, str(path)], stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "ready"
    return proc


def test_a_second_writer_is_refused_with_the_running_ones_pid_and_a_sigkill_frees_the_journal(tmp_path):
    path = tmp_path / "j.sqlite"
    proc = _hold(path)
    try:
        with pytest.raises(JournalError, match=rf"in use by another companion \(pid {proc.pid}\)"):
            Journal(path)
        reader = Journal(path, writer=False)        # replay and doctor may still read it
        assert reader.games() == []
        reader.close()
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    Journal(path).close()                           # no stale lock after a SIGKILL


def test_one_process_cannot_open_the_journal_twice_for_writing(tmp_path):
    first = Journal(tmp_path / "j.sqlite")
    with pytest.raises(JournalError, match="in use by another companion"):
        Journal(tmp_path / "j.sqlite")
    first.close()
    Journal(tmp_path / "j.sqlite").close()


def _damage(path, games=30):
    j = Journal(path)
    for g in range(games):
        gid = j.new_game("takkure")
        for k in range(20):
            j.append(gid, "dice_rolled", {"values": [k, g], "note": "x" * 60}, at=float(k))
    j._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    j.close()
    size = path.stat().st_size
    with open(path, "r+b") as f:                     # scribble over a page in the middle
        f.seek(size // 2)
        f.write(os.urandom(4096))


def test_a_journal_with_damaged_pages_is_set_aside_and_a_new_one_started(tmp_path):
    path = tmp_path / "j.sqlite"
    _damage(path)
    assert integrity(path) != "ok"
    j = Journal(path)
    assert "was damaged" in j.problem and "moved aside as j.sqlite.broken-" in j.problem
    assert j.games() == []                          # a new, working journal
    j.append(j.new_game("takkure"), "game_started", {}, at=0.0)
    j.close()
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("j.sqlite.broken-") and not p.name.endswith(("-wal", "-shm"))]
    assert len(aside) == 1 and aside[0].stat().st_size > 0      # kept, never deleted


def test_doctor_calls_a_damaged_journal_damaged(tmp_path):
    from companion.config import load_config
    from companion.doctor import check_journal
    path = tmp_path / "j.sqlite"
    _damage(path)
    cfg = tmp_path / "c.toml"
    cfg.write_text(f'[journal]\npath = "{path}"\n')
    check = check_journal(load_config(str(cfg)))
    assert not check.ok and "is damaged" in check.detail
    assert path.exists()                            # the doctor only looks


class FullDisk:
    """A connection whose writes fail as SQLite's do when the disk is full."""

    def __init__(self, db):
        self.db, self.full = db, True

    def execute(self, sql, *args):
        if self.full and sql.lstrip().upper().startswith(("INSERT", "UPDATE", "BEGIN")):
            raise sqlite3.OperationalError("database or disk is full")
        return self.db.execute(sql, *args)

    def __enter__(self):
        return self.db.__enter__()

    def __exit__(self, *exc):
        return self.db.__exit__(*exc)

    def close(self):
        self.db.close()


def test_a_full_disk_refuses_the_event_and_shows_nothing_that_was_not_kept(tmp_path):
    journal = Journal(tmp_path / "j.sqlite")
    session, _ = GameSession.start(journal, Chance(1), FakeClock(0.0), "takkure")
    before_state, before_events = session.state, list(session.events)
    shown = []
    session.listeners.append(lambda e, s: shown.append(e.kind))
    disk = FullDisk(journal._db)
    journal._db = disk
    assert session.toss("home", "heads") is None
    assert "cannot be written" in session.refusal and "disk is full" in session.refusal
    assert session.state == before_state and session.events == before_events and shown == []
    disk.full = False                               # room again: the game goes on
    assert session.toss("home", "heads") is not None and shown == ["coin_tossed"]
    journal.close()
    again = Journal(tmp_path / "j.sqlite", writer=False)
    assert [e.kind for e in again.events(session.game_id)] == [e.kind for e in session.events]
    again.close()


def test_a_value_that_is_not_a_number_is_never_written(journal):
    g = journal.new_game("takkure")
    with pytest.raises(ValueError):
        journal.append(g, "game_started", {"countdown_seconds": float("nan")}, at=0.0)
    assert journal.events(g) == []


def test_another_programs_database_is_refused_and_left_untouched(tmp_path):
    path = tmp_path / "photos.db"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT)")
    db.execute("INSERT INTO photos (name) VALUES ('cat.jpg')")
    db.commit()
    db.close()
    before = path.read_bytes()
    for writer in (True, False):
        with pytest.raises(JournalError, match=r"not a companion journal \(it holds tables photos\).*untouched"):
            Journal(path, writer=writer)
    assert path.read_bytes() == before and not (tmp_path / "photos.db-wal").exists()


def test_a_database_of_another_application_is_refused(tmp_path):
    path = tmp_path / "other.db"
    db = sqlite3.connect(path)
    db.execute("PRAGMA application_id = 1234")
    db.execute("CREATE TABLE games (id INTEGER)")      # even with a table of the same name
    db.commit()
    db.close()
    with pytest.raises(JournalError, match="belongs to another program"):
        Journal(path)


def test_the_journal_is_marked_as_the_companions_and_a_legacy_one_is_adopted(tmp_path):
    j = Journal(tmp_path / "j.sqlite")
    assert j._db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert j._db.execute("PRAGMA user_version").fetchone()[0] == 1
    j.close()
    legacy = tmp_path / "old.sqlite"                 # a 0.1 journal: no marks, games and events
    import shutil
    shutil.copy(os.path.join(os.path.dirname(__file__), "..", "fixtures", "journal-v0.1.sqlite"), legacy)
    old = Journal(legacy)
    assert old.games() and old._db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    old.close()


def test_a_reader_does_not_create_a_missing_journal(tmp_path):
    with pytest.raises(JournalError, match="no journal at .*missing.sqlite"):
        Journal(tmp_path / "missing.sqlite", writer=False)
    assert not (tmp_path / "missing.sqlite").exists()


def test_replay_of_a_journaled_value_that_no_longer_validates_does_not_crash(tmp_path):
    """A journal written before settings refused NaN holds ``"countdown_seconds": NaN``."""
    from companion.rules import table
    path = tmp_path / "old.sqlite"
    db = sqlite3.connect(path)
    db.executescript("CREATE TABLE games (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, label TEXT NOT NULL "
                     "DEFAULT '', created REAL NOT NULL, finished REAL); CREATE TABLE events (game_id INTEGER "
                     "NOT NULL, seq INTEGER NOT NULL, kind TEXT NOT NULL, data TEXT NOT NULL, at REAL NOT NULL, "
                     "PRIMARY KEY (game_id, seq));")
    db.execute("INSERT INTO games (kind, created) VALUES ('takkure', 0)")
    db.execute("""INSERT INTO events VALUES (1, 1, 'game_started', '{"game": "takkure", "countdown_seconds": NaN}', 0)""")
    db.commit()
    db.close()
    j = Journal(path)
    state = table.replay(j.events(1))
    assert state.game == "takkure" and state.countdown.duration == 10.0
    session, resumed = GameSession.start(j, Chance(1), FakeClock(0.0), "takkure")
    assert resumed and session.submit("countdown_started") is not None
    j.close()


def test_an_event_whose_text_bytes_were_scribbled_on_is_read_not_crashed_on(tmp_path):
    path = tmp_path / "j.sqlite"
    j = Journal(path)
    g = j.new_game("takkure")
    j.append(g, "dice_rolled", {"note": "MARKER-TEXT-1234"}, at=0.0)
    j._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    j.close()
    data = path.read_bytes()
    at = data.index(b"MARKER-TEXT-1234")
    path.write_bytes(data[:at] + b"\xa7\xb0\xff" + data[at + 3:])      # not UTF-8; SQLite's check passes
    assert integrity(path) == "ok"
    j = Journal(path)             # once a UnicodeDecodeError from the driver
    (event,) = j.events(g)
    assert event.data["note"].startswith("\ufffd\ufffd\ufffd")
    j.close()


def test_a_schema_name_scribbled_on_is_set_aside_not_a_unicode_traceback(tmp_path):
    """SQLite's message about a malformed schema quotes the damaged name, which the driver
    then fails to decode: found by the reliability campaign."""
    path = tmp_path / "j.sqlite"
    j = Journal(path)
    j.new_game("takkure")
    j._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    j.close()
    data = path.read_bytes()
    data = data.replace(b"tableeventsevents", b"table\xa5\xb0entsevents", 1)
    data = data.replace(b"CREATE TABLE events", b"CREATE TABLX evXnts", 1)
    path.write_bytes(data)
    assert "malformed database schema" in integrity(path)
    j = Journal(path)
    assert "was damaged (malformed database schema" in j.problem and j.games() == []
    j.close()


def test_a_reader_of_a_damaged_journal_gets_one_line(tmp_path):
    path = tmp_path / "j.sqlite"
    j = Journal(path)
    j.new_game("takkure")
    j._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    j.close()
    path.write_bytes(path.read_bytes().replace(b"CREATE TABLE games", b"CREATE TABLX gXmes", 1))
    reader = Journal(path, writer=False)            # replay and doctor do not change the file
    with pytest.raises(JournalError, match=r"j.sqlite is damaged \(malformed database schema"):
        reader.games()
    reader.close()
    assert "CREATE TABLX" in path.read_bytes().decode("latin-1")


@pytest.mark.parametrize("tables", [(), ("games",)])
def test_a_journal_killed_before_its_schema_was_whole_reads_as_no_games_and_a_writer_completes_it(tmp_path, tables):
    # what a SIGKILL left when the two tables were written one statement at a time (CI saw it)
    path = tmp_path / "j.sqlite"
    db = sqlite3.connect(path)
    db.execute("PRAGMA journal_mode=WAL")
    if "games" in tables:
        db.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, "
                   "label TEXT NOT NULL DEFAULT '', created REAL NOT NULL, finished REAL)")
    db.close()
    reader = Journal(path, writer=False)
    assert reader.games() == [] and reader.events(1) == []
    reader.close()
    writer = Journal(path)
    assert writer.problem == ""
    game = writer.new_game("takkure")
    writer.append(game, "toss", {"side": "home"}, 1.0)
    writer.close()
    reader = Journal(path, writer=False)
    assert [(g.kind, g.events) for g in reader.games()] == [("takkure", 1)]
    reader.close()


def test_a_journal_is_started_in_one_transaction(tmp_path):
    # a kill between the statements that start a journal must leave all of them or none
    path = tmp_path / "j.sqlite"
    statements = []
    real_open = journal_module._open

    def traced(*args, **kwargs):
        db = real_open(*args, **kwargs)
        db.set_trace_callback(lambda s: statements.append(s.strip()))
        return db

    journal_module._open = traced
    try:
        Journal(path).close()
    finally:
        journal_module._open = real_open
    start = next(i for i, s in enumerate(statements) if s.startswith("BEGIN"))
    end = next(i for i, s in enumerate(statements) if s.startswith("COMMIT"))
    inside = " ".join(statements[start:end])
    for part in ("CREATE TABLE IF NOT EXISTS games", "CREATE TABLE IF NOT EXISTS events",
                 "application_id", "user_version"):
        assert part in inside
        assert not any(part in s for s in statements[:start] + statements[end:])


KILLED_MID_TRANSACTION = ("import sqlite3, sys, time\n"
                          "db = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
                          "db.execute('CREATE TABLE games (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, "
                          "label TEXT NOT NULL DEFAULT \\'\\', created REAL NOT NULL, finished REAL)')\n"
                          "db.execute('CREATE TABLE events (game_id INTEGER NOT NULL, seq INTEGER NOT NULL, "
                          "kind TEXT NOT NULL, data TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY (game_id, seq))')\n"
                          "db.execute(\"INSERT INTO games (kind, created) VALUES ('takkure', 0.0)\")\n"
                          "db.execute('PRAGMA cache_size=1')\n"
                          "db.execute('BEGIN')\n"
                          "for i in range(2000):\n"
                          "    db.execute(\"INSERT INTO games (kind, created) VALUES (?, 0.0)\", ('x' * 200,))\n"
                          "print('ready', flush=True)\n"
                          "time.sleep(60)\n")


def test_a_journal_left_mid_transaction_is_read_as_it_was_committed_and_left_untouched(tmp_path):
    # a kill while the journal switched to WAL leaves a hot rollback journal: a read-only
    # connection may not roll it back ("attempt to write a readonly database", CI saw it)
    path = tmp_path / "j.sqlite"
    proc = subprocess.Popen([sys.executable, "-c", KILLED_MID_TRANSACTION, str(path)], stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "ready"
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    hot = tmp_path / "j.sqlite-journal"
    assert hot.exists()
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    reader = Journal(path, writer=False)
    assert [(g.kind, g.events) for g in reader.games()] == [("takkure", 0)]     # the 2000 never committed
    reader.close()
    assert integrity(path) == "ok"
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before        # replay and doctor change nothing
    writer = Journal(path)                                                       # the next game rolls it back
    assert writer.problem == "" and [g.kind for g in writer.games()] == ["takkure"]
    writer.close()
    assert not hot.exists()
