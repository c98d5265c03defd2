"""Knockdown as the companion runs it: both fighters' damage, attacks with the blocking
calculator, the Knockdown test on the 10-second timer (or its dice variant), rounds to two
wins and the deck-out end (rules/); its buttons, settings, screen and demo."""

from __future__ import annotations

from dataclasses import dataclass

from companion.config.settings import comma_list, setting
from companion.games.base import Game
from companion.games.knockdown.rules import RULES, TEST_LABEL
from companion.games.knockdown.rules.rulings import CHOICES, Rulings
from companion.sim.script import Demo, Step

_R = Rulings()


@dataclass(frozen=True)
class KnockdownSettings:
    fighters: str = setting("Player 1, Player 2", "The two fighters' names, the first player first.")
    test: str = setting(_R.test, "The Knockdown test: the 10-second tower, or the dice variant (lines 612-620).",
                        choices=CHOICES["test"])
    dice: int = setting(_R.dice, "The dice variant: how many dice (3 in the rulebook).", minimum=1, maximum=10)
    dice_faces: int = setting(_R.dice_faces, "The dice variant: faces of each die (line 617 does not say; with "
                              "3D6, 19 damage can never pass).", minimum=2, maximum=100)
    deck_out: str = setting(_R.deck_out, "The deck-out winner: fewer heavy damage, then fewer light (lines 589-590), "
                            "or the fewest damage of all (lines 14-16).", choices=CHOICES["deck_out"])
    deck_out_tie: str = setting(_R.deck_out_tie, "A full tie at the deck-out goes to \"the player who started the "
                                "turn\" (lines 593-594): this round's first player, or the one whose turn it is.",
                                choices=CHOICES["deck_out_tie"])
    test_discard: str = setting(_R.test_discard, "A passed test discards half the damage, rounded down (lines "
                                "566-570): of all cubes, heavy first, or half the heavy and half the light.",
                                choices=CHOICES["test_discard"])
    edge_damage: str = setting(_R.edge_damage, "A Dangerous Edge's +1 in the Damage Pool is light or heavy "
                               "(lines 676-683 do not say).", choices=CHOICES["edge_damage"])
    edge_blockable: bool = setting(_R.edge_blockable, "The Dangerous Edge's +1 can be blocked with the pool "
                                   "(it is in the pool, 676-683) or not (another source of damage, 548).")


def start_data(cfg) -> dict:
    from companion.config.settings import ConfigError

    c = cfg.knockdown
    names = comma_list(c.fighters)
    if len(names) != 2:
        raise ConfigError(cfg.source, "knockdown.fighters", f"two fighters, not {len(names)}")
    rulings = {k: getattr(c, k) for k in Rulings().as_data() if hasattr(c, k)}
    return {"fighters": names, "rulings": rulings}


def _screen():
    from companion.games.knockdown.screen import KnockdownScreen

    return KnockdownScreen()


def _test_start(s, view):
    """The opponent starts the test on the fighter attacked last: the timer, or the dice."""
    g = s.state.g
    side = g.last_target if g.last_target is not None else 1 - g.turn
    if g.test is None and s.submit("knockdown_test_called", side=side) is None:
        return None
    if s.state.g.rulings.test == "dice":
        r = s.state.g.rulings
        if s.roll(r.dice_faces, r.dice, label=TEST_LABEL) is None:
            return None
        return s.submit("knockdown_test_rolled", side=s.state.g.test)
    return s.submit("countdown_started")


def _result(kind):
    def act(s, view):
        g = s.state.g
        if g.test is None:
            s.refusal = "no Knockdown test is running"
            return None
        event = s.submit(kind, side=g.test)
        if event is not None and s.state.countdown.running:
            s.submit("countdown_paused")
        return event
    return act


def _damage(side, heavy, light):
    return lambda s, v: s.submit("damage_changed", side=side, heavy=heavy, light=light)


def _steps(scene, vision) -> list[Step]:
    def do(event, /, **data):
        return lambda s, tag: s.submit(event, **data, **tag)
    return [
        Step(1.0, do("attack_resolved", target=1, heavy=2, light=3, kind="strike", block_cards=3),
             (("attack", 1.0),)),
        Step(1.5, do("turn_passed")),
        Step(1.2, do("attack_resolved", target=0, heavy=1, light=2, kind="skill", edge=True)),
        Step(1.5, do("turn_passed")),
        Step(1.2, do("attack_resolved", target=1, heavy=1, light=1, kind="strike")),
        Step(1.0, do("knockdown_test_called", side=1)),
        Step(1.0, lambda s, tag: s.submit("countdown_started", **tag), (("countdown-running", 1.0),)),
        Step(4.0, lambda s, tag: s.submit("countdown_paused", **tag), (("countdown-paused", 0.5),)),
        Step(1.5, lambda s, tag: s.submit("countdown_resumed", **tag),
             (("countdown-warning", 4.2), ("countdown-zero", 6.4))),
        Step(7.5, do("knockdown_test_failed", side=1), (("round-won", 1.5),)),
        Step(2.0, lambda s, tag: s.roll(6, 3, label="Knockdown test, dice variant", **tag),
             (("dice-3d6", 1.2), ("final", 1.5))),
    ]


def demo() -> Demo:
    return Demo({"fighters": ["Ava", "Bo"], "message": "Demo: Knockdown, round 1"}, _steps)


GAME = Game(
    rules=RULES,
    actions={"test_start": _test_start, "tower_stands": _result("knockdown_test_passed"),
             "tower_fell": _result("knockdown_test_failed"), "turn_passed": lambda s, v: s.submit("turn_passed"),
             "deck_out": lambda s, v: s.submit("deck_out"),
             "heavy_left": _damage(0, 1, 0), "light_left": _damage(0, 0, 1),
             "heavy_right": _damage(1, 1, 0), "light_right": _damage(1, 0, 1)},
    default_buttons={"gpio17": "test_start", "gpio27": "tower_stands", "gpio22": "tower_fell", "gpio23": "undo",
                     "pico0": "test_start", "pico1": "tower_stands", "pico2": "tower_fell", "pico3": "undo"},
    screen=_screen,
    demo=demo,
    settings=KnockdownSettings,
    start_data=start_data,
    summary="a duel of card play and a tower of blocks: damage, blocks, the 10-second Knockdown test, rounds",
)
