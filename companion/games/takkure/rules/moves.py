"""The Takkure match's events, folded into the table state.

- ``action_declared`` {player, action, target}: a declaration in the step that allows it.
- ``roll_resolved`` {contest, rolls: [{player, action, target, label, characteristic,
  base, modifiers, dice}], index}: dice for one roll (unopposed rolls, a face-to-face
  roll or a melee roll). The rules decide who won and apply each action's effects.
- ``injury_rolled`` {player, dice}, ``ball_scattered`` {player, die}: the follow-up rolls.
- ``team_skill_used`` {team, effect, player}, ``play_used`` {team, card, kind}: bookkeeping.

Dice decide: ``roll_resolved``, ``injury_rolled`` and ``ball_scattered`` are facts an
undo never takes back, and an undo does not reach past them (each is declared
``barrier=True``: taking back the tackle declared before its roll would leave the
roll's effects without a cause).
"""

from __future__ import annotations

from dataclasses import replace

from companion.errors import IllegalMove
from companion.games.takkure.rules import dice, match, rolls
from companion.games.takkure.rules.flow import possession_to_carrier
from companion.games.takkure.rules.state import MOVES
from companion.rules.events import Event
from companion.rules.table import TableState
from companion.rules.tools.dice import RollView


def _draws_after(st: TableState, e: Event) -> int:
    """The next draw index: after the event's own draws when the chance service rolled them;
    unchanged when the players rolled their own dice and entered them."""
    if e.get("index") is None:
        return st.chance_draws
    return int(e.get("index")) + int(e.get("draws", 1))


def _after_ball(st: TableState) -> TableState:
    """Outside an activation (a kick-off catch) possession changes at once; during one,
    at its end (see ``table._after_activation``)."""
    return st if st.g.step else possession_to_carrier(st)


@MOVES.move("action_declared")
def _declared(st: TableState, e: Event) -> TableState:
    d = match.Declaration(str(e.get("player", "")), str(e.get("action", "")), str(e.get("target", "") or ""))
    m = match.declare(st.g.match, st.g.step, st.g.attacker, st.g.active_player, d)
    what = match.LABELS[d.action] + (f" ({d.target})" if d.target else "")
    return replace(st.with_game(match=m), message=f"{d.player}: {what}")


FORCED = ("fail", "cancelled")     # results without a roll: a tackle without contact, a pass from too far


def _entry(raw) -> tuple[dict, int, int, str]:
    """(roll, kept die, modified characteristic, explanation); die 0 when no roll was made."""
    if not isinstance(raw, dict) or not raw.get("player"):
        raise IllegalMove("roll_resolved: each roll is a table with a player")
    label = str(raw.get("label", raw.get("action", "")))
    if raw.get("result"):
        if raw["result"] not in FORCED:
            raise IllegalMove(f"roll_resolved: a result without dice is fail or cancelled, not {raw['result']!r}")
        return raw, 0, 0, f"{label}: {raw.get('why', 'no roll')} - {raw['result']}"
    values = [int(v) for v in raw.get("dice", ())]
    if not values or any(not 1 <= v <= 12 for v in values):
        raise IllegalMove(f"roll_resolved: dice {values} are not D12 results")
    mods = [(int(m), str(why)) for m, why in raw.get("modifiers", ())]
    kept, need, line = dice.explain_best(label, int(raw.get("base", 0)), mods, values,
                                         str(raw.get("characteristic", "")))
    return raw, kept, need, line


def _outcomes(contest: str, entries) -> tuple[dict[str, str], dict[str, bool], list[str]]:
    """Each roller's result, whether another roller won, and who tied for the best."""
    forced = {r["player"]: r["result"] for r, *_ in entries if r.get("result")}
    rolled = [(r, kept, need) for r, kept, need, _ in entries if not r.get("result")]
    if contest == "unopposed":
        return {**forced, **{r["player"]: rolls.unopposed(kept, need) for r, kept, need in rolled}}, {}, []
    if contest not in ("face_to_face", "melee"):
        raise IllegalMove(f"roll_resolved: contest is unopposed, face_to_face or melee, not {contest!r}")
    if forced or len(rolled) < 2:
        raise IllegalMove(f"a {contest.replace('_', '-')} roll needs two rollers or more, each with dice")
    result = dice.face_to_face([dice.Roll(r["player"], kept, need) for r, kept, need in rolled])
    names = {dice.FAIL: "fail", dice.CANCELLED: "cancelled", dice.TIE: "cancelled"}
    outcomes, beaten = {}, {}
    for r, kept, need in rolled:
        o = result.outcomes[r["player"]]
        outcomes[r["player"]] = rolls.unopposed(kept, need) if o == dice.WIN else names[o]
        beaten[r["player"]] = result.winner not in (None, r["player"])
    return outcomes, beaten, [w for w, o in result.outcomes.items() if o == dice.TIE]


