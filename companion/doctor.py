"""`companion doctor`: one OK/MISSING line per device, each with a hint."""

from __future__ import annotations

import time
from dataclasses import dataclass

from companion.config import Config
from companion.hardware.errors import DeviceError


@dataclass
class Check:
    name: str
    ok: bool
    detail: str
    hint: str = ""
    warn: bool = False      # works, with less: said, but not a failure (no audio: a silent timer)

    def line(self) -> str:
        status = "MISSING" if not self.ok else "WARN   " if self.warn else "OK     "
        text = f"{status} {self.name:<11} {self.detail}"
        return text + (f"\n        {'':<11} hint: {self.hint}" if self.hint and (self.warn or not self.ok) else "")


def _failure(name: str, exc: Exception) -> Check:
    if isinstance(exc, DeviceError) and exc.fix:
        return Check(name, False, exc.problem, f"fix it with: {exc.fix}")
    if isinstance(exc, DeviceError):
        return Check(name, False, exc.problem, f"change {exc.where}" + (f"; {exc.hint}" if exc.hint else ""))
    return Check(name, False, f"{type(exc).__name__}: {exc}")


def check_camera(cfg: Config) -> Check:
    from companion.hardware.camera import open_camera

    if cfg.camera.backend == "none":
        return Check("camera", True, "disabled ([camera] backend = \"none\")")
    try:
        source = open_camera(cfg.camera)
        try:
            started = time.monotonic()
            frame = None
            while frame is None and time.monotonic() - started < 3.0:
                frame = source.read()
            if frame is None:
                return Check("camera", False, f"{source.name} opened but sent no frame in 3 s")
            ms = (time.monotonic() - started) * 1000
            return Check("camera", True, f"{source.name}: {frame.shape[1]}x{frame.shape[0]} frame in {ms:.0f} ms")
        finally:
            source.close()
    except Exception as exc:
        return _failure("camera", exc)


def check_controller(cfg: Config) -> Check:
    from companion.hardware.controller import open_controller
    from companion.hardware.inputs import InputQueue

    try:
        link = open_controller(cfg.controller)
        if link is None:
            return Check("controller", True, "disabled ([controller] backend = \"none\")")
        try:
            link.start(InputQueue())
            if not link.wait_connected(3.0):
                st = link.status()
                return Check("controller", False, f"{st['name']}: no answer to the handshake in 3 s"
                             + (f" ({st['note']})" if st["note"] else ""),
                             "is the companion firmware on the board? see firmware/README.md")
            rtt = link.measure_rtt()
            st = link.status()
            total = st["frames_good"] + st["frames_bad"]
            quality = f"{st['frames_good']}/{total} frames good" if total else "no frames yet"
            rtt_text = f"round trip {rtt:.1f} ms" if rtt is not None else "no answer to ping"
            reader = {True: "NFC reader OK", False: "NFC reader not answering", None: "NFC reader unknown"}
            return Check("controller", rtt is not None,
                         f"{st['name']}, firmware {st['firmware']}, {quality}, {rtt_text}, "
                         f"{reader[st['nfc_ok']]}")
        finally:
            link.close()
    except Exception as exc:
        return _failure("controller", exc)


def check_gpio(cfg: Config) -> Check:
    from companion.hardware.gpio import open_gpio
    from companion.hardware.inputs import InputQueue

    try:
        buttons = open_gpio(cfg.gpio, cfg.buttons_for(cfg.general.game), InputQueue())
        if buttons is None:
            return Check("gpio", True, "disabled ([gpio] backend = \"none\")")
        name = buttons.name + (" (gpiozero MockFactory)" if cfg.gpio.backend == "mock" else "")
        buttons.close()
        return Check("gpio", True, name)
    except Exception as exc:
        return _failure("gpio", exc)


def check_display(cfg: Config) -> Check:
    from companion.hardware.screen import choose_backend

    backend = choose_backend(cfg.screen.backend)
    if backend == "headless":
        return Check("display", True, f"headless: PNG snapshots in {cfg.screen.snapshot_dir}/")
    try:
        import os

        import pygame
        if backend == "kmsdrm":
            os.environ["SDL_VIDEODRIVER"] = "kmsdrm"
        pygame.display.init()
        driver = pygame.display.get_driver()
        sizes = pygame.display.get_desktop_sizes() if driver not in ("dummy", "offscreen") else []
        pygame.display.quit()
        want = (cfg.screen.width, cfg.screen.height)
        if sizes and tuple(sizes[0]) != want:
            # the official 7-inch display is 800x480: a larger screen setting draws off its edges
            w, h = sizes[0]
            return Check("display", True, f"{backend} (SDL driver {driver}): the display is {w}x{h}, the settings "
                         f"say {want[0]}x{want[1]}", f"set [screen] width = {w} and height = {h}", warn=True)
        return Check("display", True, f"{backend} (SDL driver {driver}), {cfg.screen.width}x{cfg.screen.height}")
    except Exception as exc:
        return Check("display", False, f"{backend}: {exc}", "set [screen] backend = \"headless\"")


