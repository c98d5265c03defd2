"""The window backend (SDL's dummy video driver in tests) turns keys into actions."""

import pygame

from companion.hardware.screen import PygameScreen, choose_backend


def test_keys_in_the_window_become_actions():
    screen = PygameScreen("window", 320, 240)
    try:
        for key in (pygame.K_SPACE, pygame.K_u, pygame.K_c, pygame.K_x, pygame.K_ESCAPE):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        assert screen.poll_actions() == ["roll_d12", "undo", "coin_toss", "quit", "quit"]
    finally:
        screen.close()


def test_auto_picks_a_window_only_with_a_display(monkeypatch):
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setenv("DISPLAY", ":0")
    assert choose_backend("auto") == "window"
    monkeypatch.delenv("DISPLAY")
    assert choose_backend("auto") in ("headless", "kmsdrm")  # kmsdrm only on a Pi with a display
    assert choose_backend("headless") == "headless"
