"""Reliability campaign (issue 11): power cuts, a full disk, two companions, damaged files.

    python benchmarks/reliability.py [--kills 40] [--seed 1]

1. SIGKILL the headless demo at random moments, over and over on one journal: after each
   kill every event the demo had shown must be in the journal; each restart resumes; and
   the demo, finished at last, must have journaled exactly the events of a demo that was
   never interrupted (no step lost, none doubled).
2. SIGKILL a simulated match (`companion match`) at random moments: what it journaled is a
   prefix of the same match played through, and the file passes SQLite's integrity check.
3. A full disk (SQLite's own limit, `max_page_count`): every event after it fills is
   refused with a message and none is shown; once there is room the game goes on.
4. Two companions on one journal: the second is refused, naming the first.
5. Damaged journals (random bytes over random pages): each is either still sound or set
   aside with one line, and the companion starts; never a traceback.
6. Damaged settings, board profiles and camera files (random edits of good ones): each is
   read or refused with the file's own error; never anything else.

Prints one line per part and a summary; exits 1 if anything failed.
"""

from __future__ import annotations

import argparse
import logging
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.session.journal import Journal, JournalError, integrity  # noqa: E402

ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
STARTUP_S = 60.0       # a demo that shows no event in this long is killed all the same


def _companion(*args, **kw):
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True, env=ENV,
                          cwd=ROOT, timeout=300, **kw)


def _events(path: Path, game: int | None = None):
    j = Journal(path, writer=False)
    try:
        game = j.games()[-1].id if game is None else game
        return [(e.seq, e.kind, dict(e.data)) for e in j.events(game)]
    finally:
        j.close()


def _demo_args(journal: Path, snaps: Path, *extra):
    return ["demo", "--headless", "--fast", "--seed", "5", "--journal", str(journal), "--snapshots", str(snaps),
            *extra]


def demo_kills(kills: int, rng: random.Random, tmp: Path) -> dict:
    """Part 1. Returns counts and a list of failures (empty when all held)."""
    reference = tmp / "ref.sqlite"
    out = _companion(*_demo_args(reference, tmp / "s0"))
    assert out.returncode == 0, out.stderr
    unbroken = [(k, d) for _, k, d in _events(reference)]
    journal = tmp / "killed.sqlite"
    failures, survived, lost, restarts = [], 0, 0, 0
    for k in range(kills):
        proc = subprocess.Popen([sys.executable, "-m", "companion", *_demo_args(journal, tmp / "s1")],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV, cwd=ROOT)
        shown: list[int] = []
        # killed 0.3-2.5 s into the game, counted from its first event shown: on a loaded
        # machine the interpreter's start alone can take longer than that, and a kill before
        # anything was journaled tests nothing (the start itself has STARTUP_S to show one)
        after = rng.uniform(0.3, 2.5)
        deadline = time.monotonic() + STARTUP_S
        os.set_blocking(proc.stdout.fileno(), False)
        while time.monotonic() < deadline and proc.poll() is None:
            line = proc.stdout.readline()
            if line.startswith("event "):
                if not shown:
                    deadline = time.monotonic() + after
                shown.append(int(line.split()[1]))
            elif not line:
                time.sleep(0.005)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        os.set_blocking(proc.stdout.fileno(), True)
        shown += [int(line.split()[1]) for line in proc.stdout.read().splitlines() if line.startswith("event ")]
        restarts += 1
        if not journal.exists():
            continue                                  # killed before the journal was made
        kept = {seq for seq, _, _ in _events(journal)}
        missing = [s for s in shown if s not in kept]
        lost += len(missing)
        if missing:
            failures.append(f"kill {k}: shown events {missing} not in the journal")
        else:
            survived += 1
        if integrity(journal) != "ok":
            failures.append(f"kill {k}: journal damaged: {integrity(journal)}")
    out = _companion(*_demo_args(journal, tmp / "s2"))
    if out.returncode != 0:
        failures.append(f"the demo did not finish after the kills: {out.stderr.strip()[-200:]}")
    finished = [(k, d) for _, k, d in _events(journal)]
    if finished != unbroken:
        failures.append(f"after {kills} kills the demo journaled {len(finished)} events, the unbroken one "
                        f"{len(unbroken)}: a step lost or doubled")
    return {"kills": restarts, "survived": survived, "shown_lost": lost, "events": len(finished),
            "failures": failures}


