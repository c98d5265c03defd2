from types import SimpleNamespace

from companion.hardware.controller.serial_link import find_port


def test_the_pico_is_found_by_its_usb_id():
    ports = [SimpleNamespace(device="/dev/ttyUSB0", vid=0x10C4, pid=0xEA60),
             SimpleNamespace(device="/dev/ttyACM1", vid=0x2E8A, pid=0x0005),
             SimpleNamespace(device="/dev/ttyS0", vid=None, pid=None)]
    assert find_port(0x2E8A, 0x0005, ports) == "/dev/ttyACM1"
    assert find_port(0x2E8A, 0x000A, ports) is None
