"""What each Takkure action rolls against: the characteristic, every modifier with
its reason, and how many dice (skills by position add one).

A :class:`Check` explains itself in one line, the way the screen shows it:

>>> from companion.games.takkure.rules.players import PlayerState, YOKOZUNA
>>> from dataclasses import replace
>>> passer = PlayerState(replace(YOKOZUNA, chars=replace(YOKOZUNA.chars, bac=7)))
>>> pass_check(passer, 3.1, pressure=1).explain(6)
'Pass 3.1 in: BaC 7 +2 (2-4 in) -1 (pressure) = 8 - rolled 6: success'

Pressure (-1 for each pressuring defender within 2 in) applies to the
characteristic of the attacker's second action. Fatigue's -1 at three tokens
is already in the player's effective characteristics.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.rules.events import IllegalMove
from companion.games.takkure.rules import geometry, rolls
from companion.games.takkure.rules.players import PlayerState

FROM_GROUND_MAX_IN = 8.0

NAMES = {"BaC": "BaC", "BaCT": "BaC (try)", "STR": "STR", "REF": "REF", "END": "END"}


@dataclass(frozen=True)
class Check:
    action: str
    characteristic: str
    base: int
    modifiers: tuple[tuple[int, str], ...] = ()
    dice: int = 1
    cancelled: str = ""        # why the roll cannot happen at all (then it counts as cancelled)
    failed: str = ""           # why it fails without a roll (a tackle without contact, L1439)

    @property
    def target(self) -> int:
        return rolls.modified(self.base, self.modifiers)

    def outcome(self, die: int) -> str:
        if self.cancelled:
            return "cancelled"
        return "fail" if self.failed else rolls.unopposed(die, self.target)

    @property
    def name(self) -> str:
        return NAMES.get(self.characteristic, self.characteristic)

    def explain(self, die: int | None = None) -> str:
        """The line the screen shows; before the roll, what will be rolled."""
        if self.cancelled:
            return f"{self.action}: cancelled - {self.cancelled}"
        if self.failed:
            return f"{self.action}: fails - {self.failed}"
        if die is not None:
            return rolls.explain(self.action, self.base, self.modifiers, die, self.name)
        parts = [f"{self.action}: {self.name} {self.base}"] + [f"{m:+d} ({why})" for m, why in self.modifiers]
        return " ".join(parts) + f" = {self.target}" + (f" ({self.dice} dice, keep one)" if self.dice > 1 else "")


def _skill_dice(player: PlayerState, skill: str) -> int:
    return 2 if player.position_skill(skill) else 1


def _pressure(n: int) -> tuple[tuple[int, str], ...]:
    return tuple((-1, "pressure") for _ in range(n))


def pass_check(passer: PlayerState, distance_in: float, pressure: int = 0, from_ground: bool = False) -> Check:
    label = f"Pass{' from the ground' if from_ground else ''} {distance_in:.1f} in"
    if from_ground and distance_in > FROM_GROUND_MAX_IN + geometry.EPS:
        return Check(label, "BaC", passer.effective("BaC"), cancelled="a pass from the ground reaches 8 in at most")
    band = geometry.pass_modifier(distance_in)
    mods = ((band.value, band.band),) + ((-2, "from the ground"),) * from_ground + _pressure(pressure)
    return Check(label, "BaC", passer.effective("BaC"), mods, _skill_dice(passer, "Precise Pass"))


def reception_check(receiver: PlayerState, distance_in: float) -> Check:
    band = geometry.reception_modifier(distance_in)
    return Check(f"Reception {distance_in:.1f} in", "BaC", receiver.effective("BaC"), ((band.value, band.band),))


def pick_up_check(player: PlayerState, pressure: int = 0) -> Check:
    return Check("Pick up the ball", "BaC", player.effective("BaC"), ((4, "pick up"),) + _pressure(pressure))


STEALS = {"loose": (4, "loose ball"), "grounded carrier": (0, ""), "in the air": (-2, "in the air")}


def steal_check(defender: PlayerState, how: str) -> Check:
    """``how``: "loose", "grounded carrier" or "in the air" (a pass interception)."""
    if defender.grounded:
        raise IllegalMove("a GROUNDED player cannot steal the ball")
    if how not in STEALS:
        raise IllegalMove(f"a steal is {', '.join(STEALS)}, not {how!r}")
    mod, why = STEALS[how]
    return Check(f"Steal ({how})", "BaC", defender.effective("BaC"), ((mod, why),) if mod else ())


def dodge_check(player: PlayerState, pressure: int = 0) -> Check:
    return Check("Dodge", "REF", player.effective("REF"), _pressure(pressure), _skill_dice(player, "Side step"))


def break_through_check(player: PlayerState, pressure: int = 0) -> Check:
    return Check("Break through", "STR", player.effective("STR"), _pressure(pressure),
                 _skill_dice(player, "Onslaught"))


def tackle_check(defender: PlayerState, reached: bool = True) -> Check:
    """A tackle that made no contact with the player or its trajectory has failed (L1439:
    "you are considered to have failed the roll"), not been cancelled (L1445)."""
    if not reached:
        return Check("Tackle", "STR", defender.effective("STR"), failed="no contact with the carrier or its path")
    return Check("Tackle", "STR", defender.effective("STR"), (), _skill_dice(defender, "Expert Tackler"))


def failed_tackle_check(defender: PlayerState) -> Check:
    """After a failed tackle: a REF roll, or the tackler is GROUNDED (and rolls ENDURANCE)."""
    return Check("Failed tackle, stay up", "REF", defender.effective("REF"))


def try_check(carrier: PlayerState, pressure: int = 0, fatigue: str = "both") -> Check:
    """SCORE A TRY: the second BaC, -1 per fatigue token whether active or not (L1899).
    ``fatigue`` is the ruling try_fatigue: "both" keeps the -1 of three tokens (L1853) in the
    BaC as well, "per token" counts only the try's own."""
    mods = tuple((-1, "fatigue") for _ in carrier.fatigue) + _pressure(pressure)
    base = carrier.effective("BaCT") if fatigue == "both" else carrier.base("BaCT")
    return Check("Score a try", "BaCT", base, mods)


def endurance_check(player: PlayerState) -> Check:
    return Check("Endurance", "END", player.endurance)


def kick_off_check(kicker: PlayerState) -> Check:
    """KICK OFF: the kicking coach's BaC roll with a player of its choice."""
    return Check(f"Kick-off ({kicker.card.name})", "BaC", kicker.effective("BaC"))


def catch_check(player: PlayerState) -> Check:
    """Catching the kick-off in the air: BaC -2, for players within 2 in of the ball."""
    return Check(f"Catch ({player.card.name})", "BaC", player.effective("BaC"), ((-2, "in the air"),))
