"""Stable identities for bases across frames, and no ghost moves.

- A base must be seen in two consecutive frames before it becomes a piece.
- A piece not seen (a hand over it, lifted off the table) keeps its last
  position, marked stale, until it is seen again; if it reappears elsewhere
  it is the same piece (same team and size) that was moved.
- A jump larger than a glitch must be seen twice before the piece moves.
- A frame that only measures the known bases again names and sizes no piece
  anew: a base read about a piece's centre under another team or size is that
  piece, still there, as it was.
- A full search looks at the whole board: a piece it did not see where it read
  another base over it is not there. A base of the piece's team over it is
  that piece measured better (a figure read first, then its rim round it);
  one of another team's stands in its place, and the piece is gone (a piece
  bound to a player is remembered as lifted, for where it lands).
- An NFC tap binds a piece to a player card; the binding follows the piece.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from companion.vision.base_reading import Base
from companion.vision.overlaps import ONE_CENTRE_IN, overlap

GATE_IN = 1.5        # how far a piece may move between two frames and stay matched
JUMP_IN = 0.25       # a move larger than this must be confirmed by a second frame
CONFIRM_IN = 0.1


@dataclass(frozen=True)
class Track:
    id: int
    color: str
    diameter_mm: int
    x_in: float
    y_in: float
    radius_in: float
    stale: bool = False
    player: str | None = None
    last_seen: int = 0

    def as_base(self) -> Base:
        return Base(self.x_in, self.y_in, self.diameter_mm, self.color, self.radius_in, 1.0, 0.0)


class Tracker:
    def __init__(self):
        self.tracks: dict[int, Track] = {}
        self._tentative: list[tuple[Base, int]] = []     # new bases seen once, and when
        self._jumps: dict[int, tuple[float, float]] = {}  # track id -> unconfirmed new position
        self._next_id = 1
        self._lifted: list[Track] = []                   # bound pieces a search found another base over

    @property
    def pieces(self) -> list[Track]:
        return sorted(self.tracks.values(), key=lambda t: t.id)

    def known_bases(self) -> list[Base]:
        """Pieces and bases seen once (not yet pieces): all are measured again next frame."""
        return [t.as_base() for t in self.tracks.values()] + [b for b, _ in self._tentative]

    def hold(self) -> None:
        """The board cannot be seen this frame: every piece stays where it was, stale."""
        self.tracks = {i: replace(t, stale=True) for i, t in self.tracks.items()}
        self._jumps.clear()

    def bind(self, track_id: int, player: str) -> None:
        for i, t in list(self.tracks.items()):
            if t.player == player:
                self.tracks[i] = replace(t, player=None)
        self._lifted = [t for t in self._lifted if t.player != player]
        self.tracks[track_id] = replace(self.tracks[track_id], player=player)

    def update(self, bases: list[Base], frame_no: int, searched: bool = False) -> list[Track]:
        """The pieces after a frame that read ``bases``; ``searched``: the frame was a full
        search of the board (not only the known bases measured again where they were)."""
        seen: set[int] = set()
        pairs = sorted(((np.hypot(b.x_in - t.x_in, b.y_in - t.y_in), t.id, k)
                        for t in self.tracks.values() for k, b in enumerate(bases)
                        if b.color == t.color and b.diameter_mm == t.diameter_mm))
        used: set[int] = set()
        for dist, tid, k in pairs:
            if tid in seen or k in used or dist > GATE_IN:
                continue
            seen.add(tid)
            used.add(k)
            self._move(tid, bases[k], dist, frame_no)
        unmatched = [b for k, b in enumerate(bases) if k not in used]
        if searched:
            self._searched_over(bases, unmatched, seen, frame_no)
        else:
            self._read_over(unmatched, seen, frame_no)
        # a piece that went unseen and reappears elsewhere: same team and size, nearest stale one
        # (or a lifted one, when none is stale)
        for b in list(unmatched):
            stale = [t for t in self.tracks.values() if t.id not in seen and t.stale
                     and t.color == b.color and t.diameter_mm == b.diameter_mm]
            lifted = [t for t in self._lifted if t.color == b.color and t.diameter_mm == b.diameter_mm]
            if (stale or lifted) and self._seen_before(b):
                t = _nearest(stale or lifted, b)
                if not stale:
                    self._lifted.remove(t)
                seen.add(t.id)
                unmatched.remove(b)
                self.tracks[t.id] = _placed(t, b, frame_no)
        for tid, t in list(self.tracks.items()):
            if tid not in seen:
                self.tracks[tid] = replace(t, stale=True)
                self._jumps.pop(tid, None)
        self._promote(unmatched, frame_no)
        return self.pieces

    def _searched_over(self, bases: list[Base], unmatched: list[Base], seen: set[int], frame_no: int) -> None:
        """After a full search: each piece not seen that a base read in it overlaps (two bases
        cannot stand on one spot). One of its team, not matched to a piece, is that piece
        measured again, however its size reads (a figure read first, then the rim round it):
        the piece takes it, and keeps its identity. Any other takes its place, and the piece
        is gone; one bound to a player is remembered as lifted, to be found where it lands."""
        for b, t in self._claimed(unmatched, seen, lambda t, b: t.color == b.color and overlap(t.as_base(), b)):
            self._jumps.pop(t.id, None)
            self.tracks[t.id] = _placed(t, b, frame_no)
        for tid, t in list(self.tracks.items()):
            if tid not in seen and any(overlap(t.as_base(), b) for b in bases):
                del self.tracks[tid]
                self._jumps.pop(tid, None)
                if t.player is not None:
                    self._lifted.append(replace(t, stale=True))

    def _read_over(self, unmatched: list[Base], seen: set[int], frame_no: int) -> None:
        """After a frame that measured the known bases again (no search): each piece not seen
        that a base was read about the centre of (within ``ONE_CENTRE_IN``) is still there,
        read under another name or size (a rim whose paint lies between two teams' hues under
        a changing light, a cloak read as a smaller base). The piece keeps its place, name and
        size (a search names and sizes it again), and the reading is no new piece. A reading
        further off only overlapping it leaves it as it was, for the next search to settle."""
        about = lambda t, b: np.hypot(b.x_in - t.x_in, b.y_in - t.y_in) < ONE_CENTRE_IN  # noqa: E731
        for _, t in self._claimed(unmatched, seen, about):
            self.tracks[t.id] = replace(t, stale=False, last_seen=frame_no)

    def _claimed(self, unmatched: list[Base], seen: set[int], over):
        """Each base of ``unmatched`` that lies ``over`` (a test of track and base) a piece not
        ``seen``, with the nearest such piece: the base is taken out of ``unmatched`` and the
        piece counted as seen before the next base is asked (the caller updates the piece)."""
        for b in list(unmatched):
            pieces = [t for t in self.tracks.values() if t.id not in seen and over(t, b)]
            if pieces:
                t = _nearest(pieces, b)
                seen.add(t.id)
                unmatched.remove(b)
                yield b, t

    def _move(self, tid: int, b: Base, dist: float, frame_no: int) -> None:
        t = self.tracks[tid]
        if dist > JUMP_IN:
            pending = self._jumps.get(tid)
            if pending is None or np.hypot(b.x_in - pending[0], b.y_in - pending[1]) > CONFIRM_IN:
                self._jumps[tid] = (b.x_in, b.y_in)          # seen once: wait for a second look
                self.tracks[tid] = replace(t, stale=False, last_seen=frame_no)
                return
        self._jumps.pop(tid, None)
        self.tracks[tid] = _placed(t, b, frame_no)

    def _seen_before(self, b: Base) -> bool:
        return any(np.hypot(b.x_in - o.x_in, b.y_in - o.y_in) < CONFIRM_IN and o.color == b.color
                   for o, _ in self._tentative)

    def _promote(self, unmatched: list[Base], frame_no: int) -> None:
        keep = []
        for b in unmatched:
            twin = next((o for o, f in self._tentative if f == frame_no - 1 and o.color == b.color
                         and o.diameter_mm == b.diameter_mm
                         and np.hypot(b.x_in - o.x_in, b.y_in - o.y_in) < CONFIRM_IN), None)
            if twin is not None:
                self.tracks[self._next_id] = Track(self._next_id, b.color, b.diameter_mm, b.x_in, b.y_in,
                                                   b.radius_in, last_seen=frame_no)
                self._next_id += 1
            else:
                keep.append((b, frame_no))
        self._tentative = keep


def _nearest(tracks: list[Track], b: Base) -> Track:
    """The one of ``tracks`` whose centre is nearest ``b``'s."""
    return min(tracks, key=lambda t: np.hypot(b.x_in - t.x_in, b.y_in - t.y_in))


def _placed(t: Track, b: Base, frame_no: int) -> Track:
    """Piece ``t`` seen in frame ``frame_no`` as base ``b``: its place, radius and size."""
    return replace(t, diameter_mm=b.diameter_mm, x_in=b.x_in, y_in=b.y_in, radius_in=b.radius_in, stale=False,
                   last_seen=frame_no)
