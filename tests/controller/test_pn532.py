"""The firmware's PN532 driver against recorded-style I2C byte exchanges."""

import pytest

from companion.hardware.controller.simboard.board import load_firmware

fw = load_firmware()
pn = fw["pn532"]

ACK = b"\x00\x00\xff\x00\xff\x00"
NACK = b"\x00\x00\xff\xff\x00\x00"


class Recorded:
    """An I2C bus that expects given writes and answers reads from a script.

    Each script item is ("w", bytes) for an expected write, or ("r", bytes) for the
    bytes a read returns (status byte first); a read past the script returns "busy".
    """

    def __init__(self, script):
        self.script = list(script)
        self.log = []

    def writeto(self, addr, buf):
        assert addr == 0x24
        kind, expected = self.script.pop(0)
        assert kind == "w" and bytes(buf) == expected
        self.log.append(("w", bytes(buf)))

    def readfrom(self, addr, n):
        if not self.script or self.script[0][0] != "r":
            return bytes(n)                      # not ready
        data = self.script.pop(0)[1]
        return (data + bytes(n))[:n]


INLIST = bytes.fromhex("0000ff04fcd44a0100e100")       # InListPassiveTarget, 1 target, 106 kbps A
SAM = bytes.fromhex("0000ff05fbd41401140102" "00")


def poll_until_done(reader, rounds=50):
    for _ in range(rounds):
        result = reader.poll()
        if result is not None:
            return result
    raise AssertionError("poll never finished")


def test_frames_are_built_as_the_manual_says():
    assert pn.build_frame(b"\xd4\x4a\x01\x00") == INLIST
    assert pn.build_frame(b"\xd4\x14\x01\x14\x01") == SAM


def test_sam_configuration_exchange():
    bus = Recorded([("w", SAM), ("r", b"\x01" + ACK), ("r", b"\x00"),
                    ("r", b"\x01" + bytes.fromhex("0000ff02fed5151600"))])
    pn.PN532(bus).sam_configuration()
    assert bus.script == []


def test_a_tag_present():
    response = bytes.fromhex("0000ff0ff1d54b01010044000704a1b2c3d4e5f6")
    response += bytes(((-sum(response[5:])) & 0xFF, 0x00))
    bus = Recorded([("w", INLIST), ("r", b"\x01" + ACK), ("r", b"\x00"), ("r", b"\x01" + response)])
    reader = pn.PN532(bus, response_timeout_ms=1000)
    reader.start_poll()
    assert poll_until_done(reader) == bytes.fromhex("04a1b2c3d4e5f6")
    assert not reader.busy


def test_no_tag():
    bus = Recorded([("w", INLIST), ("r", b"\x01" + ACK), ("r", b"\x01" + bytes.fromhex("0000ff03fdd54b00e000"))])
    reader = pn.PN532(bus)
    reader.start_poll()
    assert poll_until_done(reader) == b""


def test_a_nack():
    bus = Recorded([("w", INLIST), ("r", b"\x01" + NACK)])
    reader = pn.PN532(bus)
    reader.start_poll()
    with pytest.raises(pn.PN532Nack):
        poll_until_done(reader)
    assert not reader.busy


def test_a_checksum_error():
    bad = bytes.fromhex("0000ff03fdd54b00e100")  # DCS off by one
    bus = Recorded([("w", INLIST), ("r", b"\x01" + ACK), ("r", b"\x01" + bad)])
    reader = pn.PN532(bus)
    reader.start_poll()
    with pytest.raises(pn.PN532ChecksumError):
        poll_until_done(reader)


def test_an_error_frame():
    bus = Recorded([("w", INLIST), ("r", b"\x01" + ACK), ("r", b"\x01" + bytes.fromhex("0000ff01ff7f8100"))])
    reader = pn.PN532(bus)
    reader.start_poll()
    with pytest.raises(pn.PN532ErrorFrame):
        poll_until_done(reader)


def test_a_timeout_when_the_reader_never_answers():
    bus = Recorded([("w", INLIST)])
    reader = pn.PN532(bus, ack_timeout_ms=5)
    reader.start_poll()
    import time
    with pytest.raises(pn.PN532Timeout):
        end = time.monotonic() + 1
        while time.monotonic() < end:
            reader.poll()
    assert not reader.busy


def test_blocking_call_times_out_with_a_clear_error():
    reader = pn.PN532(Recorded([("w", pn.build_frame(b"\xd4\x02"))]), ack_timeout_ms=5)
    with pytest.raises(pn.PN532Timeout, match="no answer in 5 ms"):
        reader.firmware_version()


def test_against_the_simulated_reader_byte_by_byte():
    from companion.hardware.controller.simboard.machine import SimMachine
    from companion.hardware.controller.simboard.pn532 import SimPN532
    sim = SimPN532(busy_reads=3)
    m = SimMachine({0x24: sim})
    reader = pn.PN532(m.I2C(0))
    assert reader.firmware_version() == (0x32, 1, 6, 7)
    reader.begin()
    reader.start_poll()
    assert poll_until_done(reader) == b""
    sim.uid = bytes.fromhex("04112233445566")
    reader.start_poll()
    assert poll_until_done(reader) == sim.uid
    for fault, error in (("nack", pn.PN532Nack), ("checksum", pn.PN532ChecksumError),
                         ("error", pn.PN532ErrorFrame)):
        sim.faults.append(fault)
        reader.start_poll()
        with pytest.raises(error):
            poll_until_done(reader)
    reader.start_poll()
    assert poll_until_done(reader) == sim.uid   # and it recovers
