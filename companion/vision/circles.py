"""Circles through points: the geometry a rim is measured with, on plain arrays (board inches).

RANSAC finds rim-sized circles among a cloud of coloured pixels; least-squares fits
(one circle, or two concentric ones: a rim's outer and inner edges) measure them;
``crossings`` places a rim's edges along rays read across it. Nothing here reads an
image. The fits are small (tens of points) and run hundreds of times a frame, so they
solve their 3 x 3 or 4 x 4 normal equations directly, in coordinates centred on the
points' mean (well conditioned, where a circle 0.5 in across 20 in from the origin is not).

>>> t = np.linspace(0, 2 * np.pi, 40, endpoint=False)
>>> pts = np.column_stack([10 + 0.6 * np.cos(t), 5 + 0.6 * np.sin(t)])
>>> centre, r = lsq_circle(pts, np.zeros(2), 0.0)
>>> [round(float(v), 6) for v in centre], round(r, 6)
([10.0, 5.0], 0.6)
"""

from __future__ import annotations

import math

import numpy as np

from companion.vision.stats import median, row_medians

INLIER_IN = 0.05


def circles_from_triples(x: np.ndarray, y: np.ndarray, idx: np.ndarray):
    """The circle through each triple of points (``x[idx]``, ``y[idx]``): (centres, radii, defined).

    >>> x, y = np.array([1.0, 0.0, -1.0, 2.0]), np.array([0.0, 1.0, 0.0, 2.0])
    >>> centres, r, ok = circles_from_triples(x, y, np.array([[0, 1, 2], [0, 0, 3]]))
    >>> centres[0].tolist(), float(r[0]), ok.tolist()
    ([0.0, 0.0], 1.0, [True, False])
    """
    X, Y = x[idx], y[idx]                     # triples x 3: two gathers, not six
    ax, bx, cx = X.T
    ay, by, cy = Y.T
    byc, cya, ayb = by - cy, cy - ay, ay - by
    d = 2 * (ax * byc + bx * cya + cx * ayb)
    ok = np.abs(d) > 1e-9
    d = np.where(ok, d, 1.0)
    a2, b2, c2 = ax * ax + ay * ay, bx * bx + by * by, cx * cx + cy * cy
    centres = np.empty((len(idx), 2))         # written in place: column_stack costs more than the sums
    ux, uy = centres.T
    np.divide(a2 * byc + b2 * cya + c2 * ayb, d, out=ux)
    np.divide(a2 * (cx - bx) + b2 * (ax - cx) + c2 * (bx - ax), d, out=uy)
    return centres, np.hypot(ax - ux, ay - uy), ok


def each_ransac_circle(points: np.ndarray, rng: np.random.Generator, min_points: int,
                       radii_in: tuple[float, float], accept_in: tuple[float, float], tries: int = 160,
                       explained=None):
    """Circles with a radius within ``radii_in`` among ``points`` (board inches), each
    supported by at least ``min_points`` points spread round at least 40 % of it and, once
    fitted, with a radius within ``accept_in``: (centre, radius), one at a time. Each circle's
    points are taken out before the next is looked for (two touching rims are two circles);
    with ``explained`` (board points -> a mask of those it explains, asked after each circle
    is handed out), the points it explains too: the caller has measured the circle as a
    base, and the rim's inner edge and its figure are no other base's."""
    found = 0
    origin = points.sum(axis=0) / len(points) if len(points) else np.zeros(2)
    pts = points - origin                     # centred: d^2 below stays exact
    while len(pts) >= min_points and found < 12:
        x, y = pts[:, 0].copy(), pts[:, 1].copy()
        idx = rng.integers(0, len(pts), size=(tries, 3))
        centres, radii, ok = circles_from_triples(x, y, idx)
        ok &= (radii > radii_in[0]) & (radii < radii_in[1])
        if not ok.any():
            break
        centres, radii = centres[ok], radii[ok]
        # |p - c| within 2 INLIER_IN of r, as squared distances: lo < |p - c|^2 < hi, that is
        # | |p|^2 - 2 c.p + |c|^2 - mid | < half, whose left side is one matrix product
        # (circles x 4 by 4 x points): the matrix of circles x points is made once, not by
        # five passes of sums over it
        lo, hi = np.maximum(radii - 2 * INLIER_IN, 0) ** 2, (radii + 2 * INLIER_IN) ** 2
        per_circle = np.empty((len(radii), 4))
        per_circle[:, :2] = centres
        per_circle[:, 2] = 1.0
        per_circle[:, 3] = (centres ** 2).sum(1) - (lo + hi) / 2
        per_point = np.empty((4, len(x)))
        per_point[0], per_point[1] = -2 * x, -2 * y
        per_point[2] = x * x + y * y
        per_point[3] = 1.0
        off = per_circle @ per_point
        np.abs(off, out=off)
        inl = off < ((hi - lo) / 2)[:, None]
        counts = inl.sum(axis=1)
        best = int(np.argmax(counts))
        if counts[best] < min_points:
            break
        members = inl[best]
        centre, radius = lsq_circle(pts[members], centres[best], radii[best])
        ang = np.arctan2(y[members] - centre[1], x[members] - centre[0])
        coverage = np.count_nonzero(np.bincount(((ang + np.pi) / (2 * np.pi) * 24).astype(int) % 24,
                                                minlength=24)) / 24
        pts = pts[~members]
        if coverage >= 0.4 and accept_in[0] < radius < accept_in[1]:
            found += 1
            yield centre + origin, radius
            if explained is not None and len(pts):
                pts = pts[~explained(pts + origin)]


