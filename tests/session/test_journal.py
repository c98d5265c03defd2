import sqlite3

import pytest

from companion.session.journal import Journal, JournalError


def test_events_come_back_in_order_with_their_data(journal):
    g = journal.new_game("takkure")
    journal.append(g, "a", {"x": 1}, at=1.0)
    journal.append(g, "b", {"y": [1, 2]}, at=2.0)
    assert [(e.seq, e.kind, dict(e.data), e.at) for e in journal.events(g)] == \
        [(1, "a", {"x": 1}, 1.0), (2, "b", {"y": [1, 2]}, 2.0)]


def test_the_journal_is_in_wal_mode_with_full_sync(tmp_path):
    j = Journal(tmp_path / "j.sqlite")
    assert j._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert j._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    j.close()


def test_games_are_separate_and_the_newest_unfinished_one_is_found(journal):
    a = journal.new_game("takkure")
    b = journal.new_game("tekken", label="demo")
    journal.append(a, "x", {}, 0.0)
    assert journal.unfinished_game("") == a and journal.unfinished_game("demo") == b
    journal.finish(a, 5.0)
    assert journal.unfinished_game("") is None
    assert [(g.id, g.events, g.finished) for g in journal.games()] == [(a, 1, 5.0), (b, 0, None)]


def test_a_file_that_is_not_a_database_gives_a_clear_error(tmp_path):
    bad = tmp_path / "j.sqlite"
    bad.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(JournalError, match=r"j.sqlite is not a companion journal \(not an SQLite file\).*--journal"):
        Journal(bad)


def test_a_damaged_event_row_is_reported_not_crashed_on(tmp_path):
    path = tmp_path / "j.sqlite"
    j = Journal(path)
    g = j.new_game("takkure")
    j.append(g, "a", {}, 0.0)
    j.close()
    db = sqlite3.connect(path)
    db.execute("UPDATE events SET data = '{broken' WHERE seq = 1")
    db.commit()
    db.close()
    with pytest.raises(JournalError, match="event 1 of game 1 is damaged"):
        Journal(path).events(g)


def test_an_unwritable_place_gives_a_clear_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(JournalError, match="cannot be used"):
        Journal(blocker / "sub" / "j.sqlite")
