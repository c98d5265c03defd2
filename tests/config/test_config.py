import subprocess
import sys

import pytest

from companion.config import Config, ConfigError, load_config, reference_markdown
from companion.config.settings import config_from_dict, to_toml


def write(tmp_path, text):
    p = tmp_path / "config.toml"
    p.write_text(text)
    return p


def test_defaults_without_a_file():
    cfg = load_config(None)
    assert cfg.screen.width == 800 and cfg.countdown.seconds == 10.0 and cfg.chance.seed is None


def test_a_good_file_overrides_only_what_it_says(tmp_path):
    cfg = load_config(write(tmp_path, '[screen]\nwidth = 1920\nheight = 1080\n[chance]\nseed = 5\n'
                                      '[buttons.knockdown]\ngpio5 = "timer_toggle"\n'))
    assert (cfg.screen.width, cfg.screen.height, cfg.screen.fps, cfg.chance.seed) == (1920, 1080, 60, 5)
    assert cfg.buttons_for("knockdown") == {"gpio5": "timer_toggle"}


@pytest.mark.parametrize("text, message", [
    ("[screen]\nwidth = 'wide'\n", r"\[screen.width\]: expected a whole number, got 'wide'"),
    ("[screen]\nwidht = 800\n", r"\[screen.widht\]: unknown setting; known here: .*width"),
    ("[camera]\nbackend = 'webcam'\n", r"\[camera.backend\]: expected one of 'picamera2', .*got 'webcam'"),
    ("[screen]\nfps = 1000\n", r"\[screen.fps\]: expected at most 240, got 1000"),
    ("[sound]\nenabled = 1\n", r"\[sound.enabled\]: expected true or false, got 1"),
    ("[cameras]\n", r"\[cameras\]: unknown section"),
    ("[buttons.takkure]\ngpio17 = 'fly'\n", r"\[buttons.takkure.gpio17\]: expected an action name"),
    ("[buttons.takkure]\nbutton1 = 'undo'\n", r"\[buttons.takkure.button1\]: expected a button name"),
    ("[screen\nwidth = 3\n", r"not valid TOML"),
    ("screen = 3\n", r"\[screen\]: expected a table"),
    # NaN fails every min/max comparison: it once passed, was journaled, and crashed every start
    ("[countdown]\nseconds = nan\n", r"\[countdown.seconds\]: expected a finite number, got nan"),
    ("[countdown]\nwarn_seconds = inf\n", r"\[countdown.warn_seconds\]: expected a finite number, got inf"),
    ("[sound]\nvolume = -nan\n", r"\[sound.volume\]: expected a finite number, got nan"),
])
def test_bad_files_name_the_file_the_key_and_what_was_expected(tmp_path, text, message):
    path = write(tmp_path, text)
    with pytest.raises(ConfigError, match=message) as exc:
        load_config(path)
    assert str(path) in str(exc.value)


def test_a_missing_file(tmp_path):
    with pytest.raises(ConfigError, match="file not found"):
        load_config(tmp_path / "nope.toml")


def test_the_cli_shows_a_bad_file_as_one_line_without_traceback(tmp_path):
    path = write(tmp_path, "[screen]\nwidth = 'wide'\n")
    out = subprocess.run([sys.executable, "-m", "companion", "doctor", "--config", str(path)],
                         capture_output=True, text=True)
    assert out.returncode == 2
    assert "Traceback" not in out.stderr
    assert out.stderr.strip() == f"companion: settings error: {path}: [screen.width]: expected a whole " \
                                 f"number, got 'wide'"


def test_written_settings_read_back_unchanged():
    cfg = Config().replace("screen", width=1024).replace("chance", seed=3)
    import tomllib
    assert config_from_dict(tomllib.loads(to_toml(cfg)), cfg.source) == cfg


def test_every_setting_is_documented():
    ref = reference_markdown()
    rows = [line for line in ref.splitlines()[2:]]
    assert len(rows) > 30 and all(line.rstrip(" |").split("|")[-1].strip() for line in rows)


def test_the_takkure_rosters_load_the_examples_by_default_and_name_a_broken_file(tmp_path):
    from companion.config import Config, ConfigError
    from companion.games.takkure.settings import load_rosters

    rosters = load_rosters(Config())
    assert [r["team"] for r in rosters] == ["Yamato", "Teriomorph"]
    broken = tmp_path / "mine.toml"
    broken.write_text('team = "Mine"\n[[players]]\nname = "A"\nbase_mm = 35\n')
    cfg = Config().replace("takkure", home_roster=str(broken))
    with pytest.raises(ConfigError, match=r"takkure.home_roster.*base_mm must be 30, 40 or 50"):
        load_rosters(cfg)
    with pytest.raises(ConfigError, match="cannot use roster"):
        load_rosters(Config().replace("takkure", away_roster=str(tmp_path / "missing.toml")))


@pytest.mark.parametrize("args", [["demo", "--duration", "nan"], ["demo", "--duration", "-1"],
                                  ["replay", "--speed", "inf"], ["nfc", "register", "--kind", "takkure-player",
                                                                 "--name", "X", "--timeout", "nan"]])
def test_number_flags_refuse_nan_infinity_and_nothing_as_one_line(args):
    out = subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert "expected a positive finite number" in out.stderr or "expected a finite number, 0 or more" in out.stderr
