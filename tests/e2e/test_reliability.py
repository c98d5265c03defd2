"""The reliability campaign (benchmarks/reliability.py), small: every part must hold."""

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import reliability  # noqa: E402

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("part", ["demo_kills", "match_kills", "full_disk", "two_processes",
                                  "damaged_journals", "damaged_files"])
def test_the_campaign_holds(tmp_path, part):
    rng = random.Random(7)
    args = {"demo_kills": (2, rng, tmp_path), "match_kills": (2, rng, tmp_path), "full_disk": (tmp_path,),
            "two_processes": (tmp_path,), "damaged_journals": (20, rng, tmp_path),
            "damaged_files": (60, rng, tmp_path)}[part]
    result = getattr(reliability, part)(*args)
    assert result["failures"] == [], result
    if part == "demo_kills":
        assert result["shown_lost"] == 0 and result["survived"] == result["kills"]
    if part == "two_processes":
        assert result["second_refused"]
