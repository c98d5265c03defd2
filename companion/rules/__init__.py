"""The rules core: plain data and pure functions, no I/O.

Nothing in this package imports OpenCV, pygame, serial or sqlite; a test
(``tests/rules/test_purity.py``) keeps it that way. State changes only through
named events (:mod:`companion.rules.events`) folded by :func:`companion.rules.table.apply`.

- ``events``     the Event record and the IllegalMove error
- ``table``      the whole table's state and the reducer that applies one event
- ``countdown``  the Knockdown test timer (pause, resume, reset) on an injected clock
- ``hp``         TEKKEN health bars with the red Rage zone
- ``takkure``    Takkure: D12 rolls (``rolls``, ``dice``), the time dashboard, measuring
                 (``geometry``: the pass modifier is ``geometry.pass_modifier``), players and
                 injuries (``players``), rosters (``roster``)
"""
