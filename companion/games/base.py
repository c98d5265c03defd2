"""What a game is, to the core: its :class:`Rules` (pure) and its :class:`Game` (the rest).

The core (session, journal, replay, screen loop, runtime, doctor, command line)
knows a game only through these two objects, found by name in the registry
(:mod:`companion.games`). A game package ``companion/games/<game>/`` holds:

- ``rules/``    pure: its state, its events (a :class:`~companion.rules.moves.MoveSet`),
                ``RULES``; no OpenCV, pygame, serial or sqlite
- ``game.py``   ``GAME``: the rules plus buttons, settings, screen and demo
- ``screen.py`` its layout and widgets (loaded only when a screen is drawn)
- ``demo.py``   its scripted demo on the simulated table

See docs/ARCHITECTURE.md, "Adding a game".
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, Callable, Mapping

from companion.rules.moves import Move, MoveSet

SHARED_TOOLS = ("dice", "coin", "countdown", "cards", "score")


@dataclass(frozen=True)
class Rules:
    """A game's rules: everything replay needs, and nothing that does I/O.

    ``setup(data)`` turns the ``game_started`` event's data into the game's own
    initial state (``TableState.g``). ``explain_check(label, base, modifiers,
    values, characteristic) -> (line, outcome)`` explains a checked D12 roll, for
    games that have one.
    """
    name: str                                   # journals and settings use it: "takkure"
    title: str                                  # the screen's header: "TAKKURE"
    moves: MoveSet                              # the game's own events
    setup: Callable[[Mapping[str, Any]], Any] = lambda data: None
    tools: tuple[str, ...] = SHARED_TOOLS       # the shared tools it uses
    built: bool = True                          # False: only the shared tools; the screen says so
    explain_check: Callable | None = None
    sides: tuple[str, str] = ("Home", "Away")   # the two sides' names when the setup names none

    def __post_init__(self):
        from companion.rules.tools import TOOLS

        unknown = [t for t in self.tools if t not in TOOLS]
        if unknown:
            raise ValueError(f"{self.name}: unknown shared tool {', '.join(unknown)}")
        for tool in self.tools:
            clash = TOOLS[tool].kinds() & self.moves.kinds()
            if clash:
                raise ValueError(f"{self.name}: {', '.join(sorted(clash))} belong to the {tool} tool")

    def lookup(self, kind: str) -> Move | None:
        """The move of ``kind`` in this game: its own, or a shared tool's it uses."""
        from companion.rules.tools import TOOLS

        if kind in self.moves:
            return self.moves[kind]
        for tool in self.tools:
            if kind in TOOLS[tool]:
                return TOOLS[tool][kind]
        return None

    def kinds(self) -> frozenset[str]:
        from companion.rules.tools import TOOLS

        return self.moves.kinds().union(*(TOOLS[t].kinds() for t in self.tools))


@dataclass(frozen=True)
class SimulatedMatch:
    """Seeded bots that play a whole game through the session (``companion match``)."""
    setup: Callable[[], dict]                   # the game_started data
    play: Callable[[Any, int], str]             # (session, seed) -> a summary line; plays to the end


# An action: what a button does in this game. ``view`` is what the camera measures
# (companion.session.actions.TableView); the result is the event made, or None.
Action = Callable[[Any, Any], Any]


@dataclass(frozen=True)
class Game:
    """A game as the companion runs it: rules, buttons, settings, screen and demo.

    ``screen`` and ``demo`` are factories, so that importing a game (to read its
    settings or its button names) loads no pygame and no OpenCV.
    """
    rules: Rules
    actions: Mapping[str, Action] = field(default_factory=dict)       # its own button actions
    default_buttons: Mapping[str, str] = field(default_factory=dict)  # button -> action
    screen: Callable[[], Any] | None = None     # -> companion.ui.game_screen.GameScreen
    demo: Callable[[], Any] | None = None       # -> companion.sim.script.Demo
    settings: type | None = None                # a dataclass of `setting(...)` fields: [<name>]
    start_data: Callable[[Any], dict] = lambda cfg: {}   # game_started data for `run`, from the settings
    nfc_kinds: tuple[str, ...] = ()             # the kinds of NFC tag it uses
    simulated_match: "SimulatedMatch | None" = None   # `companion match`: bots play a whole game
    # The camera's eyes for this game, when they are not the base reader: (cfg, scene) -> a
    # pipeline with ``process(frame)`` (companion.vision.boards.TilesPipeline reads grids).
    vision: Callable[[Any, Any], Any] | None = None
    # The simulated table's scene for this game, when it is not a scene TOML: (session) -> a
    # scene that keeps itself in step with the session's state and renders itself.
    scene: Callable[[Any], Any] | None = None
    # A tapped NFC card the game takes itself, instead of the shared ``card_tapped`` (which
    # shows the card's name): (session, binding) -> True when it took it. TEKKEN's Attack
    # cards are played face down this way.
    on_tag: Callable[[Any, Any], bool] | None = None
    summary: str = ""                           # one line for `--help` and the docs

    @property
    def name(self) -> str:
        return self.rules.name

    @property
    def section(self) -> str:
        """Its settings section and button map: ``[takkure]``, ``[buttons.tekton_dash]``."""
        return self.rules.name.replace("-", "_")


def read_rulings(cls, data: Mapping[str, Any] | None, choices: Mapping[str, tuple] = {}) -> dict:
    """A game's rulings from ``game_started``'s ``rulings`` (a dataclass ``cls`` of defaults):
    the keys ``cls`` knows, each of ``choices`` checked, booleans and numbers read as the
    default's type. Returns the keyword arguments for ``cls``; ValueError names a bad value.
    (Takkure's rulings are older and stricter: journals without them replay as "legacy".)

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class R:
    ...     mode: str = "a"
    ...     n: int = 1
    >>> read_rulings(R, {"mode": "b", "n": "3", "other": 1}, {"mode": ("a", "b")})
    {'mode': 'b', 'n': 3}
    """
    out = {}
    for f in fields(cls):
        if f.name not in (data or {}):
            continue
        value = data[f.name]
        if f.name in choices and value not in choices[f.name]:
            raise ValueError(f"{f.name}: {value!r} is not one of {', '.join(choices[f.name])}")
        if isinstance(f.default, bool):
            value = bool(value)
        elif isinstance(f.default, int):
            value = int(value)
        out[f.name] = value
    return out

