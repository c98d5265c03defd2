"""The Takkure demo measures what it shows: its pass is the gap between the bases on the pitch."""

import re

from companion.config import Config
from companion.games.takkure.rules import geometry
from companion.games.takkure.widgets.pitch_view import positions
from companion.runtime import build, demo_config


def test_the_demo_pass_is_the_distance_the_pitch_view_draws(tmp_path):
    cfg = demo_config(Config(), journal=str(tmp_path / "j.sqlite"), headless=True, snapshots=str(tmp_path / "s"))
    rt = build(cfg.replace("chance", seed=5), is_demo=True, fast=True)
    seen = []

    def on_event(event, state):
        if str(event.get("label", "")).startswith("Pass "):
            where = positions(rt.app.vision.latest())       # what the pitch view draws from
            passer, receiver = state.g.active_player, state.selected
            seen.append((event, geometry.distance(where[passer], where[receiver]), passer, receiver))

    rt.session.listeners.append(on_event)
    try:
        rt.app.run(stop_when_script_done=True)
    finally:
        rt.close()
    assert len(seen) == 1
    event, drawn, passer, receiver = seen[0]
    said = float(re.match(r"Pass (\d+\.\d) in", event.data["label"]).group(1))
    assert abs(said - drawn) <= 0.051, (said, drawn)
    assert event.data["modifiers"][0] == [geometry.pass_modifier(said).value, geometry.pass_modifier(said).band]
    assert passer != receiver and event.data["base"] == 7
