"""Accuracy on pictures drawn by other hands, each changed as another table or camera would
change it: light, white balance (a bright tinted lamp too, under which the markers' white paper
clips in one channel), paint hue, noise, blur, JPEG, the board turned, a smaller picture.

The shared pictures (``../shared/vision-samples``) are the nearest thing here to the unshared
pictures the detector is judged on, and they are few. Changing them in ways that keep their
truth (a photometric change, or a turn or a scale with the CAMERA.toml changed to match)
shows which of those ways the detector's answers depend on, in the other renderer's own style.
It measures; nothing in the detector is tuned to it.

    python benchmarks/vision_perturbed.py ../shared/vision-samples/flat ../shared/vision-samples/raised \
        --board ../shared/vision-samples/takkure-pitch.toml [--mixed 3] [-v]

Prints the targets of `vision_samples.py` for each change, then for ``--mixed`` random
combinations of three changes per picture (seeded: the same run prints the same figures).

    python benchmarks/vision_perturbed.py ... --qualities 85-95 [-v]

instead saves each picture again at each of those JPEG qualities (the unshared pictures are
saved at 88-95), one line for each and one for them all: a pale rim 2-3 px wide is read
differently through each quality's rounding.

    python benchmarks/vision_perturbed.py ... --hues=-12,-8,8,12 [-v]

instead turns each picture's hue (HSV) by each of those degrees and saves it again at JPEG 92,
one line for each: paint a little bluer or redder than these pictures show (their cyan
rims already span 35 degrees of Lab hue, -142 to -179), where a cyan team beside a blue one,
or a magenta beside a red, comes near the other's hue.

    python benchmarks/vision_perturbed.py ... --bright=1.1,1.2,1.3,1.4 [-v]

instead makes each picture that many times brighter, under a plain, a cool and a warm light
("cool light", "warm light"), and saves it again at JPEG 92, one line for each: the markers'
white paper clips, in the light's strongest channel first.

    python benchmarks/vision_perturbed.py ... --noise=3,5 [--draws 10] [-v]

instead adds sensor noise of each of those standard deviations (levels), ``--draws`` times
a picture, each draw seeded by the picture, the draw and the level, one line for each level
over all its draws: a base read only in the one noise the picture was saved with is read
by chance, as an unshared picture of the same table would show.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import defaultdict
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.dirname(__file__))

from companion.vision.camera_model import CameraModel, load_camera  # noqa: E402
from companion.vision.image_file import read_image  # noqa: E402
from companion.vision.detect import read_picture  # noqa: E402
from companion.vision.profile import load_profile  # noqa: E402
from vision_samples import Tally, sample_pictures, tally_picture  # noqa: E402


def _gain(img, r=1.0, g=1.0, b=1.0):
    return np.clip(img.astype(np.float32) * np.array([b, g, r], np.float32), 0, 255).astype(np.uint8)


def _gamma(img, gamma):
    lut = np.clip(255 * (np.arange(256) / 255.0) ** gamma, 0, 255).astype(np.uint8)
    return cv2.LUT(img, lut)


def _hsv(img, hue_deg=0.0, sat=1.0):
    hsv = cv2.cvtColor(img, cv2.COLOR_BGR2HSV_FULL).astype(np.float32)
    hsv[..., 0] = (hsv[..., 0] + hue_deg * 256 / 360) % 256
    hsv[..., 1] = np.clip(hsv[..., 1] * sat, 0, 255)
    return cv2.cvtColor(hsv.astype(np.uint8), cv2.COLOR_HSV2BGR_FULL)


def _noise(img, sigma, rng):
    return np.clip(img + rng.normal(0, sigma, img.shape), 0, 255).astype(np.uint8)


def _jpeg(img, quality):
    ok, data = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, quality])
    return cv2.imdecode(data, cv2.IMREAD_COLOR)


TINTS = {"cool": (0.72, 0.88, 1.0), "warm": (1.0, 0.88, 0.7)}     # R, G, B gains of "cool light", "warm light"


def bright_tinted(img, tint: str, f: float):
    """The picture under a ``tint``ed light (``TINTS``) made ``f`` times brighter: white paper
    clips in the light's strongest channel."""
    r, g, b = TINTS[tint]
    return _gain(img, r * f, g * f, b * f)


def hue_turned(img, degrees):
    """The picture's hue (HSV) turned by ``degrees`` and saved again at JPEG 92 (``--hues``)."""
    return _jpeg(_hsv(img, degrees), 92)


