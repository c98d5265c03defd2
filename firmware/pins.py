"""Wiring of the controller board (Raspberry Pi Pico). See docs/CONTROLLER.md."""

BUTTONS = (2, 3, 6, 7, 8, 9, 10, 11)   # GP2.. to ground; internal pull-ups
I2C_ID = 0                             # PN532 on I2C0
I2C_SDA = 4                            # GP4 (pin 6)
I2C_SCL = 5                            # GP5 (pin 7)
I2C_FREQ = 100_000
LED = 25                               # the Pico's own LED ("LED" on a Pico W)
BUZZER = 15                            # GP15, a passive piezo through 100 ohm

DEBOUNCE_MS = 25      # ignore contact bounce this long after an edge
HOLD_MS = 800         # a press held this long is also reported as a long press
NFC_POLL_MS = 80      # how often the reader looks for a tag
TAG_GONE_MS = 400     # a tag must be away this long before the same tag counts as a new tap
HEARTBEAT_MS = 1000
WATCHDOG_MS = 4000
RETRY_MS = 150        # resend unacknowledged events after this long
FIRMWARE_VERSION = "1.0.0"
