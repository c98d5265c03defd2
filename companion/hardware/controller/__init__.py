"""The controller link: button presses and NFC taps from the Pico.

- ``simulated``    an in-process controller for the demo and tests
- ``serial_link``  the Pico over USB serial (pyserial)
"""

from companion.hardware.controller.base import open_controller

__all__ = ["open_controller"]
