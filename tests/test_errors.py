"""One error base: every error the companion raises for a person derives from CompanionError
and from the builtin it resembles (gpiozero's exc.py), so the command line catches once."""

import subprocess
import sys

import pytest

from companion.config.settings import ConfigError
from companion.errors import CompanionError, IllegalMove, UnknownGame
from companion.games.takkure.rules.roster import RosterError
from companion.hardware.errors import DeviceError
from companion.nfc.registry import RegistryError
from companion.session.journal import JournalError
from companion.sim.scene import SceneError
from companion.vision.calibrate import CalibrationError
from companion.vision.camera_model import CameraFileError
from companion.vision.profile import ProfileError


@pytest.mark.parametrize("cls, builtin", [
    (IllegalMove, ValueError), (UnknownGame, LookupError), (ConfigError, ValueError), (RosterError, ValueError),
    (DeviceError, OSError), (RegistryError, ValueError), (JournalError, OSError), (SceneError, ValueError),
    (CalibrationError, ValueError), (CameraFileError, ValueError), (ProfileError, ValueError)])
def test_each_error_is_a_companion_error_and_its_builtin(cls, builtin):
    assert issubclass(cls, CompanionError) and issubclass(cls, builtin)


def test_a_broken_roster_reaches_the_user_as_one_line(tmp_path):
    broken = tmp_path / "mine.toml"
    broken.write_text('team = "X"\n[[players]]\nname = 3\n')
    cfg = tmp_path / "c.toml"
    cfg.write_text(f'[takkure]\nhome_roster = "{broken}"\n[journal]\npath = "{tmp_path / "j.sqlite"}"\n')
    out = subprocess.run([sys.executable, "-m", "companion", "run", "--config", str(cfg)], capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert out.stderr.startswith("companion: settings error: ") and "[takkure.home_roster]" in out.stderr
