from types import SimpleNamespace

from companion.hardware.controller.serial_link import find_port
from companion.hardware.controller.simulated import SimulatedController
from companion.hardware.inputs import InputQueue


def test_the_pico_is_found_by_its_usb_id():
    ports = [SimpleNamespace(device="/dev/ttyUSB0", vid=0x10C4, pid=0xEA60),
             SimpleNamespace(device="/dev/ttyACM1", vid=0x2E8A, pid=0x0005),
             SimpleNamespace(device="/dev/ttyS0", vid=None, pid=None)]
    assert find_port(0x2E8A, 0x0005, ports) == "/dev/ttyACM1"
    assert find_port(0x2E8A, 0x000A, ports) is None


def test_simulated_presses_and_taps_become_input_events():
    inputs = InputQueue()
    c = SimulatedController()
    c.start(inputs)
    c.press(2)
    c.tap("04a1b2c3")
    assert [(e.kind, e.source, e.value) for e in inputs.drain()] == \
        [("press", "pico2", ""), ("tag", "nfc", "04a1b2c3")]
