"""Takkure rules, pure and tested.

- ``rolls``           one D12 against a modified characteristic; the one-line explanation
- ``dice``            face-to-face, multiple face-to-face, melee, several dice
- ``geometry``        distances between bases, pass and reception modifiers, pressure,
                      the marked move, reaching a trajectory, interception, "place at"
- ``players``         fatigue, rest, wounds, endurance, the injury tables
- ``roster``          player cards and team skills from TOML (``rosters/`` has examples)
- ``time_dashboard``  the time tokens and activation tokens
"""
