"""The rules core imports no OpenCV, pygame, serial or database code."""

import subprocess
import sys

FORBIDDEN = ("cv2", "pygame", "serial", "sqlite3", "numpy", "gpiozero")


def test_rules_core_imports_no_io_libraries():
    code = ("import sys, pkgutil, importlib, companion.rules as r\n"
            "for m in pkgutil.walk_packages(r.__path__, 'companion.rules.'):\n"
            "    importlib.import_module(m.name)\n"
            f"print(','.join(sorted(n for n in {FORBIDDEN!r} if n in sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
