"""The players on the pitch, the ball, and what each action's result does to them.

This is the bookkeeping half of a Takkure match (the clock half is
:mod:`time_dashboard` and the activation steps in :mod:`companion.rules.table`).
Everything here is pure: a :class:`Match` goes in, a new one comes out.

Actions are declared in the activation step the rulebook allows them
(``declare``), and a roll's result is applied by :func:`resolve`, which knows
each action's effects ("If you are successful ... If you fail ..."). Effects
that need another roll (a RECEPTION after a missed pass, ENDURANCE after a
tackle, the REF roll after a failed tackle, an injury, a scatter) are left in
``pending``; the activation does not end until they are rolled.

>>> from companion.games.takkure.rules.roster import EXAMPLES, roster_from_toml
>>> m = line_up([roster_from_toml(EXAMPLES["yamato"]), roster_from_toml(EXAMPLES["teriomorph"])])
>>> m = replace(m, carrier="Yokozuna", ball="carried")
>>> m, notes = resolve(m, "tackle", "Silverback", "success", target="Yokozuna")
>>> m.get("Yokozuna").state.grounded, m.get("Silverback").state.grounded, m.pending
(True, True, (Pending(kind='endurance', player='Yokozuna'),))
>>> m.superstars        # Teriomorph "Superstars": a token for a successful TACKLE
(0, 1)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from companion.rules.events import IllegalMove
from companion.games.takkure.rules.players import PlayerState, resolve_injury
from companion.games.takkure.rules.roster import Roster
from companion.games.takkure.rules.rulings import Rulings

# Who may declare what, and when (the activation steps; "TOKENS REMOVAL" lets
# attacking players who were not activated stand up).
FIRST_ACTIONS = ("move", "stand_up", "pass_from_ground")
DEFENCE_ACTIONS = ("pressure", "steal", "tackle", "stand_up", "rest")
SECOND_ACTIONS = ("move", "pass", "early_pass", "pick_up", "dodge", "break_through", "try")
# A PASS thrown before any tackler touched the active player's path (L1542-1544): the coach
# says so by declaring it as such, and its roll is unopposed.
PASSES = ("pass", "early_pass", "pass_from_ground")
LABELS = {"move": "MOVE", "stand_up": "STAND UP", "pass_from_ground": "PASS FROM THE GROUND",
          "pressure": "PRESSURE", "steal": "BALL STEAL", "tackle": "TACKLE", "rest": "REST", "pass": "PASS",
          "early_pass": "PASS (before contact)",
          "pick_up": "PICK UP THE BALL", "dodge": "DODGE", "break_through": "BREAK THROUGH",
          "try": "SCORE A TRY", "reception": "BALL RECEPTION", "endurance": "ENDURANCE",
          "failed_tackle": "REF after a failed tackle", "kick": "KICK-OFF BaC", "catch": "CATCH (kick-off)",
          "injury": "INJURY", "scatter": "SCATTER", "kick_off": "KICK-OFF",
          "reroll": "melee re-roll"}
ROLLED = frozenset({"pass_from_ground", "steal", "tackle", "pass", "early_pass", "pick_up", "dodge", "break_through", "try",
                    "reception", "endurance", "failed_tackle", "kick", "catch"})
OUTCOMES = ("success", "critical", "fail", "fumble", "cancelled")

YAMATO_SKILL, TERIOMORPH_SKILL = "Unwavering Honor", "Superstars"
SUPERSTARS_COST = {"+1": 1, "reroll": 3, "retrieve play": 5}
HONOR_EFFECTS = ("stand up", "flip fatigue", "repeat INT roll")


@dataclass(frozen=True)
class OnField:
    """A player in the match: its card and state, its team, and its tokens."""
    name: str
    team: int
    state: PlayerState
    activations: int = 0          # activation tokens received in this time phase
    honor: int = 0                # Yamato team skill tokens


@dataclass(frozen=True)
class Declaration:
    player: str
    action: str
    target: str = ""              # the tackled carrier, the receiver, the tackler broken through


@dataclass(frozen=True)
class Pending:
    """A roll the rules require before play goes on."""
    kind: str                     # reception, endurance, failed_tackle, injury, scatter, kick_off
    player: str = ""              # who rolls (for kick_off: the team that decides who kicks, "0"/"1")


@dataclass(frozen=True)
class Match:
    players: tuple[OnField, ...] = ()
    team_skills: tuple[str, str] = ("", "")
    carrier: str | None = None
    ball: str = "none"            # none (before a kick-off), carried, loose, in the air
    declared: tuple[Declaration, ...] = ()
    pending: tuple[Pending, ...] = ()
    superstars: tuple[int, int] = (0, 0)
    team_plays_used: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    individual_plays_used: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    rulings: Rulings = Rulings()      # the readings of the rulebook's ambiguities (rulings.py)
    carrier_at_activation: str | None = None    # who carried the ball when this activation began
    bought: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())   # Superstars effects since the last roll

    def get(self, name: str) -> OnField:
        for p in self.players:
            if p.name == name:
                return p
        raise IllegalMove(f"no player called {name!r} in this match")

    def has(self, name: str) -> bool:
        return any(p.name == name for p in self.players)

    def team_of(self, name: str) -> int:
        return self.get(name).team

    @property
    def rolls_due(self) -> tuple[Pending, ...]:
        """Follow-up rolls still to make (a pending kick-off is not a roll of this activation)."""
        return tuple(p for p in self.pending if p.kind != "kick_off")

    def declared_by(self, name: str) -> Declaration | None:
        return next((d for d in self.declared if d.player == name), None)

    def tackles_on(self, name: str) -> list[Declaration]:
        return [d for d in self.declared if d.action == "tackle" and d.target == name]

    def with_player(self, p: OnField) -> "Match":
        return replace(self, players=tuple(p if q.name == p.name else q for q in self.players))

    def update(self, name: str, fn) -> "Match":
        p = self.get(name)
        return self.with_player(replace(p, state=fn(p.state)))


def line_up(rosters: list[Roster] | tuple[Roster, Roster], rulings: Rulings = Rulings()) -> Match:
    """Both teams on the pitch (four players each in a real match), ruled by ``rulings``."""
    if len(rosters) != 2:
        raise IllegalMove("a match needs two rosters")
    names = [c.name for r in rosters for c in r.players]
    if len(set(names)) != len(names):
        raise IllegalMove("two players share a name across the teams: rename one in its roster")
    players = tuple(OnField(c.name, team, PlayerState(c, all_positions=rulings.position_skills == "all"))
                    for team, r in enumerate(rosters) for c in r.players)
    return Match(players, (rosters[0].team_skill, rosters[1].team_skill), rulings=rulings)


# --- declaring ----------------------------------------------------------------

def declare(m: Match, step: int, attacker: int | None, active: str | None, d: Declaration) -> Match:
    """Record a declared action, or raise IllegalMove saying why the rules forbid it.
    A player's new declaration in the same step replaces its earlier one."""
    p = m.get(d.player)
    if p.state.injured or p.state.removed:
        raise IllegalMove(f"{p.name} is off the field")
    if d.action not in LABELS:
        raise IllegalMove(f"unknown action {d.action!r}")
    label = LABELS[d.action]
    if attacker is None or not step:
        raise IllegalMove("actions are declared during an activation")
    if step == 1:
        if p.name != active:
            raise IllegalMove(f"only the active player ({active}) acts in step 1")
        if d.action not in FIRST_ACTIONS:
            raise IllegalMove(f"{label} is not a 1st action (MOVE, STAND UP, PASS FROM THE GROUND)")
    elif step == 2:
        if p.team == attacker:
            raise IllegalMove(f"only the defending team declares in the Defense step, not {p.name}")
        if d.action not in DEFENCE_ACTIONS:
            raise IllegalMove(f"{label} is not a defensive action")
    elif step == 4:
        if p.name != active:
            raise IllegalMove(f"only the active player ({active}) takes the 2nd action")
        if d.action not in SECOND_ACTIONS:
            raise IllegalMove(f"{label} is not a 2nd action")
    elif step == 6:
        if not (d.action == "stand_up" and p.team == attacker and p.name != active):
            raise IllegalMove("in Token removal, only attacking players who were not activated may STAND UP")
        if p.name == m.carrier_at_activation and p.state.grounded and not m.rulings.legacy:
            # L1178: "A GROUNDED player who was carrying the ball at the start of its activation
            # is considered active during this step."
            raise IllegalMove(f"{p.name} carried the ball when this activation began: it counts as active "
                              "and stays GROUNDED")
    else:
        raise IllegalMove("nothing is declared in this step (measure and roll in step 5)")
    _check_action(m, step, active, p, d)
    kept = tuple(x for x in m.declared if not (x.player == d.player and _same_step(x, step)))
    m = replace(m, declared=kept + (d,))
    # Actions without a roll take effect at once.
    if d.action == "stand_up":
        m = m.update(p.name, lambda s: s.stand_up())
    elif d.action == "rest":
        m = m.update(p.name, lambda s: s.rest())
    return m


