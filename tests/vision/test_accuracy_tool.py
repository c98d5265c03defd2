"""The accuracy benchmark (benchmarks/vision_accuracy.py): a run shared among processes counts
what one process counts, and a range of JPEG qualities gives each case its own."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import vision_accuracy  # noqa: E402


def _figures(total, by):
    return [total.line("all")] + [by[name].line(name) for name in sorted(by)]


def test_a_run_shared_among_processes_counts_what_one_process_counts(capsys):
    seeds = range(131846, 131850)       # four turned cases at JPEG 88-95; 131848 prints a base 0.2 in off
    options = dict(verbose=True, turned=True, jpeg=(88, 95))
    alone = vision_accuracy.evaluate_wide(seeds, **options)
    printed_alone = capsys.readouterr().out
    shared = vision_accuracy.evaluate_wide_jobs(seeds, 2, chunk=1, **options)
    printed_shared = capsys.readouterr().out
    assert alone[2] == shared[2] == 4
    assert _figures(*alone[:2]) == _figures(*shared[:2])
    assert printed_alone and printed_alone == printed_shared      # each case's lines, in seed order


def test_each_case_keeps_its_jpeg_quality_however_the_run_is_split():
    drawn = [vision_accuracy.quality_of(seed, 88, 95) for seed in range(1000, 1400)]
    assert set(drawn) == set(range(88, 96))                          # every quality, both ends too
    assert drawn == [vision_accuracy.quality_of(seed, 88, 95) for seed in range(1000, 1400)]
    assert vision_accuracy.quality_of(1234, 90, 90) == 90


@pytest.mark.parametrize("text", ["95-88", "0", "101", "88-120"])
def test_a_jpeg_quality_out_of_range_is_refused(text):
    with pytest.raises(Exception, match="JPEG quality"):
        vision_accuracy.qualities(text)


def test_the_army_set_is_read_with_each_teams_figures_painted_alike(monkeypatch):
    """``--armies`` reads make_army_case's pictures: the same pieces as the turned case of the
    seed, each team's figures one paint."""
    from companion.sim.testset import make_army_case, make_turned_case
    read = []
    monkeypatch.setattr(vision_accuracy, "detect_case",
                        lambda case, folder, seed=0, teams=None: read.append(case) or (0, {"pieces": [], "tokens": []}, ""))
    total, _, measured = vision_accuracy.evaluate_wide([145016], armies=True)
    army, turned = make_army_case(145016), make_turned_case(145016)
    assert measured == 1 and read[0].scene.name == army.scene.name == "army-145016"
    assert total.truth == len(turned.scene.pieces) and read[0].look.figure_rgb == army.look.figure_rgb
    assert len({army.look.figure_rgb[p.name] for p in army.scene.pieces}) == 2      # one paint a team


def test_the_shared_pictures_tool_gives_each_picture_its_truths_teams_when_asked(tmp_path, monkeypatch):
    """``vision_samples.py --teams-known`` tells `companion detect` each picture's own teams (its
    truth's colours), as `companion run` is configured; without it, none."""
    import json
    import vision_samples
    (tmp_path / "301.jpg").write_bytes(b"")
    (tmp_path / "301.json").write_text(json.dumps({"pieces": [
        {"x_in": 1.0, "y_in": 2.0, "diameter_mm": 30, "color": "yellow"},
        {"x_in": 5.0, "y_in": 2.0, "diameter_mm": 40, "color": "magenta"}], "tokens": []}))
    told = []
    monkeypatch.setattr(vision_samples, "detect", lambda image, board, camera, teams=None:
                        told.append(teams) or (0, {"pieces": [], "tokens": []}, ""))
    vision_samples.evaluate(tmp_path, "board.toml", teams_known=True)
    vision_samples.evaluate(tmp_path, "board.toml")
    assert told == [["magenta", "yellow"], None]
