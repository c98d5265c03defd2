"""`companion teach tiles`: learn real Tekton Dash tiles from one example of each kind and side.

Lay the eight example tiles on player board K as the layout says (by default the top row
red, blue, yellow, green with their regular side up, the second row the same kinds with
their Power-Up side up), take one picture, and run::

    companion teach tiles PICTURE --board board-0.toml

Each example's colour and the marks about its centre are stored (``[vision] tiles``); from
then on every cell is named after the nearest example. Without taught tiles the proxy
tiles' rules apply (TABLE_SPEC: nominal colours, a white star on the Power-Up side).
"""

from __future__ import annotations

import sys

from companion.vision.tiles import TILE_KINDS, TileLibrary, appearance_of

DEFAULT_LAYOUT = {**{(0, i): (kind, False) for i, kind in enumerate(TILE_KINDS)},
                  **{(1, i): (kind, True) for i, kind in enumerate(TILE_KINDS)}}


def parse_layout(text: str) -> dict[tuple[int, int], tuple[str, bool]]:
    """``"0,0=red 0,1=blue+ ..."``: a cell (row,col), its kind, ``+`` for the Power-Up side.

    >>> parse_layout("0,0=red 1,3=green+")
    {(0, 0): ('red', False), (1, 3): ('green', True)}
    """
    out = {}
    for item in text.replace(";", " ").split():
        cell, _, what = item.partition("=")
        try:
            r, c = (int(v) for v in cell.split(","))
        except ValueError:
            raise ValueError(f"{item!r}: expected ROW,COL=KIND (e.g. 0,0=red or 1,0=red+)") from None
        kind, up = what.rstrip("+"), what.endswith("+")
        if kind not in TILE_KINDS:
            raise ValueError(f"{item!r}: the kind is one of {', '.join(TILE_KINDS)}")
        out[(r, c)] = (kind, up)
    return out


def learn_tiles(frame, reader, name, layout) -> TileLibrary:
    """The examples in ``layout`` (cell -> (kind, power_up)) on board ``name`` of ``reader`` (a
    GridBoards that has read ``frame``). Raises ValueError naming what is missing."""
    lab = reader.flat(name, frame)
    seen = appearance_of(lab, reader.profiles[name].grid, layout)
    empty = [f"{r},{c}" for (r, c) in layout if (r, c) not in seen]
    if empty:
        raise ValueError(f"no tile in cell {', '.join(empty)}: lay the examples as the layout says")
    return TileLibrary({layout[cell]: look for cell, look in seen.items()})


def teach_tiles(cfg, image: str, board: str, layout_text: str | None = None) -> int:
    from companion.vision.boards import GridBoards
    from companion.vision.image_file import ImageFileError, read_image
    from companion.vision.profile import load_profile

    try:
        layout = parse_layout(layout_text) if layout_text else DEFAULT_LAYOUT
        profile = load_profile(board)
        frame = read_image(image)
        reader = GridBoards({"board": profile})
        reader.read(frame)
        library = learn_tiles(frame, reader, "board", layout)
    except (ValueError, ImageFileError) as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 2
    missing = sorted({(k, up) for k in TILE_KINDS for up in (False, True)} - set(library.examples))
    library.save(cfg.vision.tiles)
    for kind, up in missing:
        print(f"warning: no example of {kind} {'Power-Up' if up else 'regular'}: that side cannot be read",
              file=sys.stderr)
    print(f"learned {len(library.examples)} tile examples; saved in {cfg.vision.tiles}")
    return 0
