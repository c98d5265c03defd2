"""What the screen shows.

- ``theme``    colours, the scale factor (800x480 up to 1920x1080) and a text cache
- ``layout``   where each widget sits, per game
- ``widgets``  one module per screen element: dice, coin, countdown, hp_bars,
               time_dashboard, scoreboard, camera_view, footer
- ``view``     draws a whole frame from the table state
- ``app``      the main loop: inputs -> session -> view, never blocking
"""
