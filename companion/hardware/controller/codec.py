"""The controller protocol: the one codec, used by the host and by the Pico.

THIS FILE ALSO RUNS ON THE PICO under MicroPython (``firmware/deploy.sh``
copies it as ``codec.py``): keep to the MicroPython subset (no dataclasses,
typing, enum or keyword-only ``int.to_bytes``; ``struct`` is fine).

A frame on the wire::

    COBS( type:u8  seq:u8  len:u8  body...  crc16:u16be )  0x00

``crc16`` is CRC-16/CCITT-FALSE over type, seq, len and body. ``len`` makes a
truncated frame fail for certain (a CRC alone lets 1 in 65536 through). COBS removes every
zero byte from the frame, so 0x00 marks its end and a receiver that joins
mid-stream, or meets a damaged frame, resynchronises at the next 0x00.

Reliable messages (BUTTON, TAG from the board; commands from the host) carry
a sequence number and are acknowledged; the board keeps unacknowledged events
and sends them again after a timeout or a reconnection, and the host drops
any sequence number it has already accepted: no event lost, none doubled.

>>> raw = encode(BUTTON, 7, button_body(2, PRESS))
>>> raw[-1], 0 in raw[:-1]
(0, False)
>>> d = Decoder(); d.feed(raw)
[(2, 7, b'\\x02\\x00')]
>>> crc16(b"123456789") == 0x29B1
True
"""

import struct

PROTOCOL_VERSION = 2  # 2: a length byte after seq
MAX_BODY = 64
MAX_ENCODED = MAX_BODY + 9  # type, seq, len, crc, COBS overhead

# Board -> host
HELLO = 0x01       # body: protocol u8, oldest unacked seq u8, boot id u32, firmware version (ASCII)
BUTTON = 0x02      # body: button u8, edge u8                          (reliable)
TAG = 0x03         # body: UID bytes                                    (reliable)
HEARTBEAT = 0x04   # body: uptime_ms u32, nfc_ok u8
ACK = 0x05         # body: acknowledged host seq u8, status u8
PONG = 0x06        # body: the ping's token u32
NOTICE = 0x07      # body: ASCII text (e.g. "pn532: timeout")
# Host -> board
HELLO_REQ = 0x81   # body: protocol u8
LED = 0x82         # body: mode u8 (0 off, 1 on, 2 blink)                 (reliable)
BUZZ = 0x83        # body: ms u16, hz u16                                (reliable)
PING = 0x84        # body: token u32
HOST_ACK = 0x85    # body: highest board seq accepted in order u8

PRESS, RELEASE, HOLD = 0, 1, 2
EDGE_NAMES = ("press", "release", "hold")
RELIABLE_FROM_BOARD = (BUTTON, TAG)
RELIABLE_FROM_HOST = (LED, BUZZ)
STATUS_OK, STATUS_UNKNOWN, STATUS_BAD_BODY = 0, 1, 2


def crc16(data, crc=0xFFFF):
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF)."""
    for b in data:
        crc ^= b << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) & 0xFFFF if crc & 0x8000 else (crc << 1) & 0xFFFF
    return crc


def cobs_encode(data):
    out = bytearray(1)
    code_at, code = 0, 1
    for b in data:
        if b == 0:
            out[code_at] = code
            code_at, code = len(out), 1
            out.append(0)
        else:
            out.append(b)
            code += 1
            if code == 0xFF:
                out[code_at] = code
                code_at, code = len(out), 1
                out.append(0)
    out[code_at] = code
    return bytes(out)


def cobs_decode(data):
    """Decode one COBS block (without its 0x00); raises ValueError if malformed."""
    out = bytearray()
    i, n = 0, len(data)
    while i < n:
        code = data[i]
        if code == 0:
            raise ValueError("zero inside a COBS frame")
        end = i + code
        if end > n:
            raise ValueError("COBS block runs past the frame")
        out.extend(data[i + 1:end])
        i = end
        if code != 0xFF and i < n:
            out.append(0)
    return bytes(out)


def encode(kind, seq, body=b""):
    """One frame, ready to write, ending with its 0x00 delimiter."""
    if len(body) > MAX_BODY:
        raise ValueError("body too long")
    payload = bytes((kind & 0xFF, seq & 0xFF, len(body))) + bytes(body)
    crc = crc16(payload)
    return cobs_encode(payload + bytes((crc >> 8, crc & 0xFF))) + b"\x00"


class Decoder:
    """Turns a byte stream into frames; never raises on bad input.

    ``feed`` returns the good frames as (type, seq, body) tuples. Damaged,
    truncated or oversized frames are dropped and counted in ``bad``.
    """

    def __init__(self):
        self.buf = bytearray()
        self.good = 0
        self.bad = 0
        self.overflow = False

    def feed(self, data):
        frames = []
        for b in data:
            if b != 0:
                if len(self.buf) < MAX_ENCODED:
                    self.buf.append(b)
                else:
                    self.overflow = True
                continue
            if self.overflow:
                self.bad += 1
            elif self.buf:
                frame = self._frame(bytes(self.buf))
                if frame is None:
                    self.bad += 1
                else:
                    self.good += 1
                    frames.append(frame)
            self.buf = bytearray()
            self.overflow = False
        return frames

    @staticmethod
    def _frame(block):
        try:
            raw = cobs_decode(block)
        except ValueError:
            return None
        # type, seq, len, body, crc; a body longer than encode() makes is no frame of ours
        if len(raw) < 5 or raw[2] != len(raw) - 5 or raw[2] > MAX_BODY:
            return None
        payload, crc = raw[:-2], (raw[-2] << 8) | raw[-1]
        if crc16(payload) != crc:
            return None
        return payload[0], payload[1], bytes(payload[3:])


# --- bodies ---------------------------------------------------------------

def button_body(button, edge):
    return bytes((button, edge))


def hello_body(oldest_seq, boot_id, firmware):
    return bytes((PROTOCOL_VERSION, oldest_seq & 0xFF)) + u32(boot_id) + firmware.encode()


def parse_hello(body):
    """(protocol, oldest_seq, boot_id, firmware) or None if the body is malformed."""
    if len(body) < 6:
        return None
    try:
        return body[0], body[1], parse_u32(body[2:6]), bytes(body[6:]).decode()
    except UnicodeError:
        return None


def heartbeat_body(uptime_ms, nfc_ok):
    return struct.pack(">IB", uptime_ms & 0xFFFFFFFF, 1 if nfc_ok else 0)


def u32(value):
    return struct.pack(">I", value & 0xFFFFFFFF)


def parse_u32(body):
    return struct.unpack(">I", body[:4])[0] if len(body) >= 4 else None


def buzz_body(ms, hz):
    return struct.pack(">HH", ms, hz)


def seq_after(a, b):
    """True if sequence number ``a`` comes after ``b`` (mod 256, window of 128)."""
    return 0 < ((a - b) & 0xFF) < 128
