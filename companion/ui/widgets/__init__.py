"""One module per screen element; each exposes ``draw(surface, rect, ..., theme)``."""
