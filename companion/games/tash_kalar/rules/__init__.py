"""Tash-Kalar rules, pure: the board of common, heroic and legendary pieces, the summons the
cards in hand allow (:mod:`.patterns`), actions a turn, Deathmatch and High Form scoring,
the end triggers with one more turn each, the tiebreakers and the flare criteria. Line
numbers are those of ../shared/rulebooks/tash-kalar-bga-rules.txt; the rulings where it is
silent are settings (docs/TASH_KALAR.md).

Events (``player``: 0 or 1; ``cell``: [row, col]):

- ``hand_set`` {player, cards}: the being cards in a hand (what the screen searches for).
- ``piece_placed`` {player, cell}: the Place action, a common piece on an empty square.
- ``summoned`` {player, card, cell}: the Summon action, where the card's pattern allows it;
  an enemy piece on the target is destroyed.
- ``card_discarded`` {player}: the Discard action.
- ``piece_set`` {cell, player, rank, destroyed_by?}: what an effect did to a square (move,
  leap, convert, upgrade, downgrade, destroy), no action; ``destroyed_by`` scores it.
- ``flare_invoked`` {player, upper, lower}: a flare with its two criteria.
- ``task_claimed`` {player, points}: High Form. ``last_card_drawn`` {player}.
- ``turn_finished`` {player}: the turn's scoring and the end triggers.
- ``cursor_moved`` {dr, dc}: the square the buttons act on (entering pieces without the
  camera); a fact, so an undo takes back the last action, not a cursor step.

>>> from companion.rules.events import Event as E
>>> from companion.rules.table import replay
>>> st = replay([E("game_started", {"game": "tash-kalar", "players": ["Ana", "Ben"]}),
...              E("piece_placed", {"player": 0, "cell": [4, 4]})])
>>> st.g.actions_left, st.g.board.owner[4][4]               # the first turn has one action
(0, 0)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from companion.errors import IllegalMove
from companion.games.base import Rules, read_rulings
from companion.games.tash_kalar.rules.patterns import (RANK_NAMES, TARGET_RULINGS, Board, CardError, find,
                                                       load_card)
from companion.rules.moves import MoveSet

MOVES = MoveSet("tash-kalar")
MODES = ("deathmatch", "high-form")
END_AT = {"deathmatch": 18, "high-form": 9}      # 40-41


@dataclass(frozen=True)
class Rulings:
    mode: str = "deathmatch"
    board_size: int = 9
    target: str = "empty-or-lower"     # what may stand on the target square (14, 40)
    flare_points: int = 1              # Deathmatch: points to the opponent for a flare (3; 12 gives none)
    carry_commons: bool = False        # an odd destroyed common counts towards the next turn's pair (12)
    flare_at_least: bool = True        # "that many more": at least (true) or exactly (18-19)

    @classmethod
    def from_data(cls, data) -> "Rulings":
        r = cls(**read_rulings(cls, data, {"mode": MODES, "target": TARGET_RULINGS}))
        if not 5 <= r.board_size <= 15:
            raise ValueError("board_size: 5 to 15")
        return r


@dataclass(frozen=True)
class TashKalarState:
    rulings: Rulings
    players: tuple[str, str]
    board: Board
    hands: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    scores: tuple[int, int] = (0, 0)
    tasks: tuple[int, int] = (0, 0)                  # High Form: points from tasks claimed
    turn: int = 0
    actions_left: int = 1                            # the starting player's first turn: 1 action (7)
    destroyed: tuple[int, int, int] = (0, 0, 0)      # this turn, by the player: common, heroic, legendary
    carried: tuple[int, int] = (0, 0)                # an odd common carried to the next turn (a ruling)
    ending: bool = False                             # the end is triggered
    turns_left: int = -1                             # turns still to play once it is
    over: bool = False
    winner: int | None = None                        # None with over: a tie that stays unbroken
    cursor: tuple[int, int] = (4, 4)                 # the square the buttons act on

    @property
    def sides(self) -> tuple[str, str]:
        return self.players

    def points(self, player: int) -> int:
        """Deathmatch: the score; High Form: tasks plus legendary pieces on the board (41)."""
        if self.rulings.mode == "high-form":
            return self.tasks[player] + self.board.legendary(player)
        return self.scores[player]

    def summons(self, player: int) -> list:
        """Every summon the cards in ``player``'s hand allow now."""
        cards = []
        for name in self.hands[player]:
            try:
                cards.append(load_card(name))
            except CardError:
                continue
        return find(self.board, player, cards, self.rulings.target)


def flare_criteria(board: Board, player: int, upper: int, lower: int, at_least: bool = True) -> tuple[bool, bool]:
    """(upper met, lower met): the opponent has ``upper`` more upgraded pieces, ``lower`` more
    pieces in all (18-19), at least that many or exactly.

    >>> b = Board.empty(9).place((0, 0), 1, 2).place((0, 1), 1, 3).place((0, 2), 1, 1)
    >>> flare_criteria(b, 0, upper=2, lower=2), flare_criteria(b, 0, upper=2, lower=2, at_least=False)
    ((True, True), (True, False))
    """
    up = board.upgraded(1 - player) - board.upgraded(player)
    total = board.pieces(1 - player) - board.pieces(player)
    if at_least:
        return up >= upper, total >= lower
    return up == upper, total == lower


