"""Reading a picture from a file (`detect`, `teach`), with its size checked before it is decoded.

A 20000 x 20000 PNG can be 1.2 MB on disk and 1.2 GB decoded (3 GB while OpenCV works on
it): enough to kill a 2 GB Pi. PNG and JPEG say their size in their first bytes, so a
picture too large is refused before a pixel is decoded; one too small to hold four frame
markers is refused too, instead of an empty answer.
"""

from __future__ import annotations

import struct
from pathlib import Path

import cv2
import numpy as np

from companion.errors import CompanionError

MIN_SIDE = (320, 240)          # below this a 1.5 in frame marker is a few pixels: no board to read
MAX_PIXELS = 64_000_000        # a 64 MP camera's full frame; decoded it is ~200 MB


class ImageFileError(CompanionError, ValueError):
    """A picture that cannot be used; the message says which file and why."""


def header_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) from a PNG's or a JPEG's header, or None for other formats.

    >>> header_size(b"\\x89PNG\\r\\n\\x1a\\n" + b"\\0\\0\\0\\rIHDR" + struct.pack(">II", 640, 480))
    (640, 480)
    """
    if data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) >= 24 and data[12:16] == b"IHDR":
        return struct.unpack(">II", data[16:24])
    if data.startswith(b"\xff\xd8"):
        i = 2
        while i + 9 < len(data):
            if data[i] != 0xFF:
                return None
            marker = data[i + 1]
            if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:     # no length
                i += 2
                continue
            length = struct.unpack(">H", data[i + 2:i + 4])[0]
            if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):   # a start of frame
                h, w = struct.unpack(">HH", data[i + 5:i + 9])
                return w, h
            i += 2 + length
    return None


def _check(path: str, width: int, height: int) -> None:
    if width < MIN_SIDE[0] or height < MIN_SIDE[1]:
        raise ImageFileError(f"{path}: a {width} x {height} picture is too small to read a board from "
                             f"(at least {MIN_SIDE[0]} x {MIN_SIDE[1]})")
    if width * height > MAX_PIXELS:
        raise ImageFileError(f"{path}: a {width} x {height} picture ({width * height / 1e6:.0f} megapixels) is "
                             f"too large (at most {MAX_PIXELS / 1e6:.0f}); scale it down first")


def read_image(path: str | Path) -> np.ndarray:
    """The picture at ``path`` as BGR, or ImageFileError naming the file and the reason."""
    path = str(path)
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        raise ImageFileError(f"{path}: not an image that can be read (no such file)") from None
    except OSError as exc:
        raise ImageFileError(f"{path}: not an image that can be read ({exc.strerror})") from None
    size = header_size(data)
    if size is not None:
        _check(path, *size)
    elif len(data) > MAX_PIXELS:              # another format: at least do not decode a giant
        raise ImageFileError(f"{path}: too large a file ({len(data) / 1e6:.0f} MB) for a picture of the table")
    frame = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if frame is None:
        raise ImageFileError(f"{path}: not an image that can be read")
    _check(path, frame.shape[1], frame.shape[0])
    return frame
