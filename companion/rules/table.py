"""The state of the whole table, and the one function that changes it.

:func:`apply` folds one :class:`~companion.rules.events.Event` into a
:class:`TableState` and returns the new state (states are immutable). It raises
:class:`~companion.rules.events.IllegalMove` for an event the rules forbid, so
the session can refuse it before it is journaled.

:func:`replay` folds a whole journal, honouring ``undo`` events: an undo takes
back the latest game action not yet taken back. Dice rolls, coin tosses and
timer presses are facts, not actions, and are never taken back (an undo
button must not become a re-roll button).

>>> from companion.rules.events import Event as E
>>> s = replay([E("game_started", {"game": "takkure", "teams": ["Yamato", "Teriomorph"]}),
...             E("try_scored", {"team": 1}), E("try_scored", {"team": 0}), E("undo")])
>>> s.score
(0, 1)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable, Iterable, Sequence

from companion.rules.countdown import Countdown
from companion.rules.events import Event, IllegalMove
from companion.rules.hp import HpBar
from companion.rules.takkure import dice, match, rolls
from companion.rules.takkure.roster import RosterError, roster_from_dict
from companion.rules.takkure.time_dashboard import TimeDashboard

ACTIVATION_STEPS = (
    "1st offensive action",
    "Defense",
    "Movement execution",
    "2nd offensive action",
    "Measurements and dice rolls",
    "Token removal",
)
ACTIVATION_TOKENS = 4

# Facts that an undo never takes back.
NOT_UNDOABLE = frozenset({"game_started", "dice_rolled", "coin_tossed", "card_tapped", "countdown_started",
                          "countdown_paused", "countdown_resumed", "countdown_reset", "undo",
                          "roll_resolved", "injury_rolled", "ball_scattered"})
# Dice that decided what happened to players: an undo does not reach past them
# (taking back the tackle declared before its roll would leave the roll's
# effects without a cause). Correct a mistake with a new event instead.
UNDO_BARRIERS = frozenset({"roll_resolved", "injury_rolled", "ball_scattered"})


@dataclass(frozen=True)
class RollView:
    """The latest dice roll, as the screen shows it."""
    sides: int
    values: tuple[int, ...]
    label: str = ""
    line: str = ""          # the one-line explanation, empty for a plain roll
    outcome: str = ""       # 'success', 'fail', 'critical', 'fumble' for a checked roll
    seq: int = 0            # which event, so the screen knows a new roll arrived


@dataclass(frozen=True)
class TossView:
    """The latest referee roll (coin toss)."""
    caller: str
    call: str
    result: str
    seq: int = 0

    @property
    def caller_won(self) -> bool:
        return self.call == self.result


@dataclass(frozen=True)
class TableState:
    game: str = "takkure"
    teams: tuple[str, str] = ("Home", "Away")
    score: tuple[int, int] = (0, 0)
    # Takkure match
    half: int = 1
    dashboard: TimeDashboard = field(default_factory=TimeDashboard)
    attacker: int | None = None
    kicked_off_first: int | None = None
    kickoffs: int = 0                  # kick-offs in this half
    activation_tokens: int = 0
    active_player: str | None = None
    step: int = 0                      # 1..6 during an activation, 0 between
    half_time: bool = False
    match_over: bool = False
    # TEKKEN
    fighters: tuple[str, str] = ("Player 1", "Player 2")
    hp: tuple[HpBar, HpBar] = (HpBar(), HpBar())
    # Tools shared by every game
    countdown: Countdown = field(default_factory=Countdown)
    last_roll: RollView | None = None
    last_toss: TossView | None = None
    chance_draws: int = 0              # index of the next random draw in this game
    selected: str | None = None        # the card last tapped on the NFC reader
    match: match.Match = field(default_factory=match.Match)   # Takkure players and ball
    step_rolled: bool = False          # step 5's rolls were made
    roll_lines: tuple[str, ...] = ()   # the latest resolved rolls, explained, newest last
    message: str = ""
    events_applied: int = 0

    @property
    def step_name(self) -> str:
        return ACTIVATION_STEPS[self.step - 1] if self.step else ""


Reducer = Callable[[TableState, Event], TableState]
_REDUCERS: dict[str, Reducer] = {}


def reducer(kind: str):
    def register(fn: Reducer) -> Reducer:
        _REDUCERS[kind] = fn
        return fn
    return register


def known_kinds() -> frozenset[str]:
    return frozenset(_REDUCERS) | {"undo"}


def apply(state: TableState, event: Event) -> TableState:
    """The state after ``event``; raises IllegalMove if the rules forbid it."""
    fn = _REDUCERS.get(event.kind)
    if fn is None:
        raise IllegalMove(f"unknown event {event.kind!r}")
    try:
        after = fn(state, event)
    except IllegalMove:
        raise
    except (TypeError, ValueError, KeyError, AttributeError, IndexError) as exc:
        # Malformed data (a hand-edited journal, a buggy caller): refused, never a crash.
        raise IllegalMove(f"{event.kind}: malformed data ({exc})") from None
    return replace(after, events_applied=state.events_applied + 1)


def effective_events(events: Iterable[Event]) -> list[Event]:
    """The events that still count once every undo has taken back its action."""
    kept: list[Event] = []
    for event in events:
        if event.kind != "undo":
            kept.append(event)
            continue
        for i in range(len(kept) - 1, -1, -1):
            if kept[i].kind in UNDO_BARRIERS:
                break
            if kept[i].kind not in NOT_UNDOABLE:
                del kept[i]
                break
    return kept


def replay(events: Sequence[Event], state: TableState | None = None) -> TableState:
    """Fold a journal into the state it describes.

    An event that no longer fits the rules (a journal written by an older
    version) is skipped and named in the message, never a crash at resume.
    """
    state = state or TableState()
    skipped = []
    for event in effective_events(events):
        try:
            state = apply(state, event)
        except IllegalMove as exc:
            skipped.append(f"event {event.seq} ({event.kind}): {exc}")
    if skipped:
        state = replace(state, message=f"skipped {len(skipped)} journal event(s) that no longer fit the "
                                       f"rules: {skipped[0]}")
    return state


def undo_target(events: Sequence[Event]) -> Event | None:
    """The action an undo would take back now, if any."""
    for e in reversed(effective_events(events)):
        if e.kind in UNDO_BARRIERS:
            return None
        if e.kind not in NOT_UNDOABLE:
            return e
    return None


def _team(state: TableState, event: Event, key: str = "team") -> int:
    team = event.get(key)
    if team not in (0, 1):
        raise IllegalMove(f"{event.kind}: {key} must be 0 or 1, got {team!r}")
    return team


def _pair(pair: tuple, index: int, value) -> tuple:
    return (value, pair[1]) if index == 0 else (pair[0], value)


# --- setting up ------------------------------------------------------------

@reducer("game_started")
def _game_started(state: TableState, e: Event) -> TableState:
    max_hp = int(e.get("max_hp", 20))
    rosters = e.get("rosters")
    lined_up = match.Match()
    if rosters:
        try:
            lined_up = match.line_up([roster_from_dict(r, f"roster {k + 1}") for k, r in enumerate(rosters)])
        except RosterError as exc:
            raise IllegalMove(str(exc)) from None
    names = tuple(str(r.get("team", "")) for r in rosters) if rosters else ("Home", "Away")
    return TableState(
        match=lined_up,
        game=e.get("game", "takkure"),
        teams=tuple(e.get("teams", names)),
        fighters=tuple(e.get("fighters", ("Player 1", "Player 2"))),
        hp=(HpBar(max_hp), HpBar(max_hp)),
        countdown=Countdown(float(e.get("countdown_seconds", 10.0))),
        message=e.get("message", ""),
    )


@reducer("game_selected")
def _game_selected(state: TableState, e: Event) -> TableState:
    return replace(state, game=e.get("game", state.game), message=e.get("message", ""))


# --- chance ---------------------------------------------------------------

@reducer("dice_rolled")
def _dice_rolled(state: TableState, e: Event) -> TableState:
    values = tuple(int(v) for v in e.get("values", ()))
    sides = int(e.get("sides", 6))
    if not values or any(not 1 <= v <= sides for v in values):
        raise IllegalMove(f"dice_rolled: values {values} do not fit a D{sides}")
    label, line, outcome = e.get("label", ""), "", ""
    if e.get("base") is not None and sides == 12:
        mods = [(int(m), str(why)) for m, why in e.get("modifiers", ())]
        kept, target, line = dice.explain_best(label or "Roll", int(e.get("base")), mods, list(values),
                                               str(e.get("characteristic", "")))
        outcome = rolls.unopposed(kept, target)
    roll = RollView(sides, values, label, line, outcome, e.seq)
    return replace(state, last_roll=roll, chance_draws=int(e.get("index", state.chance_draws)) + 1,
                   message=line or f"{label + ': ' if label else ''}{len(values)}D{sides} = "
                                   f"{' + '.join(map(str, values))}")


@reducer("coin_tossed")
def _coin_tossed(state: TableState, e: Event) -> TableState:
    toss = TossView(str(e.get("caller", "")), str(e.get("call")), str(e.get("result")), e.seq)
    if toss.call not in ("heads", "tails") or toss.result not in ("heads", "tails"):
        raise IllegalMove("coin_tossed: call and result must be heads or tails")
    winner = toss.caller if toss.caller_won else "the other side"
    return replace(state, last_toss=toss, chance_draws=int(e.get("index", state.chance_draws)) + 1,
                   message=f"Referee roll: {toss.caller} called {toss.call}, it is {toss.result} - "
                           f"{winner} wins")


# --- NFC cards --------------------------------------------------------------

@reducer("card_tapped")
def _card_tapped(state: TableState, e: Event) -> TableState:
    name = str(e.get("name", ""))
    if not name:
        raise IllegalMove("card_tapped: the card has no name")
    return replace(state, selected=name, message=f"{name} selected")


# --- Takkure match --------------------------------------------------------

@reducer("kick_off")
def _kick_off(state: TableState, e: Event) -> TableState:
    if state.match_over:
        raise IllegalMove("the match is over")
    if state.step:
        raise IllegalMove(f"finish {state.active_player}'s activation first")
    kicking = _team(state, e, "kicking")
    if state.half == 2 and state.kickoffs == 0 and state.kicked_off_first not in (None, 1 - kicking):
        raise IllegalMove(f"the 2nd half is kicked off by {state.teams[1 - state.kicked_off_first]}, "
                          "who did not kick off the first")
    first = state.kicked_off_first if state.kicked_off_first is not None or state.half != 1 else kicking
    m = match.kicked_off(state.match) if state.match.players else state.match
    return replace(state, attacker=1 - kicking, activation_tokens=0, active_player=None, step=0,
                   kicked_off_first=first, kickoffs=state.kickoffs + 1, match=m,
                   message=f"Kick-off: {state.teams[kicking]} kick, {state.teams[1 - kicking]} receive")


@reducer("activation_tokens_taken")
def _tokens_taken(state: TableState, e: Event) -> TableState:
    team = _team(state, e)
    if team != state.attacker:
        raise IllegalMove(f"{state.teams[team]} is not the attacking team")
    if state.activation_tokens:
        raise IllegalMove(f"{state.teams[team]} still has {state.activation_tokens} activation tokens")
    dashboard = state.dashboard.take_activation_tokens(team)
    if dashboard.time_up:
        return _half_over(replace(state, dashboard=dashboard))
    m = match.new_time_phase(state.match) if dashboard.slot != state.dashboard.slot else state.match
    return replace(state, dashboard=dashboard, activation_tokens=ACTIVATION_TOKENS, match=m,
                   message=f"{state.teams[team]} take 4 activation tokens (time slot {dashboard.slot})")


def _half_over(state: TableState) -> TableState:
    over = state.half == 2
    if over:
        a, b = state.score
        result = "a draw" if a == b else f"{state.teams[0 if a > b else 1]} win"
        message = f"Full time: {a}-{b}, {result}"
    else:
        message = "Half time"
    return replace(state, half_time=not over, match_over=over, attacker=None, activation_tokens=0,
                   message=message)


@reducer("ball_kicked_out")
def _kicked_out(state: TableState, e: Event) -> TableState:
    team = _team(state, e)
    if team != state.attacker or state.step:
        raise IllegalMove("only the attacking team kicks the ball out, between activations")
    if not state.dashboard.can_kick_out(state.score[team], state.score[1 - team]):
        raise IllegalMove("the ball can be kicked out only on time slot 1 by the team behind on score")
    return _half_over(state)


@reducer("second_half_started")
def _second_half(state: TableState, e: Event) -> TableState:
    if not state.half_time:
        raise IllegalMove("the second half starts only at half time")
    return replace(state, half=2, half_time=False, dashboard=TimeDashboard(), attacker=None, kickoffs=0,
                   activation_tokens=0, match=match.half_time(state.match),
                   message="Second half: every player removed a fatigue token")


@reducer("activation_started")
def _activation_started(state: TableState, e: Event) -> TableState:
    team = _team(state, e)
    if team != state.attacker:
        raise IllegalMove(f"{state.teams[team]} is not the attacking team")
    if state.step:
        raise IllegalMove(f"{state.active_player} is still active ({state.step_name})")
    if state.activation_tokens <= 0:
        raise IllegalMove("no activation token left: take new ones from the time dashboard")
    player = str(e.get("player", "a player"))
    m, message = state.match, f"{player} activates: {ACTIVATION_STEPS[0]}"
    if m.players:
        if m.team_of(player) != team:
            raise IllegalMove(f"{player} plays for {state.teams[1 - team]}")
        notes: list[str] = []
        m = match.activated(m, player, notes)
        message = "; ".join([message] + notes)
    return replace(state, activation_tokens=state.activation_tokens - 1, active_player=player, step=1,
                   match=m, message=message)


@reducer("activation_skipped")
def _activation_skipped(state: TableState, e: Event) -> TableState:
    """Not in the rulebook: a team with every player injured cannot activate anybody, so it
    spends the token with nobody, and time goes on."""
    team = _team(state, e)
    if team != state.attacker or state.step or state.activation_tokens <= 0:
        raise IllegalMove("only the attacking team spends an activation token, between activations")
    if any(p.team == team and not (p.state.injured or p.state.removed) for p in state.match.players):
        raise IllegalMove(f"{state.teams[team]} have players on the pitch: activate one")
    return replace(state, activation_tokens=state.activation_tokens - 1,
                   message=f"{state.teams[team]} have nobody on the pitch: the token is spent")


@reducer("activation_step")
def _activation_step(state: TableState, e: Event) -> TableState:
    if not state.step:
        raise IllegalMove("no activation in progress")
    if state.step >= 5:
        match.require_rolls_done(state.match)
    if state.step == len(ACTIVATION_STEPS):
        ended = replace(state, step=0, active_player=None, match=replace(state.match, declared=()),
                        message=f"{state.active_player}'s activation ends")
        return _after_activation(ended)
    step = state.step + 1
    return replace(state, step=step, step_rolled=False, message=f"{state.active_player}: {ACTIVATION_STEPS[step - 1]}")


def _after_activation(state: TableState) -> TableState:
    """A try (or a failed one) calls a kick-off; a stolen ball changes sides, and the
    old attacker discards its remaining activation tokens."""
    m = state.match
    if any(p.kind == "kick_off" for p in m.pending):
        decider = next(int(p.player) for p in m.pending if p.kind == "kick_off")
        return replace(state, attacker=None, activation_tokens=0,
                       message=f"Kick-off: {state.teams[decider]} decide who kicks")
    return possession_to_carrier(state, "{team} stole the ball: they attack now")


def possession_to_carrier(state: TableState, message: str = "") -> TableState:
    """"If a player on a team carries the ball, that player's team is the attacker": the old
    attacker discards its remaining activation tokens. ``message`` may name ``{team}``."""
    m = state.match
    if m.carrier is None or state.attacker is None or m.team_of(m.carrier) == state.attacker:
        return state
    team = m.team_of(m.carrier)
    return replace(state, attacker=team, activation_tokens=0,
                   message=message.format(team=state.teams[team]) if message else state.message)


@reducer("possession_changed")
def _possession(state: TableState, e: Event) -> TableState:
    team = _team(state, e)
    return replace(state, attacker=team, activation_tokens=0,
                   message=f"{state.teams[team]} take the ball")


@reducer("try_scored")
def _try_scored(state: TableState, e: Event) -> TableState:
    team = _team(state, e)
    score = _pair(state.score, team, state.score[team] + 1)
    return replace(state, score=score, message=f"TRY! {state.teams[team]} score")


# --- TEKKEN health --------------------------------------------------------

@reducer("hp_changed")
def _hp_changed(state: TableState, e: Event) -> TableState:
    side = _team(state, e, "side")
    bar = state.hp[side].damage(-int(e.get("delta", 0)))
    note = " - RAGE" if bar.in_rage else (" - K.O." if bar.knocked_out else "")
    return replace(state, hp=_pair(state.hp, side, bar),
                   message=f"{state.fighters[side]}: {bar.hp} HP{note}")


@reducer("hp_reset")
def _hp_reset(state: TableState, e: Event) -> TableState:
    return replace(state, hp=(state.hp[0].reset(), state.hp[1].reset()), message="New round")


# --- the countdown (Knockdown test) ----------------------------------------

@reducer("countdown_started")
def _cd_start(state: TableState, e: Event) -> TableState:
    return replace(state, countdown=state.countdown.start(e.at), message="Knockdown test: build the tower!")


@reducer("countdown_paused")
def _cd_pause(state: TableState, e: Event) -> TableState:
    return replace(state, countdown=state.countdown.pause(e.at), message="Timer paused")


@reducer("countdown_resumed")
def _cd_resume(state: TableState, e: Event) -> TableState:
    return replace(state, countdown=state.countdown.resume(e.at), message="Timer running")


@reducer("countdown_reset")
def _cd_reset(state: TableState, e: Event) -> TableState:
    return replace(state, countdown=state.countdown.reset(), message="Timer reset")


# The Takkure match's own events register themselves on import.
from companion.rules.takkure import moves as _takkure_moves  # noqa: E402,F401
