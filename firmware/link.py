"""The board's end of the serial link: frames out, frames in, nothing lost.

Events (buttons, tags) get a sequence number and stay in ``pending`` until
the host acknowledges them; they are sent again after ``retry_ms`` without an
acknowledgement, and at once after a new handshake. Host commands are
acknowledged, and a command seen twice (the host resent it) runs once.
"""

import codec
from ticks import ticks_diff

MAX_PENDING = 32


class Link:
    def __init__(self, port, firmware, boot_id, retry_ms=150):
        self.port = port
        self.firmware = firmware
        self.boot_id = boot_id
        self.retry_ms = retry_ms
        self.decoder = codec.Decoder()
        self.next_seq = 0
        self.pending = []          # [seq, frame, sent_at]
        self.last_host_seq = None
        self.dropped = 0
        self.write_errors = 0
        self.greeted = False       # a handshake happened: the controller sends a heartbeat at once

    def _write(self, frame):
        try:
            self.port.write(frame)
            return True
        except OSError:            # no host on the other end right now
            self.write_errors += 1
            return False

    def send_event(self, kind, body, now):
        if len(self.pending) >= MAX_PENDING:   # host gone for long: keep the newest
            self.pending.pop(0)
            self.dropped += 1
        frame = codec.encode(kind, self.next_seq, body)
        self.pending.append([self.next_seq, frame, now])
        self.next_seq = (self.next_seq + 1) & 0xFF
        self._write(frame)

    def send(self, kind, body=b""):
        """An unacknowledged message (heartbeat, pong, notice, hello)."""
        return self._write(codec.encode(kind, 0, body))

    def _hello(self):
        oldest = self.pending[0][0] if self.pending else self.next_seq
        self.send(codec.HELLO, codec.hello_body(oldest, self.boot_id, self.firmware))

    def _resend_all(self, now):
        for item in self.pending:
            self._write(item[1])
            item[2] = now

    def poll(self, now):
        """Read the host's frames; returns the new host commands as (kind, body)."""
        commands = []
        try:
            data = self.port.read()
        except OSError:
            data = b""
        for kind, seq, body in self.decoder.feed(data or b""):
            if kind == codec.HOST_ACK and body:
                acked = body[0]
                self.pending = [p for p in self.pending if codec.seq_after(p[0], acked)]
            elif kind == codec.HELLO_REQ:
                self._hello()
                self._resend_all(now)
                self.greeted = True
            elif kind == codec.PING:
                self.send(codec.PONG, body[:4])
            elif kind in codec.RELIABLE_FROM_HOST:
                self.send(codec.ACK, bytes((seq, codec.STATUS_OK)))
                if seq != self.last_host_seq:
                    self.last_host_seq = seq
                    commands.append((kind, body))
            else:
                self.send(codec.ACK, bytes((seq, codec.STATUS_UNKNOWN)))
        if self.pending and ticks_diff(now, self.pending[0][2]) >= self.retry_ms:
            self._resend_all(now)
        return commands