def match_kills(kills: int, rng: random.Random, tmp: Path) -> dict:
    """Part 2."""
    reference = tmp / "match-ref.sqlite"
    out = _companion("match", "--seed", "3", "--journal", str(reference))
    assert out.returncode == 0, out.stderr
    whole = [(k, d) for _, k, d in _events(reference)]
    failures, partial_sizes = [], []
    for k in range(kills):
        journal = tmp / f"match-{k}.sqlite"
        proc = subprocess.Popen([sys.executable, "-m", "companion", "match", "--seed", "3", "--journal",
                                 str(journal)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV, cwd=ROOT)
        # a match journals its 857 events in a fraction of a second: kill it while it writes
        started = time.monotonic()
        while not journal.exists() and proc.poll() is None and time.monotonic() - started < 30:
            time.sleep(0.002)
        time.sleep(rng.uniform(0.0, 0.15))
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        if not journal.exists() or not Journal(journal, writer=False).games():
            partial_sizes.append(0)
            continue
        got = [(kind, d) for _, kind, d in _events(journal)]
        partial_sizes.append(len(got))
        if got != whole[:len(got)]:
            failures.append(f"match kill {k}: the journal is not a prefix of the whole match")
        if integrity(journal) != "ok":
            failures.append(f"match kill {k}: journal damaged")
    return {"kills": kills, "mid_match": sum(0 < n < len(whole) for n in partial_sizes),
            "events_at_kill": partial_sizes, "whole": len(whole), "failures": failures}


def full_disk(tmp: Path) -> dict:
    """Part 3, in process: SQLite's page limit makes a real SQLITE_FULL."""
    from companion.session.chance import Chance
    from companion.session.clock import FakeClock
    from companion.session.session import GameSession

    journal = Journal(tmp / "full.sqlite")
    session, _ = GameSession.start(journal, Chance(1), FakeClock(0.0), "takkure")
    shown = []
    session.listeners.append(lambda e, s: shown.append(e.seq))
    pages = journal._db.execute("PRAGMA page_count").fetchone()[0]
    journal._db.execute(f"PRAGMA max_page_count = {pages}")
    refused = accepted_while_full = 0
    for _ in range(200):                       # fill it up, then keep trying
        if session.toss("home", "heads") is None:
            refused += 1
            if "cannot be written" not in session.refusal:
                return {"failures": [f"refused without saying why: {session.refusal!r}"]}
        else:
            accepted_while_full += 1
    journal._db.execute(f"PRAGMA max_page_count = {pages * 100}")
    after = session.toss("home", "heads")
    journal.close()
    kept = {seq for seq, _, _ in _events(tmp / "full.sqlite")}
    failures = [f"shown event {s} not kept" for s in shown if s not in kept]
    if after is None:
        failures.append("the game did not go on once there was room")
    return {"refused": refused, "accepted_before_full": accepted_while_full, "shown": len(shown),
            "failures": failures}


def two_processes(tmp: Path) -> dict:
    """Part 4."""
    journal = tmp / "two.sqlite"
    first = subprocess.Popen([sys.executable, "-m", "companion", "demo", "--headless", "--journal", str(journal),
                              "--snapshots", str(tmp / "s3"), "--duration", "30"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV, cwd=ROOT)
    try:
        for line in first.stdout:              # the first has shown an event: it holds the journal
            if line.startswith("event "):
                break
        second = _companion(*_demo_args(journal, tmp / "s4"))
    finally:
        first.send_signal(signal.SIGTERM)
        first.wait(timeout=30)
    ok = second.returncode != 0 and f"pid {first.pid}" in second.stderr and "Traceback" not in second.stderr
    return {"second_refused": ok, "failures": [] if ok else [f"second companion: {second.stderr.strip()[-200:]}"]}


def damaged_journals(n: int, rng: random.Random, tmp: Path) -> dict:
    """Part 5."""
    source = tmp / "good.sqlite"
    j = Journal(source)
    for g in range(20):
        gid = j.new_game("takkure")
        for k in range(30):
            j.append(gid, "dice_rolled", {"values": [k], "g": g}, at=float(k))
    j._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    j.close()
    outcomes = {"sound": 0, "set_aside": 0, "refused": 0}
    failures = []
    for k in range(n):
        path = tmp / f"damaged-{k}.sqlite"
        shutil.copy(source, path)
        data = bytearray(path.read_bytes())
        for _ in range(rng.randint(1, 4)):
            at = rng.randrange(0, len(data))
            data[at:at + rng.randint(1, 4096)] = rng.randbytes(rng.randint(1, 4096))   # repeatable by --seed
        path.write_bytes(bytes(data[:len(data)]))
        try:
            j = Journal(path)
            outcomes["set_aside" if j.problem else "sound"] += 1
            j.append(j.new_game("takkure"), "game_started", {"game": "takkure"}, at=0.0)
            j.close()
        except JournalError:
            outcomes["refused"] += 1           # one clear line: not a companion journal (a smashed header)
        except Exception as exc:               # anything else is a failure of this campaign
            failures.append(f"damaged journal {k}: {type(exc).__name__}: {exc}")
    return {**outcomes, "tried": n, "failures": failures}


def damaged_files(n: int, rng: random.Random, tmp: Path) -> dict:
    """Part 6."""
    from companion.config import ConfigError, load_config
    from companion.vision.camera_model import CameraFileError, load_camera
    from companion.vision.profile import ProfileError, load_profile

    good = {
        "settings": ("[screen]\nwidth = 800\nheight = 480\n[countdown]\nseconds = 10.0\nwarn_seconds = 3.0\n"
                     "[sound]\nvolume = 0.6\n[camera]\nbackend = \"simulated\"\n", load_config, ConfigError),
        "profile": ((ROOT / "calibration" / "boards" / "takkure-pitch.toml").read_text(), load_profile, ProfileError),
        "camera": ("width = 1280\nheight = 720\nfx = 1000.0\nfy = 1000.0\ncx = 640.0\ncy = 360.0\n"
                   "dist = [-0.1, 0.01, 0.0, 0.0, 0.0]\n", load_camera, CameraFileError),
    }
    swaps = ["nan", "inf", "-1", "0", "1e309", "\"x\"", "[]", "[1, 2, 3]", "true", "999", "", "=", "[", "\ufeff"]
    counts = {name: {"read": 0, "refused": 0} for name in good}
    failures = []
    for k in range(n):
        name = rng.choice(list(good))
        text, load, error = good[name]
        lines = text.splitlines()
        i = rng.randrange(len(lines))
        if "=" in lines[i] and rng.random() < 0.8:
            key = lines[i].split("=")[0]
            lines[i] = f"{key}= {rng.choice(swaps)}"
        else:
            lines.insert(i, rng.choice(swaps))
        path = tmp / f"mutant-{k}.toml"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        try:
            load(path)
            counts[name]["read"] += 1
        except error:
            counts[name]["refused"] += 1
        except Exception as exc:
            failures.append(f"{name} mutant {k}: {type(exc).__name__}: {exc}\n{path.read_text()}")
    return {"tried": n, **counts, "failures": failures}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kills", type=int, default=40, help="SIGKILLs of the demo (and half as many of a match)")
    ap.add_argument("--files", type=int, default=300, help="damaged journals, and three times as many other files")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    logging.basicConfig(level=logging.CRITICAL)      # the journals set aside say so; counted, not printed
    rng = random.Random(args.seed)
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        results["demo SIGKILLs"] = demo_kills(args.kills, rng, tmp)
        results["match SIGKILLs"] = match_kills(max(1, args.kills // 2), rng, tmp)
        results["full disk"] = full_disk(tmp)
        results["two companions"] = two_processes(tmp)
        results["damaged journals"] = damaged_journals(args.files, rng, tmp)
        results["damaged files"] = damaged_files(3 * args.files, rng, tmp)
    failed = 0
    for name, r in results.items():
        fails = r.pop("failures")
        failed += len(fails)
        print(f"{name:<17} {'ok    ' if not fails else 'FAILED'} {r}")
        for f in fails[:5]:
            print(f"    {f}")
    print(f"summary: {'all held' if not failed else f'{failed} failures'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