def _centred(pts: np.ndarray):
    """The Kasa fits' sums: ``pts`` (N x 2) centred on their mean ``m`` as rows x, y and
    x^2 + y^2 of ``A`` (3 x N), and its moments ((Sxx, Sxy, Sxz), (Syy, Syz)), in one matrix
    product. Returns (A, m, (Sxx, Sxy, Sxz), (Syy, Syz))."""
    A = np.empty((3, len(pts)))
    P = pts.T
    m = P.sum(axis=1) / len(pts)
    np.subtract(P, m[:, None], out=A[:2])
    A[2] = A[0] * A[0] + A[1] * A[1]
    return (A, m, *_moments(A))


def _moments(A: np.ndarray):
    """Rows x and y of ``A`` (3 x N: x, y, z) with each row, in one matrix product:
    ((Sxx, Sxy, Sxz), (Syy, Syz))."""
    (sxx, sxy, sxz), (_, syy, syz) = (A[:2] @ A.T).tolist()
    return (sxx, sxy, sxz), (syy, syz)


def lsq_circle(pts: np.ndarray, centre: np.ndarray, radius: float):
    """Least-squares (Kasa) circle through ``pts``: (centre, radius); ``centre`` and ``radius``
    back when fewer than 5 points or no circle fits. In coordinates centred on the points'
    mean the normal equations split: the centre solves a 2 x 2 system, in closed form."""
    n = len(pts)
    if n < 5:
        return centre, radius
    A, m, (sxx, sxy, sxz), (syy, syz) = _centred(pts)
    det = sxx * syy - sxy * sxy
    if det <= 0.0:
        return centre, radius
    cx = 0.5 * (sxz * syy - syz * sxy) / det
    cy = 0.5 * (syz * sxx - sxz * sxy) / det
    r2 = float(A[2].sum()) / n + cx * cx + cy * cy
    return (np.array([cx + m[0], cy + m[1]]), math.sqrt(r2)) if r2 > 0 else (centre, radius)


