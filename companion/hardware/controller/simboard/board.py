"""Runs the real firmware on the host, behind a pseudo-terminal.

The board's port appears at a stable path (a symlink in a temporary folder,
like udev's /dev/companion-controller), so the host opens it like a real
port and finds it again after :meth:`SimulatedBoard.unplug` and
:meth:`SimulatedBoard.replug`, which swap in a new pseudo-terminal while the
firmware keeps running, as a board on its own power supply would.
"""

from __future__ import annotations

import importlib.util
import os
import random
import shutil
import sys
import tempfile
import threading
import time
import tty
from pathlib import Path

from companion.hardware.controller import codec
from companion.hardware.controller.simboard.machine import SimMachine
from companion.hardware.controller.simboard.pn532 import SimPN532
from companion.hardware.errors import DeviceError

FIRMWARE_DIR = Path(__file__).resolve().parents[4] / "firmware"
FIRMWARE_MODULES = ("ticks", "pins", "debounce", "pn532", "link", "controller")


def load_firmware() -> dict:
    """Import the firmware's modules under the names they use on the Pico."""
    if not (FIRMWARE_DIR / "controller.py").exists():
        raise DeviceError("controller", f"the simulated controller runs the firmware from {FIRMWARE_DIR}, "
                          "which is missing (install from a source checkout: pip install -e .)",
                          "controller.backend")
    sys.modules.setdefault("codec", codec)
    modules = {}
    for name in FIRMWARE_MODULES:
        loaded = sys.modules.get(name)
        if loaded is None or Path(getattr(loaded, "__file__", "")).parent != FIRMWARE_DIR:
            spec = importlib.util.spec_from_file_location(name, FIRMWARE_DIR / f"{name}.py")
            loaded = importlib.util.module_from_spec(spec)
            sys.modules[name] = loaded
            spec.loader.exec_module(loaded)
        modules[name] = loaded
    return modules


FOLDER_PREFIX = "companion-sim-"


def _alive(pid: int) -> bool:
    """Whether a process ``pid`` runs (one of another user's counts: it is not ours to judge)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def sweep_stale_folders(parent: str | None = None) -> list[Path]:
    """Remove the port folders that simulated boards of processes no longer running left in
    ``parent`` (the temporary folder): a demo killed outright (a power cut, ``kill -9``) cannot
    remove its own, and on a Pi the temporary folder may live in memory. A folder's name carries
    its maker's process id; one whose process still runs, or with no id, is left. Returns those
    removed."""
    removed = []
    for folder in Path(parent or tempfile.gettempdir()).glob(FOLDER_PREFIX + "*"):
        pid = folder.name[len(FOLDER_PREFIX):].split("-", 1)[0]
        if folder.is_dir() and not folder.is_symlink() and pid.isdigit() and not _alive(int(pid)):
            shutil.rmtree(folder, ignore_errors=True)
            removed.append(folder)
    return removed


class SimulatedBoard:
    def __init__(self, folder: str | None = None, step_s: float = 0.0005):
        fw = load_firmware()
        self.pins = fw["pins"]
        self.nfc = SimPN532()
        self.machine = SimMachine({0x24: self.nfc})
        # A folder made here is removed on close; one the caller gave stays theirs. Its name
        # carries this process's id, so that a later board can sweep it if this one is killed.
        self._own_folder = folder is None
        if folder is None:
            sweep_stale_folders()
        self.folder = Path(folder or tempfile.mkdtemp(prefix=f"{FOLDER_PREFIX}{os.getpid()}-"))
        self.path = str(self.folder / "companion-controller")
        self._fds: tuple[int, int] | None = None
        self._lock = threading.Lock()
        self.plugs = 0
        self.replug()
        self.controller = fw["controller"].Controller(self.machine, self, boot_id=random.getrandbits(32))
        self._step_s = step_s
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="simulated-pico", daemon=True)
        self._thread.start()

    # --- the firmware's port ------------------------------------------------------

    def read(self) -> bytes:
        with self._lock:
            if self._fds is None:
                raise OSError("unplugged")
            try:
                return os.read(self._fds[0], 4096)
            except BlockingIOError:
                return b""

    def write(self, data: bytes) -> None:
        with self._lock:
            if self._fds is None:
                raise OSError("unplugged")
            os.write(self._fds[0], data)

    # --- the cable ------------------------------------------------------------------

    def unplug(self) -> None:
        with self._lock:
            if self._fds is not None:
                for fd in self._fds:
                    os.close(fd)
                self._fds = None
            try:
                os.unlink(self.path)
            except FileNotFoundError:
                pass

    def replug(self) -> None:
        self.unplug()
        master, slave = os.openpty()
        tty.setraw(slave)  # no echo, no line editing: a clean byte pipe, like USB CDC
        os.set_blocking(master, False)
        with self._lock:
            self._fds = (master, slave)
            os.symlink(os.ttyname(slave), self.path)
        self.plugs += 1

    # --- what a player does -------------------------------------------------------------

    def press(self, button: int) -> None:
        self.machine.levels[self.pins.BUTTONS[button]] = 0

    def release(self, button: int) -> None:
        self.machine.levels[self.pins.BUTTONS[button]] = 1

    def tap(self, uid_hex: str) -> None:
        self.nfc.uid = bytes.fromhex(uid_hex)

    def remove_tag(self) -> None:
        self.nfc.uid = None

    # --- running ----------------------------------------------------------------------

    def _run(self) -> None:
        ticks = sys.modules["ticks"]
        while not self._stop.is_set():
            self.controller.step(ticks.ticks_ms())
            time.sleep(self._step_s)

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=2)
        self.unplug()
        if self._own_folder:
            shutil.rmtree(self.folder, ignore_errors=True)
