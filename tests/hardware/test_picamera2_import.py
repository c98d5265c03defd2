"""When apt's picamera2 cannot load in the venv, the camera error (and `companion doctor`)
says why and gives the one command that repairs it (issue 13).

The fake picamera2 packages here fail the way the real one does on a Pi whose venv got
numpy 2: its simplejpeg, built against apt's numpy 1.24, raises on import."""

import sys
from pathlib import Path

import pytest

from companion.config import load_config
from companion.doctor import check_camera
from companion.hardware.camera import picamera2_source
from companion.hardware.camera.picamera2_source import Picamera2Source, import_failure, repair_command
from companion.hardware.errors import DeviceError

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def fake_picamera2(tmp_path, monkeypatch):
    """Put a picamera2 whose import runs ``body`` first on the path."""
    def make(body: str):
        pkg = tmp_path / "picamera2"
        pkg.mkdir(exist_ok=True)
        (pkg / "__init__.py").write_text(body + "\nclass Picamera2:\n    def __init__(self):\n"
                                         "        raise RuntimeError('no cameras available')\n")
        monkeypatch.syspath_prepend(str(tmp_path))
        monkeypatch.delitem(sys.modules, "picamera2", raising=False)
    yield make
    sys.modules.pop("picamera2", None)


@pytest.mark.parametrize("error", [
    'raise ImportError("numpy.core.multiarray failed to import")',
    'raise ValueError("numpy.dtype size changed, may indicate binary incompatibility. '
    'Expected 96 from C header, got 88 from PyObject")',
])
def test_a_numpy_abi_failure_names_the_cause_and_the_fix(fake_picamera2, monkeypatch, error):
    fake_picamera2(error)
    monkeypatch.setattr(picamera2_source, "system_numpy", lambda site=None: "1.24.2")
    with pytest.raises(DeviceError) as caught:
        Picamera2Source()
    err = caught.value
    assert "hides the system's numpy 1.24.2" in err.problem
    assert err.fix == f"{REPO / 'docs' / 'pi' / 'install.sh'} --venv {sys.prefix} --no-system"
    assert "Fix it with: " in str(err)


def test_the_doctor_shows_the_fix_not_missing_picamera2(fake_picamera2, monkeypatch, tmp_path):
    fake_picamera2('raise ImportError("numpy.core.multiarray failed to import")')
    monkeypatch.setattr(picamera2_source, "system_numpy", lambda site=None: "1.24.2")
    cfg = tmp_path / "c.toml"
    cfg.write_text('[camera]\nbackend = "picamera2"\n')
    line = check_camera(load_config(cfg)).line()
    assert line.startswith("MISSING camera") and "picamera2 cannot load" in line
    assert "fix it with: " in line and "install.sh --venv" in line and "not installed" not in line


def test_a_picamera2_that_loads_but_finds_no_camera_says_so(fake_picamera2):
    fake_picamera2("")
    with pytest.raises(DeviceError, match="did not start .no cameras available") as caught:
        Picamera2Source()
    assert "rpicam-hello" in caught.value.hint


def test_another_broken_dependency_is_not_blamed_on_numpy():
    exc = ModuleNotFoundError("No module named 'libcamera'", name="libcamera")
    err = import_failure(exc, "1.24.2", "/usr/lib/python3/dist-packages/numpy/__init__.py", "/v", "1.24.2", None)
    assert "does not load" in err.problem and "python3-libcamera" in err.hint and not err.fix


def test_picamera2_itself_missing_says_how_to_install_it():
    exc = ModuleNotFoundError("No module named 'picamera2'", name="picamera2")
    err = import_failure(exc, "2.4.6", "/v/lib/numpy/__init__.py", "/v", "1.24.2", None)
    assert err.problem == "picamera2 is not installed" and "apt install python3-picamera2" in err.hint


def test_a_shadowing_numpy_is_the_cause_even_when_the_message_does_not_say_numpy():
    exc = ImportError("cannot import name 'encode_jpeg' from 'simplejpeg'")
    err = import_failure(exc, "2.4.6", "/v/lib/python3.11/site-packages/numpy/__init__.py", "/v", "1.24.2", None)
    assert "numpy 2.4.6 hides the system's numpy 1.24.2" in err.problem
    assert err.fix == repair_command("/v", "1.24.2", None) == \
        "/v/bin/pip install 'numpy==1.24.2' 'opencv-python-headless<4.12'"


def test_the_doctor_asks_for_the_groups_the_devices_need(tmp_path):
    from companion.doctor import check_access

    cfg = tmp_path / "c.toml"
    cfg.write_text('[camera]\nbackend = "picamera2"\n[gpio]\nbackend = "gpiozero"\n[controller]\nbackend = "serial"\n'
                   '[screen]\nbackend = "headless"\n')
    c = load_config(cfg)
    pi_groups = {"video", "gpio", "dialout", "render", "pi"}
    check = check_access(c, my_groups={"pi", "gpio"}, groups=pi_groups, uid=1000)
    assert check.ok and check.warn and "video (the Pi camera)" in check.detail and "dialout" in check.detail
    assert "sudo usermod -aG video,dialout $USER" in check.hint
    assert not check_access(c, my_groups=pi_groups, groups=pi_groups, uid=1000).warn
    # a laptop has no gpio group: not asked for
    assert not check_access(c, my_groups={"video", "dialout"}, groups={"video", "dialout"}, uid=1000).warn
    assert check_access(c, uid=0).detail.startswith("root")
