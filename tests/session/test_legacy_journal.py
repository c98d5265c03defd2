"""A journal written before games became packages still replays to the same table.

The fixture (tests/fixtures/README.md) is a simulated Takkure match and the old
demo, journaled by companion 0.1, with the table that version folded after every
event. Today's replay must give the same table after every event: the same score,
time dashboard, activation, players, ball, dice, coin, timer and messages.

The one difference is the old demo's interlude: it switched the Takkure game's
screen to Knockdown and TEKKEN (``game_selected``, ``hp_changed``). A game's
journal now holds only its own events and its tools', so those two kinds are
skipped with a message; everything Takkure's table holds still matches.
"""

import dataclasses
import gzip
import json
import pathlib

import pytest

from companion.rules.table import replay
from companion.session.journal import Journal

FIXTURES = pathlib.Path(__file__).resolve().parents[1] / "fixtures"
OTHER_GAMES = {"game_selected", "hp_changed"}      # the old demo's interlude


def plain(value):
    if dataclasses.is_dataclass(value):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (tuple, list)):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    return value


# Fields added since 0.1: the match's rulings (issue 12; an old journal is ruled as
# ``legacy``), who carried the ball when the activation began, what Superstars bought for
# the next roll, and the player's stacked ground tokens, position-skill ruling and lost skills.
ADDED_SINCE = {"rulings", "carrier_at_activation", "bought", "more_ground", "all_positions", "skills_lost"}


def _without_added(value):
    if isinstance(value, dict):
        return {k: _without_added(v) for k, v in value.items() if k not in ADDED_SINCE}
    if isinstance(value, list):
        return [_without_added(v) for v in value]
    return value


def table(state) -> dict:
    """Today's table in version 0.1's shape: the shared fields and Takkure's own, side by side."""
    out = _without_added(plain(state))
    out.pop("events_applied")
    own = out.pop("g")
    own.pop("sides")
    return {**out, **own}


@pytest.fixture(scope="module")
def legacy(tmp_path_factory):
    copy = tmp_path_factory.mktemp("legacy") / "journal.sqlite"
    copy.write_bytes((FIXTURES / "journal-v0.1.sqlite").read_bytes())     # replay must not need to write
    with gzip.open(FIXTURES / "journal-v0.1-tables.json.gz", "rt") as f:
        tables = json.load(f)
    journal = Journal(copy)
    yield journal, tables
    journal.close()


@pytest.mark.parametrize("game_id, label", [("1", "simulated match 3"), ("2", "demo")])
def test_the_old_journal_replays_to_the_same_table_after_every_event(legacy, game_id, label):
    journal, tables = legacy
    old = tables[game_id]
    assert old["label"] == label
    events = journal.events(int(game_id))
    assert len(events) == len(old["after"])
    skipped = False
    for i, then in enumerate(old["after"]):
        skipped = skipped or events[i].kind in OTHER_GAMES
        now = table(replay(events[: i + 1]))
        expected = {k: v for k, v in then.items() if k not in ("fighters", "hp")}
        if then["game"] != "takkure":                   # the interlude: the old screen showed another game
            expected["game"] = "takkure"
        if skipped:                                      # after a skipped event the message says so
            assert now.pop("message").startswith("skipped ")
            expected.pop("message")
        assert now == expected, f"game {game_id}, after event {i + 1} ({events[i].kind})"
    assert skipped == (label == "demo")


def test_the_old_match_resumes_where_it_ended(legacy):
    journal, tables = legacy
    assert replay(journal.events(1)).g.match.rulings.legacy      # ruled as it was played (issue 12)
    final = table(replay(journal.events(1)))
    assert final["match_over"] and final["score"] == tables["1"]["after"][-1]["score"]
    assert final["message"].startswith("Full time")
