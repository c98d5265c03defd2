"""companion: a Raspberry Pi that watches a game table and helps the players.

The package is split by concern:

- ``companion.rules``     pure game rules and table tools (no I/O, no OpenCV/pygame/serial)
- ``companion.session``   the event journal (sqlite3, WAL) and the game session that applies events
- ``companion.hardware``  camera, controller link, GPIO buttons, screen: each a small interface
                          with a real and a simulated backend
- ``companion.sim``       the simulated table (rendered camera image, scripted demo)
- ``companion.ui``        what the screen draws (widgets) and the main loop
- ``companion.config``    TOML settings, documented and validated
- ``companion.cli``       the ``companion`` command
"""

__version__ = "0.1.0"

import os as _os

# pygame prints a banner on import; the companion speaks for itself.
_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
