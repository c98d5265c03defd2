"""GPIO buttons on the Pi's header, through gpiozero."""

from companion.hardware.gpio.buttons import GpioButtons, open_gpio

__all__ = ["GpioButtons", "open_gpio"]
