"""The circle geometry rims are measured with (companion/vision/circles.py)."""

import numpy as np
from hypothesis import example, given, settings
from hypothesis import strategies as st

from companion.vision.circles import (consensus_circle, each_ransac_circle, fit_concentric, fit_concentric_algebraic,
                                      lsq_circle, robust_circle)


def ring(cx, cy, r, n=60, start=0.0, span=2 * np.pi, noise=0.0, seed=0):
    t = start + np.linspace(0, span, n, endpoint=False)
    rng = np.random.default_rng(seed)
    return np.column_stack([cx + r * np.cos(t), cy + r * np.sin(t)]) + rng.normal(0, noise, (n, 2))


@settings(max_examples=60)
@given(st.floats(0, 30), st.floats(0, 30), st.floats(0.3, 1.2))
def test_a_circle_far_from_the_origin_is_fitted_exactly(cx, cy, r):
    # board inches: a rim 20 in from the corner is as well conditioned as one at the corner
    centre, radius = lsq_circle(ring(cx, cy, r), np.zeros(2), 0.0)
    assert np.allclose(centre, [cx, cy], atol=1e-9) and abs(radius - r) < 1e-9


def test_too_few_points_give_the_start_back():
    start = np.array([1.0, 2.0])
    assert lsq_circle(ring(5, 5, 1, n=4), start, 0.7) == (start, 0.7)


def test_concentric_fits_recover_a_rims_two_edges_from_half_of_it():
    outer, inner = ring(12, 7, 0.98, span=np.pi, noise=0.003), ring(12, 7, 0.82, span=np.pi, noise=0.003, seed=1)
    c, ro, ri = fit_concentric_algebraic(outer, inner)
    c, ro, ri = fit_concentric(outer, inner, c)
    assert np.hypot(*(c - [12, 7])) < 0.01 and abs(ro - 0.98) < 0.01 and abs(ri - 0.82) < 0.01


def test_robust_circle_drops_points_that_stray():
    pts = ring(4, 9, 0.59, noise=0.002)
    v = pts[:8] - [4, 9]
    pts[:8] -= 0.12 * v / np.hypot(*v.T)[:, None]     # a figure across part of the rim: edges fall short
    c, r, keep = robust_circle(pts, np.ones(len(pts), bool), pts.mean(axis=0), 0.6, 20)
    assert not keep[:8].any() and keep[8:].mean() > 0.9
    assert np.hypot(*(c - [4, 9])) < 0.003 and abs(r - 0.59) < 0.003


def test_robust_circle_is_not_pulled_by_an_arc_pushed_out_together():
    # a cloak of the team's colour over an eighth of the rim: its edge there lies 0.2 in out
    pts = ring(4, 9, 0.59, noise=0.002)
    v = pts[:8] - [4, 9]
    pts[:8] += 0.2 * v / np.hypot(*v.T)[:, None]
    c, r, keep = robust_circle(pts, np.ones(len(pts), bool), pts.mean(axis=0), 0.6, 20)
    assert not keep[:8].any()
    assert np.hypot(*(c - [4, 9])) < 0.003 and abs(r - 0.59) < 0.003


def test_robust_circle_gives_up_below_its_quorum():
    pts = ring(4, 9, 0.59, n=10)
    c, _, _ = robust_circle(pts, np.ones(10, bool), pts.mean(axis=0), 0.6, 20)
    assert c is None


def test_ransac_finds_two_touching_rims_and_not_the_noise():
    rng = np.random.default_rng(3)
    a, b = ring(10, 10, 0.51, n=120, noise=0.01), ring(11.2, 10, 0.51, n=120, noise=0.01, seed=2)
    clutter = rng.uniform(8, 13, (40, 2))
    found = list(each_ransac_circle(np.concatenate([a, b, clutter]), rng, 40, (0.4, 1.1), (0.4, 1.1)))
    centres = sorted(tuple(np.round(c, 1)) for c, _ in found)
    assert centres == [(10.0, 10.0), (11.2, 10.0)]
    assert all(abs(r - 0.51) < 0.02 for _, r in found)


def test_ransac_draws_no_more_from_the_points_a_measured_base_explains():
    """A rim and, inside it, its figure's outline in the rim's colour; a second rim touching it.
    Drawn one at a time, once the first rim is taken as a base the figure inside it is no
    circle to look for, and the touching rim still is."""
    rim, figure = ring(10, 10, 0.88, n=150, noise=0.01), ring(10, 10, 0.62, n=60, noise=0.01, seed=1)
    beside = ring(11.9, 10, 0.49, n=90, noise=0.01, seed=2)
    pts = np.concatenate([rim, figure, beside])
    every = list(each_ransac_circle(pts, np.random.default_rng(5), 20, (0.4, 1.1), (0.4, 1.1)))
    assert sorted(round(r, 1) for _, r in every) == [0.5, 0.6, 0.9]
    found = []
    inside_of_found = lambda p: np.zeros(len(p), bool) if not found else \
        np.hypot(p[:, 0] - found[0][0][0], p[:, 1] - found[0][0][1]) < found[0][1] + 0.1  # noqa: E731
    for centre, r in each_ransac_circle(pts, np.random.default_rng(5), 20, (0.4, 1.1), (0.4, 1.1),
                                        explained=inside_of_found):
        found.append((centre, r))
    assert sorted(round(r, 1) for _, r in found) == [0.5, 0.9]
    assert sorted(tuple(np.round(c, 1)) for c, _ in found) == [(10.0, 10.0), (11.9, 10.0)]


