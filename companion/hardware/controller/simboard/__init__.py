"""The controller board, simulated on the host: the real firmware (``firmware/``)
runs under CPython with a simulated ``machine`` module and a simulated PN532,
and talks through a pseudo-terminal that the host opens like a real port."""

from companion.hardware.controller.simboard.board import SimulatedBoard

__all__ = ["SimulatedBoard"]