def check_access(cfg: Config, my_groups: set[str] | None = None, groups: set[str] | None = None,
                 uid: int | None = None) -> Check:
    """The Unix groups that open the devices the settings use (video: the Pi camera and the
    KMS/DRM screen; gpio: the header; dialout: the controller's port). A group this system
    does not have (not a Pi) is not asked for. The systemd unit adds them itself, so a
    missing one is a warning for running by hand."""
    import grp
    import os

    from companion.hardware.screen import choose_backend

    uid = os.getuid() if uid is None else uid
    if uid == 0:
        return Check("access", True, "root: every device")
    if groups is None:
        groups = {g.gr_name for g in grp.getgrall()}
    if my_groups is None:
        my_groups = {grp.getgrgid(g).gr_name for g in os.getgroups()}
    needed = {}
    if cfg.camera.backend == "picamera2":
        needed["video"] = "the Pi camera"
    if choose_backend(cfg.screen.backend) == "kmsdrm":
        needed.setdefault("video", "the screen")
        needed["render"] = "the screen"
    if cfg.gpio.backend == "gpiozero":
        needed["gpio"] = "the GPIO buttons"
    if cfg.controller.backend == "serial":
        needed["dialout"] = "the controller's serial port"
    missing = [g for g in needed if g in groups and g not in my_groups]
    if not missing:
        return Check("access", True, "in every group the devices need" if needed else "no device needs a group")
    what = ", ".join(f"{g} ({needed[g]})" for g in missing)
    return Check("access", True, f"not in group {what}: run by hand, those devices will not open",
                 f"sudo usermod -aG {','.join(missing)} $USER, then log out and in (the systemd unit adds "
                 "them itself)", warn=True)


def check_sound(cfg: Config) -> Check:
    from companion.hardware.sound import open_sound

    if not cfg.sound.enabled:
        return Check("sound", True, "disabled ([sound] enabled = false)")
    sound = open_sound(True, 0.0)
    if sound.available:
        return Check("sound", True, "pygame.mixer ready")
    # The timer works on screen without a sound card (a Pi without speakers, the simulated table):
    # a warning, not a failure.
    return Check("sound", True, "no audio device: the timer will be silent", "set [sound] enabled = false to "
                 "silence this warning", warn=True)


def check_journal(cfg: Config) -> Check:
    from pathlib import Path

    from companion.session.journal import Journal, JournalError, integrity

    path = Path(cfg.journal.path).expanduser()
    if not path.exists():
        return Check("journal", True, f"{path}: none yet (the first game creates it)")
    try:
        j = Journal(path, writer=False)
        games = j.games()
        j.close()
    except JournalError as exc:
        return Check("journal", False, str(exc))
    verdict = integrity(path)          # SQLite's full check: the doctor has the time
    if verdict != "ok":
        return Check("journal", False, f"{path} is damaged ({verdict})",
                     "the next game sets it aside and starts a new one; keep the .broken file for the record")
    unfinished = sum(1 for g in games if g.finished is None)
    return Check("journal", True, f"{path}: {len(games)} games, {unfinished} unfinished")


def run_doctor(cfg: Config, simulated: bool = False) -> int:
    if not simulated:
        return _report(cfg)
    import tempfile

    from companion.runtime import demo_config
    # The simulated table's journal is a scratch file: gone with the check, no litter in /tmp.
    with tempfile.TemporaryDirectory(prefix="companion-doctor-") as scratch:
        return _report(demo_config(cfg, journal=scratch + "/j.sqlite", headless=True))


def _report(cfg: Config) -> int:
    print(f"settings: {cfg.source}")
    checks = [check_camera(cfg), check_controller(cfg), check_gpio(cfg), check_access(cfg), check_display(cfg),
              check_sound(cfg), check_journal(cfg)]
    for c in checks:
        print(c.line())
    bad = [c.name for c in checks if not c.ok]
    warned = [c.name for c in checks if c.ok and c.warn]
    verdict = "all OK" if not warned else f"all usable ({len(warned)} warning: {', '.join(warned)})"
    print(verdict if not bad else f"{len(bad)} problem(s): {', '.join(bad)}")
    return 0 if not bad else 1
