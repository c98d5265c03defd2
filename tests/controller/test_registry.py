from companion.nfc.registry import RegistryError, TagRegistry

import pytest


def test_tags_survive_a_restart_and_uids_are_normalised(tmp_path):
    path = tmp_path / "tags.json"
    TagRegistry(path).register("04:A1:B2:C3", "takkure-player", "Yokozuna")
    again = TagRegistry(path)
    assert again.lookup("04a1b2c3").name == "Yokozuna" and again.problem == ""


def test_a_broken_registry_file_is_moved_aside_with_a_message_and_the_game_goes_on(tmp_path):
    path = tmp_path / "tags.json"
    path.write_text("{not json")
    registry = TagRegistry(path)
    assert registry.all() == [] and "could not be read" in registry.problem
    assert not path.exists() and len(list(tmp_path.glob("tags.json.broken-*"))) == 1
    registry.register("04a1b2c3", "tekken-character", "Jin")     # and it can be used again
    assert TagRegistry(path).lookup("04a1b2c3").name == "Jin"


@pytest.mark.parametrize("uid, kind, name, message", [
    ("xyz", "takkure-player", "A", "not a tag UID"),
    ("04a1b2c3", "pokemon", "A", "unknown tag kind"),
    ("04a1b2c3", "takkure-player", "  ", "needs a name"),
])
def test_a_bad_registration_says_why(uid, kind, name, message):
    with pytest.raises(RegistryError, match=message):
        TagRegistry(None).register(uid, kind, name)
