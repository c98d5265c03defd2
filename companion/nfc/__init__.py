"""NFC tags: which tag UID stands for which game object."""

from companion.nfc.registry import KINDS, TagBinding, TagRegistry

__all__ = ["KINDS", "TagBinding", "TagRegistry"]
