"""The companion as a user runs it: `python -m companion ...` in a subprocess."""

import os
import signal
import sqlite3
import subprocess
import sys

import pytest

from companion.rules.table import replay
from companion.session.journal import Journal
from companion.ui import theme as th
from tests.helpers import contains_text, count_colour

pytestmark = pytest.mark.slow
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def companion(*args, timeout=120):
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True,
                          env=ENV, timeout=timeout)


def demo_args(tmp_path, name="j.sqlite", *extra):
    return ["demo", "--headless", "--fast", "--seed", "5", "--journal", str(tmp_path / name),
            "--snapshots", str(tmp_path / "snaps"), *extra]


def script_events(path):
    j = Journal(path)
    try:
        game = j.games()[-1].id
        return j.events(game)
    finally:
        j.close()


@pytest.fixture(scope="module")
def demo_run(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("demo")
    out = companion(*demo_args(tmp))
    assert out.returncode == 0, out.stderr
    return tmp, out


def _names(folder):
    return {p.name.split("-", 1)[1].rsplit(".", 1)[0] for p in folder.iterdir()}


def test_the_headless_demo_writes_a_snapshot_of_every_screen_element(demo_run):
    tmp, out = demo_run
    for element in ("coin-toss", "dice-pass", "dice-several", "time-dashboard", "score", "final"):
        assert element in _names(tmp / "snaps")
    assert "Traceback" not in out.stderr and "demo of takkure started" in out.stdout


@pytest.fixture(scope="module")
def other_demos(tmp_path_factory):
    runs = {}
    for game in ("tekken", "knockdown", "tekton-dash", "tash-kalar"):
        tmp = tmp_path_factory.mktemp(game)
        out = companion(*demo_args(tmp, "j.sqlite", "--game", game))
        assert out.returncode == 0, out.stderr
        runs[game] = tmp
    return runs


def test_every_game_has_a_demo_with_its_own_screen(other_demos):
    assert {"hp-bars", "final"} <= _names(other_demos["tekken"] / "snaps")
    assert contains_text(_snap(other_demos["tekken"], "hp-bars"), "5 HP  RAGE", 24, th.HP_RAGE, th.BG)
    knockdown = other_demos["knockdown"]
    assert count_colour(_snap(knockdown, "countdown-warning"), th.WARN) > 2000
    assert count_colour(_snap(knockdown, "countdown-paused"), th.WARN) == 0
    assert contains_text(_snap(knockdown, "countdown-zero"), "TIME! K.O.", 24, th.WARN, th.PANEL)
    tekton = _snap(other_demos["tekton-dash"], "final")          # a board read by the camera, its Blueprint done
    assert contains_text(tekton, "Green: complete", 16, th.GOOD, th.PANEL)
    assert contains_text(tekton, "Round 2 - Ana's turn - 2 actions left", 24, th.TEXT, th.BG)
    kinds = [e.kind for e in script_events(other_demos["tekton-dash"] / "j.sqlite")]
    assert kinds[0] == "game_started" and kinds.count("turn_ended") == 3
    summons = _snap(other_demos["tash-kalar"], "summons")              # the legal summons, listed and outlined
    assert contains_text(summons, "Lancer on row 4, col 6", 16, th.TEXT, th.PANEL)
    assert count_colour(summons, th.ACCENT) > 200
    kinds = [e.kind for e in script_events(other_demos["tash-kalar"] / "j.sqlite")]
    assert kinds[0] == "game_started" and "summoned" in kinds


def test_an_unknown_game_is_one_clear_line(tmp_path):
    out = companion(*demo_args(tmp_path, "j.sqlite", "--game", "chess"))
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert out.stderr.strip() == "companion: unknown game 'chess'; one of takkure, tekton-dash, tekken, knockdown, " \
                                 "tash-kalar"


def _snap(tmp, name):
    return next((tmp / "snaps").glob(f"*-{name}.png"))


def test_the_snapshots_show_what_the_journal_says(demo_run):
    tmp, _ = demo_run
    events = script_events(tmp / "j.sqlite")
    state = replay(events)
    toss = next(e for e in events if e.kind == "coin_tossed")
    verdict = "Yamato wins" if toss.data["result"] == "heads" else "Yamato loses"
    assert contains_text(_snap(tmp, "coin-toss"), verdict, 26, th.GOOD if "wins" in verdict else th.BAD, th.PANEL)
    pass_roll = next(e for e in events if str(e.get("label", "")).startswith("Pass "))
    line = replay(events[: events.index(pass_roll) + 1]).message
    assert line.startswith(pass_roll.data["label"] + ": BaC 7 ")
    assert contains_text(_snap(tmp, "dice-pass"), line, 22, th.TEXT, (24, 27, 36))
    scorer = state.teams[next(e for e in events if e.kind == "try_scored").data["team"]]
    assert contains_text(_snap(tmp, "score"), f"TRY! {scorer} score", 22, th.TEXT, (24, 27, 36))


def test_the_demo_journal_holds_each_script_step_once(demo_run):
    tmp, out = demo_run
    events = script_events(tmp / "j.sqlite")
    steps = [e.get("demo_step") for e in events if e.get("demo_step") is not None]
    assert steps == list(range(len(steps))) and len(steps) > 15
    shown = [int(line.split()[1]) for line in out.stdout.splitlines() if line.startswith("event ")]
    assert shown == [e.seq for e in events][1:]


def test_killed_mid_demo_it_resumes_with_nothing_shown_lost(tmp_path, demo_run):
    proc = subprocess.Popen([sys.executable, "-m", "companion", *demo_args(tmp_path, "k.sqlite")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV)
    shown = []
    for line in proc.stdout:
        if line.startswith("event "):
            shown.append(int(line.split()[1]))
            if len(shown) == 12:
                proc.send_signal(signal.SIGKILL)
                break
    proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    journal = tmp_path / "k.sqlite"
    at_kill = script_events(journal)
    assert set(shown) <= {e.seq for e in at_kill}          # nothing that was shown is lost
    # A restart resumes the same state: one frame, no new step yet.
    out = companion(*demo_args(tmp_path, "k.sqlite", "--duration", "0"))
    assert out.returncode == 0 and "takkure resumed" in out.stdout
    assert replay(script_events(journal)) == replay(at_kill)
    # And runs on to the same end as a demo that was never interrupted.
    out = companion(*demo_args(tmp_path, "k.sqlite"))
    assert out.returncode == 0, out.stderr
    resumed = [(e.kind, dict(e.data)) for e in script_events(journal)]
    unbroken = [(e.kind, dict(e.data)) for e in script_events(demo_run[0] / "j.sqlite")]
    assert resumed == unbroken


def test_a_killed_journal_is_a_valid_database(tmp_path):
    proc = subprocess.Popen([sys.executable, "-m", "companion", *demo_args(tmp_path, "w.sqlite")],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=ENV)
    for line in proc.stdout:
        if line.startswith("event 5"):
            proc.kill()
            break
    proc.wait(timeout=30)
    db = sqlite3.connect(tmp_path / "w.sqlite")
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    db.close()