def robust_circle(pts: np.ndarray, keep: np.ndarray, start: np.ndarray, r0: float, min_keep: float,
                  rounds: int = 3, geometric: bool = True, sectors: bool = True):
    """A circle through ``pts`` (board inches), the points that stray dropped: ``rounds`` of a
    least-squares fit and a cut at 3 MAD (at least 0.012 in), then a fit of those kept
    (geometric, or algebraic: as good for points all round a circle, and cheaper).
    Returns (centre, radius, keep); centre None once fewer than ``min_keep`` agree.

    With ``sectors``, the first fit is the one of seven (through all the points, and through all but each sixth
    of the circle in turn) whose median residual is least: an arc of points pushed out
    together (a cloak over the rim's edge) pulls a fit through all of them so far that the
    MAD cut no longer tells them from the rest."""
    x, y = pts[:, 0], pts[:, 1]
    if sectors and np.count_nonzero(keep) >= min_keep:
        sector = ((np.arctan2(y - start[1], x - start[0]) + np.pi) * (6 / (2 * np.pi))).astype(int)
        fits = []
        for left_out in (-1, 0, 1, 2, 3, 4, 5):
            m = keep & (sector != left_out)
            if np.count_nonzero(m) >= min_keep:
                fits.append(lsq_circle(pts[m], start, r0))
        if fits:
            # each fit's median residual over the points kept, all seven at once
            cs = np.array([c for c, _ in fits])
            res = np.abs(np.hypot(x[keep] - cs[:, :1], y[keep] - cs[:, 1:]) - np.array([r for _, r in fits])[:, None])
            meds = row_medians(res)
            best = int(np.argmin(meds))
            med = float(meds[best])
            c, r = fits[best]
            keep = keep & (np.abs(np.hypot(x - c[0], y - c[1]) - r) < max(3 * 1.4826 * med, 0.012))
    c = start
    settled = False
    for _ in range(rounds):
        if np.count_nonzero(keep) < min_keep:
            return None, 0.0, keep
        c, r = lsq_circle(pts[keep], start, r0)
        res = np.abs(np.hypot(x - c[0], y - c[1]) - r)
        mad = median(res[keep]) * 1.4826 + 1e-4
        was, keep = keep, res < max(3 * mad, 0.012)
        if np.array_equal(keep, was):           # the same points: another round would fit them again
            settled = True
            break
    if np.count_nonzero(keep) < min_keep:
        return None, 0.0, keep
    if geometric:
        c, r, _ = fit_concentric(pts[keep], pts[keep][:0], c)
    elif not settled:                           # (settled: the last round's fit is of these points)
        c, r = lsq_circle(pts[keep], c, r)
    return c, r, keep