def _same_step(x: Declaration, step: int) -> bool:
    first = x.action in FIRST_ACTIONS
    return (step == 1 and first) or (step == 4 and not first) or step in (2, 6)


def _check_action(m: Match, step: int, active: str | None, p: OnField, d: Declaration) -> None:
    st, carrier, a = p.state, m.carrier == p.name, d.action
    # L1665: "A player with this token cannot perform actions normally. You can only perform
    # the STAND UP action" (L1667: a GROUNDED carrier passes from the ground instead).
    if st.grounded and a not in PASSES + ("stand_up",) + (("rest",) if m.rulings.legacy else ()):
        raise IllegalMove(f"{p.name} is GROUNDED: it can only STAND UP"
                          + (" (a grounded ball carrier can only PASS FROM THE GROUND)" if carrier else ""))
    if a == "stand_up":
        if not st.grounded:
            raise IllegalMove(f"{p.name} is not GROUNDED")
        if carrier:
            raise IllegalMove("once GROUNDED you cannot stand up with the ball: PASS FROM THE GROUND")
    if a == "pass_from_ground" and not (carrier and st.grounded):
        raise IllegalMove("PASS FROM THE GROUND is for a GROUNDED ball carrier")
    if a in PASSES:
        if not carrier:
            raise IllegalMove(f"{p.name} does not carry the ball")
        if not d.target or d.target == p.name or m.team_of(d.target) != p.team:
            raise IllegalMove("name a team-mate to receive the pass")
        first = m.declared_by(p.name)
        if a != "pass_from_ground" and first is not None and first.action == "pass_from_ground":
            raise IllegalMove("after a PASS FROM THE GROUND there is no 2nd action")
    if a in ("pass", "early_pass") and st.grounded:
        raise IllegalMove("a GROUNDED carrier passes from the ground, as its 1st action")
    if a == "move" and step == 4:
        first = next((x for x in m.declared if x.player == p.name and x.action in FIRST_ACTIONS), None)
        if first is not None and first.action == "pass_from_ground":
            raise IllegalMove("after a PASS FROM THE GROUND there is no 2nd action")
        if first is not None and first.action == "move" and st.mov_actions_allowed < 2:
            raise IllegalMove(f"{p.name} has 2 fatigue: only one MOV action per activation")
    if a == "tackle":
        target = m.get(d.target) if d.target else None
        if target is None or m.carrier != target.name:
            raise IllegalMove("you can only TACKLE the ball carrier")
        if target.state.grounded:
            raise IllegalMove("you cannot tackle a player on the ground")
    if a == "steal":
        if m.carrier is None and m.ball != "loose":
            raise IllegalMove("there is no ball to steal")
        if m.carrier == active and not m.get(active).state.grounded and d.target != "in the air":
            raise IllegalMove("you cannot steal the ball from an active player who is not GROUNDED "
                              "(only a pass in the air)")
    if a in ("dodge", "break_through") and not m.tackles_on(p.name):
        raise IllegalMove(f"{LABELS[a]} needs a defender who declared a TACKLE against {p.name}")
    if a == "break_through" and not carrier:
        raise IllegalMove("only the ball carrier can BREAK THROUGH")
    if a == "try" and not carrier:
        raise IllegalMove(f"{p.name} does not carry the ball")
    if a == "pick_up" and (carrier or (m.carrier is None and m.ball != "loose")):
        raise IllegalMove("there is no ball to pick up")


