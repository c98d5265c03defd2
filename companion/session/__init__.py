"""The game session: events in, journaled, folded into state, shown.

- ``journal``  sqlite3 (WAL) event log: the truth, survives a power cut
- ``chance``   the one randomness service for dice and the coin
- ``clock``    wall-clock time that does not jump when NTP sets the Pi's clock
- ``session``  GameSession: validates, journals, then applies each event
- ``actions``  what a button/key/controller action does to the session
"""
