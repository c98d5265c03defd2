"""Entry point on the Pico. Hold button 0 while plugging in to get the REPL instead."""

import machine

import pins

if machine.Pin(pins.BUTTONS[0], machine.Pin.IN, machine.Pin.PULL_UP).value() == 0:
    raise SystemExit  # maintenance: leave the REPL free for mpremote

from controller import Controller  # noqa: E402
from usb_serial import UsbSerial  # noqa: E402

import random  # noqa: E402

# A new boot id tells the host that sequence numbers start again from 0.
Controller(machine, UsbSerial(), boot_id=random.getrandbits(32)).run()
