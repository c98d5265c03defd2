"""The companion's settings, read from one TOML file.

Every setting is a field of a section dataclass below, with its default and a
one-line ``doc``. The README's configuration reference is generated from these
(``companion config --reference``), so the code is the single source of truth.

A bad file never produces a traceback: :func:`load_config` raises
:class:`ConfigError` whose message names the file, the key, what was expected
and what was found.

>>> cfg = load_config(None)
>>> cfg.screen.width, cfg.camera.backend
(800, 'picamera2')
"""

from __future__ import annotations

import dataclasses
import math
import re
import tomllib
import types
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.errors import CompanionError
from companion.games import names as game_names

DEMO_JOURNAL = "~/.local/state/companion/demo.sqlite"  # `demo` keeps its games apart from real ones
# The games and their button actions come from the registry (companion/games/).


def comma_list(text: str) -> list[str]:
    """A setting that lists names, comma-separated, as a list: blanks dropped.

    >>> comma_list(" red, blue ,, ")
    ['red', 'blue']
    """
    return [item.strip() for item in text.split(",") if item.strip()]


def setting(default: Any, doc: str, choices: tuple | None = None, minimum: float | None = None,
            maximum: float | None = None):
    """A dataclass field that carries its documentation and its constraints."""
    meta = {"doc": doc, "choices": choices, "min": minimum, "max": maximum}
    if isinstance(default, dict):
        return field(default_factory=lambda: dict(default), metadata=meta)
    return field(default=default, metadata=meta)


@dataclass(frozen=True)
class GeneralSettings:
    game: str = setting("takkure", "The game `companion run` starts with (`companion demo` shows Takkure "
                        "unless given --game).", choices=game_names())
    log_level: str = setting("INFO", "Logging level.", choices=("DEBUG", "INFO", "WARNING", "ERROR"))


@dataclass(frozen=True)
class JournalSettings:
    path: str = setting("~/.local/state/companion/journal.sqlite",
                        "The event journal (sqlite3, WAL). An unfinished game in it resumes on start.")


@dataclass(frozen=True)
class ScreenSettings:
    backend: str = setting("auto", "`window` (desktop), `kmsdrm` (Pi console without X, fullscreen), "
                           "`headless` (PNG snapshots), or `auto`: a window when a display exists, "
                           "the KMS/DRM console on a Pi, headless otherwise.",
                           choices=("auto", "window", "kmsdrm", "headless"))
    width: int = setting(800, "Screen width in pixels (the official 7-inch Pi display is 800x480).",
                         minimum=320, maximum=7680)
    height: int = setting(480, "Screen height in pixels.", minimum=240, maximum=4320)
    fullscreen: bool = setting(False, "Fullscreen window (kmsdrm is always fullscreen).")
    fps: int = setting(60, "Frames per second the main loop aims for.", minimum=5, maximum=240)
    snapshot_dir: str = setting("snapshots", "Where the headless screen writes PNG snapshots.")


@dataclass(frozen=True)
class CameraSettings:
    backend: str = setting("picamera2", "`picamera2` (Pi camera), `opencv` (USB webcam), `file` "
                           "(video file or image folder), `simulated` (rendered table) or `none`.",
                           choices=("picamera2", "opencv", "file", "simulated", "none"))
    device: int = setting(0, "OpenCV capture index for the `opencv` backend.", minimum=0)
    path: str = setting("", "Video file or image folder for the `file` backend.")
    width: int = setting(1280, "Frame width asked of the camera (the Pi camera: 1280x720 for speed, "
                         "2304x1296 for detail).", minimum=160)
    height: int = setting(720, "Frame height asked of the camera.", minimum=120)
    fps: int = setting(30, "Frames per second asked of the camera.", minimum=1, maximum=120)
    scene: str = setting("takkure-demo", "Scene the `simulated` backend renders (a name in "
                         "companion/games/*/scenes or a path to a scene TOML).")


@dataclass(frozen=True)
class ControllerSettings:
    backend: str = setting("serial", "`serial` (the Pico over USB), `simulated` or `none`.",
                           choices=("serial", "simulated", "none"))
    port: str = setting("auto", "Serial port, or `auto` to find the board by USB vendor/product id.")
    baudrate: int = setting(115200, "Serial speed (USB CDC ignores it, UART bridges do not).", minimum=1200)
    usb_vid: int = setting(0x2E8A, "USB vendor id looked for when port is `auto` (Raspberry Pi).")
    usb_pid: int = setting(0x0005, "USB product id looked for when port is `auto` (MicroPython on RP2040).")


