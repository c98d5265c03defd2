"""The simulated controller: the real firmware on a pseudo-terminal (``simboard``),
read by the real host link. Only the board is simulated; the wire, the frames
and the host code are the ones used at the table."""

from __future__ import annotations

from companion.hardware.controller.serial_link import SerialController
from companion.hardware.controller.simboard import SimulatedBoard
from companion.hardware.inputs import InputQueue


class SimulatedController(SerialController):
    def __init__(self):
        self.board = SimulatedBoard()
        super().__init__(self.board.path, check_now=False)
        self.name = "simulated controller (firmware on a pseudo-terminal)"

    def start(self, inputs: InputQueue) -> None:
        super().start(inputs)
        self.wait_connected(3.0)

    def _open(self):
        ser = super()._open()
        self.name = "simulated controller (firmware on a pseudo-terminal)"
        return ser

    # what a player does at the simulated table
    def press(self, button: int) -> None:
        self.board.press(button)

    def release(self, button: int) -> None:
        self.board.release(button)

    def tap(self, uid_hex: str) -> None:
        self.board.tap(uid_hex)

    def remove_tag(self) -> None:
        self.board.remove_tag()

    def close(self) -> None:
        super().close()
        self.board.close()
