"""A PN532 NFC reader over I2C, written from the PN532 User Manual (UM0701-02).

Frames (manual 6.2.1): PREAMBLE 00, START CODE 00 FF, LEN, LCS (LEN + LCS =
0 mod 256), TFI (D4 host to PN532, D5 back), data, DCS (TFI + data + DCS = 0
mod 256), POSTAMBLE 00. The PN532 answers a command with an ACK frame
(00 00 FF 00 FF 00), then, when ready, with the response (command code + 1).
Over I2C (manual 6.2.4) every read starts with a status byte whose bit 0 says
the PN532 has something ready; the host polls it.

The tag poll is non-blocking (``start_poll`` then ``poll`` each loop) so the
buttons never wait for the reader. Errors are exceptions the caller counts and
recovers from: a NACK, a bad checksum, an error frame, a timeout.
"""

from ticks import ticks_diff, ticks_ms

ADDRESS = 0x24
ACK = b"\x00\x00\xff\x00\xff\x00"
NACK = b"\x00\x00\xff\xff\x00\x00"
HOST_TO_PN532, PN532_TO_HOST = 0xD4, 0xD5
GET_FIRMWARE_VERSION = 0x02
SAM_CONFIGURATION = 0x14
RF_CONFIGURATION = 0x32
IN_LIST_PASSIVE_TARGET = 0x4A
BAUD_106_TYPE_A = 0x00


class PN532Error(Exception):
    pass


class PN532Timeout(PN532Error):
    pass


class PN532Nack(PN532Error):
    pass


class PN532ChecksumError(PN532Error):
    pass


class PN532ErrorFrame(PN532Error):
    """The PN532 sent its error frame (a syntax or application error)."""


def build_frame(data):
    """A normal information frame around ``data`` (TFI, command, parameters)."""
    n = len(data)
    return bytes((0x00, 0x00, 0xFF, n, (-n) & 0xFF)) + bytes(data) + bytes(((-sum(data)) & 0xFF, 0x00))


def parse_frame(buf):
    """The data (TFI onward) of the frame in ``buf``; "ack" for an ACK frame.

    Raises PN532Nack, PN532ErrorFrame or PN532ChecksumError.
    """
    i = 0
    while i + 1 < len(buf) and not (buf[i] == 0x00 and buf[i + 1] == 0xFF):
        i += 1
    if i + 3 >= len(buf):
        raise PN532ChecksumError("no start code")
    n, lcs = buf[i + 2], buf[i + 3]
    if n == 0x00 and lcs == 0xFF:
        return "ack"
    if n == 0xFF and lcs == 0x00:
        raise PN532Nack("NACK")
    if (n + lcs) & 0xFF:
        raise PN532ChecksumError("length checksum")
    data = buf[i + 4:i + 4 + n]
    if len(data) < n or i + 4 + n >= len(buf):
        raise PN532ChecksumError("frame truncated")
    if (sum(data) + buf[i + 4 + n]) & 0xFF:
        raise PN532ChecksumError("data checksum")
    if n == 1 and data[0] == 0x7F:
        raise PN532ErrorFrame("error frame")
    return bytes(data)


