"""The real firmware on a pseudo-terminal, read by the real host link."""

import os
import time

import pytest

from companion.hardware.controller import codec
from companion.hardware.controller.serial_link import SerialController
from companion.hardware.controller.simulated import SimulatedController
from companion.hardware.inputs import InputQueue
from companion.hardware.screen import PygameScreen
from companion.hardware.sound import Silent
from companion.nfc import TagRegistry
from companion.ui.app import App


def wait_until(cond, timeout=3.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.005)
    return False


@pytest.fixture
def link():
    inputs = InputQueue()
    c = SimulatedController()
    c.start(inputs)
    assert c.connected and c.firmware == "1.0.0"
    c.inputs = inputs
    yield c
    c.close()


def click(board, button, hold_s=0.04):
    board.press(button)
    time.sleep(hold_s)
    board.release(button)
    time.sleep(0.04)


def collect(inputs, n, timeout=3.0):
    got = []
    wait_until(lambda: len(got.__iadd__(inputs.drain())) >= n, timeout)
    return got


def test_a_press_and_a_tag_reach_the_game_as_events(link, takkure, clock, tmp_path):
    registry = TagRegistry(None)
    registry.register("04a1b2c3d4e5f6", "takkure-player", "Yokozuna")
    screen = PygameScreen("headless", 800, 480, snapshot_dir=tmp_path)
    app = App(takkure, screen, clock, link.inputs, button_map={"pico1": "roll_d12"}, sound=Silent(),
              registry=registry)
    link.board.press(1)
    assert wait_until(lambda: (app.frame(), takkure.state.last_roll)[1] is not None)
    link.board.release(1)
    link.board.tap("04a1b2c3d4e5f6")
    assert wait_until(lambda: (app.frame(), takkure.state.selected)[1] == "Yokozuna")
    kinds = [e.kind for e in takkure.events]
    assert kinds.count("dice_rolled") == 1 and kinds.count("card_tapped") == 1


def test_unplug_and_replug_in_the_middle_loses_and_doubles_nothing(link):
    order = []
    for i in range(7):
        click(link.board, i % 8)
        order.append(i % 8)
    link.board.unplug()
    for i in range(7, 12):
        click(link.board, i % 8)          # pressed while the cable is out
        order.append(i % 8)
    time.sleep(0.2)
    link.board.replug()
    for i in range(12, 20):
        click(link.board, i % 8)
        order.append(i % 8)
    got = collect(link.inputs, 40, timeout=5)
    presses = [int(e.source[4:]) for e in got if e.kind == "press"]
    releases = [int(e.source[4:]) for e in got if e.kind == "release"]
    assert presses == order and releases == order
    assert link.reconnects >= 1


def test_garbage_on_the_wire_is_counted_and_the_link_carries_on(link):
    link.board.write(b"\x13\x37garbage\x00\xff\xfe\x00" + codec.encode(codec.BUTTON, 99, b"\x00")[:-3] + b"\x00")
    click(link.board, 3)
    got = collect(link.inputs, 2)
    assert [(e.kind, e.source) for e in got] == [("press", "pico3"), ("release", "pico3")]
    assert link.frames_bad >= 2


def test_contact_bounce_gives_one_press(link):
    pin = link.board.pins.BUTTONS[2]
    for level in (0, 1, 0, 1, 0, 1, 0):   # a bouncing contact, all within a few ms
        link.board.machine.levels[pin] = level
        time.sleep(0.0015)
    time.sleep(0.1)
    link.board.release(2)
    got = collect(link.inputs, 2)
    assert [e.kind for e in got] == ["press", "release"]


def test_a_long_press_is_reported_once_as_hold(link):
    link.board.press(5)
    time.sleep(1.0)
    link.board.release(5)
    got = collect(link.inputs, 3)
    assert [e.kind for e in got] == ["press", "hold", "release"]


def test_a_tag_is_reported_once_per_tap(link):
    link.board.tap("04aabbccdd")
    time.sleep(0.6)                       # lying on the reader: still one tap
    link.board.remove_tag()
    time.sleep(0.6)
    link.board.tap("04aabbccdd")
    got = collect(link.inputs, 2, timeout=2)
    time.sleep(0.3)
    got += link.inputs.drain()
    assert [(e.kind, e.value) for e in got] == [("tag", "04aabbccdd")] * 2


