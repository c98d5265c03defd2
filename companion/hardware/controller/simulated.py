"""A controller that lives in the process: tests and the demo press its buttons."""

from __future__ import annotations

from companion.hardware.inputs import InputEvent, InputQueue


class SimulatedController:
    name = "simulated controller"

    def __init__(self):
        self._inputs: InputQueue | None = None
        self.pressed = 0

    def start(self, inputs: InputQueue) -> None:
        self._inputs = inputs

    def press(self, button: int) -> None:
        self.pressed += 1
        if self._inputs is not None:
            self._inputs.put(InputEvent("press", f"pico{button}"))

    def tap(self, uid: str) -> None:
        if self._inputs is not None:
            self._inputs.put(InputEvent("tag", "nfc", uid))

    def status(self) -> dict:
        return {"connected": self._inputs is not None, "name": self.name, "firmware": "simulated",
                "frames_good": self.pressed, "frames_bad": 0}

    def close(self) -> None:
        self._inputs = None
