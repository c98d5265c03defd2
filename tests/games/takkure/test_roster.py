import pytest

from companion.games.takkure.rules.roster import EXAMPLES, RosterError, roster_from_toml


def test_the_example_rosters_load_and_say_they_are_examples():
    for name, text in EXAMPLES.items():
        roster = roster_from_toml(text, name)
        assert len(roster.players) == 4 and roster.team_skill
        assert "NOT OFFICIAL" in text


GOOD = 'team = "T"\n[[players]]\nname = "A"\nbase_mm = 40\nmov = [4, 2]\nbac = [6, 7]\nstr = 8\nref = 5\n' \
       'int = 5\nprt = 2\nbdy = 4\n'


@pytest.mark.parametrize("change, message", [
    (("base_mm = 40", "base_mm = 35"), "base_mm must be 30, 40 or 50"),
    (("mov = [4, 2]", "mov = 4"), "mov must be two whole numbers"),
    (("str = 8", "str = 'strong'"), "str must be a whole number"),
    (('name = "A"', 'name = ""'), "needs a name"),
    (("bdy = 4\n", "bdy = 4\npositions = ['Juggler']\n"), "unknown position skill 'Juggler'"),
    (("team", "[team"), "not valid TOML"),
])
def test_a_bad_roster_names_the_player_and_the_key(change, message):
    with pytest.raises(RosterError, match=message):
        roster_from_toml(GOOD.replace(*change), "my.toml")


def test_two_players_with_one_name():
    with pytest.raises(RosterError, match="share a name"):
        roster_from_toml(GOOD + GOOD.split("\n", 1)[1], "my.toml")
