"""What the screen shows.

- ``theme``        colours, the scale factor (800x480 up to 1920x1080) and a text cache
- ``game_screen``  a game's part of the screen (its layout and panels), the shared panels
- ``widgets``      one module per shared screen element: dice, coin, countdown, camera_view,
                   footer (a game's own widgets live in its package: ``companion/games/<g>/widgets``)
- ``view``         draws a whole frame from the table state
- ``app``          the main loop: inputs -> session -> view, never blocking
"""
