"""The computer never plays a move it has seen lose at once, whatever cut
its search short: the safety pass of sharah_web.search.

Every position below was found by enumeration: positions from random play
(and, on the Light and Shadow boards, random play from the issue's two
positions) where some move lets the opponent win at once and some move
does not. The tests check that again, move by move, through the referee
(``Game.play``), and then cut the search short on purpose (a budget of one
node, and a clock of a microsecond; or a budget that runs out in the
middle of a depth) at every level: the move played is always one of the
moves after which the opponent cannot win at once (with the die: one
with the least chance of it).
"""

import functools

import pytest

import sharah_web
from sharah_web import search
from sharah_web.search import LEVELS, Thinker, best_move

LEVEL_NUMBERS = sorted(LEVELS)

# (game, options, position text)
POSITIONS = [
    # the issue's two positions (Light and Shadow, level 1 played h9b3 and g9a3)
    ("sharah-surrounds", {}, "15/15/15/10Q4/15/15/7q7/15/15/15/15/15/15/15/15 g - - 2"),
    ("sharah-surrounds", {}, "15/15/15/3D11/15/15/6q1Q6/10d4/2L12/15/15/15/15/15/15 g - - 0"),
    # 86 moves, one saves the game; 23 moves, two lose
    ("sharah-surrounds", {}, "15/15/15/3D11/15/15/5qQ8/3L11/9d5/15/15/15/15/15/15 g - - 4"),
    ("sharah-surrounds", {}, "15/15/15/15/15/15/15/15/6q8/15/15/15/15/4Q10/15 r - - 9"),
    # the die: 10 moves, 9 of them leave the king to be taken on some roll
    ("oblong-shatranj", {}, "4/4/1G2/4/4/4/2e1/4/2k1/1E2/4/1r1N/4/4/4/2RK b 2 17"),
    ("oblong-shatranj", {}, "1rne/2k1/2Rg/n3/P3/3N/4/4/4/3P/K3/E3/4/4/4/2g1 b 3 0"),
    ("oblong-shatranj", {"die": False}, "2R1/4/4/4/4/K3/4/4/4/4/k3/4/4/4/2e1/4 b 106"),
    ("oblong-shatranj", {"die": False}, "3e/gn1k/2e1/2r1/p3/4/1r1p/1p1p/1p2/1p2/p3/4/3K/3G/4/4 w 2"),
    ("oblong-shatranj", {"die": False}, "e2G/4/1e2/4/4/g3/2k1/4/4/4/4/4/4/1K2/1n2/4 w 3"),
    ("scheherazade", {}, "10/hN8/3p5n/2sb6/10/6k3/3K6/10/10/10 w - - 1"),
    ("scheherazade", {}, "10/10/10/6S2K/10/10/5s4/10/2k7/5(NO)4 b - - 35"),
    ("scheherazade", {}, "ro1bssb2r/2n2k1n2/ppp2pp2p/3p3p2/10/P1p7/10/1h4h3/6o3/4K5 w k - 0"),
    ("sharah-hedman", {}, "13/1azi1ig4a1/1u1w*1u1uwuu1/1ppp4u1p2/1uu2p2Ap3/11p1/7i5/2U3p6/"
                          "2P2PUIU4/2P3P1P4/1U1aa8/2W10/13 r r 0"),
    ("sharah-hedman", {}, "13/1a1iwigiwi3/1u2u1u*1u3/1p1p3p3p1/1u3p1p5/3p1u3u3/4p8/"
                          "3P3P1P1P1/13/1PP5PU3/7a5/3A1a6z/13 r r 0"),
    ("sharah-hedman", {}, "13/8g4/13/13/13/8*4/3p3A5/1U3PP6/13/11P1/8I1Z2/9I3/13 g r 0"),
    ("sharah-mittner", {}, "15/2o1f1F4oOs1/3Of2F1OS4/1FSs5oO1of1/3F1O5f3/1OS1*3oso2O1/1Fo8F3/"
                           "8o1S4/3OF5o4/1f3ff4o3/9F5/5OSO4o2/1Ss12/1f1s1s1OF6/15 r dance -/- g 0"),
]
IDS = [f"{vid}{'-nodie' if opts else ''}-{i}" for i, (vid, opts, _t) in enumerate(POSITIONS)]

CUT_SHORT = [{"nodes": 1, "seconds": 1e-6},        # a tiny node budget and a tiny clock
             {"nodes": 150, "seconds": 60}]        # runs out in the middle of a depth


def new(vid, opts, text):
    return sharah_web.new_game(vid, text, **opts)


@functools.lru_cache(maxsize=None)
def loss_chances(vid, opts_items, text):
    """Move -> the chance that the opponent can win with his reply (a move
    that loses by itself: 1), by playing every move and every reply
    through the referee (with the die: every roll)."""
    game = new(vid, dict(opts_items), text)
    mover = game.to_move
    out = {}
    for m in game.legal_moves():
        if m.kind in search.SKIP_KINDS:
            continue
        rolls = game.variant.chances(game.variant.apply(game.current, m)) or ((None, 1.0),)
        lost = 0.0
        for roll, p in rolls:
            game.play(m, roll=roll)
            if game.result is not None:
                lost += p if game.result.winner not in (None, mover) else 0.0
            else:
                assert game.to_move != mover
                for reply in game.legal_moves():
                    game.play(reply)
                    res = game.result
                    game.undo()
                    if res is not None and res.winner not in (None, mover):
                        lost += p
                        break
            game.undo()
        out[m.notation] = lost
    return out


