"""Resolving Takkure D12 rolls between players ("UNOPPOSED ROLL", "FACE-TO-FACE
ROLL", "MULTIPLE FACE-TO-FACE ROLL", "MELEE ROLL", "MULTIPLE DICE").

Each roll is one die against one modified characteristic. The functions here
take dice already rolled (from the journal) and say who won; they never roll.

Face-to-face: all fail; one succeeds and wins; several succeed and the highest
die wins, the other successes are cancelled (not failed); equal highest dice
tie and nothing happens; a critical (1) beats everything, several criticals
tie; a fumble (12) always fails.

>>> r = face_to_face([Roll("attacker", 6, 7), Roll("defender", 3, 7)])
>>> r.winner, r.outcomes
('attacker', {'attacker': 'win', 'defender': 'cancelled'})
>>> face_to_face([Roll("a", 5, 7), Roll("b", 5, 8)]).outcomes
{'a': 'tie', 'b': 'tie'}
>>> melee([Roll("attacker", 3, 7), Roll("d1", 6, 7), Roll("d2", 7, 7), Roll("d3", 9, 7)]).winner
'd2'
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.games.takkure.rules.rolls import explain, modified, unopposed

WIN, FAIL, CANCELLED, TIE, NOT_ROLLED = "win", "fail", "cancelled", "tie", "not rolled"


@dataclass(frozen=True)
class Roll:
    """One die rolled by ``who`` against the modified characteristic ``target``."""
    who: str
    die: int
    target: int

    @property
    def outcome(self) -> str:
        return unopposed(self.die, self.target)

    @property
    def succeeded(self) -> bool:
        return self.outcome in ("success", "critical")


@dataclass(frozen=True)
class Contest:
    """Who won (at most one), and what each roller's result was."""
    winner: str | None
    outcomes: dict[str, str]
    reroll: tuple[str, ...] = ()      # melee: players tied for the best, to roll face-to-face again


def face_to_face(rolls: list[Roll]) -> Contest:
    """A face-to-face roll between two or more players: at most one winner."""
    if len({r.who for r in rolls}) != len(rolls):
        raise ValueError("each player rolls once in a face-to-face roll")
    out = {r.who: FAIL for r in rolls}
    criticals = [r for r in rolls if r.outcome == "critical"]
    successes = [r for r in rolls if r.succeeded]
    if criticals:                                  # a critical always wins the roll
        best = criticals
    elif successes:
        top = max(r.die for r in successes)        # the highest success wins
        best = [r for r in successes if r.die == top]
    else:
        return Contest(None, out)                  # all fail
    for r in successes:
        out[r.who] = CANCELLED                     # beaten successes are cancelled, not failed
    if len(best) > 1:
        for r in best:
            out[r.who] = TIE                       # equal best: no effect for anyone
        return Contest(None, out)
    out[best[0].who] = WIN
    return Contest(best[0].who, out)


def melee(rolls: list[Roll]) -> Contest:
    """All dice at once, one competition; a tie for the best is rolled again face-to-face
    among the tied players (``reroll`` names them; resolve that with :func:`face_to_face`)."""
    contest = face_to_face(rolls)
    tied = tuple(who for who, o in contest.outcomes.items() if o == TIE)
    return Contest(contest.winner, contest.outcomes, tied)


def best_die(dice: list[int], target: int) -> int:
    """Several dice for one roll ("increasing your chances"): the one to keep.

    A critical if there is one; else the highest success (it wins face-to-face);
    else, all failing, the lowest die (nearest to success, and never a fumble if
    there is another choice).

    >>> best_die([9, 4, 6], 7), best_die([12, 1], 7), best_die([12, 9], 7)
    (6, 1, 9)
    """
    if not dice:
        raise ValueError("no dice")
    if 1 in dice:
        return 1
    good = [d for d in dice if d != 12 and d <= target]
    return max(good) if good else min(dice)


def explain_best(label: str, base: int, modifiers: list[tuple[int, str]], values: list[int],
                 characteristic: str = "") -> tuple[int, int, str]:
    """A checked roll with one or more dice: the die kept, the modified characteristic,
    and the line the screen shows (naming every die when there were several).

    >>> explain_best("Dodge", 7, [(-1, "pressure")], [9, 4], "REF")
    (4, 6, 'Dodge: REF 7 -1 (pressure) = 6 - rolled 4: success (best of 9, 4)')
    """
    target = modified(base, modifiers)
    kept = best_die(list(values), target)
    line = explain(label, base, modifiers, kept, characteristic)
    if len(values) > 1:
        line += f" (best of {', '.join(map(str, values))})"
    return kept, target, line


@dataclass(frozen=True)
class Duel:
    """One defender in a multiple face-to-face roll, in the order the active player chose.

    ``active`` is the active player's die against this defender, or None when the
    active player has no die left for them (the defender then rolls unopposed).
    ``grounds_active``: the defender's action grounds the active player if it
    succeeds (a TACKLE).
    """
    defender: str
    defender_roll: Roll
    active: Roll | None = None
    grounds_active: bool = False


@dataclass
class MultipleResult:
    duels: list[tuple[str, Contest]] = field(default_factory=list)
    active_grounded_by: str | None = None
    active_successes: int = 0


def multiple_face_to_face(duels: list[Duel], active_action: str = "") -> MultipleResult:
    """Each duel is an independent face-to-face roll (or, with no active die, the
    defender's unopposed roll), in the chosen order; once the active player is
    GROUNDED no more rolls are made. After a successful PASS the remaining
    defenders roll unopposed (the rulebook's PASS clarification). A DODGE moves the
    active player once, however many duels it wins (count ``active_successes``)."""
    result = MultipleResult()
    passed = False
    for duel in duels:
        if result.active_grounded_by is not None:
            result.duels.append((duel.defender, Contest(None, {duel.defender: NOT_ROLLED})))
            continue
        if duel.active is None or passed:
            ok = duel.defender_roll.succeeded
            contest = Contest(duel.defender if ok else None, {duel.defender: WIN if ok else FAIL})
        else:
            contest = face_to_face([duel.active, duel.defender_roll])
            if contest.winner == duel.active.who:
                result.active_successes += 1
                passed = passed or active_action == "pass"
        result.duels.append((duel.defender, contest))
        if contest.winner == duel.defender and duel.grounds_active:
            result.active_grounded_by = duel.defender
    return result
