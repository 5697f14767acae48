"""Issue 25, the engine's side: a declined draw offer said in words in the
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
