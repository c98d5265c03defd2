from hypothesis import given
from hypothesis import strategies as st

from companion.vision.base_reading import Base
from companion.vision.overlaps import overlap
from companion.vision.tracker import Tracker


def b(x, y, color="red", d=40):
    return Base(x, y, d, color, d / 50.8, 1.0, 0.005)


def test_a_base_becomes_a_piece_after_two_frames():
    t = Tracker()
    assert t.update([b(5, 5)], 1) == []
    [piece] = t.update([b(5.01, 5)], 2)
    assert (piece.id, piece.stale) == (1, False)


def test_identities_are_stable_as_pieces_move():
    t = Tracker()
    t.update([b(5, 5), b(10, 10, "blue")], 1)
    t.update([b(5, 5), b(10, 10, "blue")], 2)
    ids = {p.color: p.id for p in t.pieces}
    for k in range(1, 10):
        t.update([b(5 + 0.2 * k, 5), b(10, 10 - 0.2 * k, "blue")], 2 + k)
    assert {p.color: p.id for p in t.pieces} == ids
    red = next(p for p in t.pieces if p.color == "red")
    assert (red.x_in, red.y_in) == (6.8, 5)


def test_a_one_frame_glitch_does_not_move_a_piece():
    t = Tracker()
    t.update([b(5, 5)], 1)
    t.update([b(5, 5)], 2)
    t.update([b(5.9, 5)], 3)              # a jump seen once
    assert t.pieces[0].x_in == 5
    t.update([b(5, 5)], 4)
    assert t.pieces[0].x_in == 5
    t.update([b(5.9, 5)], 5)
    t.update([b(5.9, 5)], 6)              # seen twice: a real move
    assert t.pieces[0].x_in == 5.9


def test_a_lifted_piece_stays_stale_then_is_the_same_piece_where_it_lands():
    t = Tracker()
    t.update([b(5, 5), b(9, 9)], 1)
    t.update([b(5, 5), b(9, 9)], 2)
    lifted = next(p for p in t.pieces if p.x_in == 5)
    t.bind(lifted.id, "Yokozuna")
    for f in range(3, 6):
        t.update([b(9, 9)], f)
        assert next(p for p in t.pieces if p.id == lifted.id).stale
    t.update([b(9, 9), b(15, 20)], 6)
    t.update([b(9, 9), b(15, 20)], 7)
    again = next(p for p in t.pieces if p.id == lifted.id)
    assert (again.x_in, again.y_in, again.stale, again.player) == (15, 20, False, "Yokozuna")
    assert len(t.pieces) == 2


def test_hold_marks_everything_stale_and_moves_nothing():
    t = Tracker()
    t.update([b(5, 5)], 1)
    t.update([b(5, 5)], 2)
    t.hold()
    assert t.pieces[0].stale and t.pieces[0].x_in == 5


def test_a_search_that_reads_the_rim_round_a_figure_keeps_the_piece():
    """A first frame reads a yellow figure as a 30 mm base (army 146521 did, in one draw of
    sensor noise), the next full search the 50 mm rim round it. The piece (and the player
    bound to it) takes the rim's reading, and no piece is left where the figure was."""
    t = Tracker()
    t.update([b(6.01, 2.59, "yellow", 30), b(12, 12)], 1, searched=True)
    t.update([b(6.01, 2.59, "yellow", 30), b(12, 12)], 2)
    figure = next(p for p in t.pieces if p.color == "yellow")
    t.bind(figure.id, "Yokozuna")
    t.update([b(6.83, 3.43, "yellow", 50), b(12, 12)], 3, searched=True)
    [piece] = [p for p in t.pieces if p.color == "yellow"]
    assert (piece.id, piece.player, piece.diameter_mm, piece.x_in, piece.stale) == \
        (figure.id, "Yokozuna", 50, 6.83, False)
    assert len(t.pieces) == 2


def test_a_tracked_frame_does_not_give_a_piece_away():
    """Between searches only the known bases are measured again: a reading over a piece not
    seen then leaves the piece, stale, for the next search to settle."""
    t = Tracker()
    t.update([b(6.0, 2.6, "yellow", 30)], 1, searched=True)
    t.update([b(6.0, 2.6, "yellow", 30)], 2)
    t.update([b(6.8, 3.4, "yellow", 50)], 3)
    assert [(p.diameter_mm, p.stale) for p in t.pieces] == [(30, True)]


