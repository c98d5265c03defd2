"""Tash-Kalar: the finder under every symmetry with rank substitution, the target square,
Deathmatch and High Form scoring, the end triggers with one more turn each, the
tiebreakers and the flare criteria."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import IllegalMove
from companion.games.tash_kalar.rules import deathmatch_points, flare_criteria
from companion.games.tash_kalar.rules.patterns import (Board, Card, CardError, find, load_card, parse_pattern,
                                                       shipped, symmetries)
from companion.rules.events import Event
from companion.rules.table import TableState, apply

HOOK = Card("Hook", 2, parse_pattern("c T\n. c\n. c"))      # no symmetry: eight images


def _board(pieces, size=9) -> Board:
    b = Board.empty(size)
    for (r, c), (player, rank) in pieces.items():
        b = b.place((r, c), player, rank)
    return b


def _image_on_board(image, at, player=0, rank=1, enemy_rank=1):
    pieces = {}
    for r, c, kind, minimum in image.cells:
        pieces[(r + at[0], c + at[1])] = (player, max(rank, minimum)) if kind == "mine" else (1 - player, enemy_rank)
    return pieces, (image.target[0] + at[0], image.target[1] + at[1])


@pytest.mark.parametrize("k", range(8))
def test_each_of_the_eight_images_of_an_asymmetric_pattern_is_found(k):
    images = symmetries(HOOK.pattern)
    assert len(images) == 8
    pieces, target = _image_on_board(images[k], (3, 3))
    found = find(_board(pieces), 0, [HOOK])
    assert [p.target for p in found] == [target]


def test_a_symmetric_pattern_is_found_once():
    warden = load_card("warden")                                     # the four corners of a square
    assert len(warden.images) == 1
    pieces = {(2, 2): (0, 1), (2, 4): (0, 1), (4, 2): (0, 1), (4, 4): (0, 1)}
    assert [p.target for p in find(_board(pieces), 0, [warden])] == [(3, 3)]
    lancer = load_card("lancer")                                     # a line: four images, not eight
    assert len(lancer.images) == 4
    pieces = {(4, 3): (0, 1), (4, 4): (0, 1)}
    assert sorted(p.target for p in find(_board(pieces), 0, [lancer])) == [(4, 2), (4, 5)]


def test_a_required_rank_is_met_by_that_rank_or_higher():
    titan = load_card("titan")                                       # four heroic corners
    corners = [(2, 2), (2, 4), (4, 2), (4, 4)]
    for ranks, fits in [((2, 2, 2, 2), True), ((3, 2, 3, 2), True), ((2, 2, 2, 1), False)]:
        pieces = {cell: (0, r) for cell, r in zip(corners, ranks)}
        assert bool(find(_board(pieces), 0, [titan])) == fits, ranks


def test_enemy_squares_need_an_enemy_and_own_pieces_are_not_enemies():
    breaker = load_card("breaker")                                   # h x T
    assert find(_board({(4, 2): (0, 2), (4, 3): (1, 1)}), 0, [breaker])
    assert not find(_board({(4, 2): (0, 2), (4, 3): (0, 1)}), 0, [breaker])
    assert not find(_board({(4, 2): (1, 2), (4, 3): (0, 1)}), 0, [breaker])   # the pieces are the enemy's


def test_what_may_stand_on_the_target_is_a_ruling():
    pieces = {(4, 3): (0, 1), (4, 4): (0, 1), (4, 5): (1, 1)}        # an enemy common on the target (4, 5)
    lancer = load_card("lancer")                                     # summons a heroic piece
    assert (4, 5) in [p.target for p in find(_board(pieces), 0, [lancer])]
    assert (4, 5) not in [p.target for p in find(_board(pieces), 0, [lancer], "empty")]
    pieces[(4, 5)] = (1, 2)                                          # a heroic one: not lower
    assert (4, 5) not in [p.target for p in find(_board(pieces), 0, [lancer])]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 7), st.integers(0, 5), st.integers(0, 5))
def test_any_image_anywhere_is_found(k, r, c):
    image = symmetries(HOOK.pattern)[k]
    pieces, target = _image_on_board(image, (r, c))
    if all(0 <= x < 9 and 0 <= y < 9 for x, y in [*pieces, target]):
        assert target in [p.target for p in find(_board(pieces), 0, [HOOK])]


def test_the_shipped_cards_load_and_say_they_are_examples():
    assert all(load_card(n).example for n in shipped())
    with pytest.raises(CardError, match="no target square"):
        parse_pattern("c c")
    with pytest.raises(CardError, match="'q' at row 1"):
        parse_pattern("c q T")


# --- the game ------------------------------------------------------------------------------

class Game:
    def __init__(self, **rulings):
        self.seq = 0
        self.st = TableState()
        self.do("game_started", game="tash-kalar", players=["Ana", "Ben"], rulings=rulings)

    def do(self, kind, /, **data):
        self.seq += 1
        self.st = apply(self.st, Event(kind, data, 0.0, self.seq))
        return self

    def refused(self, kind, /, **data) -> str:
        with pytest.raises(IllegalMove) as exc:
            apply(self.st, Event(kind, data, 0.0, self.seq + 1))
        return str(exc.value)

    @property
    def g(self):
        return self.st.g


def test_one_action_on_the_very_first_turn_then_two():
    gm = Game().do("piece_placed", player=0, cell=[0, 0])
    assert "no action left" in gm.refused("piece_placed", player=0, cell=[0, 1])
    gm.do("turn_finished", player=0)
    gm.do("piece_placed", player=1, cell=[8, 8]).do("piece_placed", player=1, cell=[8, 7])
    assert gm.g.actions_left == 0


def test_deathmatch_scores_destroyed_enemies_and_summoned_legends():
    assert deathmatch_points((1, 0, 0), 0, carry=False) == (0, 0)            # one common: nothing
    assert deathmatch_points((1, 0, 0), 1, carry=True) == (1, 0)             # with the one carried over
    assert deathmatch_points((2, 1, 1), 0, carry=False) == (4, 0)
    gm = Game()
    gm.do("piece_set", cell=[4, 4], player=1, rank=3).do("piece_set", cell=[4, 5], player=1, rank=2)
    gm.do("piece_set", cell=[4, 4], player=None, destroyed_by=0).do("piece_set", cell=[4, 5], player=None,
                                                                      destroyed_by=0)
    gm.do("piece_set", cell=[0, 0], player=0, rank=1).do("piece_set", cell=[0, 0], player=None, destroyed_by=0)
    gm.do("turn_finished", player=0)
    assert gm.g.scores == (3, 0)                                             # 2 + 1; own piece nothing


def test_a_summoned_legend_scores_one_and_the_summon_must_fit():
    gm = Game()
    for cell in ([2, 2], [2, 4], [4, 2], [4, 4]):
        gm.do("piece_set", cell=cell, player=0, rank=2)
    assert "does not fit" in gm.refused("summoned", player=0, card="titan", cell=[3, 4])
    gm.do("summoned", player=0, card="titan", cell=[3, 3])
    assert gm.g.scores == (1, 0) and gm.g.board.rank[3][3] == 3


def test_a_flare_needs_a_criterion_and_gives_the_opponent_its_points():
    gm = Game(flare_points=1)
    assert "neither criterion" in gm.refused("flare_invoked", player=0, upper=1, lower=1)
    gm.do("piece_set", cell=[1, 1], player=1, rank=2)
    gm.do("flare_invoked", player=0, upper=1, lower=3)
    assert gm.g.scores == (0, 1) and "upper" in gm.st.message


def test_exactly_or_at_least_that_many_more_is_a_ruling():
    b = _board({(0, 0): (1, 2), (0, 1): (1, 2), (0, 2): (1, 2)})
    assert flare_criteria(b, 0, upper=2, lower=2) == (True, True)
    assert flare_criteria(b, 0, upper=2, lower=2, at_least=False) == (False, False)
    assert flare_criteria(b, 0, upper=3, lower=3, at_least=False) == (True, True)


def _to_points(gm, player, points):
    for i in range(points // 2):
        gm.do("piece_set", cell=[i % 9, 8 - i // 9], player=1 - player, rank=3)
        gm.do("piece_set", cell=[i % 9, 8 - i // 9], player=None, destroyed_by=player)


def test_reaching_18_in_deathmatch_gives_each_player_one_more_turn():
    gm = Game()
    _to_points(gm, 0, 18)
    gm.do("turn_finished", player=0)                          # Ana's turn triggers the end
    assert gm.g.ending and not gm.g.over
    gm.do("turn_finished", player=1)                          # Ben's last turn
    assert not gm.g.over
    gm.do("turn_finished", player=0)                          # Ana's last turn: over
    assert gm.g.over and gm.g.winner == 0


def test_the_last_card_drawn_triggers_the_end_too():
    gm = Game().do("last_card_drawn", player=0).do("turn_finished", player=0)
    gm.do("turn_finished", player=1).do("turn_finished", player=0)
    assert gm.g.over and gm.g.winner is None                  # 0 : 0, no pieces: a tie that stays


def test_high_form_counts_tasks_and_legends_and_ends_at_9():
    gm = Game(mode="high-form").do("task_claimed", player=1, points=7)
    gm.do("piece_set", cell=[0, 0], player=1, rank=3).do("piece_set", cell=[0, 1], player=1, rank=3)
    assert gm.g.points(1) == 9
    gm.do("turn_finished", player=0)
    assert gm.g.ending
    assert "High Form" in Game().refused("task_claimed", player=0, points=1)


def test_ties_go_to_more_upgraded_pieces_then_more_pieces():
    gm = Game().do("piece_set", cell=[0, 0], player=1, rank=2).do("piece_set", cell=[0, 1], player=0, rank=1)
    gm.do("last_card_drawn", player=0)
    for p in (0, 1, 0):
        gm.do("turn_finished", player=p)
    assert gm.g.winner == 1                                   # 0 : 0, Ben has the upgraded piece
    gm2 = Game().do("piece_set", cell=[0, 0], player=0, rank=1).do("piece_set", cell=[0, 1], player=0, rank=1)
    gm2.do("piece_set", cell=[0, 2], player=1, rank=1).do("last_card_drawn", player=1)
    for p in (0, 1, 0):
        gm2.do("turn_finished", player=p)
    assert gm2.g.winner == 0                                  # no upgraded pieces: more pieces


def test_pieces_entered_with_the_buttons_and_a_summon_on_the_cursor(journal, clock):
    """Without the camera: the cursor moves, a press places, another summons what fits there;
    an undo takes back the summon, not a cursor step."""
    from companion.session.actions import perform
    from companion.session.chance import Chance
    from companion.session.session import GameSession

    s, _ = GameSession.start(journal, Chance(seed=1), clock, "tash-kalar", players=["Ana", "Ben"],
                             hands=[["lancer"], []])
    assert s.state.g.cursor == (4, 4)
    perform(s, "place_here")
    perform(s, "turn_done")
    for action in ("cursor_down", "place_here", "cursor_down", "place_here", "turn_done"):
        assert perform(s, action) is not None, s.refusal              # Ben on (5, 4) and (6, 4)
    for action in ("cursor_up", "cursor_up", "cursor_right", "place_here", "cursor_right"):
        assert perform(s, action) is not None, s.refusal              # Ana on (4, 4) and (4, 5); cursor (4, 6)
    assert perform(s, "summon_here") is not None and s.state.g.board.rank[4][6] == 2
    assert perform(s, "summon_here") is None and "no card in hand" in s.refusal
    s.undo()
    assert s.state.g.board.rank[4][6] == 0 and s.state.g.cursor == (4, 6)
    perform(s, "cycle_square")
    assert (s.state.g.board.owner[4][6], s.state.g.board.rank[4][6]) == (0, 1)
