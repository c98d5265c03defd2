from hypothesis import given
from hypothesis import strategies as st

from companion.rules.tools.countdown import Countdown, display


def test_ten_seconds_on_a_fake_clock():
    c = Countdown(10.0).start(1000.0)
    assert c.remaining(1000.0) == 10.0
    assert c.remaining(1003.25) == 6.75
    assert not c.expired(1009.999)
    assert c.expired(1010.0)
    assert c.remaining(1500.0) == 0.0


def test_pause_resume_reset():
    c = Countdown(10.0).start(0.0).pause(4.0)
    assert c.remaining(100.0) == 6.0 and not c.running and c.started
    c = c.resume(100.0)
    assert c.remaining(103.0) == 3.0
    assert c.reset().remaining(200.0) == 10.0 and not c.reset().started


def test_an_expired_countdown_does_not_resume():
    c = Countdown(10.0).start(0.0).pause(12.0)
    assert c.resume(13.0).running is False


def test_display_shows_tenths_rounded_up():
    assert [display(x) for x in (10.0, 9.95, 9.9, 3.01, 0.04, 0.0, -1.0)] == \
        ["10.0", "10.0", "9.9", "3.1", "0.1", "0.0", "0.0"]


@given(st.lists(st.tuples(st.sampled_from(["pause", "resume", "wait"]), st.floats(0, 5)), max_size=30))
def test_remaining_never_grows_while_time_passes(ops):
    now, c = 0.0, Countdown(10.0).start(0.0)
    last = c.remaining(now)
    for op, dt in ops:
        now += dt
        c = getattr(c, op)(now) if op != "wait" else c
        rem = c.remaining(now)
        assert 0.0 <= rem <= last + 1e-12
        last = rem
