"""The events of a Tekton Dash race, and the rules each one checks before it changes anything.

Turn events carry the acting ``player`` (a name); they are refused out of turn.

- ``dasher_placed`` {player, lane}: before the race, each meeple on the starting row, last
  player first (196). With ``floor`` [row, lane] and ``referee``: true, a dasher set down
  anywhere (a Power-Up card or an Ability Token moved it); no action spent.
- ``dasher_moved`` {player, to: [row, lane]}: the move of a Racetrack action. Onto the Flip
  the Blueprint line (row ``rows``) in lap 1, onto the finish (row -1) in lap 2.
- ``boosted`` {player}: the push of the boost it landed on (after taking its tile, or not).
- ``tile_taken`` {player, cell}: the top tile under the dasher onto its board's ``cell``.
- ``tile_put`` {player, cell}: the tile on ``cell`` of its board onto the floor under it.
- ``tile_spawned`` {player, kind, floor?}: the Spawn free action, with the face of the last
  Spawn Dice roll (its ``label`` "Spawn Dice"): a regular tile of ``kind`` under the dasher
  ("self"), or a regular / Power-Up tile on the spawn at ``floor``, or nothing.
- ``tile_built`` {player, from, to}: the Player Board action, one square orthogonally.
- ``power_up_used`` {player, card, target?}, ``power_up_declined`` {player}: the Power-Up
  card drawn for a Power-Up tile taken from round 3 on.
- ``ability_used`` {player, name}: an Ability Token spent (any time, no action).
- ``turn_ended`` {player}.
- ``floor_set`` {floor, tiles}, ``board_set`` {player, cell, tile}: the referee's hand, for
  what a card or token did to tiles (swap, burn, put away...): no action spent.
"""

from __future__ import annotations

from dataclasses import replace

from companion.errors import IllegalMove
from companion.games.tekton_dash.rules.race import SUPER_DASH_TOKEN_ROW, Action, PendingCard, RaceState
from companion.games.tekton_dash.rules.setup_tables import KINDS
from companion.rules.moves import MoveSet

MOVES = MoveSet("tekton-dash")
SPAWN_DICE = "Spawn Dice"


# --- helpers ------------------------------------------------------------------

def _g(st) -> RaceState:
    return st.g


def _done(st, g: RaceState, message: str):
    return replace(st, g=g, message=message)


def _racing(g: RaceState, e, own_turn: bool = True):
    """The acting dasher; refused when the race is over, before it starts, or out of turn."""
    if g.over:
        raise IllegalMove("the race is over")
    try:
        d = g.dasher(str(e.get("player", "")))
    except KeyError as exc:
        raise IllegalMove(str(exc.args[0])) from None
    if own_turn:
        if g.placing:
            raise IllegalMove("the dashers are still being placed on the starting row")
        if d.name != g.current.name:
            raise IllegalMove(f"it is {g.current.name}'s turn, not {d.name}'s")
        if g.card is not None and g.card.player == d.name:
            raise IllegalMove(f"{d.name} decides on the Power-Up card first: use it or decline it")
    return d


def _cell(value) -> tuple[int, int]:
    r, c = value
    return int(r), int(c)


def _need_action(g: RaceState, kind: str, who: str) -> RaceState:
    """A new action of ``kind`` opened (the open one must be finished)."""
    if g.action.kind == "track" and not g.action.moved:
        raise IllegalMove(f"{who} must move first: a Racetrack action is a move and at most one free action")
    if g.boost_pending:
        raise IllegalMove(f"{who} is on a boost: follow it first")
    if g.actions_used >= g.actions_allowed:
        n = g.actions_allowed
        raise IllegalMove(f"{who} has used {'both actions' if n == 2 else 'the action'} of this turn: end the turn")
    return replace(g, actions_used=g.actions_used + 1, action=Action(kind))


def _free_action(g: RaceState, what: str, who: str) -> RaceState:
    """The free action of the open Racetrack action (before or after its move), or a new one."""
    if g.action.kind == "track" and not g.action.free:
        return replace(g, action=replace(g.action, free=what))
    g = _need_action(g, "track", who)             # this one's is spent (or none is open): the next
    return replace(g, action=replace(g.action, free=what))


def _unlock_two_actions(g: RaceState, who: str, why: str) -> tuple[RaceState, str]:
    if g.two_actions:
        return g, ""
    return replace(g, two_actions=True), f" {who} {why}: two actions a turn for everyone from now on."


