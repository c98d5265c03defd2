"""GPIO buttons with gpiozero: debounced presses and long presses become InputEvents.

The pin factory is chosen like everything else here: gpiozero's default (the
real header on a Pi) or its ``MockFactory`` for tests and laptops. Buttons are
wired between the pin and ground; gpiozero enables the internal pull-up.
"""

from __future__ import annotations

from companion.hardware.errors import DeviceError
from companion.hardware.inputs import InputEvent, InputQueue


def gpio_pins(button_map: dict[str, str]) -> dict[int, str]:
    """BCM pin -> action, from a per-game button map's ``gpioN`` keys."""
    return {int(key[4:]): action for key, action in button_map.items() if key.startswith("gpio")}


class GpioButtons:
    def __init__(self, pins: dict[int, str], inputs: InputQueue, factory=None,
                 bounce_time: float = 0.05, hold_time: float = 1.0):
        from gpiozero import Button
        from gpiozero.exc import GPIOZeroError

        self.factory = factory
        self._buttons = []
        try:
            for pin in sorted(pins):
                button = Button(pin, pin_factory=factory, bounce_time=bounce_time or None,
                                hold_time=hold_time)
                source = f"gpio{pin}"
                button.when_pressed = lambda s=source: inputs.put(InputEvent("press", s))
                button.when_released = lambda s=source: inputs.put(InputEvent("release", s))
                button.when_held = lambda s=source: inputs.put(InputEvent("hold", s))
                self._buttons.append(button)
        except (GPIOZeroError, OSError, RuntimeError) as exc:
            self.close()
            raise DeviceError("GPIO", f"cannot use the GPIO pins ({exc})", "gpio.backend",
                              "not a Raspberry Pi? set backend = \"mock\" or \"none\"") from None
        self.name = f"{len(self._buttons)} GPIO buttons"

    def close(self) -> None:
        for button in self._buttons:
            button.close()
        self._buttons = []


def open_gpio(settings, button_map: dict[str, str], inputs: InputQueue) -> GpioButtons | None:
    if settings.backend == "none":
        return None
    factory = None
    if settings.backend == "mock":
        from gpiozero.pins.mock import MockFactory
        factory = MockFactory()
    return GpioButtons(gpio_pins(button_map), inputs, factory, settings.bounce_time, settings.hold_time)
