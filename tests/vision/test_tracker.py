from companion.vision.base_reading import Base
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