# --- what results do ------------------------------------------------------------

def _ground(m: Match, name: str) -> Match:
    return m.update(name, lambda s: s.knocked_down(stack=m.rulings.ground_tokens_stack))


def _need(m: Match, kind: str, who: str) -> Match:
    return replace(m, pending=m.pending + (Pending(kind, who),))


def _done(m: Match, kind: str, who: str) -> Match:
    pend = list(m.pending)
    for i, p in enumerate(pend):
        if p.kind == kind and p.player == who:
            del pend[i]
            break
    return replace(m, pending=tuple(pend))


def _superstar(m: Match, name: str) -> Match:
    team = m.team_of(name)
    if m.team_skills[team] != TERIOMORPH_SKILL:
        return m
    tokens = list(m.superstars)
    tokens[team] += 1
    return replace(m, superstars=tuple(tokens))


def _off_field(m: Match, name: str, notes: list[str]) -> Match:
    """An injured player leaves the pitch and its injury is rolled. The ball it carried
    scatters from where it stood (L2377: "place the scatter template centered on it, then
    roll to place the ball")."""
    if m.carrier == name and m.rulings.legacy:
        m = replace(m, carrier=None, ball="loose")
        notes.append(f"{name} drops the ball")
    elif m.carrier == name:
        m = _need(replace(m, carrier=None, ball="loose"), "scatter", name)
        notes.append(f"{name} drops the ball: scatter it from {name}")
    notes.append(f"{name} is INJURED: roll on the injury table")
    return _need(m, "injury", name)


