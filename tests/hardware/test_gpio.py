import time

from gpiozero.pins.mock import MockFactory

from companion.hardware.gpio.buttons import GpioButtons, gpio_pins
from companion.hardware.inputs import InputQueue


def wait_for(inputs, n, timeout=2.0):
    got, end = [], time.monotonic() + timeout
    while len(got) < n and time.monotonic() < end:
        got += inputs.drain()
        time.sleep(0.005)
    return got


def test_pins_come_from_the_gpio_keys_only():
    assert gpio_pins({"gpio17": "undo", "pico0": "next_step", "gpio4": "roll_d6"}) == {17: "undo", 4: "roll_d6"}


def test_a_press_and_a_release_become_input_events():
    factory, inputs = MockFactory(), InputQueue()
    buttons = GpioButtons({17: "undo"}, inputs, factory, bounce_time=0.0, hold_time=5.0)
    factory.pin(17).drive_low()
    factory.pin(17).drive_high()
    events = wait_for(inputs, 2)
    assert [(e.kind, e.source) for e in events] == [("press", "gpio17"), ("release", "gpio17")]
    buttons.close()


def test_a_long_press_is_reported_as_hold():
    factory, inputs = MockFactory(), InputQueue()
    buttons = GpioButtons({27: "undo"}, inputs, factory, bounce_time=0.0, hold_time=0.1)
    factory.pin(27).drive_low()
    events = wait_for(inputs, 2)
    assert [e.kind for e in events] == ["press", "hold"]
    buttons.close()
