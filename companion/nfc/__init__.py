"""NFC tags: which tag UID stands for which game object."""

from companion.nfc.registry import TagBinding, TagRegistry, tag_kinds

__all__ = ["TagBinding", "TagRegistry", "tag_kinds"]