def wound(m: Match, name: str, notes: list[str], n: int = 1) -> Match:
    p = m.get(name)
    st = p.state.add_wound(n)
    honor = p.honor + (n if m.team_skills[p.team] == YAMATO_SKILL else 0)
    m = m.with_player(replace(p, state=st, honor=honor))
    notes.append(f"{name} takes a WOUND" + ("" if st.injured else f" ({st.wounds} of BDY {st.effective('BDY')})"))
    return _off_field(m, name, notes) if st.injured and not p.state.injured else m


def fatigue(m: Match, name: str, notes: list[str]) -> Match:
    p = m.get(name)
    st = p.state.add_fatigue()
    m = m.with_player(replace(p, state=st))
    notes.append(f"{name} receives a FATIGUE token")
    return _off_field(m, name, notes) if st.injured and not p.state.injured else m


def give_ball(m: Match, name: str) -> Match:
    return replace(m, carrier=name, ball="carried")


def moot(m: Match, action: str, who: str, target: str = "") -> str:
    """Why a planned roll can no longer be made ('' if it can): the ball was intercepted
    before the pass, a team-mate took it first, or the ball is no longer where a steal of
    that kind (``target``) can take it from.

    L1713: a steal takes a loose ball, the ball of a GROUNDED carrier, or a pass in the air,
    "but you cannot try to steal the ball from an active player who is NOT GROUNDED": so the
    kind of steal planned in step 5 is checked again when its roll resolves (a pass from the
    ground that reached a standing receiver leaves no GROUNDED carrier to steal from).
    """
    m.get(who)
    if action in PASSES and m.carrier != who:
        return f"{who} no longer has the ball to pass"
    if action in ("pick_up", "steal", "catch") and m.carrier is not None and m.team_of(m.carrier) == m.team_of(who):
        return f"{who}'s team has the ball already"
    if action == "steal" and target in STEAL_KINDS:
        return _steal_moot(m, target)
    if action == "pick_up" and m.carrier is not None and not m.get(m.carrier).state.grounded \
            and not m.rulings.legacy:
        return f"{m.carrier} carries the ball standing: there is no ball to pick up"
    return ""


