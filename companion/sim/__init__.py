"""The simulated table: a scene, a renderer that photographs it, and the scripted demo.

- ``scene``   what is on the table (board, pieces, tokens), loaded from TOML
- ``render``  a pinhole camera of its own that draws a plausible camera frame
- ``demo``    the scripted demo game that makes every screen element appear
"""