@dataclass(frozen=True)
class GpioSettings:
    backend: str = setting("gpiozero", "`gpiozero` (the Pi's header, gpiozero's default pin factory), "
                           "`mock` (gpiozero's MockFactory) or `none`.",
                           choices=("gpiozero", "mock", "none"))
    bounce_time: float = setting(0.05, "Debounce time of GPIO buttons, seconds.", minimum=0.0, maximum=1.0)
    hold_time: float = setting(1.0, "Seconds a button is held before it counts as a long press.",
                               minimum=0.1, maximum=10.0)


@dataclass(frozen=True)
class VisionSettings:
    board: str = setting("", "Board profile (TOML, see calibration/boards/) the camera reads; empty: no "
                         "vision (the demo uses its scene's board).")
    camera_file: str = setting("", "CAMERA.toml from `companion calibrate camera`; empty: no lens correction.")
    teams: str = setting("red, blue", "Team colours on the table, comma-separated (red, blue, yellow, green, "
                         "magenta, cyan, or a name taught with `companion teach`).")
    colours: str = setting("~/.config/companion/colours.json", "Team colours learned with `companion teach`.")
    tiles: str = setting("~/.config/companion/tiles.json", "Real Tekton Dash tiles learned with "
                         "`companion teach tiles`; absent: the proxy tiles (a white star on the Power-Up side).")


@dataclass(frozen=True)
class NfcSettings:
    registry: str = setting("~/.local/state/companion/tags.json",
                            "Which NFC tag stands for which card or token (`companion nfc` fills it).")


@dataclass(frozen=True)
class ChanceSettings:
    seed: int | None = setting(None, "Fix the dice for a rehearsal or a test. Leave unset at the table: "
                               "rolls then come from the operating system's `secrets`.")


@dataclass(frozen=True)
class SoundSettings:
    enabled: bool = setting(True, "Play the timer's tone at zero.")
    volume: float = setting(0.6, "Tone volume, 0 to 1.", minimum=0.0, maximum=1.0)


@dataclass(frozen=True)
class CountdownSettings:
    seconds: float = setting(10.0, "Length of the Knockdown test timer.", minimum=1.0, maximum=600.0)
    warn_seconds: float = setting(3.0, "The digits turn red for the last this-many seconds.",
                                  minimum=0.0, maximum=60.0)


@dataclass(frozen=True)
class Config:
    general: GeneralSettings = field(default_factory=GeneralSettings)
    journal: JournalSettings = field(default_factory=JournalSettings)
    screen: ScreenSettings = field(default_factory=ScreenSettings)
    camera: CameraSettings = field(default_factory=CameraSettings)
    controller: ControllerSettings = field(default_factory=ControllerSettings)
    gpio: GpioSettings = field(default_factory=GpioSettings)
    chance: ChanceSettings = field(default_factory=ChanceSettings)
    sound: SoundSettings = field(default_factory=SoundSettings)
    countdown: CountdownSettings = field(default_factory=CountdownSettings)
    nfc: NfcSettings = field(default_factory=NfcSettings)
    vision: VisionSettings = field(default_factory=VisionSettings)
    # Each game's own section ([takkure], [tekken], ...) and button map ([buttons.takkure]),
    # declared by the game (companion/games/<game>/game.py), by section name.
    games: dict = field(default_factory=lambda: _game_defaults()[0])
    buttons: dict = field(default_factory=lambda: _game_defaults()[1])
    source: str = "built-in defaults"

    def __getattr__(self, name: str):
        # cfg.takkure, cfg.tekken: a game's section reads like a core one.
        games = self.__dict__.get("games") or {}
        if name in games:
            return games[name]
        raise AttributeError(name)

    def replace(self, section: str, source: str = "the command line", **changes) -> "Config":
        """A copy with some keys of one section changed (command-line options, `demo`, tests),
        each checked as the settings file's are: an option cannot slip past a limit."""
        current = self.games[section] if section in self.games else getattr(self, section)
        hints = typing.get_type_hints(type(current))
        known = {f.name: f for f in dataclasses.fields(current)}
        changes = {key: _check_value(source, f"{section}.{key}", hints[key], known[key].metadata, value)
                   for key, value in changes.items()}
        if section in self.games:
            games = dict(self.games)
            games[section] = dataclasses.replace(games[section], **changes)
            return dataclasses.replace(self, games=games)
        return dataclasses.replace(self, **{section: dataclasses.replace(getattr(self, section), **changes)})

    def buttons_for(self, game: str) -> dict[str, str]:
        return dict(self.buttons[game.replace("-", "_")])


