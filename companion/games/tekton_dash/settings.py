"""Tekton Dash's settings section, ``[tekton_dash]``: the players, their Blueprints, the
camera's boards, and the rulings (docs/TEKTON_DASH.md quotes the lines for each)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.config.settings import comma_list, setting
from companion.games.tekton_dash.rules.rulings import CHOICES, Rulings

_R = Rulings()


@dataclass(frozen=True)
class TektonDashSettings:
    players: str = setting("Player 1, Player 2, Player 3", "The players in seat order, the first player first "
                           "(3 to 6 names, comma-separated).")
    blueprints: str = setting("step, bridge, tower", "Each player's Blueprint, in seat order: a shipped "
                              "example (step, bridge, tower: made for testing, not cards from the box) or the "
                              "path of a Blueprint TOML (format in companion/games/tekton_dash/rules/blueprint.py).")
    deal_seed: int = setting(1, "The racetrack's tiles as the companion deals them at the start (at a real "
                             "table, deal them as the screen shows, or set floors right with the referee events).",
                             minimum=0)
    racetrack_profile: str = setting("", "The racetrack's profile with its grid (rows = the track's rows from the "
                                     "starting line, cols = the racing lanes; calibration/boards/"
                                     "tekton-dash-racetrack.toml is a template); empty: the camera does not read it.")
    board_profiles: str = setting("", "A folder with each player board's profile, board-0.toml to board-5.toml "
                                  "(markers 20+4k to 23+4k); empty: the camera reads no player board.")
    mekton_at: int = setting(_R.mekton_at, "Sabotages that make a Mekton: 5 (the verdict box, lines 687-688) or "
                             "6 (the Tektonpedia steps, line 658).", minimum=1, maximum=30)
    sabotage_meter: str = setting(_R.sabotage_meter, "The meter moves on every Power-Up card used (line 462) or "
                                  "only on one played at another player (line 675).", choices=CHOICES["sabotage_meter"])
    tektonpedia_cell: str = setting(_R.tektonpedia_cell, "A Tektonpedia cell as the table prints it (lap 2/lap 1, "
                                    "\"3/2\") or as its example does (lap 1-lap 2, \"2-3\").",
                                    choices=CHOICES["tektonpedia_cell"])
    two_actions_after: str = setting(_R.two_actions_after, "Two actions a turn once the first Green Blueprint is "
                                     "done (line 260) or once a player finishes lap 1 (line 365).",
                                     choices=CHOICES["two_actions_after"])
    cooldown: str = setting(_R.cooldown, "A returned Power-Up tile waits until every racer has had a turn "
                            "(turn-cycle) or until the round after next (next-round) (line 374).",
                            choices=CHOICES["cooldown"])
    sabotage_marker: str = setting(_R.sabotage_marker, "The marker protects its holder until another player is "
                                   "sabotaged (line 447) or for the next card only (line 367).",
                                   choices=CHOICES["sabotage_marker"])
    power_ups_in_colour_limit: bool = setting(_R.power_ups_in_colour_limit, "A Power-Up tile counts in its "
                                              "colour's 4 (lines 369, 456).")
    wall_blocks: str = setting(_R.wall_blocks, "A wall block stops the move across it and the diagonals past its "
                               "ends, or the straight move only (line 439; its diagram is lost).",
                               choices=CHOICES["wall_blocks"])
    tiebreak: str = setting(_R.tiebreak, "After row and correct Blueprint tiles (line 640): the place is shared, "
                            "or the earlier seat goes first.", choices=CHOICES["tiebreak"])
    blueprint_fit: str = setting(_R.blueprint_fit, "Where a Blueprint may lie on the board: anywhere, never turned "
                                 "(shift); as drawn (fixed); or also turned.", choices=CHOICES["blueprint_fit"])
    end: str = setting(_R.end, "Race until everyone has finished, or end when the first crosses the finish line "
                       "(lines 638-646).", choices=CHOICES["end"])
    mode: str = setting(_R.mode, "Game mode (lines 700-735).", choices=CHOICES["mode"])
    spawn_faces: str = setting(", ".join(_R.spawn_faces), "The Spawn Dice's faces, comma-separated: self, regular, "
                               "power-up or none (the rulebook does not print how many of each).")


def start_data(cfg) -> dict:
    """The ``game_started`` data for `companion run`, from the settings (checked here, so a
    bad list is one clear line, not a race that refuses to start)."""
    from companion.config.settings import ConfigError

    c = cfg.tekton_dash
    players = comma_list(c.players)
    blueprints = comma_list(c.blueprints)
    if not 3 <= len(players) <= 6:
        raise ConfigError(cfg.source, "tekton_dash.players", f"3 to 6 players, not {len(players)}")
    if len(blueprints) < len(players):
        raise ConfigError(cfg.source, "tekton_dash.blueprints", f"one Blueprint per player: {len(players)} players, "
                                                                f"{len(blueprints)} Blueprints")
    rulings = {name: getattr(c, name) for name in Rulings().as_data() if name != "spawn_faces"}
    rulings["spawn_faces"] = comma_list(c.spawn_faces)
    try:
        Rulings.from_data(rulings)
    except ValueError as exc:
        raise ConfigError(cfg.source, "tekton_dash.spawn_faces", str(exc)) from None
    return {"players": players, "blueprints": blueprints[:len(players)], "rulings": rulings,
            "deal_seed": c.deal_seed}