def deathmatch_points(destroyed: tuple[int, int, int], carried: int, carry: bool) -> tuple[int, int]:
    """(points, commons carried on) for a turn's destroyed enemy pieces: legendary 2, heroic 1,
    every two commons 1 (12).

    >>> deathmatch_points((3, 1, 1), 0, carry=False), deathmatch_points((3, 0, 0), 1, carry=True)
    ((4, 0), (2, 0))
    """
    commons = destroyed[0] + (carried if carry else 0)
    return commons // 2 + destroyed[1] + 2 * destroyed[2], (commons % 2 if carry else 0)


def setup(data: Mapping[str, Any]) -> TashKalarState:
    rulings = Rulings.from_data(data.get("rulings", {}))
    names = tuple(str(n) for n in data.get("players", ("Player 1", "Player 2")))
    if len(names) != 2:
        raise ValueError("Tash-Kalar here is a duel: two players")
    first = int(data.get("first", 0))
    hands = tuple(tuple(str(c) for c in h) for h in data.get("hands", ((), ())))
    middle = rulings.board_size // 2
    return TashKalarState(rulings, names, Board.empty(rulings.board_size), hands, turn=first, cursor=(middle, middle))


def _player(g: TashKalarState, e, own_turn: bool = True) -> int:
    if g.over:
        raise IllegalMove("the game is over")
    p = int(e.get("player"))
    if p not in (0, 1):
        raise IllegalMove("player is 0 or 1")
    if own_turn and p != g.turn:
        raise IllegalMove(f"it is {g.players[g.turn]}'s turn")
    return p


def _action(g: TashKalarState) -> TashKalarState:
    if g.actions_left < 1:
        raise IllegalMove("no action left this turn: end the turn")
    return replace(g, actions_left=g.actions_left - 1)


def _cell(g: TashKalarState, e) -> tuple[int, int]:
    r, c = (int(v) for v in e.get("cell"))
    if not (0 <= r < g.board.size and 0 <= c < g.board.size):
        raise IllegalMove(f"({r}, {c}) is off the board")
    return r, c


def _destroy(g: TashKalarState, cell, by: int) -> TashKalarState:
    """The piece on ``cell`` destroyed by ``by``: counted if it was ``by``'s enemy's (own: nothing)."""
    owner, rank = g.board.owner[cell[0]][cell[1]], g.board.rank[cell[0]][cell[1]]
    if owner < 0 or owner == by or by != g.turn:
        return g
    d = list(g.destroyed)
    d[rank - 1] += 1
    return replace(g, destroyed=tuple(d))


@MOVES.move("cursor_moved", fact=True)
def _cursor(st, e):
    g = st.g
    n = g.board.size
    r, c = g.cursor
    dr, dc = int(e.get("dr", 0)), int(e.get("dc", 0))
    g = replace(g, cursor=((r + dr) % n, (c + dc) % n))
    return replace(st, g=g, message=f"square row {g.cursor[0] + 1}, col {g.cursor[1] + 1}")


@MOVES.move("hand_set")
def _hand_set(st, e):
    g = st.g
    p = _player(g, e, own_turn=False)
    cards = tuple(str(c) for c in e.get("cards", ()))
    for c in cards:
        try:
            load_card(c)
        except CardError as exc:
            raise IllegalMove(str(exc)) from None
    hands = (cards, g.hands[1]) if p == 0 else (g.hands[0], cards)
    return replace(st, g=replace(g, hands=hands), message=f"{g.players[p]}: {len(cards)} cards in hand")


@MOVES.move("piece_placed")
def _placed(st, e):
    g = st.g
    p = _player(g, e)
    cell = _cell(g, e)
    if g.board.owner[cell[0]][cell[1]] >= 0:
        raise IllegalMove("Place puts a common piece on an empty square")
    g = _action(g)
    g = replace(g, board=g.board.place(cell, p, 1))
    return replace(st, g=g, message=f"{g.players[p]} places a common piece")


@MOVES.move("summoned")
def _summoned(st, e):
    g = st.g
    p = _player(g, e)
    cell = _cell(g, e)
    name = str(e.get("card", ""))
    try:
        card = load_card(name)
    except CardError as exc:
        raise IllegalMove(str(exc)) from None
    if g.hands[p] and name not in g.hands[p]:
        raise IllegalMove(f"{name} is not in {g.players[p]}'s hand")
    if not any(pl.target == cell for pl in find(g.board, p, [card], g.rulings.target)):
        raise IllegalMove(f"{card.name}'s pattern does not fit with its target on {cell}")
    g = _action(g)
    g = _destroy(g, cell, p)
    g = replace(g, board=g.board.place(cell, p, card.rank))
    bonus = card.rank == 3 and g.rulings.mode == "deathmatch"        # +1 a summoned legend (12)
    if bonus:
        g = replace(g, scores=_add(g.scores, p, 1))
    hands = list(g.hands)
    if name in hands[p]:
        hands[p] = tuple(c for i, c in enumerate(hands[p]) if i != hands[p].index(name))
    g = replace(g, hands=tuple(hands))
    return replace(st, g=g, message=f"{g.players[p]} summons {card.name} ({RANK_NAMES[card.rank]})"
                                    + (": +1 for a legend" if bonus else ""))


