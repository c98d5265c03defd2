"""Issue 11, item 10: the small ways bad input reached a traceback or was taken silently."""

import os
import subprocess
import sys

import pytest

from companion.hardware.controller import codec

pytestmark = pytest.mark.slow
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def companion(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True,
                          env=ENV, timeout=120, cwd=cwd)


def one_line(out, code, text):
    assert out.returncode == code, (out.returncode, out.stderr)
    assert text in out.stderr and "Traceback" not in out.stderr, out.stderr


@pytest.mark.parametrize("size", ["0x0", "100000x100000"])
def test_size_flags_meet_the_settings_limits(tmp_path, size):
    out = companion("demo", "--headless", "--fast", "--duration", "0", "--size", size,
                    "--journal", str(tmp_path / "j.sqlite"), "--snapshots", str(tmp_path / "s"))
    one_line(out, 2, "--size: [screen.width]: expected at")


def test_output_folders_that_are_files_and_a_missing_picture_folder(tmp_path):
    (tmp_path / "afile").write_text("x")
    one_line(companion("demo", "--headless", "--fast", "--duration", "0", "--snapshots", str(tmp_path / "afile"),
                       "--journal", str(tmp_path / "j.sqlite")), 1, "afile is a file, not a folder")
    one_line(companion("markers", "--out", str(tmp_path / "afile")), 1, "afile is a file, not a folder")
    out = companion("calibrate", "camera", "--images", str(tmp_path / "missing-dir"))
    assert out.returncode != 0 and "no such folder of calibration pictures" in out.stderr
    assert "Traceback" not in out.stderr


def test_the_decoder_drops_bodies_longer_than_encode_makes():
    for n in (65, 66, 67):
        payload = bytes((codec.TAG, 1, n)) + bytes(range(1, n + 1))
        crc = codec.crc16(payload)
        frame = codec.cobs_encode(payload + bytes((crc >> 8, crc & 0xFF))) + b"\x00"
        decoder = codec.Decoder()
        assert decoder.feed(frame) == [] and decoder.bad == 1
        with pytest.raises(ValueError):
            codec.encode(codec.TAG, 1, bytes(n))
    ok = codec.Decoder()
    assert ok.feed(codec.encode(codec.TAG, 1, bytes(64))) and ok.bad == 0


def test_replay_of_game_0_and_of_a_missing_journal(tmp_path):
    journal = tmp_path / "m.sqlite"
    assert companion("match", "--seed", "2", "--journal", str(journal)).returncode == 0
    one_line(companion("replay", "--journal", str(journal), "--game", "0", "--headless",
                       "--snapshots", str(tmp_path / "s")), 1, "no game 0 in")
    missing = tmp_path / "nothing.sqlite"
    one_line(companion("replay", "--journal", str(missing), "--list"), 1, "no journal at")
    assert not missing.exists()


def test_an_empty_config_flag_is_an_error_not_the_default(tmp_path):
    one_line(companion("doctor", "--config", ""), 2, "--config: empty")


def test_teach_refuses_a_blank_team_name(tmp_path):
    import cv2
    import numpy as np
    picture = tmp_path / "p.png"
    cv2.imwrite(str(picture), np.zeros((480, 640, 3), np.uint8))
    (tmp_path / "c.toml").write_text(f'[vision]\ncolours = "{tmp_path / "colours.json"}"\n')
    board = os.path.join(os.path.dirname(__file__), "..", "..", "calibration", "boards", "takkure-pitch.toml")
    one_line(companion("teach", str(picture), "--board", board, "--team", " ", "--at=5,5",
                       "--config", str(tmp_path / "c.toml")), 2, "--team is blank")
    assert not (tmp_path / "colours.json").exists()


def test_a_device_errors_setting_reads_as_the_settings_file_does():
    from companion.hardware.errors import DeviceError
    exc = DeviceError("camera", "no camera at OpenCV index 3", "camera.device")
    assert exc.where == "[camera] device" and "Change [camera] device in the settings file" in str(exc)


def test_a_settings_file_with_a_byte_order_mark_reads_as_without(tmp_path):
    from companion.config import load_config
    path = tmp_path / "c.toml"
    path.write_text("\ufeff[screen]\nwidth = 1024\n", encoding="utf-8")
    assert load_config(path).screen.width == 1024