STEAL_KINDS = ("loose", "grounded carrier", "in the air")


def _steal_moot(m: Match, kind: str) -> str:
    carrier = m.get(m.carrier) if m.carrier is not None else None
    if kind == "loose":
        return "" if carrier is None and m.ball == "loose" else "the ball is no longer loose"
    if kind == "grounded carrier":
        return "" if carrier is not None and carrier.state.grounded else "no GROUNDED ball carrier to steal from"
    passing = carrier is not None and any(d.player == carrier.name and d.action in PASSES
                                          for d in m.declared)
    return "" if passing or m.ball == "in the air" else "no pass in the air to intercept"


def resolve(m: Match, action: str, who: str, outcome: str, target: str = "",
            beaten: bool = False, checked: bool = False) -> tuple[Match, list[str]]:
    """Apply one roller's result. ``beaten``: another roller won this face-to-face roll.
    ``checked``: the caller checked the roll was not moot before any of its dice took effect
    (a melee's winner takes the ball that the losers' rolls were for).

    Returns the new match and one short note per effect, for the screen.
    The score, kick-offs and possession are the table's.
    """
    if outcome not in OUTCOMES:
        raise IllegalMove(f"a result is one of {', '.join(OUTCOMES)}, not {outcome!r}")
    if action not in ROLLED:
        raise IllegalMove(f"{LABELS.get(action, action)} has no roll")
    why = "" if checked else moot(m, action, who, target)
    if why:
        raise IllegalMove(why)
    ok, crit = outcome in ("success", "critical"), outcome == "critical"
    notes: list[str] = []
    label = LABELS[action]
    if action in PASSES:
        if ok:
            m = give_ball(m, target)
            notes.append(f"{label}: {target} catches the ball" + (" and may move 2 in" if crit else ""))
        elif outcome == "cancelled" or beaten:
            notes.append(f"{label} not performed: no reception")
        else:
            m = replace(m, ball="in the air", carrier=None)
            m = _need(m, "reception", target)
            notes.append(f"{label} missed: {target} rolls BALL RECEPTION")
    elif action == "reception":
        m = _done(m, "reception", who)
        if ok:
            m = give_ball(m, who)
            notes.append(f"{who} receives the ball")
        else:
            m = replace(m, carrier=None, ball="loose")
            m = _need(m, "scatter", who)
            notes.append(f"the ball falls: scatter it from {who}")
    elif action in ("pick_up", "steal", "catch"):
        if ok:
            m = give_ball(m, who)
            notes.append(f"{who} takes the ball")
        elif action == "steal" and (target == "in the air" or m.ball == "in the air"):
            notes.append("the pass goes on")
        else:
            notes.append(f"{label} failed")
    elif action == "dodge":
        notes.append(f"{who} dodges: move {4 if crit else 2} in any direction" if ok else "DODGE failed")
    elif action == "break_through":
        if ok:
            m = _superstar(_ground(m, target), who)
            notes.append(f"{who} breaks through: {target} is GROUNDED")
            if crit:
                m = wound(m, target, notes)
            else:
                m = _need(m, "endurance", target)
        else:
            notes.append("BREAK THROUGH failed")
    elif action == "tackle":
        if ok:
            m = _superstar(_ground(_ground(m, who), target), who)
            notes.append(f"{who} tackles {target}: both GROUNDED")
            m = wound(m, target, notes) if crit else _need(m, "endurance", target)
        elif outcome == "cancelled":
            notes.append(f"{who}'s tackle is cancelled: not performed, not grounded")
        elif m.get(who).state.grounded and not m.rulings.ground_tokens_stack:
            # Already knocked down (a BREAK THROUGH won): the REF roll to stay up is moot
            # (the ruling ground_tokens_stack reads L1675-1677 the other way).
            notes.append(f"{who}'s tackle failed")
        else:
            m = _need(m, "failed_tackle", who)
            notes.append(f"{who}'s tackle failed: REF roll to stay up")
    elif action == "failed_tackle":
        m = _done(m, "failed_tackle", who)
        if not ok:
            m = _need(_ground(m, who), "endurance", who)
            notes.append(f"{who} is GROUNDED: ENDURANCE roll")
    elif action == "endurance":
        m = _done(m, "endurance", who)
        if not ok:
            m = wound(m, who, notes)
        else:
            notes.append(f"{who} takes no damage")
    elif action == "try":
        team = m.team_of(who)
        if ok:                                      # the score is the table's: see moves.py
            m = _superstar(m, who)
            decider = 1 - team                      # the coach who received the try decides
        else:
            notes.append(f"{LABELS['try']} failed: kick-off")
            decider = 1 - team                      # the defending coach decides
        m = _need(replace(m, carrier=None, ball="none"), "kick_off", str(decider))
    elif action == "kick":
        m = replace(m, carrier=None, ball="loose")    # it lands: placed, or scattered first
        if ok:
            notes.append("the kicker places the ball on the template's edge")
        else:
            m = _need(m, "scatter", "ball")
            notes.append("the kick is off: scatter the ball from the template's centre")
    return m, notes