@MOVES.move("card_discarded")
def _discarded(st, e):
    g = st.g
    p = _player(g, e)
    g = _action(g)
    return replace(st, g=g, message=f"{g.players[p]} discards a being card")


@MOVES.move("piece_set")
def _piece_set(st, e):
    g = st.g
    if g.over:
        raise IllegalMove("the game is over")
    cell = _cell(g, e)
    owner = e.get("player")
    if e.get("destroyed_by") is not None:
        g = _destroy(g, cell, int(e.get("destroyed_by")))
    if owner is None:
        g = replace(g, board=g.board.remove(cell))
    else:
        rank = int(e.get("rank", 1))
        if int(owner) not in (0, 1) or rank not in (1, 2, 3):
            raise IllegalMove("a piece is player 0 or 1, rank 1 to 3")
        g = replace(g, board=g.board.place(cell, int(owner), rank))
    return replace(st, g=g, message=f"square {cell} set")


@MOVES.move("flare_invoked")
def _flare(st, e):
    g = st.g
    p = _player(g, e)
    upper, lower = int(e.get("upper", 0)), int(e.get("lower", 0))
    up, low = flare_criteria(g.board, p, upper, lower, g.rulings.flare_at_least)
    if not (up or low):
        raise IllegalMove(f"neither criterion is met: the opponent needs {upper} more upgraded pieces or "
                          f"{lower} more pieces")
    if g.rulings.mode == "deathmatch":
        g = replace(g, scores=_add(g.scores, 1 - p, g.rulings.flare_points))
    which = "both effects" if up and low else "the upper effect" if up else "the lower effect"
    return replace(st, g=g, message=f"{g.players[p]} invokes a flare: {which}")


@MOVES.move("task_claimed")
def _task(st, e):
    g = st.g
    p = _player(g, e, own_turn=False)
    if g.rulings.mode != "high-form":
        raise IllegalMove("tasks are High Form's")
    g = replace(g, tasks=_add(g.tasks, p, int(e.get("points", 1))))
    return replace(st, g=g, message=f"{g.players[p]} claims a task")


@MOVES.move("last_card_drawn")
def _last_card(st, e):
    g = st.g
    p = _player(g, e, own_turn=False)
    g = _trigger(g)
    return replace(st, g=g, message=f"{g.players[p]} draws their last card: the end is triggered")


def _trigger(g: TashKalarState) -> TashKalarState:
    if g.ending:
        return g
    # this turn finishes, then each player gets one more turn, the triggering player included (42)
    return replace(g, ending=True, turns_left=3)


@MOVES.move("turn_finished")
def _turn_ended(st, e):
    g = st.g
    p = _player(g, e)
    notes = []
    if g.rulings.mode == "deathmatch":
        points, carry = deathmatch_points(g.destroyed, g.carried[p], g.rulings.carry_commons)
        if points:
            notes.append(f"+{points} for destroyed pieces")
        g = replace(g, scores=_add(g.scores, p, points), carried=_set(g.carried, p, carry))
    if any(g.points(i) >= END_AT[g.rulings.mode] for i in (0, 1)):
        g = _trigger(g)
    if g.ending:
        g = replace(g, turns_left=g.turns_left - 1)
        if g.turns_left <= 0:
            g = _final(g)
            return replace(st, g=g, message="The game is over: " + (
                f"{g.players[g.winner]} wins" if g.winner is not None else "a tie"))
    g = replace(g, turn=1 - p, actions_left=2, destroyed=(0, 0, 0))
    return replace(st, g=g, message=" ".join(notes + [f"{g.players[g.turn]}'s turn"]))


def _final(g: TashKalarState) -> TashKalarState:
    """More points wins; then more upgraded pieces, then more pieces; else a tie (43)."""
    def key(i):
        return (g.points(i), g.board.upgraded(i), g.board.pieces(i))
    a, b = key(0), key(1)
    return replace(g, over=True, winner=None if a == b else (0 if a > b else 1))


def _add(pair: tuple[int, int], i: int, n: int) -> tuple[int, int]:
    return (pair[0] + n, pair[1]) if i == 0 else (pair[0], pair[1] + n)


def _set(pair: tuple[int, int], i: int, v: int) -> tuple[int, int]:
    return (v, pair[1]) if i == 0 else (pair[0], v)


RULES = Rules(name="tash-kalar", title="TASH-KALAR", moves=MOVES, setup=setup, sides=("Player 1", "Player 2"))
