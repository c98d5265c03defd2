import subprocess
import sys

import pytest

from tests.e2e.test_demo import ENV, companion

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("command", ["match", "", "run", "demo", "detect", "doctor", "replay", "config"])
def test_every_command_has_clear_help(command):
    out = companion(*([command] if command else []), "--help")
    assert out.returncode == 0 and "usage: companion" in out.stdout
    assert len(out.stdout.splitlines()) > 4


def test_doctor_simulated_reports_every_device_and_exits_0():
    out = companion("doctor", "--simulated")
    assert out.returncode == 0, out.stdout + out.stderr
    for device in ("camera", "controller", "gpio", "display", "sound", "journal"):
        assert any(line.startswith("OK") and f" {device} " in line + " " for line in out.stdout.splitlines())
    assert "simulated table" in out.stdout and "all OK" in out.stdout
    controller = next(line for line in out.stdout.splitlines() if " controller " in line)
    assert "firmware 1.0.0" in controller and "frames good" in controller and "round trip" in controller


def test_doctor_simulated_leaves_nothing_behind(tmp_path):
    """Its scratch journal goes with the check: a Pi asked daily does not fill /tmp."""
    out = subprocess.run([sys.executable, "-m", "companion", "doctor", "--simulated"], capture_output=True,
                         text=True, timeout=120, env={**ENV, "TMPDIR": str(tmp_path)})
    assert out.returncode == 0, out.stdout + out.stderr
    assert "journal" in out.stdout
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith("companion-doctor-")]


def test_doctor_simulated_needs_no_sound_card():
    """No audio device (SDL given a driver that does not exist): the timer is silent, a warning."""
    out = subprocess.run([sys.executable, "-m", "companion", "doctor", "--simulated"], capture_output=True,
                         text=True, timeout=120, env={**ENV, "SDL_AUDIODRIVER": "no-such-audio-driver"})
    assert out.returncode == 0, out.stdout + out.stderr
    sound = next(line for line in out.stdout.splitlines() if " sound " in line + " ")
    assert sound.startswith("WARN") and "the timer will be silent" in sound
    assert "all usable (1 warning: sound)" in out.stdout


def test_doctor_on_a_laptop_names_what_is_missing(tmp_path):
    cfg = tmp_path / "c.toml"
    cfg.write_text(f'[journal]\npath = "{tmp_path / "j.sqlite"}"\n[controller]\nport = "/dev/nonexistent-tty"\n')
    out = companion("doctor", "--config", str(cfg))
    assert out.returncode == 1
    assert "MISSING camera" in out.stdout and "picamera2 is not installed" in out.stdout
    assert "MISSING controller" in out.stdout and "[controller] port" in out.stdout


def test_run_without_hardware_stops_with_a_message_naming_the_setting(tmp_path):
    cfg = tmp_path / "c.toml"
    cfg.write_text(f'[journal]\npath = "{tmp_path / "j.sqlite"}"\n[screen]\nbackend = "headless"\n')
    out = companion("run", "--config", str(cfg))
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert "Change [camera] backend" in out.stderr and "companion demo" in out.stderr



def test_replay_lists_and_reshows_a_demo_game(tmp_path):
    journal = str(tmp_path / "j.sqlite")
    assert companion("demo", "--headless", "--fast", "--seed", "1", "--journal", journal,
                     "--snapshots", str(tmp_path / "d")).returncode == 0
    listed = companion("replay", "--journal", journal, "--list")
    assert listed.returncode == 0 and "takkure" in listed.stdout and "finished" in listed.stdout
    out = companion("replay", "--journal", journal, "--headless", "--snapshots", str(tmp_path / "r"))
    assert out.returncode == 0, out.stderr
    replayed = sorted(p.name for p in (tmp_path / "r").iterdir())
    assert len(replayed) > 15 and replayed[1].endswith("-0002-coin_tossed.png")


def test_a_damaged_journal_is_one_clear_line(tmp_path):
    bad = tmp_path / "j.sqlite"
    bad.write_bytes(b"garbage" * 1000)
    out = companion("demo", "--headless", "--fast", "--journal", str(bad))
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert "is not a companion journal" in out.stderr and "--journal" in out.stderr


def test_match_plays_a_simulated_match_into_a_journal_that_replays(tmp_path):
    out = companion("match", "--seed", "5", "--journal", str(tmp_path / "m.sqlite"))
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("Full time: ") and "replay matches" in out.stdout
    listed = companion("replay", "--journal", str(tmp_path / "m.sqlite"), "--list")
    assert "simulated match 5" in listed.stdout and "finished" in listed.stdout