def consensus_circle(pts: np.ndarray, keep: np.ndarray, radii_in: tuple[float, float], tol_in: float):
    """The circle through most of the points ``pts[keep]`` (in order round a centre, as a
    rim's edge read along rays is), each within ``tol_in`` of it: (centre, radius, inliers),
    or None when no circle within ``radii_in`` passes through three of them.

    For edges that two arcs pull apart (a figure over the rim bulging out on one side and
    hiding it on another): a least-squares fit through all of them lands between, where
    every point strays alike and a cut by the median residual tells none from the rest.
    The candidates are the circles through points a third, a quarter and a sixth of the
    way round from each other, so that each is tried from every arc of the edge.

    >>> t = np.linspace(0, 2 * np.pi, 30, endpoint=False)
    >>> r = np.where((t > 1) & (t < 2.5), 0.5, 0.8)      # an arc pulled inward
    >>> pts = np.column_stack([r * np.cos(t), r * np.sin(t)])
    >>> centre, radius, inliers = consensus_circle(pts, np.ones(30, bool), (0.3, 1.2), 0.02)
    >>> [round(float(v), 6) + 0.0 for v in centre], round(radius, 6), int(inliers.sum())
    ([0.0, 0.0], 0.8, 23)
    """
    idx = np.nonzero(keep)[0]
    n = len(idx)
    if n < 6:
        return None
    i = np.arange(n)
    steps = (n // 3, n // 4, n // 6)
    triples = idx[np.concatenate([np.column_stack([i, (i + s) % n, (i + 2 * s) % n]) for s in steps])]
    centres, radii, ok = circles_from_triples(pts[:, 0], pts[:, 1], triples)
    ok &= (radii > radii_in[0]) & (radii < radii_in[1])
    if not ok.any():
        return None
    centres, radii = centres[ok], radii[ok]
    off = np.abs(np.hypot(pts[:, 0] - centres[:, :1], pts[:, 1] - centres[:, 1:]) - radii[:, None])
    inliers = keep & (off < tol_in)
    best = int(np.argmax(inliers.sum(axis=1)))
    return centres[best], float(radii[best]), inliers[best]


def _per_circle_moments(A: np.ndarray, moments, n_o: int, n_i: int):
    """What the normal equations of a fit of two concentric circles leave once each circle's
    own unknown (its k, or its radius) is eliminated: the ``moments`` (:func:`_moments`) of
    rows x and y of ``A`` (3 x N, the outer circle's ``n_o`` points first, then the inner's
    ``n_i``) with x, y and the third row z, each circle's own mean taken out. Returns ((Sxx,
    Sxy, Syy, Sxz, Syz), the outer circle's sums of x, y and z, the inner's); a circle with
    no points sums to 0."""
    (sxx, sxy, sxz), (syy, syz) = moments
    sums = np.add.reduceat(A, [0, n_o] if n_i and n_o else [0], axis=1).T.tolist()
    outer = sums[0] if n_o else [0.0, 0.0, 0.0]
    inner = sums[-1] if n_i else [0.0, 0.0, 0.0]
    for (x, y, z), n in ((outer, n_o), (inner, n_i)):
        if n:
            sxx, sxy, syy = sxx - x * x / n, sxy - x * y / n, syy - y * y / n
            sxz, syz = sxz - x * z / n, syz - y * z / n
    return (sxx, sxy, syy, sxz, syz), outer, inner


def fit_concentric_algebraic(outer: np.ndarray, inner: np.ndarray):
    """Closed-form (Kasa) fit of two concentric circles: x^2 + y^2 = 2 cx x + 2 cy y + k, one k
    for each circle. Returns (centre, R_outer, R_inner).

    The normal equations (4 x 4) are solved with each circle's k eliminated: what is left is
    2 x 2, from a handful of sums (one matrix product, one reduceat), for a third of the cost
    of building and solving the 4 x 4 system.

    >>> t = np.linspace(0, 2 * np.pi, 30, endpoint=False)
    >>> ring = lambda r: np.column_stack([4 + r * np.cos(t), 7 + r * np.sin(t)])
    >>> c, ro, ri = fit_concentric_algebraic(ring(0.8), ring(0.65))
    >>> [round(float(v), 9) for v in (*c, ro, ri)]
    [4.0, 7.0, 0.8, 0.65]
    """
    n_o, n_i = len(outer), len(inner)
    A, m, *moments = _centred(np.concatenate([outer, inner]))
    (a11, a12, a22, b1, b2), (xo, yo, zo), (xi, yi, zi) = _per_circle_moments(A, moments, n_o, n_i)
    det = 2 * (a11 * a22 - a12 * a12)
    if det == 0.0:
        return m, 0.0, 0.0
    cx, cy = (b1 * a22 - b2 * a12) / det, (a11 * b2 - a12 * b1) / det
    cc = cx * cx + cy * cy
    ro = math.sqrt(max((zo - 2 * xo * cx - 2 * yo * cy) / n_o + cc, 0.0)) if n_o else 0.0
    ri = math.sqrt(max((zi - 2 * xi * cx - 2 * yi * cy) / n_i + cc, 0.0)) if n_i else 0.0
    return np.array([cx + m[0], cy + m[1]]), ro, ri


def fit_concentric(outer: np.ndarray, inner: np.ndarray, centre: np.ndarray):
    """Gauss-Newton fit of two concentric circles (geometric distances), from ``centre``:
    (centre, R_outer, R_inner). ``inner`` may be empty (one circle; R_inner is then 0).

    Each step's normal equations (4 x 4: the centre and the two radii) are solved with the
    radii eliminated, as in :func:`fit_concentric_algebraic`."""
    n_o, n_i = len(outer), len(inner)
    A = np.empty((3, n_o + n_i))        # rows: d/dcx and d/dcy of each point's distance, its error
    P = np.concatenate([outer, inner]).T
    cx, cy = float(centre[0]), float(centre[1])
    d = np.hypot(P[0] - cx, P[1] - cy)
    ro = float(d[:n_o].sum()) / n_o if n_o else 0.0
    ri = float(d[n_o:].sum()) / n_i if n_i else 0.0
    for _ in range(3):
        V = P - np.array([[cx], [cy]])
        d = np.hypot(V[0], V[1])
        np.multiply(V, -1.0 / np.maximum(d, 1e-12), out=A[:2])
        A[2, :n_o] = d[:n_o] - ro
        A[2, n_o:] = d[n_o:] - ri
        (a11, a12, a22, b1, b2), (xo, yo, eo), (xi, yi, ei) = _per_circle_moments(A, _moments(A), n_o, n_i)
        b1, b2 = -b1, -b2               # the step solves for minus the errors' moments
        det = a11 * a22 - a12 * a12
        if det <= 0.0:
            break
        dx, dy = (b1 * a22 - b2 * a12) / det, (a11 * b2 - a12 * b1) / det
        dro = (eo + xo * dx + yo * dy) / n_o if n_o else 0.0
        dri = (ei + xi * dx + yi * dy) / n_i if n_i else 0.0
        cx, cy, ro, ri = cx + dx, cy + dy, ro + dro, ri + dri
        if math.sqrt(dx * dx + dy * dy + dro * dro + dri * dri) < 1e-7:
            break
    return np.array([cx, cy]), ro, ri


def crossings(score: np.ndarray, rho: np.ndarray, peak_at: np.ndarray, level: float):
    """Per ray, where the score falls below ``level`` going out from the peak and going in,
    linearly interpolated: (outer radius, inner radius, outer found, inner found)."""
    n_rays, n = score.shape
    rows = np.arange(n_rays)
    low = score < level
    after = np.arange(n)[None, :] > peak_at[:, None]
    out_mask = low & after
    in_mask = low & ~after
    in_mask[rows, peak_at] = False
    k_out = out_mask.argmax(axis=1)
    k_in = (n - 1) - in_mask[:, ::-1].argmax(axis=1)
    found_out, found_in = out_mask[rows, k_out], in_mask[rows, k_in]   # argmax is 0 where none is
    np.minimum(np.maximum(k_out, 1, out=k_out), n - 1, out=k_out)     # np.clip's values, for less of its cost
    np.minimum(k_in, n - 2, out=k_in)                                  # (never below 0)
    # both edges at once, between a sample above the level (k_hi) and one below it (k_lo)
    k_hi, k_lo = np.concatenate([k_out - 1, k_in + 1]), np.concatenate([k_out, k_in])
    at = np.concatenate([rows, rows]) * n
    flat = score.ravel()
    a, b = flat[at + k_hi], flat[at + k_lo]
    same = a == b
    t = np.where(same, 0.5, (a - level) / np.where(same, 1.0, a - b))
    r = rho[k_hi] + t * (rho[k_lo] - rho[k_hi])
    return r[:n_rays], r[n_rays:], found_out, found_in


def outermost_crossings(score: np.ndarray, rho: np.ndarray, floor: float, width: int = 5):
    """Per ray, the outer edge of the outermost ring of colour: the last sample above ``floor``,
    the ring's own peak within ``width`` samples inside it, and where the score falls below
    half that peak going out. A pale rim around a saturated figure of its colour keeps its
    edge (a half level taken from the figure's peak would put it on the figure's edge).
    Returns (radius, found)."""
    n = score.shape[1]
    rows = np.arange(len(score))
    above = score >= floor
    found = above.any(axis=1)
    last = n - 1 - np.argmax(above[:, ::-1], axis=1)
    idx = np.clip(last[:, None] - np.arange(width)[None, :], 0, n - 1)
    window = score[rows[:, None], idx]
    peak_at = idx[rows, np.argmax(window, axis=1)]
    k_out, t, fell = falls_below(score, score[rows, peak_at] / 2, peak_at)
    return rho[k_out - 1] + t * (rho[k_out] - rho[k_out - 1]), found & fell


def falls_below(profile: np.ndarray, level, after: np.ndarray):
    """Per row of ``profile``, the first sample past index ``after`` (one per row) below
    ``level`` (one per row, or one for all): (k, t, found), the crossing lying the fraction t of
    the way from sample k - 1 to sample k, linearly interpolated (k is 1 or more; where none
    falls below, found is False and k and t mean nothing).

    >>> k, t, found = falls_below(np.array([[4.0, 3.0, 1.0, 0.0], [4.0, 4.0, 4.0, 4.0]]), 2.0, np.zeros(2, int))
    >>> int(k[0]), float(t[0]), found.tolist()
    (2, 0.5, [True, False])
    """
    n = profile.shape[1]
    rows = np.arange(len(profile))
    below = (profile < np.reshape(level, (-1, 1))) & (np.arange(n)[None, :] > after[:, None])
    k = np.clip(np.argmax(below, axis=1), 1, n - 1)
    a, b = profile[rows, k - 1], profile[rows, k]
    t = np.where(a != b, (a - level) / np.where(a != b, a - b, 1.0), 0.5)
    return k, t, below.any(axis=1)