@settings(max_examples=60, deadline=None)
@given(st.floats(0, 30), st.floats(0, 30), st.floats(0.4, 1.0), st.floats(0.05, 0.2), st.floats(2.5, 2 * np.pi),
       st.integers(0, 10_000))
@example(cx=0.0, cy=0.0, r=0.40625, width=0.1875, span=2.5, seed=3458)     # once failed a zero-gradient test
def test_the_concentric_fits_solve_the_full_least_squares_problems(cx, cy, r, width, span, seed):
    """The fits eliminate the two radii by hand (a 2 x 2 system from a few sums): they must give
    what the whole 4 x 4 least-squares problem gives, solved by numpy, on noisy arcs anywhere
    (at least 40 % of the rim: as much as a measurement keeps)."""
    outer = ring(cx, cy, r, n=37, span=span, noise=0.01, seed=seed)
    inner = ring(cx, cy, r - width, n=29, span=span, noise=0.01, seed=seed + 1)
    pts = np.concatenate([outer, inner])
    # Kasa: x^2 + y^2 = 2 cx x + 2 cy y + k_outer (or k_inner), linear in (cx, cy, k_outer, k_inner)
    A = np.column_stack([2 * pts, np.r_[np.ones(37), np.zeros(29)], np.r_[np.zeros(37), np.ones(29)]])
    (ax, ay, ko, ki), *_ = np.linalg.lstsq(A, (pts ** 2).sum(1), rcond=None)
    c, ro, ri = fit_concentric_algebraic(outer, inner)
    assert np.allclose(c, [ax, ay], atol=1e-7) and np.isclose(ro, np.sqrt(ko + ax * ax + ay * ay), atol=1e-7) \
        and np.isclose(ri, np.sqrt(ki + ax * ax + ay * ay), atol=1e-7)
    # Gauss-Newton on the geometric distances stops after three steps: it must land where the
    # whole 4 x 4 problem, iterated by numpy until it no longer moves, lands, to 1e-5 in (a
    # five-thousandth of a pixel at 20 px/in). A zero-gradient test at 1e-6 failed on a half
    # circle whose three steps were 6e-7 in from the optimum.
    c, ro, ri = fit_concentric(outer, inner, c)
    optimum = geometric_optimum(outer, inner, c)
    assert np.abs(np.r_[c, ro, ri] - optimum).max() < 1e-5


def geometric_optimum(outer, inner, start, steps=50):
    """The concentric fit by plain Gauss-Newton, each step a 4 x 4 least-squares solve by numpy."""
    n_o, pts = len(outer), np.concatenate([outer, inner])
    d = np.hypot(*(pts - start).T)
    x = np.r_[start, d[:n_o].mean(), d[n_o:].mean()]
    for _ in range(steps):
        v = pts - x[:2]
        d = np.hypot(*v.T)
        jac = np.zeros((len(pts), 4))
        jac[:, :2], jac[:n_o, 2], jac[n_o:, 3] = -v / d[:, None], -1.0, -1.0
        error = d - np.where(np.arange(len(pts)) < n_o, x[2], x[3])
        x += np.linalg.lstsq(jac, -error, rcond=None)[0]
    return x


@settings(max_examples=80, deadline=None)
@given(st.floats(0, 30), st.floats(0, 30), st.floats(0.5, 1.1), st.integers(0, 59), st.integers(6, 54),
       st.floats(0.08, 0.3), st.floats(-0.3, -0.08), st.integers(0, 10 ** 6))
def test_two_arcs_pulled_opposite_ways_leave_the_circle_most_points_lie_on(cx, cy, r, out_at, apart, out_by, in_by,
                                                                           seed):
    """An edge read along 60 rays, a tenth of it pushed out (a figure bulging past the rim)
    and another tenth pulled in (the figure hiding it), anywhere round and apart: the consensus circle
    is the true one, and its inliers are the rays left alone."""
    pts = ring(cx, cy, r, noise=0.003, seed=seed)
    moved = np.zeros(60, bool)
    for at, by in ((out_at, out_by), (out_at + apart, in_by)):
        arc = (np.arange(6) + at) % 60
        v = pts[arc] - [cx, cy]
        pts[arc] += by * v / np.hypot(*v.T)[:, None]
        moved[arc] = True
    centre, radius, inliers = consensus_circle(pts, np.ones(60, bool), (0.3, 1.2), 0.03)
    assert np.hypot(*(centre - [cx, cy])) < 0.03 and abs(radius - r) < 0.03
    assert not (inliers & moved).any() and np.count_nonzero(inliers) >= 0.9 * np.count_nonzero(~moved)


def test_consensus_needs_a_circle_of_the_radii_asked_for():
    pts = ring(5, 5, 2.0)
    assert consensus_circle(pts, np.ones(60, bool), (0.3, 1.2), 0.03) is None
    assert consensus_circle(pts, np.arange(60) < 5, (1.5, 2.5), 0.03) is None   # too few points to try