def _game_defaults() -> tuple[dict, dict]:
    """Each registered game's settings section and default button map."""
    from companion.games import all_games

    sections, buttons = {}, {}
    for game in all_games():
        if game.settings is not None:
            sections[game.section] = game.settings()
        buttons[game.section] = dict(game.default_buttons)
    return sections, buttons


# Config's own sections: every field but the games' sections, the button maps and the source.
CORE_SECTIONS = tuple(f.name for f in dataclasses.fields(Config) if f.name not in ("games", "buttons", "source"))


class ConfigError(CompanionError, ValueError):
    """A settings file that cannot be used, with a message fit for the user."""

    def __init__(self, source: str, key: str | None, message: str):
        self.source, self.key = source, key
        where = f"{source}: [{key}]" if key else source
        super().__init__(f"{where}: {message}")


def _type_name(tp) -> str:
    names = {bool: "true or false", int: "a whole number", float: "a number", str: "a string",
             dict: "a table"}
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        return " or ".join(_type_name(a) for a in typing.get_args(tp) if a is not type(None))
    return names.get(tp, str(tp))


def _check_value(source: str, key: str, tp, meta: dict, value):
    """Return ``value`` converted to ``tp`` or raise a ConfigError that says why."""
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        tp = next(a for a in typing.get_args(tp) if a is not type(None))
    ok = isinstance(value, tp) and not (tp in (int, float) and isinstance(value, bool))
    if tp is float and isinstance(value, int) and not isinstance(value, bool):
        value, ok = float(value), True
    if not ok:
        raise ConfigError(source, key, f"expected {_type_name(tp)}, got {value!r}")
    if tp is float and not math.isfinite(value):    # NaN passes every min/max test silently
        raise ConfigError(source, key, f"expected a finite number, got {value!r}")
    if meta.get("choices") and value not in meta["choices"]:
        allowed = ", ".join(repr(c) for c in meta["choices"])
        raise ConfigError(source, key, f"expected one of {allowed}, got {value!r}")
    if meta.get("min") is not None and value < meta["min"]:
        raise ConfigError(source, key, f"expected at least {meta['min']}, got {value!r}")
    if meta.get("max") is not None and value > meta["max"]:
        raise ConfigError(source, key, f"expected at most {meta['max']}, got {value!r}")
    return value


BUTTON_KEY = re.compile(r"^(gpio([0-9]|1[0-9]|2[0-7])|pico[0-7])$")


def _check_button_map(source: str, key: str, value, game: str) -> dict:
    from companion.session.actions import known_actions

    if not isinstance(value, dict):
        raise ConfigError(source, key, f"expected a table of button = action, got {value!r}")
    actions = known_actions(game)
    for pin, action in value.items():
        if not BUTTON_KEY.match(pin):
            raise ConfigError(source, f"{key}.{pin}",
                              "expected a button name: gpio0 to gpio27 (BCM pin) or pico0 to pico7")
        if not isinstance(action, str) or action not in actions:
            raise ConfigError(source, f"{key}.{pin}",
                              f"expected an action name ({', '.join(actions)}), got {action!r}")
    return dict(value)


def _build_buttons(source: str, data, defaults: dict) -> dict:
    from companion.games import names

    if not isinstance(data, dict):
        raise ConfigError(source, "buttons", f"expected a table [buttons], got {data!r}")
    by_section = {n.replace("-", "_"): n for n in names()}
    out = dict(defaults)
    for section, value in data.items():
        norm = section.replace("-", "_")
        if norm not in by_section:
            raise ConfigError(source, f"buttons.{section}", f"unknown game; known: {', '.join(sorted(by_section))}")
        out[norm] = _check_button_map(source, f"buttons.{section}", value, by_section[norm])
    return out


def _build_section(source: str, name: str, cls, data) -> Any:
    if not isinstance(data, dict):
        raise ConfigError(source, name, f"expected a table [{name}], got {data!r}")
    hints = typing.get_type_hints(cls)
    known = {f.name: f for f in dataclasses.fields(cls)}
    kwargs = {}
    for key, value in data.items():
        norm = key.replace("-", "_")
        if norm not in known:
            raise ConfigError(source, f"{name}.{key}",
                              f"unknown setting; known here: {', '.join(sorted(known))}")
        full = f"{name}.{key}"
        f = known[norm]
        kwargs[norm] = _check_value(source, full, hints[norm], f.metadata, value)
    return cls(**kwargs)


