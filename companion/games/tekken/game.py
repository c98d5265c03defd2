"""TEKKEN as the companion runs it: the health bars with the Rage zone, damage, rounds to
three wins, the String with its slots, Stun cards, Heat and the Punishment token, the
punish attempt as an impartial referee (the Attack card tapped face down on the NFC reader,
its area looked up and never shown before the Defender's guess), and the Stage."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from companion.config.settings import comma_list, setting
from companion.games.base import Game
from companion.games.tekken.rules import RULES
from companion.sim.script import Demo, Step

EXAMPLE_CARDS = Path(__file__).with_name("attack_cards.toml")


@dataclass(frozen=True)
class TekkenSettings:
    max_hp: int = setting(20, "Length of a TEKKEN health bar. The extracted rulebook does not give it; "
                          "set it to your HP track's length.", minimum=7, maximum=99)
    attack_slots: int = setting(3, "Attack Slots on a Combo Board (the extracted rulebook does not give them).",
                                minimum=1, maximum=9)
    rounds_to_win: int = setting(3, "Rounds that win the game (\"by default ... three rounds\").", minimum=1,
                                 maximum=9)
    heat_on_block: str = setting("keep-initiative", "Heat, and the Defender guessing right (its page is missing, "
                                 "lines 37 and 45): the String goes on and nobody gets the Punishment token "
                                 "(keep-initiative), or the Defender gets it all the same (keep-initiative-token).",
                                 choices=("keep-initiative", "keep-initiative-token"))
    rage_returns: bool = setting(True, "A Rage card used in a round may be chosen again in a later round "
                                 "(line 95 says only \"during this Round\").")
    attack_cards: str = setting("", "A TOML file of your Attack cards' areas ([areas] \"Card name\" = \"high\"); "
                                "empty: the examples in companion/games/tekken/attack_cards.toml.")
    stage_rows: int = setting(3, "The Stage's rows of spaces (the Stage Help Sheets are not in the text).",
                              minimum=2, maximum=20)
    stage_cols: int = setting(7, "The Stage's columns of spaces.", minimum=2, maximum=20)
    blasting_walls: str = setting("", "Which Stage walls are blasting (2 damage), comma-separated: north, south, "
                                  "east, west; the others are regular (1).")


def start_data(cfg) -> dict:
    c = cfg.tekken
    walls = {w: "blasting" for w in comma_list(c.blasting_walls)}
    return {"max_hp": c.max_hp, "attack_slots": c.attack_slots, "rounds_to_win": c.rounds_to_win,
            "heat_on_block": c.heat_on_block, "rage_returns": c.rage_returns,
            "stage": {"rows": c.stage_rows, "cols": c.stage_cols, "walls": walls}, "attack_cards": c.attack_cards}


def card_areas(path: str | None = None) -> dict[str, str]:
    """Attack card name -> area, from ``path`` or the shipped examples."""
    data = tomllib.loads(Path(path or EXAMPLE_CARDS).expanduser().read_text())
    return {str(k): str(v).lower() for k, v in data.get("areas", {}).items()}


def _on_tag(session, binding) -> bool:
    """An Attack card tapped face down: played into the String, its area kept hidden."""
    if binding.kind != "tekken-attack":
        return False
    g = session.state.g
    if g.string is None:
        session.refusal = "start the String first (string_start), then tap the Attack card"
        return True
    try:
        areas = card_areas(g.attack_cards or None)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        session.refusal = f"cannot read the Attack cards' areas: {exc}"
        return True
    area = areas.get(binding.name)
    if area is None:
        session.refusal = f"no Attack Area known for {binding.name}: add it to the attack cards file"
        return True
    session.submit("attack_played", side=g.string.offensive, card=binding.name, area=area)
    return True


def _guess(area):
    def act(s, view):
        string = s.state.g.string
        if string is None or not string.pending_area:
            s.refusal = "no Attack Card waits for a guess"
            return None
        return s.submit("punish_guessed", side=string.defender, area=area)
    return act


def _string_start(s, view):
    return s.submit("string_started", side=s.state.g.next_offensive)


def _by_the_offensive(event: str, refusal: str):
    """A button that submits ``event`` for the fighter whose String is on; ``refusal`` when none is."""
    def act(s, view):
        string = s.state.g.string
        if string is None:
            s.refusal = refusal
            return None
        return s.submit(event, side=string.offensive)
    return act


_string_end = _by_the_offensive("string_ended", "no String is on")
_heat = _by_the_offensive("heat_activated", "Heat is activated in your String, before playing a card")


def _screen():
    from companion.games.tekken.screen import TekkenScreen

    return TekkenScreen()


def _steps(scene, vision) -> list[Step]:
    def do(event, /, **data):
        return lambda s, tag: s.submit(event, **data, **tag)
    return [
        Step(1.0, lambda s, tag: s.toss("Kazuya", "tails", **tag), (("coin-toss", 1.6),)),
        Step(1.2, do("rage_chosen", side=0, card="Devil Within")),
        Step(1.0, do("rage_chosen", side=1, card="Kazama Style")),
        Step(1.2, do("string_started", side=0)),
        Step(1.2, do("attack_played", side=0, card="Body Blow", area="mid"), (("face-down", 1.0),)),
        Step(1.5, do("punish_guessed", side=1, area="high"), (("not-blocked", 1.0),)),
        Step(1.2, do("strike", target=1, damage=5, symbols=1)),
        Step(1.0, do("swept", target=1)),
        Step(1.2, do("attack_played", side=0, card="Low Kick", area="low")),
        Step(1.5, do("punish_guessed", side=1, area="mid")),
        Step(1.2, do("strike", target=1, damage=8, symbols=2), (("hp-bars", 0.5),)),
        Step(1.2, do("string_ended", side=0)),
        Step(1.2, do("string_started", side=1)),
        Step(1.2, do("attack_played", side=1, card="Uppercut", area="mid")),
        Step(1.5, do("punish_guessed", side=0, area="mid"), (("blocked", 1.0),)),
        Step(1.5, lambda s, tag: s.roll(6, 1, label="Punish attempt", **tag), (("final", 1.5),)),
    ]


def demo() -> Demo:
    return Demo({"fighters": ["Kazuya", "Jin"], "max_hp": 20, "message": "Demo: TEKKEN, round 1"}, _steps)


GAME = Game(
    rules=RULES,
    actions={"hp_damage_left": lambda s, v: s.submit("hp_changed", side=0, delta=-1),
             "hp_damage_right": lambda s, v: s.submit("hp_changed", side=1, delta=-1),
             "hp_heal_left": lambda s, v: s.submit("hp_changed", side=0, delta=1),
             "hp_heal_right": lambda s, v: s.submit("hp_changed", side=1, delta=1),
             "new_round": lambda s, v: s.submit("hp_reset"),
             "string_start": _string_start, "string_end": _string_end, "heat": _heat,
             "guess_high": _guess("high"), "guess_mid": _guess("mid"), "guess_low": _guess("low")},
    default_buttons={"gpio17": "guess_high", "gpio27": "guess_mid", "gpio22": "guess_low", "gpio23": "undo",
                     "pico0": "guess_high", "pico1": "guess_mid", "pico2": "guess_low", "pico3": "string_start"},
    screen=_screen,
    demo=demo,
    settings=TekkenSettings,
    start_data=start_data,
    nfc_kinds=("tekken-character", "tekken-attack"),
    on_tag=_on_tag,
    summary="a one-on-one fighting board game: HP and Rage, the String, the punish attempt refereed, the Stage",
)
