"""The rules core and every game's rules import no OpenCV, pygame, serial or database code,
and no module outside a game's package reaches into it (the registry aside)."""

import ast
import pathlib
import subprocess
import sys

import pytest

from companion.games import PACKAGES

FORBIDDEN = ("cv2", "pygame", "serial", "sqlite3", "numpy", "gpiozero")
ROOT = pathlib.Path(__file__).resolve().parents[2] / "companion"


@pytest.mark.parametrize("package", ["companion.rules"] + [f"companion.games.{p}.rules" for p in PACKAGES.values()])
def test_rules_import_no_io_libraries(package):
    code = (f"import sys, pkgutil, importlib\nr = importlib.import_module({package!r})\n"
            f"for m in pkgutil.walk_packages(r.__path__, {package!r} + '.'):\n"
            "    importlib.import_module(m.name)\n"
            "from companion.rules.table import replay\n"
            "from companion.games import find_rules, names\n"
            "[find_rules(n) for n in names()]\n"
            f"print(','.join(sorted(n for n in {FORBIDDEN!r} if n in sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def _imports(path: pathlib.Path) -> set[str]:
    tree = ast.parse(path.read_text(), str(path))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found |= {f"{node.module}.{a.name}" for a in node.names}
    return found


def test_no_module_outside_a_game_imports_it():
    """The core knows a game only through the registry (companion/games/__init__.py)."""
    offenders = []
    for path in ROOT.rglob("*.py"):
        rel = path.relative_to(ROOT)
        own = rel.parts[1] if rel.parts[0] == "games" and len(rel.parts) > 2 else None
        if rel == pathlib.Path("games/__init__.py"):
            continue
        for name in _imports(path):
            parts = name.split(".")
            if parts[:2] == ["companion", "games"] and len(parts) > 2 and parts[2] in PACKAGES.values() \
                    and parts[2] != own:
                offenders.append(f"{rel} imports {name}")
    assert offenders == []


def test_no_module_outside_a_game_names_one():
    """No `if game == "takkure"` in the core: a game's name is compared only in its own package and
    the registry."""
    allowed = {pathlib.Path("games/__init__.py")}
    offenders = []
    for path in ROOT.rglob("*.py"):
        rel = path.relative_to(ROOT)
        if rel.parts[0] == "games" or rel in allowed:
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Compare) and any(
                    isinstance(c, ast.Constant) and c.value in PACKAGES for c in [node.left, *node.comparators]):
                offenders.append(f"{rel}:{node.lineno}")
    assert offenders == []