def _after_board_change(g: RaceState, name: str) -> tuple[RaceState, str]:
    """The first Green Blueprint completed unlocks two actions (260, the default ruling)."""
    d = g.dasher(name)
    if g.rulings.two_actions_after == "green-blueprint" and d.side == "green" and d.check(g.rulings.blueprint_fit).complete:
        return _unlock_two_actions(g, name, "completed the Green Blueprint")
    return g, ""


def _next_turn(g: RaceState, message: str = "") -> tuple[RaceState, str]:
    """The turn passes clockwise; a finished dasher is skipped, a frozen one loses its turn."""
    notes = []
    racing = [d for d in g.dashers if not d.finished]
    if not racing:
        return g, message
    i, rnd = g.turn, g.round
    dashers = list(g.dashers)
    for _ in range(2 * len(dashers) + 1):
        i = (i + 1) % len(dashers)
        if i == 0:
            rnd += 1
        d = dashers[i]
        if d.finished:
            continue
        if d.frozen:
            dashers[i] = replace(d, frozen=False)
            notes.append(f"{d.name} is frozen and skips this turn.")
            continue
        break
    g = replace(g, dashers=tuple(dashers), turn=i, round=rnd, turn_no=g.turn_no + 1, actions_used=0,
                action=Action(), boost_pending="")
    note = " ".join(notes)
    return g, " ".join(x for x in (message, note, f"{g.current.name}'s turn (round {g.round}).") if x)


# --- setup: the meeples ---------------------------------------------------------

@MOVES.move("dasher_placed")
def _placed(st, e):
    g = _g(st)
    d = _racing(g, e, own_turn=False)
    if e.get("referee"):
        r, l = _cell(e.get("floor"))
        if not g.track.on_track((r, l)):
            raise IllegalMove(f"floor {(r, l)} is off the racetrack")
        if (r, l) in g.occupied(d.name):
            raise IllegalMove("another dasher stands there (one dasher per floor)")
        return _done(st, g.with_dasher(replace(d, floor=(r, l))), f"{d.name} set down on row {r + 1}, lane {l + 1}")
    if not g.placing:
        raise IllegalMove("the race has started: dashers move, they are not placed (referee: true to set one down)")
    order = list(reversed(g.names))                    # the last player places first (196)
    unplaced = [n for n in order if g.dasher(n).floor is None]
    if d.name != unplaced[0]:
        raise IllegalMove(f"{unplaced[0]} places next (last player first, the first player last)")
    lane = int(e.get("lane"))
    if not 0 <= lane < g.track.lanes:
        raise IllegalMove(f"lane {lane + 1} is not one of the {g.track.lanes} racing lanes")
    if (0, lane) in g.occupied():
        raise IllegalMove(f"lane {lane + 1} of the starting row is taken")
    g = g.with_dasher(replace(d, floor=(0, lane)))
    if len(unplaced) == 1:
        g = replace(g, placing=False)
        return _done(st, g, f"{d.name} on lane {lane + 1}. Ready, set, dash! {g.current.name} starts.")
    return _done(st, g, f"{d.name} on lane {lane + 1}; {unplaced[1]} places next")


# --- the Racetrack action ----------------------------------------------------------

@MOVES.move("dasher_moved")
def _moved(st, e):
    g = _g(st)
    d = _racing(g, e)
    if g.boost_pending:
        raise IllegalMove(f"{d.name} is on a boost: follow it first")
    if d.floor is None:
        raise IllegalMove(f"{d.name} has no place on the track yet")
    to = _cell(e.get("to"))
    rows, r = g.track.rows, to[0]
    if g.action.kind == "track" and not g.action.moved:
        g = replace(g, action=replace(g.action, moved=True))
    else:
        g = _need_action(g, "track", d.name)
        g = replace(g, action=replace(g.action, moved=True))
    why = g.track.blocked(d.floor, to, g.rulings.wall_blocks, g.occupied(d.name))
    if why:
        raise IllegalMove(f"{d.name} cannot move to row {r + 1}, lane {to[1] + 1}: {why}")
    one_lap = g.rulings.laps == 1
    heading_up = d.lap == 1 or one_lap
    if r == -1 and heading_up:
        raise IllegalMove("behind the starting line is off the racetrack")
    if r == rows and not heading_up:
        raise IllegalMove(f"{d.name} has flipped the Blueprint: lap 2 runs back to the finish line")
    if r == rows or r == -1:                            # a line: the flip, or the finish
        return _crossing(st, g, d, to)
    g = g.with_dasher(replace(d, floor=to))
    message = f"{d.name} to row {r + 1}, lane {to[1] + 1}"
    if one_lap and not d.token_row_crossed and r >= SUPER_DASH_TOKEN_ROW and g.rulings.ability_tokens:
        g = g.with_dasher(replace(g.dasher(d.name), token_row_crossed=True, abilities=d.abilities + 1))
        message += ": crossed the 4th row, an Ability Token"
    element = g.track.element(to)
    if element is not None and element.is_boost:
        g = replace(g, boost_pending=d.name)
        message += f": a boost ({element.direction}); take its tile first or follow it"
    return _done(st, g, message)


