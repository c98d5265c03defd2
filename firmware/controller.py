"""The controller's main loop: buttons, NFC, LED, buzzer, heartbeat, watchdog.

``machine`` is passed in (the real module on the Pico, a simulated one on the
host), so the very same loop runs in both places.
"""

import codec
import pins as config
from debounce import Buttons
from link import Link
from pn532 import PN532, PN532Error
from ticks import sleep_ms, ticks_diff, ticks_ms


class Controller:
    def __init__(self, machine, port, boot_id=0, watchdog=True):
        Pin = machine.Pin
        now = ticks_ms()
        self.buttons = Buttons([Pin(p, Pin.IN, Pin.PULL_UP) for p in config.BUTTONS],
                               config.DEBOUNCE_MS, config.HOLD_MS, now)
        self.led = Pin(config.LED, Pin.OUT)
        self.buzzer = machine.PWM(Pin(config.BUZZER))
        self.buzzer.duty_u16(0)
        self.link = Link(port, config.FIRMWARE_VERSION, boot_id, config.RETRY_MS)
        i2c = machine.I2C(config.I2C_ID, scl=Pin(config.I2C_SCL), sda=Pin(config.I2C_SDA),
                          freq=config.I2C_FREQ)
        self.nfc = PN532(i2c)
        self.nfc_ok = False
        self.nfc_errors = 0
        self.nfc_retry_at = now
        self.next_nfc_poll = now
        self.last_uid = b""
        self.last_uid_seen = now
        self.led_mode = 2
        self.buzz_until = None
        self.next_heartbeat = now
        self.started = now
        self.running = True
        self.wdt = machine.WDT(timeout=config.WATCHDOG_MS) if watchdog else None

    # --- NFC --------------------------------------------------------------------

    def _nfc_step(self, now):
        if not self.nfc_ok:
            if ticks_diff(now, self.nfc_retry_at) < 0:
                return
            try:
                self.nfc.begin()
                self.nfc_ok = True
                self.link.send(codec.NOTICE, b"pn532: ready")
            except (PN532Error, OSError) as exc:
                self._nfc_failed(now, exc)
            return
        try:
            if not self.nfc.busy:
                if ticks_diff(now, self.next_nfc_poll) >= 0:
                    self.nfc.start_poll()
                    self.next_nfc_poll = now + config.NFC_POLL_MS
                return
            uid = self.nfc.poll()
        except (PN532Error, OSError) as exc:
            self._nfc_failed(now, exc)
            return
        if uid is None:
            return
        if uid:
            gone = ticks_diff(now, self.last_uid_seen) >= config.TAG_GONE_MS
            if uid != self.last_uid or gone:     # a new tap, not the same tag still lying there
                self.link.send_event(codec.TAG, uid, now)
            self.last_uid, self.last_uid_seen = uid, now

    def _nfc_failed(self, now, exc):
        self.nfc_errors += 1
        self.nfc_ok = False
        self.nfc_retry_at = now + 1000
        self.link.send(codec.NOTICE, ("pn532: %s" % (exc.__class__.__name__,)).encode())

    # --- host commands ---------------------------------------------------------------

    def _command(self, kind, body, now):
        if kind == codec.LED and body:
            self.led_mode = body[0]
        elif kind == codec.BUZZ and len(body) >= 4:
            ms, hz = (body[0] << 8) | body[1], (body[2] << 8) | body[3]
            self.buzzer.freq(max(hz, 20))
            self.buzzer.duty_u16(32768)
            self.buzz_until = now + ms

    # --- the loop -----------------------------------------------------------------------

    def step(self, now):
        for index, edge in self.buttons.poll(now):
            self.link.send_event(codec.BUTTON, codec.button_body(index, edge), now)
        self._nfc_step(now)
        for kind, body in self.link.poll(now):
            self._command(kind, body, now)
        if self.link.greeted:               # a host just connected: tell it how the reader is
            self.link.greeted = False
            self.next_heartbeat = now
        if self.buzz_until is not None and ticks_diff(now, self.buzz_until) >= 0:
            self.buzzer.duty_u16(0)
            self.buzz_until = None
        if self.led_mode == 2:
            self.led.value((now // 500) % 2)
        else:
            self.led.value(self.led_mode)
        if ticks_diff(now, self.next_heartbeat) >= 0:
            self.link.send(codec.HEARTBEAT, codec.heartbeat_body(ticks_diff(now, self.started), self.nfc_ok))
            self.next_heartbeat = now + config.HEARTBEAT_MS
        if self.wdt is not None:
            self.wdt.feed()

    def run(self):
        while self.running:
            self.step(ticks_ms())
            sleep_ms(1)