def roll_injury(m: Match, name: str, dice: list[int]) -> tuple[Match, list[str]]:
    """Apply an injury rolled with ``dice`` (more than one when the tables nest)."""
    p = m.get(name)
    if not p.state.injured:
        raise IllegalMove(f"{name} is not injured")
    try:
        injuries = resolve_injury(list(dice))
    except ValueError as exc:
        raise IllegalMove(str(exc)) from None
    state = p.state.apply_injuries(injuries)
    m = _done(m.with_player(replace(p, state=state)), "injury", name)
    notes = [f"{name}: {', '.join(i.name for i in injuries)}"]
    if state.removed:
        notes.append(f"{name} is out of the match")
    return m, notes


def scattered(m: Match, who: str) -> Match:
    """The scatter roll was made and the ball placed: it lies loose on the pitch."""
    return replace(_done(m, "scatter", who), carrier=None, ball="loose")


# --- activation bookkeeping -------------------------------------------------------

def activated(m: Match, name: str, notes: list[str]) -> Match:
    """An activation token on ``name``; the third in one time phase gives a FATIGUE token."""
    p = m.get(name)
    if p.state.injured or p.state.removed:
        raise IllegalMove(f"{name} is off the field")
    m = replace(m.with_player(replace(p, activations=p.activations + 1)), carrier_at_activation=m.carrier)
    return fatigue(m, name, notes) if p.activations + 1 == 3 else m


def new_time_phase(m: Match) -> Match:
    return replace(m, players=tuple(replace(p, activations=0) for p in m.players))


def require_rolls_done(m: Match) -> None:
    """Steps 5 and 6 do not end while the rules still ask for a roll."""
    if m.rolls_due:
        raise IllegalMove("roll first: " + ", ".join(f"{LABELS[p.kind]} ({p.player})" for p in m.rolls_due))


def kicked_off(m: Match) -> Match:
    """Before a kick-off: activation tokens off, team plays back, injured players who
    may come back come back, everybody is placed standing."""
    players = tuple(replace(p, activations=0, state=replace(p.state, grounded=False, more_ground=0, injured=False)
                            if not p.state.removed else p.state) for p in m.players)
    pending = tuple(p for p in m.pending if p.kind not in ("kick_off", "injury"))
    return replace(m, players=players, carrier=None, ball="in the air", declared=(), pending=pending,
                   team_plays_used=((), ()))