def _crossing(st, g: RaceState, d, to):
    """Reaching the Flip the Blueprint line (lap 1) or the finish line (the last lap)."""
    fit = g.rulings.blueprint_fit
    last_lap = g.rulings.laps == 1 or d.lap == 2
    check = d.check(fit)
    if not check.complete:
        want = "Red" if d.side == "red" else "Green"
        detail = []
        if check.missing:
            detail.append(f"{len(check.missing)} missing")
        if check.extra:
            detail.append(f"{len(check.extra)} extra")
        raise IllegalMove(f"{d.name} needs the {want} Blueprint complete, exactly, to cross ({', '.join(detail)})")
    if last_lap:
        place = sum(1 for x in g.dashers if x.finished) + 1
        g = g.with_dasher(replace(d, floor=tuple(to), finish_place=place, lap=2 if g.rulings.laps == 2 else 1))
        if g.rulings.laps == 1:
            g = g.with_dasher(replace(g.dasher(d.name), lap1_place=place))
        message = f"{d.name} crosses the finish line in place {place}!"
        if g.rulings.end == "first-finish" or all(x.finished for x in g.dashers):
            return _done(st, _end(g), message + " The race is over.")
        g, message = _next_turn(g, message)
        return _done(st, g, message)
    place = len(g.podium) + 1
    tokens = 1 if g.rulings.ability_tokens else 0
    g = replace(g, podium=g.podium + (d.name,))
    g = g.with_dasher(replace(d, floor=tuple(to), lap=2, side="red", lap1_place=place, abilities=d.abilities + tokens))
    note = f" (podium {place}: peek 2 Ability Tokens, keep 1)" if place <= 3 and tokens else (
        " and an Ability Token" if tokens else "")
    message = f"{d.name} reaches the Flip the Blueprint line {_ordinal(place)}{note}: the Red Blueprint now."
    if g.rulings.two_actions_after == "lap-one":
        g, unlock = _unlock_two_actions(g, d.name, "finished lap 1")
        message += unlock
    g, message = _next_turn(g, message)                 # the turn passes (366)
    return _done(st, g, message)


def _end(g: RaceState) -> RaceState:
    return replace(g, over=True, ranking=tuple(g.standing()), boost_pending="", card=None)


@MOVES.move("boosted")
def _boosted(st, e):
    g = _g(st)
    d = _racing(g, e)
    if g.boost_pending != d.name:
        raise IllegalMove(f"{d.name} is not on a boost")
    to = g.track.boost_target(d.floor, g.rulings.wall_blocks, g.occupied(d.name))
    g = replace(g.with_dasher(replace(d, floor=to)), boost_pending="")
    if to == d.floor:
        return _done(st, g, f"{d.name} stays on the boost: a dasher, a wall or the edge is in the way")
    return _done(st, g, f"{d.name} boosted to row {to[0] + 1}, lane {to[1] + 1}")


# --- free actions -------------------------------------------------------------------

def _on_track(g: RaceState, d) -> tuple[int, int]:
    if d.floor is None or not g.track.on_track(d.floor):
        raise IllegalMove(f"{d.name} is not on a floor of the racetrack")
    return d.floor


@MOVES.move("tile_taken")
def _taken(st, e):
    g = _g(st)
    d = _racing(g, e)
    floor = _on_track(g, d)
    if g.boost_pending:                                 # on a boost: its tile before the push (290)
        if g.action.free:
            raise IllegalMove(f"{d.name} has taken this action's free action: follow the boost")
        g = replace(g, action=replace(g.action, free="take"))
    else:
        g = _free_action(g, "take", d.name)
    tile = g.top(floor)
    if tile is None:
        raise IllegalMove(f"no tile under {d.name}")
    if tile[1] and g.cooling(floor):
        raise IllegalMove("that Power-Up tile was returned: it cools down for one full round first")
    cell = _cell(e.get("cell"))
    why = d.board.why_not_add(tile, cell, g.rulings.power_ups_in_colour_limit)
    if why:
        raise IllegalMove(f"{d.name} cannot take it: {why}")
    g = replace(g, floors={**g.floors, floor: g.floors[floor][:-1]})
    g = g.with_dasher(replace(d, board=d.board.add(tile, cell)))
    side = "Power-Up " if tile[1] else ""
    message = f"{d.name} takes the {side}{tile[0]} tile onto {cell}"
    if tile[1] and g.power_ups_active:
        g = replace(g, card=PendingCard(d.name, floor, cell, tile))
        message += ": draw a Power-Up card, then use it or decline it"
    g, unlock = _after_board_change(g, d.name)
    return _done(st, g, message + unlock)


