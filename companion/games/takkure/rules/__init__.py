"""Takkure rules, pure and tested (no OpenCV, pygame, serial or sqlite).

- ``state``           Takkure's own table state (half, dashboard, activation, match) and its event set
- ``flow``            kick-off, time tokens, halves, activations and their six steps, tries
- ``moves``           the match's events: declarations, resolved rolls, injuries, scatters, skills, plays
- ``rolls``           one D12 against a modified characteristic; the one-line explanation
- ``dice``            face-to-face, multiple face-to-face, melee, several dice
- ``geometry``        distances between bases, pass and reception modifiers (``pass_modifier``),
                      pressure, the marked move, reaching a trajectory, interception, "place at"
- ``actions``         what each action rolls: characteristic, modifiers with reasons, skill dice
- ``adjudicate``      step 5: which rolls the declarations and the measured bases call for
- ``match``           players on the pitch, the ball, declarations, each result's effects
- ``players``         fatigue, rest, wounds, endurance, the injury tables
- ``roster``          player cards and team skills from TOML (``rosters/`` has examples)
- ``time_dashboard``  the time tokens and activation tokens

``RULES`` is what the core knows of Takkure (:class:`companion.games.base.Rules`).
"""

from __future__ import annotations

from companion.games.base import Rules
from companion.games.takkure.rules import dice as _dice
from companion.games.takkure.rules import flow as _flow  # noqa: F401  (registers its events)
from companion.games.takkure.rules import moves as _moves  # noqa: F401  (registers its events)
from companion.games.takkure.rules import rolls as _rolls
from companion.games.takkure.rules.state import MOVES, setup


def explain_check(label: str, base: int, modifiers, values, characteristic: str) -> tuple[str, str]:
    """A checked D12 roll: the best die against the modified characteristic.

    >>> explain_check("Pass", 7, [(2, "2-4 in")], [6], "BaC")
    ('Pass: BaC 7 +2 (2-4 in) = 9 - rolled 6: success', 'success')
    """
    kept, target, line = _dice.explain_best(label, base, modifiers, list(values), characteristic)
    return line, _rolls.unopposed(kept, target)


RULES = Rules(name="takkure", title="TAKKURE", moves=MOVES, setup=setup, explain_check=explain_check,
              tools=("dice", "coin", "countdown", "cards"))
