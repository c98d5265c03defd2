"""Hardware, each behind a small interface with a real and a simulated backend.

Like gpiozero's pin factories, the backend is chosen by configuration, so the
same app runs on the Pi, on a laptop and in tests:

- ``camera``      CameraSource: picamera2 / OpenCV capture / file / simulated table
- ``controller``  ControllerLink: the Pico over USB serial / simulated
- ``gpio``        GPIO buttons: gpiozero's real pin factory / its MockFactory
- ``screen``      Screen: pygame window / KMS-DRM console / headless PNG snapshots
- ``sound``       the timer's tone: pygame.mixer / silent
- ``inputs``      InputEvent, what every input device produces

``run`` never falls back silently: a device that cannot be opened raises
:class:`DeviceError`, whose message names the setting to change.
"""

from companion.hardware.errors import DeviceError

__all__ = ["DeviceError"]