def test_a_tracked_frame_that_reads_a_piece_under_another_name_leaves_it_as_it_was():
    """A tracked frame that reads a piece's base about its centre under another team's name,
    or another size (a rim whose paint lies between two hues under a changing light), still
    sees the piece: it keeps its identity, name and size, and no second piece is made of the
    reading, however many frames read it so. A full search then names it again."""
    t = Tracker()
    t.update([b(6.0, 2.6, "magenta", 30), b(9, 9)], 1, searched=True)
    [piece, other] = t.update([b(6.0, 2.6, "magenta", 30), b(9, 9)], 2)
    for f in (3, 4, 5):
        t.update([b(6.04, 2.62, "red", 30), b(9, 9)], f)
        assert [(p.id, p.color, p.diameter_mm, p.x_in, p.stale) for p in t.pieces] == \
            [(piece.id, "magenta", 30, 6.0, False), (other.id, "red", 40, 9, False)]
    t.update([b(6.0, 2.6, "magenta", 40), b(9, 9)], 6)
    assert [(p.id, p.diameter_mm, p.stale) for p in t.pieces] == [(piece.id, 30, False), (other.id, 40, False)]
    t.update([b(6.04, 2.62, "red", 30), b(9, 9)], 7, searched=True)       # a search's word stands
    assert piece.id not in {p.id for p in t.pieces}


def test_another_teams_base_where_a_piece_stood_takes_its_place():
    t = Tracker()
    t.update([b(5, 5), b(9, 9)], 1, searched=True)
    t.update([b(5, 5), b(9, 9)], 2)
    red = next(p for p in t.pieces if p.x_in == 5)
    for f in (3, 4):
        t.update([b(5.05, 5, "blue"), b(9, 9)], f, searched=True)
    assert red.id not in {p.id for p in t.pieces}
    assert sorted((p.color, p.stale) for p in t.pieces) == [("blue", False), ("red", False)]


def test_a_bound_piece_pushed_out_by_another_is_found_where_it_lands():
    t = Tracker()
    t.update([b(5, 5), b(9, 9, d=30)], 1, searched=True)
    t.update([b(5, 5), b(9, 9, d=30)], 2)
    red = next(p for p in t.pieces if p.x_in == 5)
    t.bind(red.id, "Yokozuna")
    for f in (3, 4):
        t.update([b(5, 5, "blue"), b(9, 9, d=30)], f, searched=True)
    assert "Yokozuna" not in {p.player for p in t.pieces}
    for f in (5, 6):
        t.update([b(5, 5, "blue"), b(9, 9, d=30), b(15, 20)], f, searched=True)
    landed = next(p for p in t.pieces if p.x_in == 15)
    assert (landed.id, landed.player, landed.stale) == (red.id, "Yokozuna", False)
    assert len(t.pieces) == 3


@st.composite
def frames(draw):
    """A few frames of readings from a handful of spots (most of them overlapping), each frame a full
    search or a tracked one."""
    spots = draw(st.lists(st.tuples(st.floats(4, 6), st.floats(4, 6), st.sampled_from(["red", "blue"]),
                                    st.sampled_from([30, 40, 50])), min_size=1, max_size=6))
    return [(draw(st.lists(st.sampled_from(spots), max_size=4, unique=True)), draw(st.booleans()))
            for _ in range(draw(st.integers(1, 12)))]


@given(frames())
def test_after_a_search_no_piece_stands_under_a_base_it_read_and_ids_are_unique(seq):
    t = Tracker()
    for n, (spots, searched) in enumerate(seq, start=1):
        bases = [b(x, y, c, d) for x, y, c, d in spots]
        pieces = t.update(bases, n, searched=searched)
        assert len({p.id for p in pieces}) == len(pieces)
        assert len({p.player for p in t.pieces if p.player}) == len([p for p in t.pieces if p.player])
        if searched:
            for p in pieces:
                if p.stale:
                    assert not any(overlap(p.as_base(), x) for x in bases)
        if pieces and n % 3 == 0:
            t.bind(pieces[0].id, "Yokozuna")
