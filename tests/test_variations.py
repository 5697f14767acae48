"""Variations: a different move at an earlier point starts a line beside
the game instead of cutting it; lines are promoted and deleted; records
(PGN's nested parentheses), links and saved games keep them and read them
back; bad input is refused with a message and changes nothing."""

from __future__ import annotations

import json
import re

import pytest

import sharah_web
from sharah_web import bridge, record
from sharah_web.record import RecordError


def names(game) -> list:
    return [n.ply.move.notation if n.ply else None for n in game.nodes()]


def branched():
    """1. b5b6 c12c11 (1... d12d11 2. a5a6 (2. d5d6)) 2. a5a6, shown at d5d6."""
    g = sharah_web.new_game("oblong-shatranj", die=False)
    for m in ["b5b6", "c12c11", "a5a6"]:
        g.play(m)
    g.undo()
    g.undo()
    g.play("d12d11", branch=True)
    g.play("a5a6", branch=True)
    g.undo()
    g.play("d5d6", branch=True)
    return g


def test_a_different_move_at_an_earlier_point_starts_a_variation():
    g = branched()
    assert names(g) == [None, "b5b6", "c12c11", "a5a6", "d12d11", "a5a6", "d5d6"]
    assert [p.move.notation for p in g.history] == ["b5b6", "d12d11", "d5d6"]
    assert not g.on_main_line(g.node) and g.future == []
    assert [n.ply.move.notation for n in g.root.main()] == ["b5b6", "c12c11", "a5a6"]
    # back to the branch point: Redo follows the line it came from
    g.undo()
    g.undo()
    g.redo()
    assert [p.move.notation for p in g.history] == ["b5b6", "d12d11"]
    # playing a move already played from here goes into its line (no copy)
    g.undo()
    g.play("c12c11", branch=True)
    assert len(g.nodes()) == 7 and g.on_main_line(g.node) and [p.move.notation for p in g.future] == ["a5a6"]
    # without branch, a move cuts: the later moves and lines from here are gone
    g.undo()
    g.play("a12a11")
    assert names(g) == [None, "b5b6", "a12a11"]


def main_line(node) -> list:
    return [n.ply.move.notation for n in node.main()]


def test_promote_goes_one_level_and_main_goes_all_the_way():
    g = branched()
    nested = g.node                                  # d5d6, a variation inside the d12d11 variation
    g.promote(nested)
    # one level: the main continuation of the variation it branched from
    assert main_line(g.root) == ["b5b6", "c12c11", "a5a6"]
    d12 = g.root.children[0].children[1]
    assert d12.ply.move.notation == "d12d11" and main_line(d12) == ["d5d6"]
    assert record.format_record(g).strip().endswith("1. b5b6 c12c11 (1... d12d11 2. d5d6 (2. a5a6)) 2. a5a6 *")
    assert g.node is nested and not g.on_main_line(nested)
    # again: the variation's line is the main line
    g.promote(nested)
    assert main_line(g.root) == ["b5b6", "d12d11", "d5d6"] and g.on_main_line(nested)
    assert record.format_record(g).strip().endswith("1. b5b6 d12d11 (1... c12c11 2. a5a6) 2. d5d6 (2. a5a6) *")
    # "main" lifts a nested variation to the main line at once
    g = branched()
    g.promote(g.node, to_main=True)
    assert main_line(g.root) == ["b5b6", "d12d11", "d5d6"]


def test_promote_and_delete():
    g = branched()
    nested = g.node                                  # d5d6
    g.promote(nested, to_main=True)
    assert [n.ply.move.notation for n in g.root.main()] == ["b5b6", "d12d11", "d5d6"]
    assert g.node is nested and g.on_main_line(nested)
    # the old main line is a variation now, and can be deleted
    old = next(n for n in g.nodes() if n.ply and n.ply.move.notation == "c12c11")
    assert not g.on_main_line(old)
    g.delete(old)
    assert names(g) == [None, "b5b6", "d12d11", "d5d6", "a5a6"]
    with pytest.raises(ValueError, match="only a variation"):
        g.delete(g.root.children[0])
    # deleting the variation the board is in takes the board back to where it began
    g.goto_node(g.nodes()[4])                        # the a5a6 variation of d5d6
    g.delete(g.nodes()[4])
    assert [p.move.notation for p in g.history] == ["b5b6", "d12d11"]


WRITTEN = "1. b5b6 c12c11 (1... d12d11 2. a5a6 (2. d5d6)) 2. a5a6 *"


