"""Capture targets are as easy to see as the dots: an occupied destination
tints its square around the piece (the token's edge to the square's
corners), in the dots' own colour, so it shows on a dark piece as on a
light one, in light and dark mode."""

from __future__ import annotations

import pytest

from .conftest import wait_ready
from .helpers import click_sq, wait_fig

GAME = "figure.sharah-board[data-mode='game']"

# For each occupied destination: is the ring painted just outside the token
# (radius 40 of a 100-unit square) and near the square's corners, and in
# the dots' colour? (isPointInStroke works in the circle's own units.)
RINGS = """fig => {
    const dot = fig.querySelector('svg.sh-board');
    const out = {};
    for (const rect of fig.querySelectorAll('rect.sq.is-dest')) {
        const ring = rect.nextElementSibling;
        if (!ring || !ring.classList.contains('ht-occ')) continue;
        const x = rect.x.baseVal.value, y = rect.y.baseVal.value;
        const at = (dx, dy) => { const p = dot.createSVGPoint(); p.x = x + dx; p.y = y + dy; return ring.isPointInStroke(p); };
        const style = getComputedStyle(ring);
        out[rect.dataset.sq] = {edge: at(50 + 44, 50), corner: at(8, 8), farCorner: at(92, 92),
                                centre: at(50, 50), stroke: style.stroke, visible: style.display !== 'none'};
    }
    return out;
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_capture_targets_on_the_light_and_shadow_boards_are_as_plain_as_the_dots(new_page, base_url, scheme):
    """The Troublemaker on g3 at the start: one empty destination (a dot on
    g2) and its own pieces around it to take; every one of those squares is
    tinted around the piece, in the dots' colour, not the piece."""
    page = new_page(width=1366, height=900, color_scheme=scheme)
    page.goto(base_url + "games/sharah-surrounds/")
    wait_ready(page)
    fig = page.locator(GAME).first
    click_sq(fig, "g3")
    wait_fig(fig, "f => f.querySelectorAll('rect.is-dest').length > 0")
    rings = fig.evaluate(RINGS)
    assert sorted(rings) == ["f2", "f3", "f4", "g4", "h3", "h4"], rings
    dot = fig.locator('rect.is-dest[data-sq="g2"] + .ht').evaluate("c => getComputedStyle(c).fill")
    for name, ring in rings.items():
        assert ring["visible"] and ring["edge"] and ring["corner"] and ring["farCorner"], (name, ring)
        assert not ring["centre"], (name, ring)          # the piece itself is not covered
        assert ring["stroke"] == dot, (name, ring, dot)
    assert not page.watch.errors, page.watch.errors
