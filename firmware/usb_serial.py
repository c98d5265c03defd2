"""The Pico's USB serial port as the link's transport (MicroPython only).

stdin/stdout carry binary frames, so Ctrl-C must not interrupt the program:
``micropython.kbd_intr(-1)`` turns that off. To reach the REPL again, hold
button 0 while plugging in (see main.py).
"""

import select
import sys


class UsbSerial:
    def __init__(self):
        import micropython
        micropython.kbd_intr(-1)
        self._in = sys.stdin.buffer
        self._out = sys.stdout.buffer
        self._poll = select.poll()
        self._poll.register(sys.stdin, select.POLLIN)

    def read(self):
        data = bytearray()
        while self._poll.poll(0) and len(data) < 256:
            data.extend(self._in.read(1))
        return bytes(data)

    def write(self, data):
        self._out.write(data)
