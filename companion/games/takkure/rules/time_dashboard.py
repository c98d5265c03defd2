"""The Takkure time dashboard ("6.03 TIME").

Both time tokens start on slot 5, active side up. An attacker who has used all
4 activation tokens takes 4 new ones this way:

- own token active: flip it to inactive;
- own token inactive: move both tokens one slot down and flip both active,
  then flip your own to inactive;
- if the tokens must move down from slot 1, time is up: the half ends.

Teams are 0 and 1.

>>> d = TimeDashboard()
>>> d = d.take_activation_tokens(0)        # Fig 2: flip own token
>>> d.slot, d.active
(5, (False, True))
>>> d = d.take_activation_tokens(0)        # Fig 3-4: both down, own flipped
>>> d.slot, d.active
(4, (False, True))
>>> d.take_activation_tokens(1).active     # the other team flips its own
(False, False)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from companion.rules.events import IllegalMove

FIRST_SLOT, LAST_SLOT = 5, 1


@dataclass(frozen=True)
class TimeDashboard:
    slot: int = FIRST_SLOT
    active: tuple[bool, bool] = (True, True)
    time_up: bool = False

    def take_activation_tokens(self, team: int) -> "TimeDashboard":
        """The dashboard after ``team`` takes its 4 activation tokens (or time runs out)."""
        if self.time_up:
            raise IllegalMove("time is up: this half is over")
        if self.active[team]:
            return replace(self, active=_set(self.active, team, False))
        if self.slot == LAST_SLOT:
            return replace(self, time_up=True)
        return replace(self, slot=self.slot - 1, active=_set((True, True), team, False))

    def can_kick_out(self, team_score: int, other_score: int) -> bool:
        """On slot 1 an attacker with the lower score may end the half by kicking out."""
        return self.slot == LAST_SLOT and team_score < other_score


def _set(pair: tuple[bool, bool], index: int, value: bool) -> tuple[bool, bool]:
    return (value, pair[1]) if index == 0 else (pair[0], value)