class PN532:
    def __init__(self, i2c, address=ADDRESS, ack_timeout_ms=30, response_timeout_ms=200):
        self.i2c = i2c
        self.address = address
        self.ack_timeout_ms = ack_timeout_ms
        self.response_timeout_ms = response_timeout_ms
        self._state = None       # None, "ack" or "response" while a poll is under way
        self._deadline = 0
        self._command = 0

    # --- bytes on the bus ----------------------------------------------------

    def _write(self, command, params=b""):
        self.i2c.writeto(self.address, build_frame(bytes((HOST_TO_PN532, command)) + bytes(params)))
        self._command = command

    def _read_ready(self, n):
        """The n bytes after the status byte, or None if the PN532 is not ready."""
        buf = self.i2c.readfrom(self.address, n + 1)
        if not buf or not (buf[0] & 0x01):
            return None
        return buf[1:]

    def _wait(self, n, timeout_ms):
        start = ticks_ms()
        while True:
            data = self._read_ready(n)
            if data is not None:
                return data
            if ticks_diff(ticks_ms(), start) > timeout_ms:
                raise PN532Timeout("no answer in %d ms" % timeout_ms)

    def _check_response(self, data):
        if len(data) < 2 or data[0] != PN532_TO_HOST or data[1] != self._command + 1:
            raise PN532ChecksumError("unexpected response")
        return data[2:]

    # --- blocking commands (start-up) -----------------------------------------

    def call(self, command, params=b"", response_len=32):
        """Send a command, wait for its ACK and its response; the response's parameters."""
        self._state = None
        self._write(command, params)
        if parse_frame(self._wait(len(ACK), self.ack_timeout_ms)) != "ack":
            raise PN532ChecksumError("expected an ACK")
        data = parse_frame(self._wait(response_len, self.response_timeout_ms))
        if data == "ack":
            raise PN532ChecksumError("a second ACK instead of the response")
        return self._check_response(data)

    def firmware_version(self):
        """(IC, version, revision, support)."""
        r = self.call(GET_FIRMWARE_VERSION, b"", 13)
        return r[0], r[1], r[2], r[3]

    def sam_configuration(self):
        """Normal mode, no SAM: needed before reading tags (manual 7.2.10)."""
        self.call(SAM_CONFIGURATION, b"\x01\x14\x01")

    def set_passive_retries(self, retries=1):
        """Make InListPassiveTarget give up after a few tries instead of waiting forever
        (RFConfiguration item 5, MaxRetries: MxRtyATR, MxRtyPSL, MxRtyPassiveActivation)."""
        self.call(RF_CONFIGURATION, bytes((0x05, 0xFF, 0x01, retries)))

    def begin(self):
        self.sam_configuration()
        self.set_passive_retries(1)

    # --- the non-blocking tag poll ------------------------------------------------

    @property
    def busy(self):
        return self._state is not None

    def start_poll(self):
        """Ask for one ISO14443A target (InListPassiveTarget, 106 kbps type A)."""
        self._write(IN_LIST_PASSIVE_TARGET, bytes((0x01, BAUD_106_TYPE_A)))
        self._state = "ack"
        self._deadline = ticks_ms() + self.ack_timeout_ms

    def poll(self):
        """Advance the poll: None while waiting, then b"" (no tag) or the tag's UID."""
        if self._state is None:
            return None
        late = ticks_diff(ticks_ms(), self._deadline) > 0
        n = len(ACK) if self._state == "ack" else 32
        data = self._read_ready(n)
        if data is None:
            if late:
                self._state = None
                raise PN532Timeout("no %s in time" % self._state_name())
            return None
        if self._state == "ack":
            try:
                if parse_frame(data) != "ack":
                    raise PN532ChecksumError("expected an ACK")
            except PN532Error:
                self._state = None
                raise
            self._state = "response"
            self._deadline = ticks_ms() + self.response_timeout_ms
            return None
        self._state = None
        frame = parse_frame(data)
        if frame == "ack":
            raise PN532ChecksumError("a second ACK instead of the response")
        return parse_target(self._check_response(frame))

    def _state_name(self):
        return "ACK" if self._state == "ack" else "response"


def parse_target(params):
    """The UID from InListPassiveTarget's response (NbTg, Tg, SENS_RES x2, SEL_RES,
    NFCIDLength, NFCID1...); b"" when no target was found."""
    if not params or params[0] == 0:
        return b""
    if len(params) < 6:
        raise PN532ChecksumError("short target data")
    uid_len = params[5]
    uid = params[6:6 + uid_len]
    if len(uid) != uid_len:
        raise PN532ChecksumError("short UID")
    return bytes(uid)
