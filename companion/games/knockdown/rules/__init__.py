"""Knockdown rules, pure: both fighters' heavy and light damage, attacks with their Damage
Pool and blocks, the Knockdown test (the 10-second tower, or its dice variant), rounds to
two wins and the deck-out end. The rulings where the rulebook is unclear are in
:mod:`.rulings` (docs/KNOCKDOWN.md).

Events (``side`` / ``target``: 0 or 1):

- ``attack_resolved`` {target, heavy, light, kind, edge, block_cards, cancel_effect,
  heavy_cards?}: an attack's Damage Pool dealt to ``target`` after its blocks.
- ``damage_changed`` {side, heavy, light}: damage added or removed by anything else.
- ``turn_passed``: the other fighter's turn.
- ``knockdown_test_called`` {side}: the attacker calls a Knockdown test on ``side`` (the
  timer is the shared countdown, started by the opponent).
- ``knockdown_test_passed`` / ``knockdown_test_failed`` {side}: the tower stood in time or
  not; ``knockdown_test_rolled`` {side}: the dice variant, read from the last roll
  labelled "Knockdown test".
- ``deck_out``: the Attack deck cannot refill the row: the round goes to the fighter with
  less damage.

>>> from companion.rules.events import Event as E
>>> from companion.rules.table import replay
>>> st = replay([E("game_started", {"game": "knockdown", "fighters": ["Ava", "Bo"]}),
...              E("attack_resolved", {"target": 1, "heavy": 2, "light": 3, "kind": "strike", "block_cards": 3})])
>>> st.g.fighters[1].damage, st.message
(Damage(heavy=1, light=2), 'Bo takes 1 heavy and 2 light (pool 2 heavy, 3 light; 3 block cards)')
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Mapping

from companion.errors import IllegalMove
from companion.games.base import Rules
from companion.games.knockdown.rules.damage import BLOCKABLE, KINDS, Damage, Pool, block, half_of
from companion.games.knockdown.rules.rulings import Rulings
from companion.rules.moves import MoveSet
from companion.rules.tools.score import side_of

MOVES = MoveSet("knockdown")
TEST_LABEL = "Knockdown test"


@dataclass(frozen=True)
class Fighter:
    name: str
    damage: Damage = Damage()
    wins: int = 0


@dataclass(frozen=True)
class KnockdownState:
    rulings: Rulings = field(default_factory=Rulings)
    fighters: tuple[Fighter, Fighter] = (Fighter("Player 1"), Fighter("Player 2"))
    round: int = 1
    first: int = 0                    # who goes first this round
    turn: int = 0                     # whose turn it is
    test: int | None = None           # the fighter under a Knockdown test
    last_target: int | None = None    # who was attacked last (the one a test is called on)
    last_attack: str = ""
    rounds: tuple[tuple[int, int, str], ...] = ()   # (round, winner, how)
    winner: int | None = None         # of the match

    @property
    def sides(self) -> tuple[str, str]:
        return (self.fighters[0].name, self.fighters[1].name)

    def with_fighter(self, side: int, f: Fighter) -> "KnockdownState":
        return replace(self, fighters=(f, self.fighters[1]) if side == 0 else (self.fighters[0], f))

    def deck_out_winner(self) -> int:
        """Who wins a round the Attack deck ended (589-594, and the ``deck_out`` rulings)."""
        a, b = (f.damage for f in self.fighters)
        key = (lambda d: (d.heavy, d.light)) if self.rulings.deck_out == "heavy-first" else (lambda d: (d.total,))
        if key(a) != key(b):
            return 0 if key(a) < key(b) else 1
        return self.first if self.rulings.deck_out_tie == "round-first-player" else self.turn


def setup(data: Mapping[str, Any]) -> KnockdownState:
    names = [str(n) for n in data.get("fighters", ("Player 1", "Player 2"))]
    if len(names) != 2:
        raise ValueError("Knockdown is a duel: two fighters")
    first = int(data.get("first", 0))
    if first not in (0, 1):
        raise ValueError("the first player is fighter 0 or 1")
    return KnockdownState(Rulings.from_data(data.get("rulings", {})), (Fighter(names[0]), Fighter(names[1])),
                          first=first, turn=first)



def _live(st) -> KnockdownState:
    g = st.g
    if g.winner is not None:
        raise IllegalMove(f"the match is over: {g.fighters[g.winner].name} won")
    return g


def _count(e, key) -> int:
    n = int(e.get(key, 0) or 0)
    if n < 0:
        raise IllegalMove(f"{key} is 0 or more")
    return n


@MOVES.move("attack_resolved")
def _attack(st, e):
    g = _live(st)
    if g.test is not None:
        raise IllegalMove("finish the Knockdown test first")
    target = side_of(e, "target")
    kind = str(e.get("kind", "strike"))
    if kind not in KINDS:
        raise IllegalMove(f"an attack is one of {', '.join(KINDS)}")
    heavy, light, cards = _count(e, "heavy"), _count(e, "light"), _count(e, "block_cards")
    cancel = bool(e.get("cancel_effect"))
    if (cards or cancel) and kind not in BLOCKABLE:
        raise IllegalMove(f"a {kind.replace('-', ' ')} cannot be blocked: only a Strike can")
    edge_heavy = edge_light = 0
    if e.get("edge"):                                      # a Dangerous Edge: +1 in the pool
        edge_heavy, edge_light = (1, 0) if g.rulings.edge_damage == "heavy" else (0, 1)
    hc = e.get("heavy_cards")
    if g.rulings.edge_blockable:
        result = block(Pool(heavy + edge_heavy, light + edge_light), cards, cancel, None if hc is None else int(hc))
        taken = Damage(result.heavy, result.light)
    else:
        result = block(Pool(heavy, light), cards, cancel, None if hc is None else int(hc))
        taken = Damage(result.heavy + edge_heavy, result.light + edge_light)
    f = g.fighters[target]
    g = g.with_fighter(target, replace(f, damage=f.damage.add(taken.heavy, taken.light)))
    parts = [f"pool {heavy + edge_heavy} heavy, {light + edge_light} light"]
    if cards:
        parts.append(f"{cards} block card{'s' if cards != 1 else ''}")
    if result.effect_cancelled:
        parts.append("effect cancelled")
    line = f"{f.name} takes {taken.heavy} heavy and {taken.light} light ({'; '.join(parts)})"
    g = replace(g, last_target=target, last_attack=line)
    return replace(st, g=g, message=line)


@MOVES.move("damage_changed")
def _damage_changed(st, e):
    g = _live(st)
    side = side_of(e)
    f = g.fighters[side]
    heavy, light = int(e.get("heavy", 0)), int(e.get("light", 0))
    d = f.damage.add(heavy, light)
    g = g.with_fighter(side, replace(f, damage=d))
    if heavy + light > 0:                               # hurt last: the one a test is called on
        g = replace(g, last_target=side)
    return replace(st, g=g, message=f"{f.name}: {d.heavy} heavy, {d.light} light")


@MOVES.move("turn_passed")
def _turn_passed(st, e):
    g = _live(st)
    if g.test is not None:
        raise IllegalMove("finish the Knockdown test first")
    g = replace(g, turn=1 - g.turn)
    return replace(st, g=g, message=f"{g.fighters[g.turn].name}'s turn")


@MOVES.move("knockdown_test_called")
def _test_called(st, e):
    g = _live(st)
    side = side_of(e)
    if g.test is not None:
        raise IllegalMove(f"{g.fighters[g.test].name} is being tested already")
    g = replace(g, test=side)
    how = "roll the dice" if g.rulings.test == "dice" else "build the tower in 10 seconds"
    return replace(st, g=g, message=f"Knockdown test: {g.fighters[side].name}, {how}!")


def _tested(g: KnockdownState, e) -> int:
    side = side_of(e)
    if g.test != side:
        raise IllegalMove(f"no Knockdown test is called on {g.fighters[side].name}")
    return side


def _passed(st, g: KnockdownState, side: int, why: str):
    f = g.fighters[side]
    gone = half_of(f.damage, g.rulings.test_discard)
    d = f.damage.add(-gone.heavy, -gone.light)
    g = replace(g.with_fighter(side, replace(f, damage=d)), test=None)
    return replace(st, g=g, message=f"{f.name} passes{why}: {gone.heavy} heavy and {gone.light} light discarded")


def _round_won(st, g: KnockdownState, winner: int, how: str):
    w = g.fighters[winner]
    w = replace(w, wins=w.wins + 1)
    g = g.with_fighter(winner, w)
    rounds = g.rounds + ((g.round, winner, how),)
    by = how.rstrip(".")
    st = replace(st, countdown=st.countdown.reset())        # the test is over: the timer is ready again
    if w.wins >= g.rulings.rounds_to_win:
        g = replace(g, test=None, rounds=rounds, winner=winner)
        return replace(st, g=g, message=f"{w.name} wins the round by {by} and the match!")
    loser = 1 - winner                                # the loser goes first next round
    fighters = tuple(replace(f, damage=Damage()) for f in g.fighters)
    g = replace(g, fighters=fighters, round=g.round + 1, first=loser, turn=loser, test=None, last_target=None,
                last_attack="", rounds=rounds)
    return replace(st, g=g, message=f"{w.name} wins round {g.round - 1} by {by}. Round {g.round}: "
                                    f"{g.fighters[loser].name} goes first.")


@MOVES.move("knockdown_test_passed")
def _test_passed(st, e):
    g = _live(st)
    side = _tested(g, e)
    if g.rulings.test == "dice":
        raise IllegalMove("the dice variant is played: roll the dice")
    if st.countdown.started and st.countdown.expired(e.at):
        raise IllegalMove("time is up: the test failed")
    return _passed(st, g, side, " (the tower stands)")


@MOVES.move("knockdown_test_failed")
def _test_failed(st, e):
    g = _live(st)
    side = _tested(g, e)
    return _round_won(st, g, 1 - side, "K.O.")


@MOVES.move("knockdown_test_rolled")
def _test_rolled(st, e):
    g = _live(st)
    side = _tested(g, e)
    roll = st.last_roll
    r = g.rulings
    if roll is None or roll.label != TEST_LABEL or roll.sides != r.dice_faces or len(roll.values) != r.dice:
        raise IllegalMove(f"roll {r.dice}D{r.dice_faces} for the Knockdown test first")
    total, damage = sum(roll.values), g.fighters[side].damage.total
    if total >= damage:                                 # equal passes (617)
        return _passed(st, g, side, f" ({total} against {damage} damage)")
    st = replace(st, message=f"{total} against {damage} damage")
    return _round_won(st, g, 1 - side, "K.O.")


@MOVES.move("deck_out")
def _deck_out(st, e):
    g = _live(st)
    if g.test is not None:
        raise IllegalMove("finish the Knockdown test first")
    return _round_won(st, g, g.deck_out_winner(), "the deck running out")


RULES = Rules(name="knockdown", title="KNOCKDOWN", moves=MOVES, setup=setup, sides=("Player 1", "Player 2"))