def test_an_unknown_tag_asks_to_be_registered(link, takkure, clock, tmp_path):
    screen = PygameScreen("headless", 800, 480, snapshot_dir=tmp_path)
    app = App(takkure, screen, clock, link.inputs, sound=Silent(), registry=TagRegistry(None))
    link.board.tap("04deadbeef")
    assert wait_until(lambda: (app.frame(), takkure.refusal)[1] != "")
    assert takkure.refusal == "unknown NFC tag 04deadbeef: register it with `companion nfc register`"
    assert [e.kind for e in takkure.events] == ["game_started"]


def test_a_reader_fault_is_reported_and_recovered_from(link):
    link.board.nfc.faults += ["checksum", "nack", "timeout"]
    assert wait_until(lambda: link.notice.startswith("pn532: PN532"), 3)
    link.board.tap("04010203")
    got = collect(link.inputs, 1, timeout=5)
    assert [(e.kind, e.value) for e in got] == [("tag", "04010203")]
    assert wait_until(lambda: link.nfc_ok is True, 3)


def test_host_commands_are_acknowledged_and_carried_out(link):
    assert link.buzz(150, 1500)           # acknowledged; the board runs it in the same loop step
    assert wait_until(lambda: link.board.machine.pwm[link.board.pins.BUZZER] == {"freq": 1500, "duty": 32768})
    assert link.led(1)
    assert wait_until(lambda: link.board.machine.levels[link.board.pins.LED] == 1)
    assert wait_until(lambda: link.board.machine.pwm[link.board.pins.BUZZER]["duty"] == 0, 1)


def test_a_rebooted_board_starts_its_numbers_again(link):
    click(link.board, 0)
    assert len(collect(link.inputs, 2)) == 2
    from companion.hardware.controller.simboard.board import load_firmware
    link.board.controller = load_firmware()["controller"].Controller(link.board.machine, link.board,
                                                                      boot_id=12345)
    link.board.unplug()
    link.board.replug()                   # a reboot re-enumerates the USB port
    assert wait_until(lambda: link.reconnects >= 1 and link.connected, 5)
    click(link.board, 4)
    got = collect(link.inputs, 2)
    assert [(e.kind, e.source) for e in got] == [("press", "pico4"), ("release", "pico4")]


def test_an_old_firmware_is_named_not_crashed_on():
    host = SerialController("/dev/null", check_now=False)
    host._hello(bytes((9, 0)) + codec.u32(1) + b"0.1")
    assert not host.connected
    assert "firmware speaks protocol 9" in host.status()["note"] and "deploy" in host.status()["note"]
    host._hello(b"\x01")
    assert host.frames_bad == 1


def test_a_configured_port_that_does_not_exist_names_the_setting():
    from companion.hardware.errors import DeviceError
    with pytest.raises(DeviceError) as exc:
        SerialController("/dev/does-not-exist")
    assert exc.value.setting == "controller.port"


def test_the_port_is_opened_exclusively(link):
    from companion.hardware.errors import DeviceError
    with pytest.raises(DeviceError, match="cannot open"):
        SerialController(link.board.path)


def test_the_simulated_board_leaves_no_folder_behind(tmp_path):
    from companion.hardware.controller.simboard import SimulatedBoard
    made = SimulatedBoard()
    given = SimulatedBoard(folder=str(tmp_path))
    assert made.folder.exists() and given.folder.exists()
    made.close()
    given.close()
    assert not made.folder.exists()   # its own temporary folder goes with it
    assert tmp_path.exists()          # a folder the caller gave stays theirs


def test_a_killed_boards_folder_is_swept_by_the_next_one(tmp_path):
    """A demo killed outright leaves its port folder; the next simulated board removes the
    folders of processes that no longer run, and no other."""
    import subprocess
    import sys

    from companion.hardware.controller.simboard.board import FOLDER_PREFIX, sweep_stale_folders
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    dead = tmp_path / f"{FOLDER_PREFIX}{gone.pid}-x1"
    mine = tmp_path / f"{FOLDER_PREFIX}{os.getpid()}-x2"
    unnamed = tmp_path / f"{FOLDER_PREFIX}abc"
    for folder in (dead, mine, unnamed):
        folder.mkdir()
        (folder / "companion-controller").symlink_to("/dev/pts/999")     # dangling, as a dead pty's
    assert sweep_stale_folders(str(tmp_path)) == [dead]
    assert not dead.exists() and mine.exists() and unnamed.exists()
