"""Printable, true-to-scale sheets: frame markers, token markers, a ChArUco
board for camera calibration, and a ruler to check the printer's scale.

Each sheet is drawn at 300 dpi and written as a PNG (with its dpi recorded)
and as a one-page PDF whose page is exactly the paper size, so printing "at
100 % / actual size" gives 1.5 in markers that measure 1.5 in. The PDF is
written with the standard library (an image XObject, Flate-compressed).
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from companion.files import output_folder

DPI = 300
PAPERS = {"letter": (8.5, 11.0), "a4": (8.27, 11.69)}
CHARUCO_DICT = "DICT_5X5_100"   # not the table's dictionary: the two never mix up
CHARUCO_SQUARES = (7, 5)
CHARUCO_SQUARE_IN = 1.0
CHARUCO_MARKER_IN = 0.7


@dataclass(frozen=True)
class Sheet:
    name: str
    image: np.ndarray      # grayscale, DPI pixels per inch
    paper: tuple[float, float]


def _px(inches: float) -> int:
    return int(round(inches * DPI))


def _page(paper) -> np.ndarray:
    return np.full((_px(paper[1]), _px(paper[0])), 255, np.uint8)


def _label(img, text, x_in, y_in, size=0.9):
    cv2.putText(img, text, (_px(x_in), _px(y_in)), cv2.FONT_HERSHEY_SIMPLEX, size * DPI / 100, 0,
                max(1, DPI // 100), cv2.LINE_AA)


def _place_marker(img, dictionary, marker_id, x_in, y_in, size_in):
    side = _px(size_in)
    marker = cv2.aruco.generateImageMarker(dictionary, marker_id, side)
    x, y = _px(x_in), _px(y_in)
    img[y:y + side, x:x + side] = marker


def marker_sheets(ids, size_in: float, title: str, paper, dictionary_name: str = "DICT_4X4_50") -> list[Sheet]:
    """As many pages as the markers need, each marker with its id printed under it."""
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, dictionary_name))
    gap = max(0.5, size_in * 0.4)
    cols = int((paper[0] - 1.0 + gap) // (size_in + gap))
    rows = int((paper[1] - 1.7 + gap) // (size_in + gap + 0.35))
    per_page = cols * rows
    sheets = []
    for start in range(0, len(ids), per_page):
        img = _page(paper)
        _label(img, title, 0.5, 0.6)
        for k, marker_id in enumerate(ids[start:start + per_page]):
            r, c = divmod(k, cols)
            x, y = 0.5 + c * (size_in + gap), 1.2 + r * (size_in + gap + 0.35)
            _place_marker(img, dictionary, marker_id, x, y, size_in)
            _label(img, f"{marker_id}", x, y + size_in + 0.25, 0.6)
        page = f" p{start // per_page + 1}" if len(ids) > per_page else ""
        sheets.append(Sheet(title + page, img, paper))
    return sheets


def ruler_sheet(paper) -> Sheet:
    img = _page(paper)
    _label(img, "Ruler: each long tick is 1 in; print at 100 % (actual size) and check with a real ruler",
            0.5, 0.6, 0.55)
    y0 = 1.5
    length = int(paper[0] - 1.0)
    cv2.line(img, (_px(0.5), _px(y0)), (_px(0.5 + length), _px(y0)), 0, 3)
    for k in range(length * 16 + 1):
        tick = 0.5 if k % 16 == 0 else 0.3 if k % 8 == 0 else 0.2 if k % 4 == 0 else 0.1
        x = _px(0.5 + k / 16)
        cv2.line(img, (x, _px(y0)), (x, _px(y0 + tick)), 0, 2)
        if k % 16 == 0:
            _label(img, str(k // 16), 0.45 + k / 16, y0 + 0.85, 0.6)
    # a 100 mm bar for metric printers
    cv2.rectangle(img, (_px(0.5), _px(3.0)), (_px(0.5 + 100 / 25.4), _px(3.2)), 0, -1)
    _label(img, "100 mm", 0.5, 3.6, 0.6)
    return Sheet("ruler", img, paper)


def charuco_board():
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, CHARUCO_DICT))
    return cv2.aruco.CharucoBoard(CHARUCO_SQUARES, CHARUCO_SQUARE_IN, CHARUCO_MARKER_IN, dictionary)


def charuco_sheet(paper) -> Sheet:
    board = charuco_board()
    cols, rows = CHARUCO_SQUARES
    size = (_px(cols * CHARUCO_SQUARE_IN), _px(rows * CHARUCO_SQUARE_IN))
    art = board.generateImage(size, marginSize=0, borderBits=1)
    img = _page(paper)
    if paper[0] < cols * CHARUCO_SQUARE_IN + 0.5:  # landscape fits 7 x 5 in on letter and A4
        img = np.full((_px(paper[0]), _px(paper[1])), 255, np.uint8)
        paper = (paper[1], paper[0])
    x, y = (img.shape[1] - size[0]) // 2, (img.shape[0] - size[1]) // 2
    img[y:y + size[1], x:x + size[0]] = art
    _label(img, f"ChArUco {cols}x{rows}, {CHARUCO_SQUARE_IN} in squares, {CHARUCO_DICT}: "
                f"for `companion calibrate camera`", 0.4, 0.5, 0.5)
    return Sheet("charuco", img, paper)


def all_sheets(paper_name: str = "letter") -> list[Sheet]:
    paper = PAPERS[paper_name]
    return [
        *marker_sheets([0, 1, 2, 3], 1.5, "Frame markers 0-3 (1.5 in): clockwise from top-left", paper),
        *marker_sheets([10, 11, 12, 13], 0.75, "Tokens (0.75 in): 10 ball, 11 movement, 12 turn, "
                                               "13 active player", paper),
        *marker_sheets(list(range(20, 44)), 1.5, "Tekton Dash boards (1.5 in): board k uses 20+4k to 23+4k",
                       paper),
        charuco_sheet(paper),
        ruler_sheet(paper),
    ]


def write_png(sheet: Sheet, path: Path) -> None:
    ok, buf = cv2.imencode(".png", sheet.image)
    data = bytearray(buf.tobytes())
    # a pHYs chunk after IHDR records 300 dpi so viewers and printers know the scale
    ppm = int(round(DPI / 0.0254))
    body = b"pHYs" + ppm.to_bytes(4, "big") * 2 + b"\x01"
    chunk = (9).to_bytes(4, "big") + body + zlib.crc32(body).to_bytes(4, "big")
    ihdr_end = 8 + 25
    path.write_bytes(bytes(data[:ihdr_end]) + chunk + bytes(data[ihdr_end:]))


def write_pdf(sheet: Sheet, path: Path) -> None:
    h, w = sheet.image.shape
    pw, ph = sheet.paper[0] * 72, sheet.paper[1] * 72   # points
    pixels = zlib.compress(sheet.image.tobytes(), 9)
    content = f"q {pw:.2f} 0 0 {ph:.2f} 0 0 cm /Im0 Do Q".encode()
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {pw:.2f} {ph:.2f}] "
        f"/Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>".encode(),
        f"<< /Type /XObject /Subtype /Image /Width {w} /Height {h} /ColorSpace /DeviceGray "
        f"/BitsPerComponent 8 /Filter /FlateDecode /Length {len(pixels)} >>\nstream\n".encode()
        + pixels + b"\nendstream",
        f"<< /Length {len(content)} >>\nstream\n".encode() + content + b"\nendstream",
    ]
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for k, obj in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{k} 0 obj\n".encode() + obj + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{o:010d} 00000 n \n".encode() for o in offsets)
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    path.write_bytes(bytes(out))


def write_all(folder: str | Path, paper: str = "letter") -> list[Path]:
    folder = output_folder(folder, "markers --out")
    written = []
    for sheet in all_sheets(paper):
        head = sheet.name.split(":")[0]
        page = sheet.name.rsplit(" ", 1)[1] if sheet.name.rsplit(" ", 1)[-1].startswith("p") and \
            sheet.name.rsplit(" ", 1)[-1][1:].isdigit() else ""
        stem = head.split(" (")[0].lower().replace(" ", "-") + (f"-{page}" if page else "")
        for suffix, writer in ((".png", write_png), (".pdf", write_pdf)):
            path = folder / f"{stem}{suffix}"
            writer(sheet, path)
            written.append(path)
    return written