def _uneven(img, low, high):
    """A lamp to one side: the light falls from ``high`` to ``low`` across the picture."""
    h, w = img.shape[:2]
    ramp = np.linspace(high, low, w, dtype=np.float32)[None, :, None]
    return np.clip(img * ramp, 0, 255).astype(np.uint8)


def _turned(img, cam: CameraModel | None):
    """The picture turned half a circle (the camera at the other end of the table); the lens
    turned with it: the principal point mirrored, the tangential terms negated."""
    h, w = img.shape[:2]
    if cam is None:
        return img[::-1, ::-1].copy(), None
    K = cam.K.copy()
    K[0, 2], K[1, 2] = w - 1 - K[0, 2], h - 1 - K[1, 2]
    dist = cam.dist.copy()
    dist[2:4] *= -1
    return img[::-1, ::-1].copy(), CameraModel(K, dist, cam.size, cam.rms_px)


def _scaled(img, cam: CameraModel | None, f):
    """A smaller sensor: the picture resized by ``f`` (the lens scaled alike)."""
    h, w = img.shape[:2]
    size = (int(round(w * f)), int(round(h * f)))
    small = cv2.resize(img, size, interpolation=cv2.INTER_AREA)
    if cam is None:
        return small, None
    K = cam.K.copy()
    K[:2, :2] *= f
    K[:2, 2] = (K[:2, 2] + 0.5) * f - 0.5
    return small, CameraModel(K, cam.dist.copy(), size, cam.rms_px)


# name -> (picture, camera, rng) -> (picture, camera)
CHANGES = {
    "as given": lambda im, cam, rng: (im, cam),
    "darker x0.65": lambda im, cam, rng: (_gain(im, 0.65, 0.65, 0.65), cam),
    "brighter x1.3": lambda im, cam, rng: (_gain(im, 1.3, 1.3, 1.3), cam),
    # a lamp's tint, white kept below clipping as a camera's exposure keeps it
    "warm light": lambda im, cam, rng: (bright_tinted(im, "warm", 1.0), cam),
    "cool light": lambda im, cam, rng: (bright_tinted(im, "cool", 1.0), cam),
    "gamma 0.8": lambda im, cam, rng: (_gamma(im, 0.8), cam),
    "gamma 1.25": lambda im, cam, rng: (_gamma(im, 1.25), cam),
    "hue +8 deg": lambda im, cam, rng: (_hsv(im, 8), cam),
    "hue -8 deg": lambda im, cam, rng: (_hsv(im, -8), cam),
    "saturation x0.7": lambda im, cam, rng: (_hsv(im, 0, 0.7), cam),
    "noise 5": lambda im, cam, rng: (_noise(im, 5, rng), cam),
    "blur 0.8 px": lambda im, cam, rng: (cv2.GaussianBlur(im, (0, 0), 0.8), cam),
    "JPEG 75": lambda im, cam, rng: (_jpeg(im, 75), cam),     # saved again: the lowest our own sets use
    "JPEG 60": lambda im, cam, rng: (_jpeg(im, 60), cam),     # a harsh camera, beyond the rest
    "uneven light": lambda im, cam, rng: (_uneven(im, 0.7, 1.1), cam),
    "turned 180": lambda im, cam, rng: _turned(im, cam),
    "scaled x0.9": lambda im, cam, rng: _scaled(im, cam, 0.9),
}
# the changes a random combination draws from (the picture's geometry kept apart: at most one)
PHOTOMETRIC = [n for n in CHANGES if n not in ("as given", "turned 180", "scaled x0.9")]
# A bright lamp's tint: the markers' white paper clips at 255 in the light's strongest channel.
# (Not drawn into combinations, which then stay those of the runs before them.)
CHANGES.update({
    "cool light, brighter x1.15": lambda im, cam, rng: (bright_tinted(im, "cool", 1.15), cam),
    "warm light, brighter x1.2": lambda im, cam, rng: (bright_tinted(im, "warm", 1.2), cam),
})


def _qualities(text: str) -> list[int]:
    """JPEG qualities from "85-95" or "88"."""
    low, _, high = text.partition("-")
    return list(range(int(low), int(high or low) + 1))


def _numbers(text: str) -> list[float]:
    """Hue turns in degrees from "-12,-8,8,12", brightness factors from "1.1,1.2", or noise levels from "3,5"."""
    return [float(v) for v in text.split(",") if v.strip()]


def bright_jpeg(img, tint: str | None, f: float):
    """The picture ``f`` times brighter under a ``tint``ed light (None: as lit), at JPEG 92 (``--bright``)."""
    return _jpeg(_gain(img, f, f, f) if tint is None else bright_tinted(img, tint, f), 92)