def test_a_record_keeps_variations_in_nested_parentheses():
    g = branched()
    text = record.format_record(g)
    assert text.split("\n\n")[1].strip() == WRITTEN
    read = record.parse_record(text).game
    assert names(read) == names(g)
    assert record.format_record(read) == text
    # a record shows the end of its main line
    assert [p.move.notation for p in read.history] == ["b5b6", "c12c11", "a5a6"]


def test_a_link_and_a_saved_game_keep_variations_and_the_move_shown():
    g = branched()
    link = record.format_link(g)
    assert "m=b5b6,c12c11,(d12d11,a5a6,(d5d6)),a5a6;k=6" in link
    back = record.parse_link(link).game
    assert names(back) == names(g) and back.position() == g.position()
    assert [p.move.notation for p in back.history] == ["b5b6", "d12d11", "d5d6"]
    saved = record.saved_game(g)
    assert saved["moves"] == ["b5b6", "c12c11", ["d12d11", "a5a6", ["d5d6"]], "a5a6"] and saved["node"] == 6
    again = record.load_saved(json.dumps(saved))
    assert names(again) == names(g) and again.position() == g.position()
    # on the main line, the move shown is a ply as before
    g.goto_node(g.root.main()[0])
    s2 = record.saved_game(g)
    assert "node" not in s2 and s2["ply"] == 1
    assert record.load_saved(s2).position() == g.position()
    assert ";n=1" in record.format_link(g)


def test_a_hand_written_record_with_variations_is_read():
    text = """[Event "Notes"]
[Variant "oblong-shatranj"]
[Options "die=false"]

1. b5b6 {the usual} (1. a5a6 c12c11 (1... d12d11 2. d5d6) 2. b5b6)
1... c12c11 2. a5a6 (2. d5d6 ; a comment
d12d11) *
"""
    game = record.parse_record(text).game
    assert record.game_text(game).tree == [
        "b5b6", ["a5a6", "c12c11", ["d12d11", "d5d6"], "b5b6"], "c12c11", "a5a6", ["d5d6", "d12d11"]]
    assert [p.move.notation for p in game.history] == ["b5b6", "c12c11", "a5a6"]


def test_a_die_game_keeps_the_rolls_of_its_variations():
    g = sharah_web.new_game("oblong-shatranj", seed=5)
    first = g.legal_moves()[0]
    g.play(first, roll=3)
    g.undo()
    second = next(m for m in g.legal_moves() if m.notation != first.notation)
    g.play(second, roll=5, branch=True)
    back = record.parse_record(record.format_record(g)).game
    assert record.game_text(back).tree == [f"{first.notation}@3", [f"{second.notation}@5"]]


@pytest.mark.parametrize("text,message", [
    ("1. b5b6 " + "(a5a6 " * 25, "variations nested more than 19 deep"),
    ("1. b5b6 (1. a5a6 c12c9) *", "move 2 (c12c9): "),
])
def test_bad_variations_in_records_are_refused(text, message):
    with pytest.raises(RecordError) as e:
        record.parse_record('[Variant "oblong-shatranj"]\n[Options "die=false"]\n\n' + text)
    assert message in str(e.value)


@pytest.mark.parametrize("moves,message", [
    ("(b5b6", "a variation not closed"),
    ("b5b6,c12c11)", "a ) that closes nothing"),
    ("b5b6,()", "an empty move"),
    ("b5b6," + "(" * 30 + "c12c11", "nested more than 19 deep"),
])
def test_bad_variations_in_links_are_refused(moves, message):
    with pytest.raises(RecordError, match=re.escape(message)):
        record.parse_link("game=1;v=oblong-shatranj;o=die:false;m=" + moves)


@pytest.mark.parametrize("moves,node,message", [
    (["b5b6", [1]], None, "a variation must begin with a move"),
    ([["b5b6"]], None, "a variation must follow the move it replaces"),
    (["b5b6", ["a5a6"]], 9, "the move to show is not in the game"),
    (["b5b6", ["a5a6"]], True, "a bad move to show"),
])
def test_bad_variations_in_saved_games_are_refused(moves, node, message):
    blob = {"format": "sharah-game", "version": 1, "variant": "oblong-shatranj",
            "options": {"die": False}, "moves": moves, "ply": None}
    if node is not None:
        blob["node"] = node
    with pytest.raises(RecordError, match=message):
        record.load_saved(blob)


