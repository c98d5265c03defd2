#!/usr/bin/env bash
# Copy the firmware to a Pico running MicroPython (pip install mpremote first).
# The protocol codec is shared with the host: it lives in the Python package.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
mpremote cp "$here/../companion/hardware/controller/codec.py" :codec.py
for f in ticks.py pins.py debounce.py pn532.py link.py controller.py usb_serial.py main.py; do
    mpremote cp "$here/$f" ":$f"
done
mpremote reset
