"""The Pico over USB serial, found by USB vendor/product id or a configured port.

This backend opens the port exclusively and reports what it found. Decoding
the controller's frames (COBS, CRC-16, handshake) belongs to the controller
protocol and is not built yet: until it is, ``start`` reads and counts bytes
but produces no input events, and ``status`` says so. It cannot be run here
(no Pico attached); tests cover the port search with pyserial's port records.
"""

from __future__ import annotations

import logging

from companion.hardware.errors import DeviceError

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
    def __init__(self, port: str, baudrate: int, vid: int, pid: int):
        import serial

        device = find_port(vid, pid) if port == "auto" else port
        if device is None:
            raise DeviceError("controller", f"no board with USB id {vid:04x}:{pid:04x} is plugged in",
                              "controller] port", "plug in the Pico, or set port = \"/dev/ttyACM0\"")
        try:
            self._serial = serial.Serial(device, baudrate, timeout=0.05, exclusive=True)
        except (serial.SerialException, OSError) as exc:
            raise DeviceError("controller", f"cannot open {device} ({exc})", "controller] port",
                              "is another program using it? is the user in the dialout group?") from None
        self.name = f"controller on {device}"
        self.device = device
        self.bytes_read = 0

    def start(self, inputs) -> None:
        log.warning("%s: the controller protocol is not implemented yet; buttons on it are ignored",
                    self.name)

    def status(self) -> dict:
        return {"connected": self._serial.is_open, "name": self.name, "firmware": "unknown",
                "frames_good": 0, "frames_bad": 0, "note": "frame decoding not implemented yet"}

    def close(self) -> None:
        self._serial.close()