@MOVES.move("tile_put")
def _put(st, e):
    g = _g(st)
    d = _racing(g, e)
    floor = _on_track(g, d)
    if g.boost_pending:
        raise IllegalMove(f"{d.name} is on a boost: follow it first")
    g = _free_action(g, "put", d.name)
    cell = _cell(e.get("cell"))
    if cell not in d.board.cells:
        raise IllegalMove(f"no tile on cell {cell} of {d.name}'s board")
    if len(g.floors.get(floor, ())) >= g.track.capacity(floor):
        raise IllegalMove("the floor under the dasher is full: put a tile only on an empty or available floor")
    board, tile = d.board.remove(cell)
    g = replace(g, floors={**g.floors, floor: g.floors.get(floor, ()) + (tile,)})
    if tile[1]:                                        # a returned Power-Up tile cools down (374)
        g = replace(g, cooldowns={**g.cooldowns, floor: g.cooldown_from_now()})
    g = g.with_dasher(replace(d, board=board))
    g, unlock = _after_board_change(g, d.name)
    return _done(st, g, f"{d.name} puts the {tile[0]} tile down" + unlock)


@MOVES.move("tile_spawned")
def _spawned(st, e):
    g = _g(st)
    d = _racing(g, e)
    roll = st.last_roll
    if roll is None or roll.label != SPAWN_DICE or roll.seq <= g.spawn_roll_used:
        raise IllegalMove("roll the Spawn Dice first")
    faces = g.rulings.spawn_faces
    face = faces[(roll.values[0] - 1) % len(faces)]
    kind = str(e.get("kind", ""))
    g = _free_action(g, "spawn", d.name)
    g = replace(g, spawn_roll_used=roll.seq)
    if face == "none":
        return _done(st, g, "Spawn Dice: no tile")
    if kind not in KINDS:
        raise IllegalMove(f"spawn which kind? one of {', '.join(KINDS)}")
    if face == "self":
        floor = _on_track(g, d)
        if len(g.floors.get(floor, ())) >= g.track.capacity(floor):
            raise IllegalMove("Spawn on self: the floor under the dasher is full")
        g = replace(g, floors={**g.floors, floor: g.floors.get(floor, ()) + ((kind, False),)})
        return _done(st, g, f"Spawn Dice: a regular {kind} tile under {d.name}")
    floor = _cell(e.get("floor") or (-9, -9))
    element = g.track.element(floor)
    if element is None or not element.is_spawn:
        raise IllegalMove(f"Spawn Dice: {face} tile on a spawn point: name the spawn's floor")
    if kind not in element.colours:
        raise IllegalMove(f"that spawn makes {' or '.join(element.colours)} tiles, not {kind}")
    up = face == "power-up"
    g = replace(g, floors={**g.floors, floor: ((kind, up),)})   # a tile there is replaced (274)
    return _done(st, g, f"Spawn Dice: a {'Power-Up' if up else 'regular'} {kind} tile on the spawn at "
                        f"row {floor[0] + 1}, lane {floor[1] + 1}")


# --- the Player Board action ------------------------------------------------------------

@MOVES.move("tile_built")
def _built(st, e):
    g = _g(st)
    d = _racing(g, e)
    if d.board_round == g.round:
        raise IllegalMove(f"{d.name} has made this round's Player Board action already (one per round)")
    src, dst = _cell(e.get("from")), _cell(e.get("to"))
    why = d.board.why_not_build(src, dst)
    if why:
        raise IllegalMove(why)
    g = _need_action(g, "board", d.name)
    g = g.with_dasher(replace(d, board=d.board.build(src, dst), board_round=g.round))
    g, unlock = _after_board_change(g, d.name)
    return _done(st, g, f"{d.name} builds: {src} to {dst}" + unlock)


# --- Power-Ups and Ability Tokens ----------------------------------------------------------

def _card_holder(g: RaceState, e, what: str):
    """The dasher who drew the Power-Up card waiting to be used or declined."""
    d = _racing(g, e, own_turn=False)
    if g.card is None or g.card.player != d.name:
        raise IllegalMove(f"{d.name} has no Power-Up card to {what}")
    return d


