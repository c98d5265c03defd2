"""The controller interface and the factory that picks its backend."""

from __future__ import annotations

from typing import Protocol

from companion.hardware.errors import DeviceError
from companion.hardware.inputs import InputQueue


class ControllerLink(Protocol):
    name: str

    def start(self, inputs: InputQueue) -> None:
        """Begin delivering InputEvents to ``inputs`` (from a thread of its own)."""

    def status(self) -> dict:
        """What `doctor` and the status bar show: connected, firmware, frames good/bad."""

    def close(self) -> None: ...


def open_controller(settings) -> ControllerLink | None:
    if settings.backend == "none":
        return None
    if settings.backend == "simulated":
        from companion.hardware.controller.simulated import SimulatedController
        return SimulatedController()
    if settings.backend == "serial":
        from companion.hardware.controller.serial_link import SerialController
        return SerialController(settings.port, settings.baudrate, settings.usb_vid, settings.usb_pid)
    raise DeviceError("controller", f"unknown backend {settings.backend!r}", "controller.backend")
