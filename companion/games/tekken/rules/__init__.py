"""TEKKEN rules, pure: both fighters' health bars with the Rage zone, damage (Strikes with the
knocked-down bonus, walls), rounds to three wins, the String (Attack Slots, Stun cards, Heat,
the Punishment token), the Defender's Punish Attempt, and the Stage's distances and pushes.

Events (``side`` / ``target``: 0 or 1):

- ``hp_changed`` {side, delta}: damage (negative) or healing by hand; ``hp_reset``: both bars full.
- ``strike`` {target, damage, symbols}: +1 per Strike symbol on a knocked-down target.
- ``swept`` {target}: knocked down until its next String. ``wall_hit`` {target, wall}.
- ``rage_chosen`` {side, card}: chosen in secret, shown once the bar reaches the red zone;
  ``rage_used`` {side}.
- ``string_started`` {side}: the side's String: its slots (``attack_slots`` less its Stun
  cards, one more with Heat); it gets up. ``heat_activated`` {side}, ``stun_given`` {target}.
- ``attack_played`` {side, card, area}: the Attack card face down (its area is kept, never
  shown, until the Defender guesses); on the Punishment slot it is face up and unblockable.
- ``punish_guessed`` {side, area}: the Defender's High, Mid or Low; blocked or not.
- ``string_ended`` {side}: the roles switch.
- ``fighter_moved`` {side, cell}; ``pushed`` {target, spaces}: straight away from the
  attacker, a wall in the way hurts.

>>> from companion.rules.events import Event as E
>>> from companion.rules.table import replay
>>> st = replay([E("game_started", {"game": "tekken", "fighters": ["Kazuya", "Jin"], "max_hp": 20}),
...              E("hp_changed", {"side": 1, "delta": -15})])
>>> st.teams, st.g.hp[1].hp, st.message
(('Kazuya', 'Jin'), 5, 'Jin: 5 HP - RAGE')
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Mapping

from companion.errors import IllegalMove
from companion.games.base import Rules
from companion.games.tekken.rules.hp import HpBar
from companion.games.tekken.rules.stage import WALL_DAMAGE, Stage
from companion.rules.moves import MoveSet
from companion.rules.tools.score import side_of

MOVES = MoveSet("tekken")
AREAS = ("high", "mid", "low")


@dataclass(frozen=True)
class Fighter:
    name: str
    knocked_down: bool = False
    heat_used: bool = False       # this round
    stuns: int = 0                # Stun cards waiting in its next String's slots
    rage: str = ""                # the Rage card chosen this round (shown from the red zone)
    rage_used: bool = False
    rounds: int = 0
    cell: tuple[int, int] | None = None


@dataclass(frozen=True)
class String:
    offensive: int
    slots: int                    # Attack Slots this String can fill
    played: int = 0
    heat: bool = False
    punishment: bool = False      # its first slot holds the Punishment token
    pending_area: str = ""        # the face-down card's area: never shown before the guess
    pending_card: str = ""

    @property
    def defender(self) -> int:
        return 1 - self.offensive


@dataclass(frozen=True)
class TekkenState:
    fighters_: tuple[Fighter, Fighter] = (Fighter("Player 1"), Fighter("Player 2"))
    hp: tuple[HpBar, HpBar] = (HpBar(), HpBar())
    attack_slots: int = 3
    rounds_to_win: int = 3
    heat_on_block: str = "keep-initiative"     # ruling: Heat and a blocked attack (37, 45)
    rage_returns: bool = True                  # ruling: a used Rage card in later rounds (95)
    stage: Stage = field(default_factory=Stage)
    string: String | None = None
    punishment: int | None = None              # who holds the Punishment token
    round: int = 1
    winner: int | None = None
    last: str = ""                             # the last punish attempt, as the screen says it
    next_offensive: int = 0                    # who attacks when the next String starts
    attack_cards: str = ""                     # the file of Attack cards' areas ("" : the examples)

    @property
    def fighters(self) -> tuple[str, str]:
        return (self.fighters_[0].name, self.fighters_[1].name)

    @property
    def sides(self) -> tuple[str, str]:
        return self.fighters

    def with_fighter(self, side: int, f: Fighter) -> "TekkenState":
        return replace(self, fighters_=_pair(self.fighters_, side, f))

    def distance(self) -> int | None:
        a, b = (f.cell for f in self.fighters_)
        return None if a is None or b is None else self.stage.between(a, b)


def setup(data: Mapping[str, Any]) -> TekkenState:
    """``game_started`` data: ``fighters``, ``max_hp``, ``attack_slots``, ``rounds_to_win``,
    ``heat_on_block``, ``rage_returns``, ``stage`` {rows, cols, walls}, ``start`` [[r, c], [r, c]]."""
    max_hp = int(data.get("max_hp", 20))
    names = tuple(str(f) for f in data.get("fighters", ("Player 1", "Player 2")))
    if len(names) != 2:
        raise ValueError("TEKKEN is a duel: two fighters")
    stage_data = dict(data.get("stage", {}))
    stage = Stage(int(stage_data.get("rows", 3)), int(stage_data.get("cols", 7)), dict(stage_data.get("walls", {})))
    if any(w not in WALL_DAMAGE for w in stage.walls.values()):
        raise ValueError("a wall is regular or blasting")
    start = data.get("start") or [[stage.rows // 2, 1], [stage.rows // 2, stage.cols - 2]]
    fighters = tuple(Fighter(n, cell=(int(c[0]), int(c[1]))) for n, c in zip(names, start))
    heat = str(data.get("heat_on_block", "keep-initiative"))
    if heat not in ("keep-initiative", "keep-initiative-token"):
        raise ValueError("heat_on_block: keep-initiative or keep-initiative-token")
    slots = int(data.get("attack_slots", 3))
    if not 1 <= slots <= 9:
        raise ValueError("attack_slots: 1 to 9")
    return TekkenState(fighters, (HpBar(max_hp), HpBar(max_hp)), slots, int(data.get("rounds_to_win", 3)), heat,
                       bool(data.get("rage_returns", True)), stage, attack_cards=str(data.get("attack_cards", "")))


def _pair(pair: tuple, index: int, value) -> tuple:
    return (value, pair[1]) if index == 0 else (pair[0], value)



def _live(st) -> TekkenState:
    g = st.g
    if g.winner is not None:
        raise IllegalMove(f"the game is over: {g.fighters[g.winner]} won")
    return g


def _hurt(st, g: TekkenState, side: int, amount: int, why: str):
    """``amount`` damage to ``side``; at 0 HP the round is over (and the game at the last)."""
    bar = g.hp[side].damage(amount)
    g = replace(g, hp=_pair(g.hp, side, bar))
    name = g.fighters[side]
    note = " - RAGE" + (f": {g.fighters_[side].rage}" if g.fighters_[side].rage else "") if bar.in_rage else ""
    message = f"{name}: {bar.hp} HP{note}" if not why else f"{name} {why}: {bar.hp} HP{note}"
    if bar.knocked_out:
        return _round_over(st, g, 1 - side, message + " - K.O.")
    return replace(st, g=g, message=message)


def _round_over(st, g: TekkenState, winner: int, message: str):
    w = g.fighters_[winner]
    g = g.with_fighter(winner, replace(w, rounds=w.rounds + 1))
    if w.rounds + 1 >= g.rounds_to_win:
        g = replace(g, winner=winner, string=None)
        return replace(st, g=g, message=f"{message}. {w.name} wins the game!")
    fighters = tuple(replace(f, knocked_down=False, heat_used=False, stuns=0, rage="",
                             rage_used=f.rage_used and not g.rage_returns) for f in g.fighters_)
    g = replace(g, fighters_=fighters, hp=(g.hp[0].reset(), g.hp[1].reset()), string=None, punishment=None,
                round=g.round + 1, next_offensive=1 - winner)
    return replace(st, g=g, message=f"{message}. {w.name} wins round {g.round - 1}; round {g.round}: choose Rages")


@MOVES.move("hp_changed")
def _hp_changed(st, e):
    g = _live(st)
    side = side_of(e)
    return _hurt(st, g, side, -int(e.get("delta", 0)), "")


@MOVES.move("hp_reset")
def _hp_reset(st, e):
    return replace(st.with_game(hp=(st.g.hp[0].reset(), st.g.hp[1].reset())), message="New round")


@MOVES.move("strike")
def _strike(st, e):
    g = _live(st)
    target = side_of(e, "target")
    damage, symbols = int(e.get("damage", 1)), int(e.get("symbols", 1))
    if damage < 0 or symbols < 0:
        raise IllegalMove("damage and symbols are 0 or more")
    bonus = symbols if g.fighters_[target].knocked_down else 0      # +1 per Strike symbol, knocked down
    why = f"takes {damage + bonus}" + (f" ({damage} +{bonus} knocked down)" if bonus else "")
    return _hurt(st, g, target, damage + bonus, why)


@MOVES.move("swept")
def _swept(st, e):
    g = _live(st)
    target = side_of(e, "target")
    g = g.with_fighter(target, replace(g.fighters_[target], knocked_down=True))
    return replace(st, g=g, message=f"{g.fighters[target]} is knocked down: +1 per Strike until their String")


@MOVES.move("wall_hit")
def _wall_hit(st, e):
    g = _live(st)
    target = side_of(e, "target")
    wall = str(e.get("wall", "regular"))
    if wall not in WALL_DAMAGE:
        raise IllegalMove("a wall is regular or blasting")
    return _hurt(st, g, target, WALL_DAMAGE[wall], f"hits a {wall} wall")


@MOVES.move("rage_chosen")
def _rage_chosen(st, e):
    g = _live(st)
    side = side_of(e)
    card = str(e.get("card", "")).strip()
    if not card:
        raise IllegalMove("name the Rage card")
    f = g.fighters_[side]
    if f.rage_used and not g.rage_returns:
        raise IllegalMove(f"{f.name} has used their Rage card for the game")
    g = g.with_fighter(side, replace(f, rage=card))
    return replace(st, g=g, message=f"{f.name} has chosen a Rage card (hidden until the red zone)")


@MOVES.move("rage_used")
def _rage_used(st, e):
    g = _live(st)
    side = side_of(e)
    f = g.fighters_[side]
    if not f.rage or not g.hp[side].in_rage:
        raise IllegalMove(f"{f.name}'s Rage is not available: it opens in the red zone (6 HP or fewer)")
    g = g.with_fighter(side, replace(f, rage="", rage_used=True))
    return replace(st, g=g, message=f"{f.name} uses Rage: {f.rage}")


# --- the String -------------------------------------------------------------------------

@MOVES.move("string_started")
def _string_started(st, e):
    g = _live(st)
    side = side_of(e)
    if g.string is not None:
        raise IllegalMove(f"{g.fighters[g.string.offensive]}'s String is still on: end it first")
    f = g.fighters_[side]
    slots = max(0, g.attack_slots - f.stuns)
    punished = g.punishment == side
    g = g.with_fighter(side, replace(f, knocked_down=False, stuns=0))      # gets up; Stun cards go back
    g = replace(g, string=String(side, slots, punishment=punished), punishment=None if punished else g.punishment)
    note = f" ({f.stuns} stunned)" if f.stuns else ""
    note += "; the Punishment slot first: unblockable" if punished else ""
    return replace(st, g=g, message=f"{f.name}'s String: {slots} Attack Slot{'s' if slots != 1 else ''}{note}")


def _string(g: TekkenState, side: int) -> String:
    if g.string is None or g.string.offensive != side:
        raise IllegalMove(f"it is not {g.fighters[side]}'s String")
    return g.string


@MOVES.move("heat_activated")
def _heat(st, e):
    g = _live(st)
    side = side_of(e)
    s = _string(g, side)
    f = g.fighters_[side]
    if f.heat_used:
        raise IllegalMove(f"{f.name} has used Heat this round (once per round)")
    if s.played:
        raise IllegalMove("Heat is activated before playing an Attack Card")
    g = g.with_fighter(side, replace(f, heat_used=True))
    g = replace(g, string=replace(s, slots=s.slots + 1, heat=True))
    return replace(st, g=g, message=f"{f.name}: HEAT - one more Attack Slot, and a block does not end the String")


@MOVES.move("stun_given")
def _stun(st, e):
    g = _live(st)
    target = side_of(e, "target")
    f = g.fighters_[target]
    g = g.with_fighter(target, replace(f, stuns=f.stuns + 1))
    return replace(st, g=g, message=f"{f.name} is stunned: one Attack Slot less in their next String")


@MOVES.move("attack_played")
def _attack_played(st, e):
    g = _live(st)
    side = side_of(e)
    s = _string(g, side)
    if s.pending_area:
        raise IllegalMove("the Defender guesses the card already played first")
    if s.played >= s.slots:
        raise IllegalMove("every Attack Slot of this String is filled: end the String")
    area = str(e.get("area", "")).lower()
    if area not in AREAS:
        raise IllegalMove(f"an Attack Area is high, mid or low (the card {e.get('card', '?')!r} has none known)")
    name = g.fighters[side]
    if s.punishment and s.played == 0:                 # face up on the Punishment token: no guess
        g = replace(g, string=replace(s, played=1), last="Punishment: unblockable")
        return replace(st, g=g, message=f"{name} plays the Punishment: unblockable")
    g = replace(g, string=replace(s, pending_area=area, pending_card=str(e.get("card", ""))))
    return replace(st, g=g, message=f"{name} plays an Attack Card face down. {g.fighters[s.defender]}: "
                                    f"High, Mid or Low?")


@MOVES.move("punish_guessed")
def _punish_guessed(st, e):
    g = _live(st)
    side = side_of(e)
    s = g.string
    if s is None or s.defender != side or not s.pending_area:
        raise IllegalMove("no Attack Card waits for a guess")
    guess = str(e.get("area", "")).lower()
    if guess not in AREAS:
        raise IllegalMove("guess high, mid or low")
    area, card = s.pending_area, s.pending_card
    shown = f"{card} ({area.upper()})" if card else area.upper()
    s = replace(s, pending_area="", pending_card="", played=s.played + 1)
    if guess != area:
        g = replace(g, string=s, last=f"{guess.upper()} guessed: {shown} hits")
        return replace(st, g=g, message=f"{g.fighters[side]} guessed {guess.upper()}: it was {shown} - not blocked")
    if s.heat:                                          # Heat: the String goes on (p. XX is missing)
        punishment = side if g.heat_on_block == "keep-initiative-token" else g.punishment
        g = replace(g, string=s, punishment=punishment, last=f"{shown} BLOCKED (Heat: the String goes on)")
        return replace(st, g=g, message=f"{g.fighters[side]} blocks {shown}; with Heat the String goes on")
    g = replace(g, string=None, punishment=side, next_offensive=side,
                last=f"{shown} BLOCKED: Punishment to {g.fighters[side]}")
    return replace(st, g=g, message=f"{g.fighters[side]} blocks {shown}! The String ends; the Punishment token "
                                    f"and the initiative go to {g.fighters[side]}")


@MOVES.move("string_ended")
def _string_ended(st, e):
    g = _live(st)
    side = side_of(e)
    s = _string(g, side)
    if s.pending_area:
        raise IllegalMove("the Defender guesses the card already played first")
    g = replace(g, string=None, next_offensive=1 - side)
    return replace(st, g=g, message=f"{g.fighters[side]}'s String ends: {g.fighters[1 - side]} attacks")


# --- the Stage --------------------------------------------------------------------------

@MOVES.move("fighter_moved")
def _moved(st, e):
    g = _live(st)
    side = side_of(e)
    cell = tuple(int(v) for v in e.get("cell"))
    if not g.stage.on_stage(cell):
        raise IllegalMove(f"{cell} is off the stage")
    if cell == g.fighters_[1 - side].cell:
        raise IllegalMove("the other miniature stands there")
    g = g.with_fighter(side, replace(g.fighters_[side], cell=cell))
    d = g.distance()
    where = "Close Range" if d == 0 else f"Distance {d}"
    return replace(st, g=g, message=f"{g.fighters[side]} moves: {where}")


@MOVES.move("pushed")
def _pushed(st, e):
    g = _live(st)
    target = side_of(e, "target")
    a, t = g.fighters_[1 - target].cell, g.fighters_[target].cell
    if a is None or t is None:
        raise IllegalMove("both miniatures must be on the stage")
    if not g.stage.close_range(a, t) and not e.get("from_distance"):
        raise IllegalMove("a Push works at Close Range")
    try:
        landing, wall = g.stage.push(a, t, int(e.get("spaces", 1)))
    except ValueError as exc:
        raise IllegalMove(str(exc)) from None
    g = g.with_fighter(target, replace(g.fighters_[target], cell=landing))
    if wall:
        return _hurt(st, g, target, WALL_DAMAGE[wall], f"is pushed into a {wall} wall")
    return replace(st, g=g, message=f"{g.fighters[target]} is pushed to {landing}")


RULES = Rules(name="tekken", title="TEKKEN", moves=MOVES, setup=setup, sides=("Player 1", "Player 2"))