@MOVES.move("roll_resolved", barrier=True)
def _roll_resolved(st: TableState, e: Event) -> TableState:
    contest = e.get("contest", "unopposed")
    entries = [_entry(r) for r in e.get("rolls", ())]
    if not entries:
        raise IllegalMove("roll_resolved: no rolls")
    if len({r["player"] for r, *_ in entries}) != len(entries):
        raise IllegalMove("roll_resolved: each player rolls once")
    outcomes, beaten, tied = _outcomes(contest, entries)
    rollers = {r["player"] for r, *_ in entries}
    rerolling = any(p.kind == "reroll" and p.player in rollers for p in st.g.match.pending)
    m = replace(st.g.match, pending=tuple(p for p in st.g.match.pending
                                          if not (p.kind == "reroll" and p.player in rollers)),
                bought=((), ()))          # what Superstars bought was for this roll
    notes: list[str] = []
    effective = entries
    if (contest == "melee" or rerolling) and len(tied) > 1:
        # MELEE ROLL: a tie for the best is rolled again face-to-face among the tied;
        # nobody's action takes effect until then.
        m = replace(m, pending=m.pending + tuple(match.Pending("reroll", w) for w in tied))
        notes.append(f"tie for the best: {', '.join(tied)} roll again face-to-face")
        effective = [x for x in entries if x[0]["player"] not in tied]
    # Every roll is checked against the ball as it was before any of them took effect: in a
    # melee the winner takes the ball the others' rolls were for (L1789-1792).
    for r, *_ in entries:
        why = match.moot(m, str(r.get("action", "")), str(r["player"]), str(r.get("target", "") or ""))
        if why:
            raise IllegalMove(why)
    score = list(st.score)
    for r, *_ in effective:
        who, action = str(r["player"]), str(r.get("action", ""))
        m, more = match.resolve(m, action, who, outcomes[who], str(r.get("target", "") or ""),
                                beaten.get(who, False), checked=True)
        notes += more
        if action == "try" and outcomes[who] in ("success", "critical"):
            score[m.team_of(who)] += 1
            notes.append(f"TRY! {st.teams[m.team_of(who)]} score")
    st = replace(st.with_game(match=m), score=tuple(score))
    message = "; ".join(notes)
    all_dice = tuple(int(v) for r, *_ in entries for v in r.get("dice", ()))
    lines = " | ".join(line for *_, line in entries)
    first = entries[0][0]
    roll = RollView(12, all_dice or (1,), str(first.get("label", "")), lines, outcomes[first["player"]], e.seq) \
        if all_dice else st.last_roll
    st = st.with_game(step_rolled=st.g.step_rolled or st.g.step == 5, roll_lines=st.g.roll_lines[-5:] + (lines,))
    return _after_ball(replace(st, last_roll=roll, chance_draws=_draws_after(st, e), message=message or lines))


@MOVES.move("injury_rolled", barrier=True)
def _injury(st: TableState, e: Event) -> TableState:
    values = [int(v) for v in e.get("dice", ())]
    m, notes = match.roll_injury(st.g.match, str(e.get("player", "")), values)
    return replace(st.with_game(match=m), chance_draws=_draws_after(st, e), message="; ".join(notes))


@MOVES.move("ball_scattered", barrier=True)
def _scattered(st: TableState, e: Event) -> TableState:
    who = str(e.get("player", "ball"))
    if not any(p.kind == "scatter" and p.player == who for p in st.g.match.pending):
        raise IllegalMove("no scatter roll is due")
    die = int(e.get("die", 0))
    if not 1 <= die <= 12:
        raise IllegalMove(f"a scatter die shows 1 to 12, not {die}")
    return replace(st.with_game(match=match.scattered(st.g.match, who)), chance_draws=_draws_after(st, e),
                   message=f"Scatter: {die} - the ball lies loose")


@MOVES.move("team_skill_used")
def _team_skill(st: TableState, e: Event) -> TableState:
    team = e.get("team")
    if team not in (0, 1):
        raise IllegalMove("team_skill_used: team must be 0 or 1")
    m, note = match.use_team_skill(st.g.match, team, str(e.get("effect", "")), str(e.get("player", "")))
    return replace(st.with_game(match=m), message=note)


@MOVES.move("play_used")
def _play(st: TableState, e: Event) -> TableState:
    team = e.get("team")
    if team not in (0, 1):
        raise IllegalMove("play_used: team must be 0 or 1")
    card, kind = str(e.get("card", "")), str(e.get("kind", ""))
    carrier_active = st.g.active_player is not None and st.g.match.carrier == st.g.active_player
    m = match.use_play(st.g.match, team, card, kind, carrier_active)
    return replace(st.with_game(match=m), message=f"{st.teams[team]} play {card} ({kind} play)")
