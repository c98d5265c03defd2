"""A simulated PN532 on I2C that answers byte by byte, as the user manual says.

A write is parsed as a host frame; a good one queues an ACK frame and then the
response. Every read returns the status byte (bit 0: ready) followed by the
head of the queue. Tests put a tag on the reader (``uid``) and inject faults
for the next command: "nack", "checksum" (a response with a bad DCS),
"error" (the error frame) or "timeout" (no answer at all).
"""

from __future__ import annotations

import threading

ACK = b"\x00\x00\xff\x00\xff\x00"
NACK = b"\x00\x00\xff\xff\x00\x00"
ERROR_FRAME = b"\x00\x00\xff\x01\xff\x7f\x81\x00"


def frame(data: bytes) -> bytes:
    n = len(data)
    return bytes((0x00, 0x00, 0xFF, n, (-n) & 0xFF)) + data + bytes(((-sum(data)) & 0xFF, 0x00))


class SimPN532:
    def __init__(self, busy_reads: int = 1):
        self.uid: bytes | None = None
        self.faults: list[str] = []       # one per coming command
        self.busy_reads = busy_reads      # "not ready" reads before a response is ready
        self.commands: list[int] = []
        self._queue: list[bytes] = []
        self._busy = 0
        self._lock = threading.Lock()

    # --- the host writes ---------------------------------------------------------

    def writeto(self, buf: bytes) -> None:
        data = self._parse(buf)
        with self._lock:
            self._queue.clear()
            if data is None:
                self._queue.append(NACK)
                return
            fault = self.faults.pop(0) if self.faults else None
            self.commands.append(data[1])
            if fault == "timeout":
                return
            if fault == "nack":
                self._queue.append(NACK)
                return
            self._queue.append(ACK)
            if fault == "error":
                self._queue.append(ERROR_FRAME)
                return
            response = frame(self._respond(data[1], data[2:]))
            if fault == "checksum":
                response = response[:-2] + bytes(((response[-2] + 1) & 0xFF, 0))
            self._queue.append(response)

    @staticmethod
    def _parse(buf: bytes) -> bytes | None:
        """Byte by byte: preamble, start code, LEN, LCS, TFI + data, DCS."""
        state, n, data = "pre", 0, bytearray()
        for b in buf:
            if state == "pre":
                state = "start0" if b == 0x00 else "pre"
            elif state == "start0":
                state = "len" if b == 0xFF else ("start0" if b == 0x00 else "pre")
            elif state == "len":
                n, state = b, "lcs"
            elif state == "lcs":
                if (n + b) & 0xFF:
                    return None
                state = "data"
            elif state == "data":
                data.append(b)
                if len(data) == n:
                    state = "dcs"
            elif state == "dcs":
                if (sum(data) + b) & 0xFF or not data or data[0] != 0xD4:
                    return None
                return bytes(data)
        return None

    def _respond(self, command: int, params: bytes) -> bytes:
        if command == 0x02:                      # GetFirmwareVersion: PN532 v1.6
            return b"\xd5\x03\x32\x01\x06\x07"
        if command == 0x14:                      # SAMConfiguration
            return b"\xd5\x15"
        if command == 0x32:                      # RFConfiguration
            return b"\xd5\x33"
        if command == 0x4A:                      # InListPassiveTarget
            if not self.uid:
                return b"\xd5\x4b\x00"
            return b"\xd5\x4b\x01\x01\x00\x44\x00" + bytes((len(self.uid),)) + self.uid
        return b"\xd5" + bytes((command + 1,))

    # --- the host reads ----------------------------------------------------------

    def readfrom(self, n: int) -> bytes:
        with self._lock:
            if not self._queue:
                return bytes(n)
            head = self._queue[0]
            if head is not ACK and head is not NACK and self._busy < self.busy_reads:
                self._busy += 1
                return bytes(n)
            self._busy = 0
            out = (b"\x01" + head + bytes(n))[:n]
            if n - 1 >= len(head):
                self._queue.pop(0)
            return out
