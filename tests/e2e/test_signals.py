"""SIGTERM and SIGINT quit cleanly in every mode (issue 11): the journal closed, exit 143/130."""

import os
import signal
import subprocess
import sys

import pytest

from companion.session.journal import Journal

pytestmark = pytest.mark.slow
# sound on, through SDL's dummy audio driver: SDL then installed its own SIGTERM handler,
# turning the signal into a quit event the headless screen never reads
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


@pytest.mark.parametrize("signum, code", [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_a_headless_demo_with_sound_stops_at_once_on_a_signal(tmp_path, signum, code):
    path = tmp_path / "j.sqlite"
    proc = subprocess.Popen([sys.executable, "-m", "companion", "demo", "--headless", "--journal", str(path),
                             "--snapshots", str(tmp_path / "s"), "--duration", "120"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV)
    try:
        for line in proc.stdout:             # wait until a game event was shown
            if line.startswith("event 2 "):
                break
        proc.send_signal(signum)
        code_seen = proc.wait(timeout=15)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert code_seen == code and "Traceback" not in proc.stderr.read()
    assert not (tmp_path / "j.sqlite-wal").exists()        # closed: SQLite folded its WAL back
    j = Journal(path)                                        # and its lock released
    assert len(j.events(1)) >= 2
    j.close()


def test_ctrl_c_while_loading_is_a_quiet_exit():
    # Python raises KeyboardInterrupt wherever it is: here, inside the first import
    code = ("import signal, os, runpy\n"
            "import builtins\n"
            "real = builtins.__import__\n"
            "def imp(name, *a, **k):\n"
            "    if name == 'companion.cli':\n"
            "        raise KeyboardInterrupt\n"
            "    return real(name, *a, **k)\n"
            "builtins.__import__ = imp\n"
            "runpy.run_module('companion', run_name='__main__')\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 130 and "Traceback" not in out.stderr
