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
