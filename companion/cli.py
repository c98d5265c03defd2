"""The ``companion`` command.

Every failure a user can cause (a bad settings file, a missing device, a
damaged journal) ends with one clear line on stderr and a non-zero status,
never a traceback.
"""

from __future__ import annotations

import argparse
import logging
import math
import os
import sys

from companion import __version__

EXIT_ERROR, EXIT_USAGE = 1, 2



def _number(text: str, *, zero_ok: bool) -> float:
    """A command-line number that must be finite and above zero (or zero, where that means
    "at once"); argparse says what is wrong in one line."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    if not math.isfinite(value) or value < 0 or (value == 0 and not zero_ok):
        kind = "finite number, 0 or more" if zero_ok else "positive finite number"
        raise argparse.ArgumentTypeError(f"expected a {kind}, got {text!r}")
    return value


def _positive_seconds(text: str) -> float:
    return _number(text, zero_ok=False)


def _seconds(text: str) -> float:
    return _number(text, zero_ok=True)

def _add_config(p: argparse.ArgumentParser) -> None:
    p.add_argument("--config", metavar="FILE",
                   help="settings file (default: $COMPANION_CONFIG, else ~/.config/companion/config.toml "
                        "if it exists, else built-in defaults)")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion",
        description="A game-table companion: it watches the board, rolls, times, keeps score and "
                    "measures for Takkure, Tekton Dash, TEKKEN, Knockdown and Tash-Kalar.")
    parser.add_argument("--version", action="version", version=f"companion {__version__}")
    parser.add_argument("-v", "--verbose", action="store_true", help="log debugging detail")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("run", help="run at the table with the hardware the settings name",
                       description="Run at the table with the camera, controller, GPIO buttons and screen "
                                   "that the settings name. A missing device stops with a message naming "
                                   "the setting to change; `companion demo` runs without hardware.")
    _add_config(p)
    p.add_argument("--game", help=f"game to play: {_games()} (overrides [general] game)")
    p.add_argument("--journal", metavar="FILE", help="event journal (overrides [journal] path)")
    p.add_argument("--new", action="store_true", help="start a new game instead of resuming the unfinished one")

    p = sub.add_parser("demo", help="run the simulated table (no hardware needed)",
                       description="The simulated table: a rendered camera view of a Takkure pitch, a "
                                   "simulated controller, mock GPIO and a scripted demo game. Opens a window "
                                   "when there is a display, else writes PNG snapshots of the screen.")
    _add_config(p)
    p.add_argument("--game", help=f"whose demo: {_games()} (default takkure)")
    p.add_argument("--headless", action="store_true", help="no window: write PNG snapshots instead")
    p.add_argument("--duration", type=_seconds, metavar="SECONDS",
                   help="stop after this many seconds (headless default: when the script ends)")
    p.add_argument("--snapshots", metavar="DIR", help="folder for headless snapshots (default: snapshots)")
    p.add_argument("--journal", metavar="FILE", help=f"demo journal (default: {_demo_journal()})")
    p.add_argument("--new", action="store_true", help="start the demo over instead of resuming it")
    p.add_argument("--seed", type=int, help="fix the dice (default: [chance] seed, else truly random)")
    p.add_argument("--fast", action="store_true",
                   help="headless only: advance a virtual clock as fast as frames draw (for tests)")
    p.add_argument("--size", metavar="WxH", help="screen size, e.g. 1920x1080 (default: [screen] width/height)")

    p = sub.add_parser("detect", help="detect markers, bases, tokens and tiles in one image (JSON)",
                       description="Read one image and print one JSON object, as TABLE_SPEC.md says.")
    p.add_argument("image")
    p.add_argument("--board", required=True, metavar="PROFILE.toml")
    p.add_argument("--camera", metavar="CAMERA.toml")
    p.add_argument("--tiles", metavar="TILES.json", help="real tiles taught with `companion teach tiles` "
                                                         "(default: the proxy tiles' colours and star)")
    p.add_argument("--teams", metavar="COLOURS", help="the teams' colours, comma-separated (e.g. red,yellow): "
                                                      "bases are named only for them (default: any palette colour)")

    p = sub.add_parser("doctor", help="check camera, controller, GPIO, display and sound",
                       description="Check each device the settings name and print one OK/MISSING line "
                                   "for each, with a hint. Exit status 0 when all is well.")
    _add_config(p)
    p.add_argument("--simulated", action="store_true", help="check the simulated devices `demo` uses")

    p = sub.add_parser("replay", help="re-show a saved game from its journal",
                       description="Re-show a journaled game on the screen, event by event, with the "
                                   "rolls it had (never new ones).")
    _add_config(p)
    p.add_argument("--journal", metavar="FILE", help="journal to read (default: [journal] path)")
    p.add_argument("--game", type=int, help="game id (default: the newest); see --list")
    p.add_argument("--list", action="store_true", help="list the journal's games and exit")
    p.add_argument("--speed", type=_positive_seconds, default=1.0, help="replay speed factor (default 1)")
    p.add_argument("--headless", action="store_true", help="write PNG snapshots instead of a window")
    p.add_argument("--snapshots", metavar="DIR", help="folder for headless snapshots")

    p = sub.add_parser("nfc", help="register NFC tags: which tag is which card or token",
                       description="Keep the registry of NFC tags: a tag UID stands for a Takkure player "
                                   "card, a TEKKEN character or attack card, or a Tekton Dash ability token.")
    nfc = p.add_subparsers(dest="nfc_command", metavar="ACTION", required=True)
    _add_config(nfc.add_parser("list", help="list the registered tags"))
    f = nfc.add_parser("forget", help="forget one tag")
    f.add_argument("uid")
    _add_config(f)
    r = nfc.add_parser("register", help="tap a tag to register it (the screen asks for the tap)")
    _add_config(r)
    r.add_argument("--kind", required=True, help="takkure-player, tekken-character, tekken-attack or "
                                                 "tekton-ability")
    r.add_argument("--name", required=True, help="the card or token, e.g. Yokozuna")
    r.add_argument("--timeout", type=_positive_seconds, default=30.0, help="seconds to wait for the tap (default 30)")
    r.add_argument("--simulated", action="store_true", help="use the simulated controller")
    r.add_argument("--tap", metavar="UID", help="with --simulated: the UID the simulated reader reads")

    p = sub.add_parser("markers", help="write printable marker sheets (PDF and 300 dpi PNG)",
                       description="Write true-to-scale sheets: frame markers, token markers, Tekton Dash "
                                   "player-board markers, a ChArUco board for camera calibration and a ruler. "
                                   "Print at 100 %% (actual size) and check the ruler.")
    p.add_argument("--out", default="markers", help="folder to write into (default: markers)")
    p.add_argument("--paper", choices=("letter", "a4"), default="letter")

    p = sub.add_parser("calibrate", help="measure the camera's lens (ChArUco)")
    cal = p.add_subparsers(dest="what", metavar="WHAT", required=True)
    c = cal.add_parser("camera", help="intrinsics and distortion from views of the ChArUco sheet",
                       description="Show the printed ChArUco sheet to the camera in 10-20 positions (corners of "
                                   "the picture, tilted, near and far); writes CAMERA.toml.")
    _add_config(c)
    src = c.add_mutually_exclusive_group(required=True)
    src.add_argument("--images", metavar="DIR", help="a folder of pictures of the board")
    src.add_argument("--live", action="store_true", help="take pictures from the configured camera")
    c.add_argument("--count", type=int, default=15, help="with --live: views to take (default 15)")
    c.add_argument("--out", default="CAMERA.toml", help="where to write (default CAMERA.toml)")
    c.add_argument("--rational", action="store_true", help="a very wide (fisheye-like) lens: more terms")

    p = sub.add_parser("teach", help="learn a team's real paint from one base, or real tiles, from a picture",
                       description="`companion teach PICTURE --board B --team NAME --at X,Y`: point at one base "
                                   "of the team (its centre in board inches); its rim's colour is stored under "
                                   "the team's name. `companion teach tiles PICTURE --board B`: lay one example "
                                   "of each Tekton Dash tile kind and side on that player board (top row red, "
                                   "blue, yellow, green regular side up; second row the same, Power-Up side up; "
                                   "or say where with --layout); they are learned from the picture.")
    _add_config(p)
    p.add_argument("image", help="the picture, or the word tiles")
    p.add_argument("picture", nargs="?", help="with tiles: the picture")
    p.add_argument("--board", required=True, metavar="PROFILE.toml")
    p.add_argument("--team", help="the name to store it under (e.g. red, or yamato)")
    p.add_argument("--at", metavar="X,Y", help="the base's centre in board inches")
    p.add_argument("--layout", metavar="CELLS", help='with tiles: where each example lies, e.g. "0,0=red 1,0=red+" '
                                                     "(+ the Power-Up side)")

    p = sub.add_parser("match", help="play a whole simulated Takkure match (two seeded coaches) into a journal",
                       description="Both coaches are simple seeded bots and the example rosters are not "
                                   "official cards; every step goes through the same events as real play. "
                                   "Watch it afterwards with `companion replay --journal FILE`.")
    p.add_argument("--seed", type=int, default=1, help="decisions and dice (default 1)")
    p.add_argument("--game", default="takkure", help="which game (default takkure, the one with bots so far)")
    p.add_argument("--journal", metavar="FILE", default="simulated-match.sqlite",
                   help="where to journal it (default simulated-match.sqlite)")

    p = sub.add_parser("config", help="print the settings reference or a settings file to start from")
    p.add_argument("--reference", action="store_true", help="the reference table (Markdown)")
    _add_config(p)
    return parser


def _games() -> str:
    from companion.games import names
    return ", ".join(names())


def _check_game(name: str | None) -> None:
    from companion.games import names
    from companion.errors import UnknownGame

    if name is not None and name not in names():
        raise UnknownGame(f"unknown game {name!r}; one of {', '.join(names())}")


def _demo_journal() -> str:
    from companion.config.settings import DEMO_JOURNAL
    return DEMO_JOURNAL


def _load(args):
    from companion.config import load_config
    from companion.runtime import default_config_path

    given = getattr(args, "config", None)
    if given is not None and not given.strip():
        from companion.config import ConfigError
        raise ConfigError("--config", None, "empty: name a settings file, or leave --config out for the default")
    path = given or os.environ.get("COMPANION_CONFIG") or default_config_path()
    return load_config(path)


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
        return w, h
    except ValueError:
        raise SystemExit(f"companion: --size expects WIDTHxHEIGHT like 800x480, got {text!r}") from None


def _print_shown(event) -> None:
    print(f"event {event.seq} {event.kind}", flush=True)


def cmd_demo(args) -> int:
    from companion import runtime
    from companion.hardware.screen import choose_backend

    cfg = _load(args)
    _check_game(args.game)
    headless = args.headless or choose_backend(cfg.screen.backend) == "headless"
    cfg = runtime.demo_config(cfg, args.journal, headless, args.snapshots, args.game)
    if args.seed is not None:
        cfg = cfg.replace("chance", seed=args.seed)
    if args.size:
        w, h = _size(args.size)
        cfg = cfg.replace("screen", source="--size", width=w, height=h)
    if args.fast and not headless:
        print("companion: --fast works only with --headless", file=sys.stderr)
        return EXIT_USAGE
    rt = runtime.build(cfg, is_demo=True, fast=args.fast, new_game=args.new, on_shown=_print_shown)
    try:
        where = f"snapshots in {cfg.screen.snapshot_dir}/" if headless else "a window (Esc quits)"
        state = "resumed" if rt.resumed else "started"
        print(f"companion demo of {cfg.general.game} {state} (journal {cfg.journal.path}); showing {where}",
              flush=True)
        rt.app.run(duration=args.duration, stop_when_script_done=headless and args.duration is None)
        if headless:
            print(f"wrote {len(rt.app.screen.snapshots)} snapshots to {cfg.screen.snapshot_dir}/", flush=True)
    finally:
        rt.close()
    return 0


def cmd_run(args) -> int:
    from companion import runtime

    cfg = _load(args)
    if args.game:
        _check_game(args.game)
        cfg = cfg.replace("general", game=args.game)
    if args.journal:
        cfg = cfg.replace("journal", path=args.journal)
    rt = runtime.build(cfg, is_demo=False, new_game=args.new)
    try:
        print(f"companion running {cfg.general.game} ({'resumed' if rt.resumed else 'new game'}); "
              f"journal {cfg.journal.path}", flush=True)
        rt.app.run()
    finally:
        rt.close()
    return 0


def cmd_detect(args) -> int:
    from companion.vision.detect import main as detect_main

    return detect_main(args.image, args.board, args.camera, args.tiles, args.teams)


def cmd_doctor(args) -> int:
    from companion.doctor import run_doctor

    return run_doctor(_load(args), simulated=args.simulated)


def cmd_replay(args) -> int:
    from companion.replay import run_replay

    cfg = _load(args)
    if args.journal:
        cfg = cfg.replace("journal", path=args.journal)
    if args.headless:
        cfg = cfg.replace("screen", backend="headless")
    if args.snapshots:
        cfg = cfg.replace("screen", snapshot_dir=args.snapshots)
    return run_replay(cfg, args.game, args.list, args.speed)


def cmd_match(args) -> int:
    from companion.games import find_game
    from companion.rules.table import replay
    from companion.session.chance import Chance
    from companion.session.clock import SteadyClock
    from companion.session.journal import Journal
    from companion.session.session import GameSession

    _check_game(args.game)
    game = find_game(args.game)
    if game.simulated_match is None:
        print(f"companion: {game.rules.title.title()} has no simulated match yet", file=sys.stderr)
        return EXIT_USAGE
    journal = Journal(args.journal)
    try:
        session, _ = GameSession.start(journal, Chance(args.seed), SteadyClock(), game.name,
                                       label=f"simulated match {args.seed}", resume=False,
                                       **game.simulated_match.setup())
        summary = game.simulated_match.play(session, args.seed)
        session.finish()
        same = replay(journal.events(session.game_id)) == session.state
        print(f"{summary}, {len(session.events)} events journaled to {args.journal} (game {session.game_id}); "
              f"replay {'matches' if same else 'DIFFERS'}")
        return 0 if same else EXIT_ERROR
    finally:
        journal.close()


def cmd_config(args) -> int:
    from companion.config import reference_markdown

    if args.reference:
        print(reference_markdown())
        return 0
    cfg = _load(args)
    print(f"# settings from {cfg.source}; `companion config --reference` explains every key")
    from companion.config.settings import to_toml
    print(to_toml(cfg))
    return 0


def cmd_markers(args) -> int:
    from companion.vision.sheets import write_all

    for path in write_all(args.out, args.paper):
        print(path)
    print("print them at 100 % (actual size), then check the ruler sheet with a real ruler")
    return 0


def cmd_calibrate(args) -> int:
    from pathlib import Path

    from companion.vision.calibrate import CalibrationError, calibrate, load_folder

    try:
        if args.images:
            frames = load_folder(args.images)
        else:
            frames = _live_frames(_load(args), args.count)
        result = calibrate(frames, args.rational)
    except CalibrationError as exc:
        print(f"companion: calibration failed: {exc}", file=sys.stderr)
        return EXIT_ERROR
    Path(args.out).write_text(result.model.to_toml())
    verdict = "good" if result.model.rms_px < 0.5 else "usable" if result.model.rms_px < 1.0 else \
        "poor: retake the views, board flat and sharp"
    print(f"{result.views_used} views used, {result.views_rejected} without the board; reprojection error "
          f"{result.model.rms_px:.3f} px ({verdict}); wrote {args.out}")
    return 0


def _live_frames(cfg, count: int):
    import time

    from companion.hardware.camera import open_camera

    source = open_camera(cfg.camera)
    frames = []
    try:
        for k in range(count):
            print(f"view {k + 1}/{count}: move the board, hold still...", flush=True)
            time.sleep(2.0)
            frames.append(source.read())
    finally:
        source.close()
    return frames


def cmd_teach(args) -> int:
    if args.image == "tiles":
        from companion.vision.teach_tiles import teach_tiles

        if not args.picture:
            print("companion: teach tiles PICTURE --board PROFILE.toml: name the picture", file=sys.stderr)
            return 2
        return teach_tiles(_load(args), args.picture, args.board, args.layout)
    if args.picture or args.team is None or args.at is None:
        print("companion: teach PICTURE --board PROFILE.toml --team NAME --at X,Y (or: teach tiles PICTURE "
              "--board PROFILE.toml)", file=sys.stderr)
        return 2
    from companion.vision.teach import teach

    return teach(_load(args), args.image, args.board, args.team, args.at)


def cmd_nfc(args) -> int:
    from companion.nfc.command import run_nfc

    return run_nfc(_load(args), args)


COMMANDS = {"markers": cmd_markers, "calibrate": cmd_calibrate, "teach": cmd_teach, "nfc": cmd_nfc, "run": cmd_run, "demo": cmd_demo, "detect": cmd_detect, "doctor": cmd_doctor,
            "replay": cmd_replay, "config": cmd_config, "match": cmd_match}


class Stopped(KeyboardInterrupt):
    """SIGTERM, raised where the program is, like Ctrl-C's KeyboardInterrupt: every ``finally``
    on the way out runs (the journal is closed, the camera and the screen released)."""

    def __init__(self, signum: int):
        super().__init__(f"stopped by signal {signum}")
        self.signum = signum


def _handle_signals() -> None:
    """SIGTERM and SIGINT quit the same way in every mode. SDL would otherwise turn them into a
    quit event, which a headless screen never reads: `systemctl stop` then waited for its kill."""
    import signal

    os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")

    def stop(signum, _frame):
        raise Stopped(signum)
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, signal.default_int_handler)


def main(argv: list[str] | None = None) -> int:
    from companion.config import ConfigError
    from companion.errors import CompanionError, UnknownGame

    _handle_signals()
    parser = _parser()
    args = parser.parse_args(argv)
    if not args.command:
        parser.print_help()
        return EXIT_USAGE
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(levelname)s %(name)s: %(message)s")
    try:
        return COMMANDS[args.command](args)
    except ConfigError as exc:
        print(f"companion: settings error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except UnknownGame as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except CompanionError as exc:          # every error the companion raises for a person to read
        print(f"companion: {exc}", file=sys.stderr)
        return EXIT_ERROR
    except Stopped as exc:               # SIGTERM (systemctl stop): everything above closed cleanly
        return 128 + exc.signum
    except KeyboardInterrupt:
        return 130
