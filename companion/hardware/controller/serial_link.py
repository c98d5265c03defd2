"""The host's end of the controller link, over USB serial with pyserial.

Finds the Pico by USB vendor/product id (or uses the configured port), opens
it exclusively, shakes hands (protocol version, firmware version, boot id),
then turns frames into InputEvents: the same events GPIO buttons make. It
acknowledges every event, drops any it has already delivered, reconnects
after an unplug with backoff, and counts good and bad frames.

Runs on its own thread; nothing here blocks the screen. With a real Pico it
cannot be run on the development machine; the tests run it against the real
firmware on a pseudo-terminal (``simboard``).
"""

from __future__ import annotations

import logging
import os
import threading
import time

from companion.hardware.controller import codec
from companion.hardware.errors import DeviceError
from companion.hardware.inputs import InputEvent, InputQueue

log = logging.getLogger(__name__)


def find_port(vid: int, pid: int, ports=None) -> str | None:
    """The device path of the first serial port with this USB id."""
    if ports is None:
        from serial.tools import list_ports
        ports = list_ports.comports()
    for port in ports:
        if port.vid == vid and port.pid == pid:
            return port.device
    return None


class SerialController:
    def __init__(self, port: str, baudrate: int = 115200, vid: int = 0x2E8A, pid: int = 0x0005,
                 hello_timeout: float = 1.0, check_now: bool = True):
        self.port_setting, self.baudrate, self.vid, self.pid = port, baudrate, vid, pid
        self.hello_timeout = hello_timeout
        self.name = "controller"
        self.firmware = "unknown"
        self.connected = False
        self.reconnects = 0
        self.frames_bad = 0
        self.frames_good = 0
        self.duplicates = 0
        self.rtt_ms: float | None = None
        self.nfc_ok: bool | None = None
        self.notice = ""
        self.problem = ""
        self._boot_id: int | None = None
        self._expected: int | None = None     # next board seq to deliver
        self._host_seq = 0
        self._acks: dict[int, threading.Event] = {}
        self._pings: dict[int, float] = {}
        self._serial = None
        self._write_lock = threading.Lock()
        self._stop = threading.Event()
        self._connected_event = threading.Event()
        self._inputs: InputQueue | None = None
        self._thread: threading.Thread | None = None
        if check_now:
            self._open().close()  # `run` and `doctor` learn at once whether the board is there

    # --- finding and opening the port ----------------------------------------------

    def _device(self) -> str:
        if self.port_setting != "auto":
            return self.port_setting
        device = find_port(self.vid, self.pid)
        if device is None:
            raise DeviceError("controller", f"no board with USB id {self.vid:04x}:{self.pid:04x} is plugged in",
                              "controller.port", "plug in the Pico, or set port = \"/dev/ttyACM0\"")
        return device

    def _open(self):
        import serial

        device = self._device()
        try:
            ser = serial.Serial(device, self.baudrate, timeout=0.02, exclusive=True)
        except (serial.SerialException, OSError, ValueError) as exc:
            raise DeviceError("controller", f"cannot open {device} ({exc})", "controller.port",
                              "is another program using it? is the user in the dialout group?") from None
        self.name = f"controller on {device}"
        return ser

    # --- the thread ---------------------------------------------------------------

    def start(self, inputs: InputQueue) -> None:
        self._inputs = inputs
        self._thread = threading.Thread(target=self._run, name="controller-link", daemon=True)
        self._thread.start()

    def wait_connected(self, timeout: float = 3.0) -> bool:
        return self._connected_event.wait(timeout)

    def _run(self) -> None:
        backoff = 0.05
        while not self._stop.is_set():
            try:
                self._serial = self._open()
            except DeviceError as exc:
                self.problem = exc.problem
                self._stop.wait(backoff)
                backoff = min(backoff * 2, 2.0)
                continue
            try:
                self._session()
                backoff = 0.05
            except Exception as exc:  # serial.SerialException, OSError, termios.error: all mean "gone"
                log.info("controller link lost: %s", exc)
                self.problem = f"link lost ({exc})"
            finally:
                self.connected = False
                self._connected_event.clear()
                try:
                    self._serial.close()
                except Exception:
                    pass
                self._serial = None
            if not self._stop.is_set():
                self.reconnects += 1
                self._stop.wait(backoff)

    def _session(self) -> None:
        decoder = codec.Decoder()
        self._send(codec.HELLO_REQ, 0, bytes((codec.PROTOCOL_VERSION,)))
        asked = time.monotonic()
        next_ping = time.monotonic()
        while not self._stop.is_set():
            data = self._serial.read(self._serial.in_waiting or 1)
            before_bad = decoder.bad
            for frame in decoder.feed(data):
                self._handle(*frame)
            self.frames_bad += decoder.bad - before_bad
            now = time.monotonic()
            if not self.connected and now - asked > self.hello_timeout:  # ask again
                self._send(codec.HELLO_REQ, 0, bytes((codec.PROTOCOL_VERSION,)))
                asked = now
            if self.connected and now >= next_ping:
                self.ping_async()
                next_ping = now + 1.0

    # --- frames in -----------------------------------------------------------------

    def _handle(self, kind: int, seq: int, body: bytes) -> None:
        self.frames_good += 1
        if kind == codec.HELLO:
            self._hello(body)
        elif kind in codec.RELIABLE_FROM_BOARD:
            self._event(kind, seq, body)
        elif kind == codec.HEARTBEAT and len(body) >= 5:
            self.nfc_ok = bool(body[4])
        elif kind == codec.ACK and body:
            waiter = self._acks.pop(body[0], None)
            if waiter is not None:
                waiter.set()
        elif kind == codec.PONG:
            sent = self._pings.pop(codec.parse_u32(body) or -1, None)
            if sent is not None:
                self.rtt_ms = (time.perf_counter() - sent) * 1000
        elif kind == codec.NOTICE:
            self.notice = body.decode("ascii", "replace")
            log.info("controller says: %s", self.notice)

    def _hello(self, body: bytes) -> None:
        hello = codec.parse_hello(body)
        if hello is None:
            self.frames_bad += 1
            return
        protocol, oldest, boot_id, firmware = hello
        if protocol != codec.PROTOCOL_VERSION:
            self.problem = (f"firmware speaks protocol {protocol}, this companion {codec.PROTOCOL_VERSION}: "
                            f"update the firmware (firmware/deploy.sh)")
            return
        if boot_id != self._boot_id:   # a new board or a reboot: its numbering starts afresh
            self._boot_id, self._expected = boot_id, oldest
        self.firmware = firmware
        self.connected, self.problem = True, ""
        self._connected_event.set()

    def _event(self, kind: int, seq: int, body: bytes) -> None:
        if self._expected is None:     # no handshake yet: wait for the resend after HELLO
            return
        if seq != self._expected:
            if not codec.seq_after(seq, self._expected):
                self.duplicates += 1   # already delivered: just acknowledge again
                self._send(codec.HOST_ACK, 0, bytes(((self._expected - 1) & 0xFF,)))
            return                     # a gap: wait for the board to resend in order
        self._expected = (seq + 1) & 0xFF
        self._send(codec.HOST_ACK, 0, bytes((seq,)))
        if self._inputs is None:
            return
        if kind == codec.BUTTON and len(body) >= 2 and body[1] < len(codec.EDGE_NAMES):
            self._inputs.put(InputEvent(codec.EDGE_NAMES[body[1]], f"pico{body[0]}"))
        elif kind == codec.TAG and body:
            self._inputs.put(InputEvent("tag", "nfc", body.hex()))

    # --- frames out ------------------------------------------------------------------

    def _send(self, kind: int, seq: int, body: bytes = b"") -> bool:
        ser = self._serial
        if ser is None:
            return False
        try:
            with self._write_lock:
                ser.write(codec.encode(kind, seq, body))
            return True
        except Exception:
            return False

    def command(self, kind: int, body: bytes, timeout: float = 0.3, tries: int = 3) -> bool:
        """Send a reliable command (LED, BUZZ) and wait for its acknowledgement."""
        self._host_seq = (self._host_seq + 1) & 0xFF
        seq = self._host_seq
        done = self._acks.setdefault(seq, threading.Event())
        for _ in range(tries):
            self._send(kind, seq, body)
            if done.wait(timeout):
                return True
        self._acks.pop(seq, None)
        return False

    def led(self, mode: int) -> bool:
        return self.command(codec.LED, bytes((mode,)))

    def buzz(self, ms: int = 200, hz: int = 2000) -> bool:
        return self.command(codec.BUZZ, codec.buzz_body(ms, hz))

    def ping_async(self) -> None:
        token = int.from_bytes(os.urandom(4), "big")
        self._pings = {token: time.perf_counter()}
        self._send(codec.PING, 0, codec.u32(token))

    def measure_rtt(self, count: int = 5, timeout: float = 0.5) -> float | None:
        """The median round trip of a few pings, in ms (for `doctor`)."""
        samples = []
        for _ in range(count):
            self.rtt_ms = None
            self.ping_async()
            end = time.monotonic() + timeout
            while self.rtt_ms is None and time.monotonic() < end:
                time.sleep(0.001)
            if self.rtt_ms is not None:
                samples.append(self.rtt_ms)
        return sorted(samples)[len(samples) // 2] if samples else None

    # --- status ------------------------------------------------------------------------

    def status(self) -> dict:
        return {"connected": self.connected, "name": self.name, "firmware": self.firmware,
                "frames_good": self.frames_good, "frames_bad": self.frames_bad,
                "reconnects": self.reconnects, "rtt_ms": self.rtt_ms, "nfc_ok": self.nfc_ok,
                "note": self.problem or self.notice}

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2)
        if self._serial is not None:
            try:
                self._serial.close()
            except Exception:
                pass
