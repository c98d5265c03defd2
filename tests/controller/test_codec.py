"""The frame decoder, fuzzed: it never raises, never accepts a damaged frame,
and picks up the next good frame."""

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from companion.hardware.controller import codec

frames = st.tuples(st.integers(0, 255), st.integers(0, 255), st.binary(max_size=codec.MAX_BODY))


@given(st.binary(max_size=300))
def test_cobs_round_trips_and_never_contains_zero(data):
    enc = codec.cobs_encode(data)
    assert 0 not in enc
    assert codec.cobs_decode(enc) == data


@given(st.lists(frames, max_size=8))
def test_frames_round_trip(items):
    stream = b"".join(codec.encode(k, s, b) for k, s, b in items)
    d = codec.Decoder()
    assert d.feed(stream) == [(k, s, b) for k, s, b in items]
    assert d.bad == 0


@given(st.binary(max_size=2000))
def test_random_bytes_never_raise(data):
    d = codec.Decoder()
    d.feed(data)
    good = codec.encode(codec.BUTTON, 9, b"\x01\x00")
    # after any garbage, a delimiter and a good frame come through
    assert d.feed(b"\x00" + good)[-1] == (codec.BUTTON, 9, b"\x01\x00")


@given(frames, st.data())
def test_a_flipped_bit_is_never_accepted(frame, data):
    raw = bytearray(codec.encode(*frame))
    i = data.draw(st.integers(0, len(raw) - 2))       # not the final delimiter
    bit = data.draw(st.integers(0, 7))
    raw[i] ^= 1 << bit
    got = codec.Decoder().feed(bytes(raw))
    assert tuple(frame) not in got or got.count(tuple(frame)) == 0
    # whatever came out is not a corrupted copy that passed the CRC
    for kind, seq, body in got:
        assert codec.encode(kind, seq, body) in bytes(raw) + b"\x00"


@given(frames, st.data())
def test_a_truncated_frame_is_dropped_and_the_next_one_taken(frame, data):
    raw = codec.encode(*frame)
    cut = data.draw(st.integers(1, len(raw) - 2))
    nxt = codec.encode(codec.TAG, 3, b"\x04\xaa")
    d = codec.Decoder()
    out = d.feed(raw[:cut] + b"\x00" + nxt)
    assert out == [(codec.TAG, 3, b"\x04\xaa")]
    assert d.bad == 1


@settings(max_examples=60)
@given(st.lists(frames, min_size=1, max_size=5), st.data())
def test_frames_split_at_every_boundary_decode_the_same(items, data):
    stream = b"".join(codec.encode(*f) for f in items)
    for split in range(len(stream) + 1):
        d = codec.Decoder()
        assert d.feed(stream[:split]) + d.feed(stream[split:]) == [tuple(f) for f in items]


def test_an_endless_frame_without_delimiter_is_dropped_and_resynchronised():
    d = codec.Decoder()
    assert d.feed(b"\x05" * 5000) == []
    assert d.feed(b"\x00" + codec.encode(codec.HEARTBEAT, 0, b"\x00\x00\x00\x01\x01")) == \
        [(codec.HEARTBEAT, 0, b"\x00\x00\x00\x01\x01")]
    assert d.bad == 1


def test_crc16_check_value_and_hello_body():
    assert codec.crc16(b"123456789") == 0x29B1
    assert codec.parse_hello(codec.hello_body(7, 0xDEADBEEF, "1.0.0")) == (codec.PROTOCOL_VERSION, 7, 0xDEADBEEF, "1.0.0")
    assert codec.parse_hello(b"\x01") is None
    assert codec.parse_hello(b"\x01\x02\x00\x00\x00\x01\xff\xfe") is None


@given(st.integers(0, 255), st.integers(1, 127))
def test_sequence_numbers_wrap(a, d):
    assert codec.seq_after((a + d) & 0xFF, a) and not codec.seq_after(a, (a + d) & 0xFF)
    assume(True)


def test_the_codec_keeps_to_the_micropython_subset():
    import ast
    import inspect
    tree = ast.parse(inspect.getsource(codec))
    imported = {a.name for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))
                for a in n.names} | {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert imported <= {"struct"}
    assert not any(isinstance(n, (ast.AnnAssign, ast.Match)) for n in ast.walk(tree))
    assert not any(isinstance(n, ast.FunctionDef) and (n.returns or any(a.annotation for a in n.args.args))
                   for n in ast.walk(tree))