def half_time(m: Match) -> Match:
    """HALFTIME: all players remove a fatigue token (an active one first)."""
    def one_less(s: PlayerState) -> PlayerState:
        tokens = list(s.fatigue)
        for kind in ("active", "inactive"):
            if kind in tokens:
                tokens.remove(kind)
                break
        return replace(s, fatigue=tuple(tokens))
    return replace(m, players=tuple(replace(p, state=one_less(p.state), activations=0) for p in m.players))


# --- team skills and plays ----------------------------------------------------------

def use_team_skill(m: Match, team: int, effect: str, player: str = "") -> tuple[Match, str]:
    skill = m.team_skills[team]
    if skill == TERIOMORPH_SKILL:
        cost = SUPERSTARS_COST.get(effect)
        if cost is None:
            raise IllegalMove(f"Superstars effects: {', '.join(SUPERSTARS_COST)}")
        if m.superstars[team] < cost:
            raise IllegalMove(f"{effect} costs {cost} Superstars tokens; the team has {m.superstars[team]}")
        # L2137: "+1 ... (up to a maximum of +3)"; L2138: "Reroll a die. (Only once per roll)":
        # counted since the last roll was resolved
        already = m.bought[team].count(effect) if not m.rulings.legacy else 0
        if effect == "+1" and already >= 3:
            raise IllegalMove("Superstars: +3 is the most one roll can get")
        if effect == "reroll" and already >= 1:
            raise IllegalMove("Superstars: one re-roll per roll")
        tokens, bought = list(m.superstars), list(m.bought)
        tokens[team] -= cost
        bought[team] = bought[team] + (effect,)
        return (replace(m, superstars=tuple(tokens), bought=tuple(bought)),
                f"Superstars: {effect} ({cost} token{'s' * (cost > 1)})")
    if skill == YAMATO_SKILL:
        p = m.get(player)
        if p.team != team or p.honor < 1:
            raise IllegalMove(f"{player} has no Unwavering Honor token")
        if effect not in HONOR_EFFECTS:
            raise IllegalMove(f"Unwavering Honor effects: {', '.join(HONOR_EFFECTS)}")
        st = p.state
        if effect == "stand up":
            if not st.grounded or m.carrier == player:
                raise IllegalMove(f"{player} cannot remove a GROUNDED token now")
            st = st.stand_up()
        elif effect == "flip fatigue":
            if "active" not in st.fatigue:
                raise IllegalMove(f"{player} has no active fatigue token")
            st = replace(st, fatigue=tuple(_flip_one(st.fatigue)))
        m = m.with_player(replace(p, state=st, honor=p.honor - 1))
        return m, f"Unwavering Honor: {player} - {effect}"
    raise IllegalMove(f"{skill or 'this team'} has no team skill tokens to use")


def _flip_one(tokens: tuple[str, ...]) -> list[str]:
    out = list(tokens)
    out[len(out) - 1 - out[::-1].index("active")] = "inactive"
    return out


def use_play(m: Match, team: int, card: str, kind: str, active_carrier: bool) -> Match:
    """Plays are bookkeeping: a team play is set aside until the next kick-off,
    and needs the active player to carry the ball; an individual play is discarded."""
    if kind == "team":
        if not active_carrier:
            raise IllegalMove("team plays need the active player to carry the ball")
        if card in m.team_plays_used[team]:
            raise IllegalMove(f"{card} was used already: it comes back at the next kick-off")
        used = list(m.team_plays_used)
        used[team] = used[team] + (card,)
        return replace(m, team_plays_used=tuple(used))
    if kind == "individual":
        used = list(m.individual_plays_used)
        used[team] = used[team] + (card,)
        return replace(m, individual_plays_used=tuple(used))
    raise IllegalMove("a play is 'team' or 'individual'")