def noise_draw(img, sigma: float, picture: int, draw: int):
    """The picture with noise of ``sigma`` levels added, draw ``draw`` of picture number
    ``picture`` (``--noise``): the same draw whatever else a run asks."""
    return _noise(img, sigma, np.random.default_rng([picture, draw, int(round(sigma * 10))]))


def run(folders, board: str, mixed: int, verbose: bool, qualities=(), hues=(),
        brights=(), noises=(), draws: int = 10) -> dict[str, tuple[Tally, dict]]:
    profile = load_profile(board)
    results: dict[str, tuple[Tally, dict]] = {}
    changes = CHANGES
    if qualities:
        changes = {f"JPEG {q}": (lambda q: lambda im, cam, rng: (_jpeg(im, q), cam))(q) for q in qualities}
        mixed = 0
    elif hues:
        changes = {f"hue {h:+g} deg, JPEG 92": (lambda h: lambda im, cam, rng: (hue_turned(im, h), cam))(h)
                   for h in hues}
        mixed = 0
    elif noises:
        changes = {}                # each level's draws are read below, tallied on one line
        mixed = 0
    elif brights:
        changes = {f"x{f:g}{'' if t is None else ', ' + t + ' light'}, JPEG 92":
                   (lambda f, t: lambda im, cam, rng: (bright_jpeg(im, t, f), cam))(f, t)
                   for f in brights for t in (None, "cool", "warm")}
        mixed = 0
    every = f"JPEG {qualities[0]}-{qualities[-1]}" if qualities else None

    def one(key, name, truth, img, cam):
        status, out, message = read_picture(img, profile, cam)
        for k in (key, every) if every else (key,):
            total, by = results.setdefault(k, (Tally(), defaultdict(Tally)))
            tally_picture(f"{name} [{key}]", truth, out, total, by, (), verbose and k == key, message)

    for folder in folders:
        for stem, image, truth, camera in sample_pictures(folder):
            img0 = read_image(str(image))
            cam0 = load_camera(camera) if camera else None
            seed = int(stem) if stem.isdigit() else 0
            for key, change in changes.items():
                img, cam = change(img0, cam0, np.random.default_rng(seed))
                one(key, f"{folder.name}/{stem}", truth, img, cam)
            for sigma in noises:
                for k in range(draws):
                    one(f"noise {sigma:g} x{draws}", f"{folder.name}/{stem} draw {k}", truth,
                        noise_draw(img0, sigma, seed, k), cam0)
            rng = np.random.default_rng(1000 + seed)
            for k in range(mixed):
                names = list(rng.choice(PHOTOMETRIC, 3, replace=False))
                img, cam = img0, cam0
                for n in names:
                    img, cam = CHANGES[n](img, cam, rng)
                if rng.random() < 0.5:
                    img, cam = CHANGES[str(rng.choice(["turned 180", "scaled x0.9"]))](img, cam, rng)
                one("mixed", f"{folder.name}/{stem} #{k} ({', '.join(names)})", truth, img, cam)
    if every in results:                         # the qualities all together, last
        results[every] = results.pop(every)
    return results


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folders", nargs="+", type=Path)
    ap.add_argument("--board", required=True, help="the board profile the pictures show")
    ap.add_argument("--mixed", type=int, default=3, help="random combinations per picture")
    ap.add_argument("--qualities", type=_qualities, default=(),
                    help='instead, each picture saved again at each of these JPEG qualities ("85-95")')
    ap.add_argument("--hues", type=_numbers, default=(),
                    help='instead, each picture\'s hue turned by each of these degrees (--hues=-12,-8,8,12), saved at JPEG 92')
    ap.add_argument("--bright", type=_numbers, default=(),
                    help="instead, each picture made this many times brighter (--bright=1.1,1.2,1.3,1.4), under a "
                         "plain, a cool and a warm light, saved at JPEG 92")
    ap.add_argument("--noise", type=_numbers, default=(),
                    help="instead, noise of each of these standard deviations added (--noise=3,5), --draws times a picture")
    ap.add_argument("--draws", type=int, default=10, help="with --noise: draws of noise per picture and level")
    ap.add_argument("-v", "--verbose", action="store_true", help="name every miss and misreading")
    args = ap.parse_args()
    for key, (total, _) in run(args.folders, args.board, args.mixed, args.verbose, args.qualities, args.hues,
                               args.bright, args.noise, args.draws).items():
        print(total.line(key))


if __name__ == "__main__":
    main()
