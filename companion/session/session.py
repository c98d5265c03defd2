"""GameSession: the single door through which the game state changes.

``submit`` checks an event against the rules (by applying it to a copy of the
state), writes it to the journal, and only then makes it the current state and
tells the listeners (the screen). A refused event changes nothing and leaves a
message for the players.
"""

from __future__ import annotations

import logging
from typing import Callable

from companion.rules import table
from companion.rules.events import Event, IllegalMove
from companion.session.chance import Chance
from companion.session.journal import Journal, JournalError

log = logging.getLogger(__name__)

Listener = Callable[[Event, table.TableState], None]


class GameSession:
    def __init__(self, journal: Journal, game_id: int, chance: Chance, clock):
        self.journal, self.game_id, self.chance, self.clock = journal, game_id, chance, clock
        self.events: list[Event] = journal.events(game_id)
        self.state: table.TableState = table.replay(self.events)
        self.listeners: list[Listener] = []
        self.refusal: str = ""

    # --- opening ------------------------------------------------------------

    @classmethod
    def start(cls, journal: Journal, chance: Chance, clock, game: str, label: str = "",
              resume: bool = True, **setup) -> tuple["GameSession", bool]:
        """Resume the newest unfinished game of ``game`` with this label, or start a new one.

        Returns the session and whether it was resumed.
        """
        game_id = journal.unfinished_game(label, game) if resume else None
        if game_id is not None:
            session = cls(journal, game_id, chance, clock)
            if session.events:
                log.info("resumed game %s at event %s", game_id, len(session.events))
                return session, True
        game_id = game_id or journal.new_game(game, label, at=clock.now())
        session = cls(journal, game_id, chance, clock)
        session.submit("game_started", game=game, **setup)
        return session, False

    # --- changing the state ---------------------------------------------------

    def submit(self, kind: str, /, **data) -> Event | None:
        """Journal and apply one event; None (and ``refusal`` set) if the rules refuse it."""
        at = self.clock.now()
        probe = Event(kind, data, at, len(self.events) + 1)
        try:
            if kind == "undo":
                if table.undo_target(self.events) is None:
                    raise IllegalMove("nothing to undo")
            else:
                table.apply(self.state, probe)
        except IllegalMove as exc:
            self.refusal = str(exc)
            log.info("refused %s: %s", kind, exc)
            return None
        try:
            event = self.journal.append(self.game_id, kind, data, at)
        except JournalError as exc:
            # Nothing is shown that is not on disk: the event is refused, the table stays as it
            # was and the players are told; the next event tries the disk again.
            self.refusal = str(exc)
            log.error("%s", exc)
            return None
        self.events.append(event)
        if kind == "undo":
            self.state = table.replay(self.events)
        else:
            self.state = table.apply(self.state, event)
        self.refusal = ""
        for listener in self.listeners:
            listener(event, self.state)
        return event

    def roll(self, sides: int, count: int = 1, **data) -> Event | None:
        """Draw dice from the chance service and journal the draw with its inputs."""
        index = self.state.chance_draws
        values = self.chance.dice(sides, count, index)
        return self.submit("dice_rolled", sides=sides, count=count, values=values, index=index,
                           source=self.chance.source, **data)

    def roll_check(self, check, **data) -> Event | None:
        """Roll a game's check (``action``, ``name``, ``base``, ``modifiers``, ``dice``, ``cancelled``;
        Takkure's ``actions.Check``): its dice, journaled with
        the characteristic and every modifier, so the screen and any replay explain it."""
        if check.cancelled:
            self.refusal = f"{check.action}: {check.cancelled}"
            return None
        return self.roll(12, check.dice, label=check.action, base=check.base, characteristic=check.name,
                         modifiers=[list(m) for m in check.modifiers], **data)

    def toss(self, caller: str, call: str, **data) -> Event | None:
        """The referee roll: ``caller`` calls heads or tails, the coin decides."""
        index = self.state.chance_draws
        return self.submit("coin_tossed", caller=caller, call=call, result=self.chance.coin(index),
                           index=index, source=self.chance.source, **data)

    def undo(self) -> Event | None:
        return self.submit("undo")

    def finish(self) -> None:
        self.journal.finish(self.game_id, self.clock.now())
