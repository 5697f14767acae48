"""The early answers the build bakes for the page
(sharah_web/early.py): for every board in docs/, the baked state is the
engine's own open answer, with an effect list for each of its moves, the
board's grid as drawn and who moves next; the build writes one file a page.
What the page does with them (site_assets/js/answers.js: unpacking a page's
file, a move's effects applied to the drawing, which must give the drawing
of the position the engine reaches) is tested in tests/js/, on fixtures the
engine writes (tests/js/fixtures.py)."""

from __future__ import annotations

import html
import json
import re

import pytest

from devkit.boards import docs_configs
from sharah_web.early import EARLY_STATE_KEYS, early_answer, page_file, page_key
from sharah_web.session import STATE_KEYS, Board

CONFIGS = docs_configs()
LIVE_SQUARE = re.compile(r'<rect class="sq [^"]*" data-sq="([^"]+)" data-x="\d+" data-y="\d+" x="([\d.]+)" '
                         r'y="([\d.]+)" width="([\d.]+)" height="[\d.]+" fill="[^"]*"/>'
                         r'<circle class="ht[^"]*" cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)"/>')


def test_the_docs_have_boards_of_every_kind():
    modes = {c["mode"] for _, c in CONFIGS}
    variants = {c["variant"] for _, c in CONFIGS}
    assert modes == {"game", "try", "diagram", "puzzle"}
    assert len(variants) >= 5 and len(CONFIGS) > 100


def test_the_early_state_is_part_of_the_declared_state():
    assert set(EARLY_STATE_KEYS) <= set(STATE_KEYS)


@pytest.mark.parametrize("page,config", CONFIGS, ids=[c["uid"] for _, c in CONFIGS])
def test_the_baked_answer_is_the_engines(page, config):
    answer = early_answer(config)
    board = Board(config["uid"], dict(config))
    live = board.state()
    assert answer["state"] == {key: live[key] for key in EARLY_STATE_KEYS}
    assert len(answer["fx"]) == len(live["moves"])
    game = board.game
    variant = game.variant
    pos = game.current
    usual, other = answer["next"]
    width, height, names = answer["grid"]
    assert (width, height) == (variant.geometry.width, variant.geometry.height)
    # the squares the page lays over the static drawing are the live drawing's,
    # in its order, each with its hint circle where the renderer draws it
    cells = LIVE_SQUARE.findall(live["svg"])
    assert names.split() == [name for name, *_ in cells]
    hx, hy, hr = answer["hint"]
    for name, x, y, size, cx, cy, r in cells[:3]:
        assert (float(cx), float(cy), float(r)) == (float(x) + hx * float(size), float(y) + hy * float(size),
                                                    hr * float(size)), name
    # only the drawings a move or a drop puts down are sent
    used = {e[2] for fx in answer["fx"] if fx for e in fx[1 if fx[0] == 1 else 0:] if e[0] in "pc"}
    assert used | set(answer.get("drops", {}).values()) == set(range(len(answer["looks"])))
    for i, (entry, move) in enumerate(zip(live["moves"], board.listed_moves())):
        assert entry["n"] == move.notation
        after = variant.apply(pos, move)
        assert other.get(str(i), usual) == after.to_move
        fx = answer["fx"][i]
        assert fx == 0 or isinstance(fx, list), entry["n"]
    # every piece's drawing is data the page builds from (no markup)
    assert all(look[0] == "g" and isinstance(look[1], dict) for look in answer["looks"])


def test_most_moves_are_baked_as_plain():
    """The bytes: a plain move (or drop) costs one character of effects
    (12,527 of the 20,490 moves on the docs boards, November 2026)."""
    total = plain = 0
    for _, config in CONFIGS:
        fx = early_answer(config)["fx"]
        total += len(fx)
        plain += sum(1 for f in fx if f == 0)
    assert total > 5000 and plain / total > 0.5, (plain, total)


def test_the_build_writes_one_file_per_page(tmp_path):
    from sitebuild import early as early_files
    (_, a), (_, b) = CONFIGS[0], CONFIGS[1]
    c = next(cfg for p, cfg in CONFIGS if page_key(cfg["uid"]) != page_key(a["uid"]))

    def fig(cfg):
        return (f'<figure class="sharah-board sharah-mode-{cfg["mode"]}" id="{cfg["uid"]}" '
                f'data-config="{html.escape(json.dumps(cfg), quote=True)}">')

    texts = {tmp_path / "one.html": fig(a) + fig(b), tmp_path / "two.html": fig(c)}
    sizes = early_files.write_early_answers(tmp_path, texts)
    folder = tmp_path / "assets" / "sharah" / "early"
    written = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in folder.glob("*.json")}
    keys = {page_key(a["uid"]), page_key(b["uid"]), page_key(c["uid"])}
    assert set(written) == {f"{k}.json" for k in keys} == set(sizes)
    by_page: dict = {}
    for cfg in (a, b, c):
        by_page.setdefault(page_key(cfg["uid"]), {})[cfg["uid"]] = early_answer(cfg)
    for key, answers in by_page.items():
        assert written[f"{key}.json"] == json.loads(json.dumps(page_file(answers)))


def test_the_page_file_keeps_each_drawing_once_and_shortens_plain_moves():
    answers = {cfg["uid"]: early_answer(cfg) for _, cfg in CONFIGS[:40]}
    packed = page_file(answers)
    looks = [json.dumps(look, sort_keys=True) for look in packed["looks"]]
    assert len(looks) == len(set(looks))
    assert {json.dumps(packed["looks"][i], sort_keys=True) for a in packed["boards"].values() for i in a["looks"]} \
        == set(looks)
    short = [m for a in packed["boards"].values() for m in a["state"]["moves"] if isinstance(m, str)]
    assert short and all(len(m.split(" ")) == 2 for m in short)
