import pytest

from companion.vision.profile import load_profile

PROFILE = "calibration/boards/takkure-pitch.toml"


@pytest.fixture(scope="session")
def pitch():
    from pathlib import Path
    return load_profile(Path(__file__).resolve().parents[2] / PROFILE)
