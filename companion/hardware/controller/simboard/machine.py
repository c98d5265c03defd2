"""A stand-in for MicroPython's ``machine`` module, one instance per simulated board.

Only what the firmware uses: Pin (levels tests can set), I2C (routed to
simulated devices by address), PWM (the buzzer) and WDT (the watchdog).
"""

from __future__ import annotations

import errno


class SimMachine:
    def __init__(self, i2c_devices: dict | None = None):
        self.levels: dict[int, int] = {}      # pin id -> level (pull-ups idle high)
        self.i2c_devices = dict(i2c_devices or {})
        self.pwm: dict[int, dict] = {}
        self.watchdog_feeds = 0
        board = self

        class Pin:
            IN, OUT, PULL_UP, PULL_DOWN = 0, 1, 2, 3

            def __init__(self, pin_id, mode=-1, pull=-1, value=None):
                self.id = pin_id
                board.levels.setdefault(pin_id, 0 if pull == Pin.PULL_DOWN else 1)
                if value is not None:
                    board.levels[pin_id] = int(bool(value))

            def value(self, v=None):
                if v is None:
                    return board.levels[self.id]
                board.levels[self.id] = int(bool(v))

        class I2C:
            def __init__(self, bus_id, scl=None, sda=None, freq=400_000):
                self.bus_id = bus_id

            def _device(self, addr):
                device = board.i2c_devices.get(addr)
                if device is None:
                    raise OSError(errno.EIO, "no I2C device at 0x%02x" % addr)
                return device

            def writeto(self, addr, buf, stop=True):
                return self._device(addr).writeto(bytes(buf))

            def readfrom(self, addr, n, stop=True):
                return self._device(addr).readfrom(n)

            def scan(self):
                return sorted(board.i2c_devices)

        class PWM:
            def __init__(self, pin):
                self.state = board.pwm.setdefault(pin.id, {"freq": 0, "duty": 0})

            def freq(self, hz=None):
                if hz is None:
                    return self.state["freq"]
                self.state["freq"] = hz

            def duty_u16(self, duty=None):
                if duty is None:
                    return self.state["duty"]
                self.state["duty"] = duty

        class WDT:
            def __init__(self, id=0, timeout=5000):
                self.timeout = timeout

            def feed(self):
                board.watchdog_feeds += 1

        self.Pin, self.I2C, self.PWM, self.WDT = Pin, I2C, PWM, WDT