def chances_of(vid, opts, text):
    return loss_chances(vid, tuple(sorted(opts.items())), text)


@pytest.mark.parametrize("vid, opts, text", POSITIONS, ids=IDS)
def test_each_position_is_a_real_test(vid, opts, text):
    chances = chances_of(vid, opts, text)
    game = new(vid, opts, text)
    assert game.result is None
    assert min(chances.values()) == 0.0 < max(chances.values())
    if not game.variant.chances(game.current):      # without chance: a win or a loss at once
        assert set(chances.values()) == {0.0, 1.0}


@pytest.mark.parametrize("budget", CUT_SHORT, ids=["tiny", "mid-depth"])
@pytest.mark.parametrize("level", LEVEL_NUMBERS)
@pytest.mark.parametrize("vid, opts, text", POSITIONS, ids=IDS)
def test_a_search_cut_short_never_plays_into_a_loss_in_one(vid, opts, text, level, budget):
    chances = chances_of(vid, opts, text)
    game = new(vid, opts, text)
    move, info = best_move(game, level, seed=level, budget=budget)
    assert move in game.legal_moves()
    assert chances[move.notation] == min(chances.values()), (move.notation, info)


def test_the_issues_positions_at_level_one():
    # the moves the issue names as the only ones that hold, enumerated here
    saves = {"15/15/15/10Q4/15/15/7q7/15/15/15/15/15/15/15/15 g - - 2": {"h9m14+k12l13"},
             "15/15/15/3D11/15/15/6q1Q6/10d4/2L12/15/15/15/15/15/15 g - - 0":
                 {"g9k9+i9j9", "g9i7+i9i8", "g9g7+i9h8"}}
    for text, holds in saves.items():
        chances = chances_of("sharah-surrounds", {}, text)
        assert {n for n, c in chances.items() if c == 0.0} == holds
        game = new("sharah-surrounds", {}, text)
        for seed in range(3):
            move, info = best_move(game, 1, seed=seed)        # the level's own budget
            assert move.notation in holds, info
            assert info["checked"] == len(chances) and info["losing"] == len(chances) - len(holds)


@pytest.mark.parametrize("vid, opts, text", POSITIONS, ids=IDS)
def test_the_safety_pass_finds_every_losing_move(vid, opts, text):
    # at the strongest level its allowance covers every move of these
    # positions (at level 1, the issue's two: above)
    chances = chances_of(vid, opts, text)
    game = new(vid, opts, text)
    move, info = best_move(game, 3, budget={"nodes": 1, "seconds": 1e-6})
    assert info["checked"] == len(chances)
    assert info["losing"] == sum(1 for c in chances.values() if c >= 1.0)
    assert info["safety_nodes"] <= search.tuning_for(game.variant).allowance(LEVELS[3])


@pytest.mark.parametrize("vid, opts", [("scheherazade", {}), ("sharah-hedman", {}),
                                       ("oblong-shatranj", {"die": False})])
def test_the_look_ahead_is_the_same_with_or_without_the_safety_pass(vid, opts):
    # where no move loses at once, the safety pass changes nothing the
    # look-ahead does: the same move, depth, score and line, and the nodes
    # differ by exactly the safety pass's own
    game = sharah_web.new_game(vid, seed=3, **opts)
    rnd = search.RandomPlayer(3)
    for _ in range(8):
        game.play(rnd.choose(game))
    budget = {"nodes": 1500, "seconds": 600}
    with_it = Thinker(game, 2, seed=4, budget=budget).step()
    bare = Thinker(game, 2, seed=4, budget=budget)
    bare.safety = 0
    without = bare.step()
    assert with_it[1]["losing"] == 0 and with_it[1]["safety_nodes"] > 0
    assert without[1]["checked"] == 0 and without[1]["safety_nodes"] == 0
    assert with_it[0].notation == without[0].notation
    for key in ("depth", "score", "pv", "moves", "stopped"):
        assert with_it[1][key] == without[1][key], key
    assert with_it[1]["nodes"] - with_it[1]["safety_nodes"] == without[1]["nodes"]


def test_the_safety_pass_keeps_to_its_allowance():
    # the Light and Shadow opening: over a thousand moves, each with a
    # thousand replies (a few hundred that may win at once); the safety
    # pass checks the most promising ones and stops at its allowance (the
    # level's budget; a listing may carry it a little further): the larger
    # the allowance, the more moves checked, never all of them
    game = sharah_web.new_game("sharah-surrounds")
    moves = len(game.legal_moves())
    tuning = search.tuning_for(game.variant)
    checked = []
    for level in (1, 2):
        allowance = tuning.allowance(LEVELS[level])
        move, info = best_move(game, level, budget={"nodes": 1, "seconds": 60})
        checked.append(info["checked"])
        assert allowance <= info["safety_nodes"] <= allowance + int(moves * tuning.listing) + 1
    assert checked[0] < checked[1] < moves


def test_the_first_look_and_the_safety_pass_are_not_cut_by_the_clock():
    text = POSITIONS[1][2]
    chances = chances_of("sharah-surrounds", {}, text)
    game = new("sharah-surrounds", {}, text)
    move, info = best_move(game, 2, budget={"nodes": 10**6, "seconds": 1e-9})
    assert info["stopped"] == "time" and info["checked"] == len(chances)
    assert chances[move.notation] == 0.0
