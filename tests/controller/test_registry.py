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


def _file(path, entries):
    import json
    path.write_text(json.dumps(entries))


def test_forgetting_one_tag_keeps_an_entry_of_a_kind_this_version_does_not_know(tmp_path):
    path = tmp_path / "tags.json"
    _file(path, {"04a1b2c3": {"kind": "takkure-player", "name": "Yokozuna"},
                 "04d4e5f6": {"kind": "future-game-card", "name": "Someone"}})
    registry = TagRegistry(path)
    assert registry.forget("04a1b2c3")
    import json
    assert json.loads(path.read_text()) == {"04d4e5f6": {"kind": "future-game-card", "name": "Someone"}}


def test_one_bad_uid_leaves_the_other_tags_in_use(tmp_path):
    path = tmp_path / "tags.json"
    _file(path, {"nonsense!": {"kind": "takkure-player", "name": "Ghost"},
                 "04a1b2c3": {"kind": "takkure-player", "name": "Yokozuna"},
                 "04a1b2c4": {"kind": "takkure-player"}})
    registry = TagRegistry(path)
    assert registry.lookup("04a1b2c3").name == "Yokozuna" and path.exists()
    assert "2 entries not understood" in registry.problem and "'nonsense!'" in registry.problem
    registry.register("04ffffff", "tekken-character", "Jin")      # saving keeps the bad ones as they were
    import json
    saved = json.loads(path.read_text())
    assert saved["nonsense!"] == {"kind": "takkure-player", "name": "Ghost"} and "04a1b2c4" in saved


def _nfc(tmp_path, *args):
    import subprocess
    import sys
    cfg = tmp_path / "c.toml"
    cfg.write_text(f'[nfc]\nregistry = "{tmp_path / "reg" / "tags.json"}"\n[screen]\nbackend = "headless"\n'
                   f'snapshot_dir = "{tmp_path / "snaps"}"\n')
    return subprocess.run([sys.executable, "-m", "companion", "nfc", "register", "--config", str(cfg),
                           "--simulated", "--timeout", "5", *args], capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("args, message", [
    (["--kind", "takkure-player", "--name", "  ", "--tap", "04a1b2c3"], "--name is blank"),
    (["--kind", "takkure-player", "--name", "Yokozuna", "--tap", "zz"], "'zz' is not a tag UID"),
])
def test_register_checks_its_arguments_before_asking_for_a_tap(tmp_path, args, message):
    out = _nfc(tmp_path, *args)
    assert out.returncode == 2 and message in out.stderr and "Traceback" not in out.stderr
    assert "tap the card" not in out.stdout


def test_register_says_at_once_when_the_registry_cannot_be_written(tmp_path):
    (tmp_path / "reg").write_text("a file where the registry's folder should be")
    out = _nfc(tmp_path, "--kind", "takkure-player", "--name", "Yokozuna", "--tap", "04a1b2c3")
    assert out.returncode == 2 and "cannot be written" in out.stderr and "Traceback" not in out.stderr
    assert "tap the card" not in out.stdout
