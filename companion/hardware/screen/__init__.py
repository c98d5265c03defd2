"""The screen: a pygame window, the Pi's KMS/DRM console, or headless PNGs."""

from companion.hardware.screen.pygame_screen import PygameScreen, choose_backend, open_screen

__all__ = ["PygameScreen", "choose_backend", "open_screen"]