@MOVES.move("power_up_used")
def _card_used(st, e):
    g = _g(st)
    d = _card_holder(g, e, "use")
    target = str(e.get("target") or "")
    card = str(e.get("card", "Power-Up card"))
    if target:
        g.dasher(target)                               # a KeyError names the players
    on_other = bool(target) and target != d.name
    r = g.rulings
    if on_other and r.sabotage_markers and g.marker == target:
        raise IllegalMove(f"{target} holds the sabotage marker: {card} cannot target them")
    meter = d.meter + (1 if r.sabotage_meter == "every-card" or on_other else 0)
    g = replace(g, card=None).with_dasher(replace(d, meter=meter))
    marker = g.marker
    if r.sabotage_markers:
        if on_other:
            marker = target
        elif r.sabotage_marker == "next-card":
            marker = ""                                # the protection covered this card only
    g = replace(g, marker=marker)
    if on_other and card.lower() == "freeze":
        g = g.with_dasher(replace(g.dasher(target), frozen=True))
    note = f" at {target}" if target else ""
    verdict = " - a Mekton now" if r.is_mekton(meter) and not r.is_mekton(d.meter) else ""
    return _done(st, g, f"{d.name} uses {card}{note}: sabotage meter {meter}{verdict}")


@MOVES.move("power_up_declined")
def _card_declined(st, e):
    g = _g(st)
    d = _card_holder(g, e, "decline")
    pend = g.card
    board, tile = d.board.remove(pend.cell)
    floors = {**g.floors, pend.floor: g.floors.get(pend.floor, ()) + (tile,)}
    g = replace(g, card=None, floors=floors, cooldowns={**g.cooldowns, pend.floor: g.cooldown_from_now()})
    g = g.with_dasher(replace(d, board=board))
    g, message = _next_turn(g, f"{d.name} declines the card: the tile goes back and the turn is skipped.")
    return _done(st, g, message)


@MOVES.move("ability_used")
def _ability(st, e):
    g = _g(st)
    d = _racing(g, e, own_turn=False)
    if not g.rulings.ability_tokens:
        raise IllegalMove(f"no Ability Tokens in {g.rulings.mode}")
    if d.abilities < 1:
        raise IllegalMove(f"{d.name} holds no Ability Token")
    g = g.with_dasher(replace(d, abilities=d.abilities - 1))
    return _done(st, g, f"{d.name} plays {e.get('name', 'an Ability Token')} (a bonus action)")


@MOVES.move("turn_ended")
def _turn_ended(st, e):
    g = _g(st)
    d = _racing(g, e)
    if g.action.kind == "track" and not g.action.moved:
        raise IllegalMove(f"{d.name} took a free action: the Racetrack action must move too")
    if g.boost_pending:
        raise IllegalMove(f"{d.name} is on a boost: follow it first")
    # A turn is an action, but a dasher boxed in by walls and dashers may have none to take:
    # the turn passes all the same, and the screen says so (moving a blocking element is a
    # referee event, 378-380).
    note = f"{d.name} ends the turn." if g.actions_used else f"{d.name} passes without an action."
    g, message = _next_turn(g, note)
    return _done(st, g, message)


# --- the referee's hand ------------------------------------------------------------------

@MOVES.move("floor_set")
def _floor_set(st, e):
    g = _g(st)
    floor = _cell(e.get("floor"))
    if not g.track.on_track(floor):
        raise IllegalMove(f"floor {floor} is off the racetrack")
    tiles = tuple((str(k), bool(up)) for k, up in e.get("tiles", ()))
    if any(k not in KINDS for k, _ in tiles):
        raise IllegalMove(f"a tile kind is one of {', '.join(KINDS)}")
    if len(tiles) > g.track.capacity(floor):
        raise IllegalMove(f"that floor holds at most {g.track.capacity(floor)} tile(s)")
    return _done(st, replace(g, floors={**g.floors, floor: tiles}), f"floor {floor} set by hand")


@MOVES.move("board_set")
def _board_set(st, e):
    g = _g(st)
    d = _racing(g, e, own_turn=False)
    cell = _cell(e.get("cell"))
    tile = e.get("tile")
    board = d.board
    if cell in board.cells:
        board, _ = board.remove(cell)
    if tile:
        t = (str(tile[0]), bool(tile[1]))
        why = board.why_not_add(t, cell, g.rulings.power_ups_in_colour_limit)
        if why:
            raise IllegalMove(why)
        board = board.add(t, cell)
    g = g.with_dasher(replace(d, board=board))
    g, unlock = _after_board_change(g, d.name)
    return _done(st, g, f"{d.name}'s board cell {cell} set by hand" + unlock)


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")
