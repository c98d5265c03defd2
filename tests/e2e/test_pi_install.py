"""The Pi install keeps apt's numpy (issue 13), checked on this Debian machine.

Raspberry Pi OS is Debian bookworm. Here apt's python3-scipy stands in for simplejpeg
(both C extensions built against apt's numpy 1.24), and a fake picamera2 that imports it
stands in for apt's picamera2. A venv made the old way (a plain `pip install`) gets numpy 2
and breaks it; `companion doctor` says so and prints the fix; the fix, `docs/pi/install.sh
--venv V --no-system`, leaves the venv with apt's numpy, OpenCV's ArucoDetector and a
working demo.

Skipped where /usr/bin/python3, apt's numpy or apt's scipy is missing (`sudo apt install
python3-scipy` to run it). It installs from the package index: about 10 s with pip's cache
warm, a minute without it.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.hardware.camera.picamera2_source import system_numpy

REPO = Path(__file__).resolve().parents[2]
SYSTEM_PYTHON = Path("/usr/bin/python3")
SCIPY = Path("/usr/lib/python3/dist-packages/scipy")

pytestmark = [
    pytest.mark.skipif(not SYSTEM_PYTHON.exists(), reason="no /usr/bin/python3 (not a Debian-like system)"),
    pytest.mark.skipif(not system_numpy(), reason="apt's numpy is not installed (apt install python3-numpy)"),
    pytest.mark.skipif(not SCIPY.exists(), reason="apt's scipy, the stand-in for simplejpeg, is not installed "
                                                  "(apt install python3-scipy)"),
    pytest.mark.skipif(sys.platform != "linux", reason="the Pi install is for Linux"),
]

FAKE_PICAMERA2 = """\
import scipy.ndimage          # like picamera2's simplejpeg: a C extension built against apt's numpy

class Picamera2:
    def __init__(self):
        raise RuntimeError("no cameras available")
"""


def run(*cmd, env=None, check=True, timeout=600):
    out = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, env=env, timeout=timeout)
    if check and out.returncode != 0:
        raise AssertionError(f"{cmd} failed ({out.returncode}):\n{out.stdout[-3000:]}\n{out.stderr[-3000:]}")
    return out


@pytest.fixture(scope="module")
def pi(tmp_path_factory):
    root = tmp_path_factory.mktemp("pi")
    fake = root / "fake"
    (fake / "picamera2").mkdir(parents=True)
    (fake / "picamera2" / "__init__.py").write_text(FAKE_PICAMERA2)
    config = root / "config.toml"
    config.write_text('[camera]\nbackend = "picamera2"\n[controller]\nbackend = "none"\n')
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PIP_REQUIRE_VIRTUALENV")}
    env.update(PYTHONPATH=str(fake), COMPANION_CONFIG=str(config), SDL_VIDEODRIVER="dummy", HOME=str(root))
    return root, env


def doctor_camera_line(venv: Path, env) -> str:
    out = run(venv / "bin" / "companion", "doctor", env=env, check=False)
    lines = out.stdout.splitlines()
    at = next(i for i, line in enumerate(lines) if " camera " in line)
    return "\n".join(lines[at:at + 2])


def test_the_old_way_breaks_picamera2_and_the_doctor_prints_the_fix_that_works(pi):
    root, env = pi
    venv = root / "V"
    # the README's old Pi install: a venv with system site packages, then a plain pip install
    run(SYSTEM_PYTHON, "-m", "venv", "--system-site-packages", venv)
    run(venv / "bin" / "pip", "install", "-q", "-e", REPO, env=env)
    assert run(venv / "bin" / "python", "-c", "import numpy; print(numpy.__version__)").stdout.strip() \
        != system_numpy()
    line = doctor_camera_line(venv, env)
    assert "picamera2 cannot load" in line and f"the system's numpy {system_numpy()}" in line, line
    fix = line.split("fix it with: ", 1)[1].strip()
    assert fix == f"{REPO / 'docs' / 'pi' / 'install.sh'} --venv {venv} --no-system"

    run(*fix.split(), env=env)                        # the one command the doctor gave

    py = venv / "bin" / "python"
    assert run(py, "-c", "import numpy; print(numpy.__version__)", env=env).stdout.strip() == system_numpy()
    run(py, "-c", "import scipy.ndimage, cv2; cv2.aruco.ArucoDetector", env=env)
    line = doctor_camera_line(venv, env)              # picamera2 loads now; this machine has no camera
    assert "the Pi camera did not start (no cameras available)" in line, line


def test_a_fresh_install_keeps_apt_s_numpy_and_runs_the_demo(pi):
    root, env = pi
    venv = root / "fresh"
    run(REPO / "docs" / "pi" / "install.sh", "--venv", venv, "--no-system", env=env)
    py = venv / "bin" / "python"
    assert run(py, "-c", "import numpy; print(numpy.__version__)", env=env).stdout.strip() == system_numpy()
    run(py, "-c", "import scipy.ndimage, cv2; cv2.aruco.ArucoDetector", env=env)
    out = run(venv / "bin" / "companion", "demo", "--headless", "--duration", "5", "--journal", root / "d.sqlite",
              "--snapshots", root / "snaps", env=env, timeout=120)
    assert "wrote" in out.stdout and any((root / "snaps").glob("*.png"))