def _section_classes() -> dict[str, type]:
    """Every section's dataclass, core ones first, then each game's."""
    core = {f.name: f.default_factory for f in dataclasses.fields(Config) if f.name in CORE_SECTIONS}
    games, _ = _game_defaults()
    return {**core, **{name: type(value) for name, value in games.items()}}


def config_from_dict(data: dict, source: str = "<settings>") -> Config:
    """Validate a parsed TOML document into a :class:`Config`."""
    sections = _section_classes()
    game_sections, default_buttons = _game_defaults()
    kwargs: dict[str, Any] = {"source": source}
    games = dict(game_sections)
    buttons = default_buttons
    for name, value in data.items():
        if name == "buttons":
            buttons = _build_buttons(source, value, default_buttons)
        elif name not in sections:
            known = sorted([*sections, "buttons"])
            raise ConfigError(source, name, f"unknown section; known: {', '.join(known)}")
        elif name in games:
            games[name] = _build_section(source, name, sections[name], value)
        else:
            kwargs[name] = _build_section(source, name, sections[name], value)
    return Config(games=games, buttons=buttons, **kwargs)


def load_config(path: str | Path | None) -> Config:
    """Read settings from ``path`` (None: built-in defaults).

    Raises :class:`ConfigError` for a missing, unreadable, non-TOML or invalid file.
    """
    if path is None:
        return Config()
    path = Path(path).expanduser()
    try:
        text = path.read_text(encoding="utf-8-sig")      # a byte-order mark (Windows' Notepad) is no key
    except FileNotFoundError:
        raise ConfigError(str(path), None, "file not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(str(path), None, f"cannot be read ({exc})") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(str(path), None, f"not valid TOML: {exc}") from None
    return config_from_dict(data, str(path))


def reference_markdown() -> str:
    """The configuration reference as a Markdown table (for the README and `companion config`)."""
    lines = ["| key | default | meaning |", "| --- | --- | --- |"]
    for name, cls in _section_classes().items():
        for f in dataclasses.fields(cls):
            default = f.default_factory() if f.default_factory is not dataclasses.MISSING else f.default
            if isinstance(default, dict):
                shown = "{" + ", ".join(f'"{k}" = "{v}"' for k, v in default.items()) + "}"
            elif default is None:
                shown = "unset"
            elif isinstance(default, bool):
                shown = str(default).lower()
            elif isinstance(default, int) and f.name.startswith("usb_"):
                shown = f"0x{default:04X}"
            else:
                shown = repr(default) if isinstance(default, str) else str(default)
            doc = f.metadata.get("doc", "")
            if f.metadata.get("choices"):
                doc += " One of: " + ", ".join(f"`{c}`" for c in f.metadata["choices"]) + "."
            lines.append(f"| `{name}.{f.name}` | `{shown}` | {doc} |")
    from companion.games import all_games

    for game in all_games():
        shown = "{" + ", ".join(f'"{k}" = "{v}"' for k, v in game.default_buttons.items()) + "}"
        lines.append(f"| `buttons.{game.section}` | `{shown}` | {game.rules.title.title()}: `gpioN` (BCM pin N) "
                     f"or `picoN` (controller button N) = action. |")
    return "\n".join(lines)


def _toml_value(v) -> str:
    if isinstance(v, bool):
        return str(v).lower()
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return repr(v)


def to_toml(cfg: Config) -> str:
    """The settings as a TOML file that :func:`load_config` reads back unchanged."""
    out = []
    for name in _section_classes():
        values = getattr(cfg, name)
        plain = [(f.name, getattr(values, f.name)) for f in dataclasses.fields(values)]
        out.append(f"[{name}]")
        for key, value in plain:
            if value is None:
                out.append(f"# {key} = (unset)")
            elif not isinstance(value, dict):
                out.append(f"{key} = {_toml_value(value)}")
        for key, value in plain:
            if isinstance(value, dict):
                out.append(f"\n[{name}.{key.replace('_', '-')}]")
                out += [f"{k} = {_toml_value(v)}" for k, v in value.items()]
        out.append("")
    for section, value in cfg.buttons.items():
        out.append(f"[buttons.{section.replace('_', '-')}]")
        out += [f"{k} = {_toml_value(v)}" for k, v in value.items()]
        out.append("")
    return "\n".join(out)
