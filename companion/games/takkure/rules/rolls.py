"""Takkure D12 rolls.

"Roll a twelve-sided die (D12), apply all the modifiers and then check the
result. If it is equal or lower, it is a successful roll." A 1 is a critical
success, a 12 a fumble that "is always a miss, regardless of the
characteristic's value".

>>> unopposed(6, 8)
'success'
>>> unopposed(1, 0), unopposed(12, 15), unopposed(9, 8)
('critical', 'fumble', 'fail')
>>> explain("Pass", 7, [(2, "2-4 in"), (-1, "pressure")], 6)
'Pass: 7 +2 (2-4 in) -1 (pressure) = 8 - rolled 6: success'
"""

from __future__ import annotations

from typing import Iterable

CRITICAL, FUMBLE = 1, 12


def modified(base: int, modifiers: Iterable[tuple[int, str]]) -> int:
    """The characteristic with all its modifiers applied."""
    return base + sum(m for m, _ in modifiers)


def unopposed(die: int, target: int) -> str:
    """Outcome of one D12 against a modified characteristic:
    'critical', 'fumble', 'success' or 'fail'."""
    if not 1 <= die <= 12:
        raise ValueError(f"a D12 shows 1 to 12, not {die}")
    if die == FUMBLE:
        return "fumble"
    if die == CRITICAL:
        return "critical"
    return "success" if die <= target else "fail"


def explain(label: str, base: int, modifiers: Iterable[tuple[int, str]], die: int,
            characteristic: str = "") -> str:
    """One line a player can check: characteristic, each modifier, total, die, outcome."""
    modifiers = list(modifiers)
    parts = [f"{label}: {characteristic + ' ' if characteristic else ''}{base}"]
    parts += [f"{m:+d} ({why})" for m, why in modifiers]
    total = modified(base, modifiers)
    return " ".join(parts) + f" = {total} - rolled {die}: {unopposed(die, total)}"