def test_variations_count_against_the_move_limit():
    # fewer items than the limit at the top, more moves than it in all
    tree: list = ["b5b6"] + [["a5a6", "a12a11"]] * (record.MAX_PLIES // 2 + 1)
    assert len(tree) < record.MAX_PLIES
    with pytest.raises(RecordError, match="more than 5,000 moves"):
        record.load_saved({"format": "sharah-game", "version": 1, "variant": "oblong-shatranj",
                           "options": {"die": False}, "moves": tree, "ply": None})


# ------------------------------------------------------------ the wire

@pytest.fixture
def fresh():
    bridge.reset()
    yield
    bridge.reset()


def call(**req):
    return json.loads(bridge.handle(json.dumps(req)))


def test_the_board_plays_variations_and_the_page_sees_them(fresh):
    st = call(cmd="open", board="b", variant="oblong-shatranj", options={"die": "false"},
              moves=["b5b6", "c12c11", "a5a6"], mode="game")["state"]
    assert st["tree_html"] == "" and st["node"] == 3
    call(cmd="goto", board="b", ply=1)
    st = call(cmd="play", board="b", move="d12d11", branch=True)["state"]
    assert st["history"] == ["b5b6", "d12d11"] and st["node"] == 4 and st["future"] == []
    assert 'data-node="4"' in st["tree_html"] and 'aria-current="step"' in st["tree_html"]
    assert st["tree_html"].count('class="sharah-variation"') == 1
    # any move of any line can be shown
    st = call(cmd="goto", board="b", node=3)["state"]
    assert st["history"] == ["b5b6", "c12c11", "a5a6"] and st["node"] == 3
    # promote, then delete the old main line
    st = call(cmd="variation", board="b", op="promote", node=4)["state"]
    assert st["tree_html"].index('data-node="2"') < st["tree_html"].index('class="sharah-variation"')
    saved = call(cmd="save", board="b")["saved"]
    assert saved["moves"] == ["b5b6", "d12d11", ["c12c11", "a5a6"]]
    # the board was in the old main line: deleting it takes the board to where it began
    st = call(cmd="variation", board="b", op="delete", node=3)["state"]
    assert st["tree_html"] == "" and st["history"] == ["b5b6"] and st["future"][0]["name"] == "d12d11"
    # a link and a record of the board keep them
    call(cmd="goto", board="b", ply=1)
    call(cmd="play", board="b", move="a12a11", branch=True)
    link = call(cmd="link", board="b")["link"]
    assert "m=b5b6,d12d11,(a12a11)" in link
    rec = call(cmd="record", board="b")["record"]
    assert "1. b5b6 d12d11 (1... a12a11) *" in rec


def test_bad_variation_requests_change_nothing(fresh):
    call(cmd="open", board="b", variant="oblong-shatranj", options={"die": "false"},
         moves=["b5b6", "c12c11"], mode="game")
    before = call(cmd="save", board="b")["saved"]
    for req, message in [({"op": "promote", "node": 2}, "main line already"),
                         ({"op": "delete", "node": 1}, "only a variation"),
                         ({"op": "main", "node": 2}, "main line already"),
                         ({"op": "twist", "node": 1}, "promote, main or delete"),
                         ({"op": "delete", "node": 99}, "no move 99"),
                         ({"op": "delete", "node": "1"}, "no move")]:
        r = call(cmd="variation", board="b", **req)
        assert not r["ok"] and message in r["error"]
    for req in ({"node": 7}, {"node": 1, "ply": 1}, {"node": -1}):
        assert not call(cmd="goto", board="b", **req)["ok"]
    assert not call(cmd="play", board="b", move="a5a6", branch="yes")["ok"]
    assert call(cmd="save", board="b")["saved"] == before


def test_the_move_list_offers_promote_and_main_line_for_a_nested_variation():
    from sharah_web.markup import tree_html
    g = branched()
    html = tree_html(g, "white", 0)
    ops = re.findall(r'data-var-op="(\w+)" data-node="(\d+)"', html)
    # the d12d11 variation (node 4) branches from the main line: promoting it makes it the main line;
    # the d5d6 variation inside it (node 6) can go one level up or to the main line at once
    assert ops == [("promote", "4"), ("delete", "4"), ("promote", "6"), ("main", "6"), ("delete", "6")]
    assert "Promote the variation from d12d11 one level (to the main line)" in html
    assert "Promote the variation from d5d6 one level (to the line it branches from)" in html
