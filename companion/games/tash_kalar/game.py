"""Tash-Kalar as the companion runs it: the board, every summon the cards in hand allow
(highlighted), actions, Deathmatch and High Form scoring, the end and the flares (rules/);
its settings, screen and demo."""

from __future__ import annotations

from dataclasses import dataclass

from companion.config.settings import comma_list, setting
from companion.games.base import Game
from companion.games.tash_kalar.rules import MODES, RULES
from companion.games.tash_kalar.rules.patterns import TARGET_RULINGS, load_card
from companion.sim.script import Demo, Step


@dataclass(frozen=True)
class TashKalarSettings:
    players: str = setting("Player 1, Player 2", "The two players, the starting player first.")
    mode: str = setting("deathmatch", "Deathmatch (destroyed pieces and legends score) or High Form (tasks and "
                        "legendary pieces).", choices=MODES)
    board_size: int = setting(9, "Squares on a side of the board.", minimum=5, maximum=15)
    target: str = setting("empty-or-lower", "What may stand on a summon's target square (lines 14, 40): empty, "
                          "or a piece of lower rank than the summoned one (an enemy's is destroyed).",
                          choices=TARGET_RULINGS)
    flare_points: int = setting(1, "Deathmatch: points to the opponent of a player who invokes a flare (line 3 "
                                "names flares as a source, line 12 gives no value).", minimum=0, maximum=5)
    carry_commons: bool = setting(False, "An odd destroyed common counts towards the next turn's pair (line 12 "
                                  "scores each turn's: off, it is lost).")
    flare_at_least: bool = setting(True, "A flare's \"that many more\" (lines 18-19): at least that many (on), "
                                   "or exactly (off).")


def start_data(cfg) -> dict:
    c = cfg.tash_kalar
    names = comma_list(c.players)[:2]
    return {"players": names, "rulings": {"mode": c.mode, "board_size": c.board_size, "target": c.target,
                                          "flare_points": c.flare_points, "carry_commons": c.carry_commons,
                                          "flare_at_least": c.flare_at_least}}


def _cursor(dr, dc):
    return lambda s, v: s.submit("cursor_moved", dr=dr, dc=dc)


def _place_here(s, view):
    g = s.state.g
    return s.submit("piece_placed", player=g.turn, cell=list(g.cursor))


def _summon_here(s, view):
    """The first card in hand whose pattern puts its target on the cursor's square."""
    g = s.state.g
    fits = [p for p in g.summons(g.turn) if p.target == g.cursor]
    if not fits:
        s.refusal = "no card in hand can be summoned on this square"
        return None
    card = next(h for h in g.hands[g.turn] if load_card(h).name == fits[0].card)
    return s.submit("summoned", player=g.turn, card=card, cell=list(g.cursor))


def _cycle_square(s, view):
    """What an effect did to the cursor's square, one press a step: empty, then the current
    player's common, heroic, legendary, then the opponent's, then empty again."""
    g = s.state.g
    r, c = g.cursor
    order = [(None, 0)] + [(p, k) for p in (g.turn, 1 - g.turn) for k in (1, 2, 3)]
    now = (None if g.board.owner[r][c] < 0 else g.board.owner[r][c], g.board.rank[r][c])
    nxt = order[(order.index(now) + 1) % len(order)] if now in order else order[0]
    return s.submit("piece_set", cell=[r, c], player=nxt[0], rank=nxt[1] or 1)


def _screen():
    from companion.games.tash_kalar.screen import TashKalarScreen

    return TashKalarScreen()


def _steps(scene, vision) -> list[Step]:
    def do(event, /, **data):
        return lambda s, tag: s.submit(event, **data, **tag)
    return [
        Step(1.0, do("hand_set", player=0, cards=["warden", "lancer", "hook"])),
        Step(0.5, do("hand_set", player=1, cards=["breaker", "lancer", "titan"])),
        Step(1.0, do("piece_placed", player=0, cell=[3, 3])),
        Step(1.0, do("turn_finished", player=0)),
        Step(1.0, do("piece_placed", player=1, cell=[5, 5])),
        Step(1.0, do("piece_placed", player=1, cell=[5, 6])),
        Step(1.0, do("turn_finished", player=1)),
        Step(1.0, do("piece_placed", player=0, cell=[3, 4]), (("summons", 1.0),)),
        Step(1.5, do("summoned", player=0, card="lancer", cell=[3, 5])),
        Step(1.0, do("turn_finished", player=0), (("final", 1.5),)),
    ]


def demo() -> Demo:
    return Demo({"players": ["Ana", "Ben"], "message": "Demo: Tash-Kalar, Deathmatch"}, _steps)


GAME = Game(
    rules=RULES,
    actions={"cursor_right": _cursor(0, 1), "cursor_left": _cursor(0, -1), "cursor_down": _cursor(1, 0),
             "cursor_up": _cursor(-1, 0), "place_here": _place_here, "summon_here": _summon_here,
             "cycle_square": _cycle_square,
             "turn_done": lambda s, v: s.submit("turn_finished", player=s.state.g.turn)},
    default_buttons={"gpio17": "cursor_right", "gpio27": "cursor_down", "gpio22": "place_here", "gpio23": "undo",
                     "gpio24": "summon_here", "gpio25": "turn_done",
                     "pico0": "cursor_right", "pico1": "cursor_down", "pico2": "place_here", "pico3": "undo",
                     "pico4": "summon_here", "pico5": "turn_done", "pico6": "cycle_square"},
    screen=_screen,
    demo=demo,
    settings=TashKalarSettings,
    start_data=start_data,
    summary="summon by forming patterns on a grid: every legal summon shown, Deathmatch and High Form scored",
)
