"""Boards that fit the hand, the engine's side: a declined draw offer said in words in the
move list; the hints the board uses to show a choice on the board."""

from __future__ import annotations

import re

from helpers import ok

SCHEH = {"variant": "scheherazade", "options": {}}


def items(html):
    """The move list's items as (kind, visible text)."""
    return [(kind, re.sub(r"<[^>]+>", "", body))
            for kind, body in re.findall(r'<li [^>]*data-kind="([^"]+)"[^>]*>(.*?)</li>', html)]


def test_draw_offer_and_answer_in_words():
    s = ok(cmd="open", board="g", **SCHEH)["state"]
    first = [m for m in s["moves"] if m["from"]][0]["n"]
    ok(cmd="play", board="g", move=first)
    ok(cmd="play", board="g", move="offer-draw")                          # Black offers
    s = ok(cmd="play", board="g", move="decline-draw")["state"]           # White declines
    got = items(s["moves_html"])
    assert got[1:] == [("offer-draw", "Black offers a draw"), ("decline-draw", "White declines the draw")]
    assert got[0][0] == "move" and got[0][1].startswith("1.")
    # accepted: said too, and the game is drawn
    ok(cmd="open", board="h", **SCHEH, moves=[first, "offer-draw"])
    s = ok(cmd="play", board="h", move="accept-draw")["state"]
    assert items(s["moves_html"])[-1] == ("accept-draw", "White accepts the draw")
    assert s["result"]


# ------------------------------------------------ choices shown on the board

def test_a_troublemakers_facings_come_with_their_direction_on_the_picture():
    s = ok(cmd="open", board="tm", variant="sharah-surrounds", options={})["state"]
    lands = [m for m in s["moves"] if m["from"] == "b3" and m["to"] == "b4"]
    # one landing, eight facings, each with its angle on the picture (north up: green at the bottom)
    assert {m["label"].split(", ")[-1]: m["face"] for m in lands} == {
        "face north": 0, "face north-east": 45, "face east": 90, "face south-east": 135,
        "face south": 180, "face south-west": 225, "face west": 270, "face north-west": 315}
    assert all("art" not in m for m in lands)
    # a move with no choice has no hint
    single = [m for m in s["moves"] if m["from"] and sum(
        1 for o in s["moves"] if (o["from"], o["to"]) == (m["from"], m["to"])) == 1]
    assert single and all("face" not in m and "art" not in m for m in single)
    # the board turned: the same facings, drawn the other way up
    s = ok(cmd="flip", board="tm")["state"]
    lands = {m["label"].split(", ")[-1]: m["face"] for m in s["moves"] if (m["from"], m["to"]) == ("b3", "b4")}
    assert lands["face north"] == 180 and lands["face east"] == 270 and lands["face north-west"] == 135


def test_a_promotion_comes_with_the_pictures_of_its_pieces():
    from sharah_web import svg
    from sharah_web.core import Piece
    from sharah_web.variants import VARIANTS
    v = VARIANTS["scheherazade"]()
    pos = "10/4P5/10/10/10/10/10/10/10/K8k w - - 0"
    s = ok(cmd="open", board="pr", variant="scheherazade", options={}, position=pos)["state"]
    promos = {m["n"]: m for m in s["moves"] if m["from"] == "e9" and m["to"] == "e10"}
    letters = ["NB", "NR", "NH", "NO", "NS", "BR", "BH", "BO", "BS", "RH", "RO", "RS", "HO", "HS", "OS"]
    assert sorted(promos) == sorted(f"e9e10={x}" for x in letters)
    m = promos["e9e10=RH"]
    assert m["art"] == svg.piece_svg(v, Piece("rook+hussar", "white"))
    assert len({p["art"] for p in promos.values()}) == 15 and all("face" not in p for p in promos.values())
