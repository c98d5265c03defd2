"""The tag registry: a tag UID maps to a game object (a Takkure player card, a
TEKKEN character or attack card, a Tekton Dash ability token).

Kept in a small JSON file, written atomically (temporary file, fsync, rename),
so a power cut leaves the old or the new registry, never half of one. A file
that cannot be read is moved aside with a message, and the companion carries
on with an empty registry rather than stopping the game.

>>> r = TagRegistry(None)
>>> r.register("04A1B2C3", "takkure-player", "Yokozuna").name
'Yokozuna'
>>> r.lookup("04a1b2c3").game, r.lookup("deadbeef")
('takkure', None)
"""

from __future__ import annotations

import json
import logging
import os
import re
from dataclasses import asdict, dataclass
from pathlib import Path

from companion.errors import CompanionError
from companion.files import set_aside, write_atomic

log = logging.getLogger(__name__)


def tag_kinds() -> dict[str, str]:
    """Tag kind -> the game it belongs to, as each game declares (``Game.nfc_kinds``)."""
    from companion.games import all_games

    return {kind: game.name for game in all_games() for kind in game.nfc_kinds}


UID = re.compile(r"^([0-9a-f]{2}){4,10}$")


class RegistryError(CompanionError, ValueError):
    """A registration that cannot be made; the message says why."""


@dataclass(frozen=True)
class TagBinding:
    uid: str
    kind: str
    name: str

    @property
    def game(self) -> str:
        return tag_kinds()[self.kind]


def normalise_uid(uid: str) -> str:
    clean = uid.strip().lower().replace(":", "").replace(" ", "")
    if not UID.match(clean):
        raise RegistryError(f"{uid!r} is not a tag UID (4 to 10 bytes in hex, e.g. 04a1b2c3d4e5f6)")
    return clean


class TagRegistry:
    def __init__(self, path: str | Path | None):
        self.path = Path(path).expanduser() if path else None
        self.problem = ""
        self._tags: dict[str, TagBinding] = {}
        self._kept: dict[str, object] = {}     # entries this version cannot use, written back as they were
        if self.path is not None and self.path.exists():
            self._load()

    def _load(self) -> None:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8-sig"))
            if not isinstance(data, dict):
                raise ValueError(f"expected an object of uid: {{kind, name}}, got {type(data).__name__}")
        except (OSError, ValueError) as exc:
            try:
                aside = set_aside(self.path)
            except OSError:
                aside = self.path
            self.problem = (f"the tag registry {self.path} could not be read ({exc}); it was moved to "
                            f"{aside.name} and tags must be registered again")
            log.warning("%s", self.problem)
            return
        # One entry at a time: a bad UID, or a kind of a game this version does not have, is
        # kept in the file untouched and only that entry is left unused.
        kinds = tag_kinds()
        bad = []
        for uid, value in data.items():
            try:
                clean = normalise_uid(uid)
                kind, name = value["kind"], value["name"]
                if kind not in kinds or not isinstance(name, str) or not name.strip():
                    raise ValueError(kind)
                self._tags[clean] = TagBinding(clean, kind, name.strip())
            except (RegistryError, ValueError, KeyError, TypeError):
                self._kept[uid] = value
                bad.append(uid)
        if bad:
            self.problem = (f"the tag registry {self.path}: {len(bad)} entr{'y' if len(bad) == 1 else 'ies'} "
                            f"not understood ({', '.join(map(repr, bad[:3]))}), kept in the file unused")
            log.warning("%s", self.problem)

    def check_writable(self) -> None:
        """RegistryError now, before anyone taps a card, if the registry cannot be saved."""
        if self.path is None:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            probe = self.path.with_name(self.path.name + ".tmp")
            with open(probe, "a", encoding="utf-8"):
                pass
            probe.unlink()
            if self.path.exists() and not os.access(self.path, os.W_OK):
                raise PermissionError(f"{self.path} is read-only")
        except OSError as exc:
            raise RegistryError(f"the tag registry {self.path} cannot be written ({exc}); choose another "
                                f"file with [nfc] registry") from None

    def lookup(self, uid: str) -> TagBinding | None:
        try:
            return self._tags.get(normalise_uid(uid))
        except RegistryError:
            return None

    def all(self) -> list[TagBinding]:
        return sorted(self._tags.values(), key=lambda b: (b.kind, b.name))

    def register(self, uid: str, kind: str, name: str) -> TagBinding:
        kinds = tag_kinds()
        if kind not in kinds:
            raise RegistryError(f"unknown tag kind {kind!r}; one of {', '.join(kinds)}")
        if not name.strip():
            raise RegistryError("a tag needs a name (the card or token it stands for)")
        binding = TagBinding(normalise_uid(uid), kind, name.strip())
        self._tags[binding.uid] = binding
        self._save()
        return binding

    def forget(self, uid: str) -> bool:
        removed = self._tags.pop(normalise_uid(uid), None) is not None
        if removed:
            self._save()
        return removed

    def _save(self) -> None:
        if self.path is None:
            return
        data = dict(self._kept)
        data.update({b.uid: {k: v for k, v in asdict(b).items() if k != "uid"} for b in self.all()})
        try:
            write_atomic(self.path, json.dumps(data, indent=1, sort_keys=True))
        except OSError as exc:
            raise RegistryError(f"the tag registry {self.path} cannot be written ({exc})") from None
