"""`companion nfc`: list, forget and register tags (registration goes through
the screen: it asks for the tap, then shows what was registered)."""

from __future__ import annotations

import sys
import threading
import time

from companion.config import Config
from companion.nfc.registry import RegistryError, TagRegistry, normalise_uid, tag_kinds
from companion.ui import theme as th


def run_nfc(cfg: Config, args) -> int:
    registry = TagRegistry(cfg.nfc.registry)
    if registry.problem:
        print(f"companion: {registry.problem}", file=sys.stderr)
    if args.nfc_command == "list":
        tags = registry.all()
        for b in tags:
            print(f"{b.uid:<20} {b.kind:<17} {b.name}")
        if not tags:
            print(f"no tags registered in {registry.path}")
        return 0
    if args.nfc_command == "forget":
        try:
            gone = registry.forget(args.uid)
        except RegistryError as exc:
            print(f"companion: {exc}", file=sys.stderr)
            return 2
        print(f"forgot {args.uid}" if gone else f"{args.uid} was not registered")
        return 0 if gone else 1
    return _register(cfg, registry, args)


def _register(cfg: Config, registry: TagRegistry, args) -> int:
    from companion.hardware.controller import open_controller
    from companion.hardware.inputs import InputQueue
    from companion.hardware.screen import open_screen
    from companion.ui.widgets import prompt

    kinds = tag_kinds()
    if args.kind not in kinds:
        print(f"companion: unknown kind {args.kind!r}; one of {', '.join(kinds)}", file=sys.stderr)
        return 2
    # everything that can be checked is checked before anyone is asked to tap a card
    if not args.name.strip():
        print("companion: --name is blank: name the card or token the tag stands for", file=sys.stderr)
        return 2
    try:
        if args.tap:
            args.tap = normalise_uid(args.tap)
        registry.check_writable()
    except RegistryError as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 2
    if args.simulated:
        cfg = cfg.replace("controller", backend="simulated")
    screen = open_screen(cfg.screen)
    theme = th.Theme(screen.size)
    inputs = InputQueue()
    link = open_controller(cfg.controller)
    if link is None:
        print("companion: [controller] backend is \"none\": there is no reader to tap", file=sys.stderr)
        return 1
    try:
        link.start(inputs)
        if args.simulated and args.tap:  # the simulated table taps the card for you
            threading.Timer(0.3, link.tap, (args.tap,)).start()
        title = f"Register a {args.kind}"
        prompt.draw(screen.surface, title, [(f"Tap the card for {args.name}", th.TEXT),
                                            ("on the reader", th.DIM)], theme)
        screen.present()
        if screen.backend == "headless":
            screen.snapshot("nfc-tap")
        print(f"tap the card for {args.name} on the reader ({args.timeout:.0f} s)...", flush=True)
        uid = _wait_for_tag(inputs, screen, args.timeout)
        if uid is None:
            print("companion: no tag was tapped in time", file=sys.stderr)
            return 1
        before = registry.lookup(uid)
        try:
            binding = registry.register(uid, args.kind, args.name)
        except RegistryError as exc:          # the tag's UID was not a UID, the disk failed since
            print(f"companion: {exc}", file=sys.stderr)
            return 1
        lines = [(f"{binding.uid}", th.DIM), (f"is now {binding.name}", th.GOOD)]
        if before is not None and before.name != binding.name:
            lines.append((f"(it was {before.name})", th.ACCENT))
        prompt.draw(screen.surface, title, lines, theme)
        screen.present()
        if screen.backend == "headless":
            screen.snapshot("nfc-registered")
        else:
            time.sleep(1.5)
        print(f"registered {binding.uid} as {binding.kind} {binding.name}")
        return 0
    finally:
        link.close()
        screen.close()


def _wait_for_tag(inputs, screen, timeout: float) -> str | None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if "quit" in screen.poll_actions():
            return None
        for ev in inputs.drain():
            if ev.kind == "tag":
                return ev.value
        time.sleep(0.01)
    return None
