"""Write the fixtures of the JavaScript unit tests (tests/js/*.test.mjs)
from the engine itself, so that what the page's modules do is checked
against the engine, never against a copy of their logic:

- ``narrow.json``: boards' legal moves (``Board.state()["moves"]``) and,
  from the engine's ``Move`` objects, where each piece may go, the moves
  between two squares, the moves in place, the drops;
- ``early.json``: for the boards of a few pages of docs/ (every game, and
  every kind of effect: a plain move, a plain move and more, effects, a
  drop, a piece that changes), the page's early file as the build writes
  it (``early.page_file``), each board's answer (``early.early_answer``),
  and the drawing of its position and of the position after each of its
  moves (square -> the piece's drawing, as data), from ``Variant.apply``;
- ``links.json``: share links the engine writes (``record.format_link``),
  with the board and the game it reads back from each (``record.parse_link``);
- ``hints.json``: moves as the computer names a move it chose
  (``session.chosen_move``), with the board's pieces and hand: every
  kind of Light and Shadow move (facings, a turn in place, a Queen's
  pull), a drop, a Scheherazade move.

scripts/test.sh runs it before ``node --test tests/js/``:

    python tests/js/fixtures.py [DIR]      # default: tests/js/fixtures/
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from devkit.boards import docs_configs
from sharah_web import bridge, fence, record
from sharah_web.early import early_answer, look_data, page_file, page_key
from sharah_web.session import Board, chosen_move
from sharah_web.svg import _piece

ROOT = Path(__file__).resolve().parent.parent.parent
CONFIGS = docs_configs()      # every ```sharah fence in docs/

EARLY_PAGES = ("index.md", "notation.md", "sharah/index.md", "pieces.md")

# Boards that show every way of narrowing: a knight's two targets, facings
# (several moves between the same squares), drops from a hand, a pass as
# the only move, a compound piece's promotions.
NARROW = {
    "oblong, no die": "variant: oblong-shatranj\noptions: die=false\nmode: game",
    "hedman": "variant: sharah-hedman\nmode: game",
    "mittner placement": "variant: sharah-mittner\nmode: game",
    "mittner placement, a drop each": "variant: sharah-mittner\nmode: game\nmoves: S@e5 s@f9",
    "scheherazade": "variant: scheherazade\nmode: game\nmoves: c2d4",
    "only a pass": "variant: oblong-shatranj\nmode: game\nposition: 4/1k2/4/2p1/3r/4/4/4/4/4/4/4/4/3R/PP2/KP2 w 6 0",
    "surrounds": "variant: sharah-surrounds\nmode: game",
}


def unique(items):
    out = []
    for x in items:
        if x is not None and x not in out:
            out.append(x)
    return out


def narrow_case(name: str, source: str) -> dict:
    spec = fence.parse_fence(source)
    board = Board("n1", spec.config("n1"))
    moves = board.listed_moves()
    names = board.game.variant.geometry.names
    sq = lambda i: None if i is None else names[i]  # noqa: E731
    froms = unique(sq(m.frm) for m in moves)
    drop_kinds = unique(m.drop for m in moves if m.drop and m.frm is None)
    pairs = unique(f"{sq(m.frm)} {sq(m.to)}" for m in moves if m.frm is not None and m.to is not None)
    return {
        "name": name,
        "moves": board.state()["moves"],
        "targets": {f: unique(sq(m.to) for m in moves if sq(m.frm) == f and m.to is not None and m.to != m.frm)
                    for f in froms},
        "between": {p: [m.notation for m in moves if f"{sq(m.frm)} {sq(m.to)}" == p] for p in pairs},
        "in_place": {f: [m.notation for m in moves if sq(m.frm) == f and (m.to is None or m.to == m.frm)]
                     for f in froms},
        "drop_targets": {k: unique(sq(m.to) for m in moves if m.drop == k and m.frm is None and m.to is not None)
                         for k in drop_kinds},
        "free": [m.notation for m in moves if m.frm is None and m.to is None],
    }


def picture(variant, pos, flip, key) -> dict:
    spotted = variant.red_spot_kinds
    return {variant.geometry.names[sq]: key(look_data(*_piece(variant, p, flip, spotted)))
            for sq, p in pos.pieces()}


def early_fixture() -> dict:
    table: list = []           # the drawings, once each (a picture names them by index)
    index: dict = {}

    def key(look) -> int:
        k = json.dumps(look, separators=(",", ":"), ensure_ascii=False)
        if k not in index:
            index[k] = len(table)
            table.append(k)
        return index[k]

    pages: dict = {}
    for page, config in CONFIGS:
        if page in EARLY_PAGES:
            pages.setdefault(page_key(config["uid"]), []).append(config)
    out = []
    for key_, configs in pages.items():
        answers = {c["uid"]: early_answer(c) for c in configs}
        boards = {}
        for c in configs:
            # the drawings after a move: what changes (square -> drawing, or null: emptied)
            board = Board(c["uid"], dict(c))
            variant = board.game.variant
            pos = board.game.current
            flip = board.orientation != variant.sides[0]
            before = picture(variant, pos, flip, key)
            reached = [variant.apply(pos, m) for m in board.listed_moves()]
            changes = []
            for new in reached:
                after = picture(variant, new, flip, key)
                changes.append({sq: after.get(sq) for sq in set(before) | set(after) if before.get(sq) != after.get(sq)})
            boards[c["uid"]] = {"before": before, "changes": changes, "to_move_after": [n.to_move for n in reached]}
        out.append({"page": key_, "file": page_file(answers), "answers": answers, "boards": boards})
    return {"drawings": table, "pages": out}


# Boards whose moves the hints name: the Light and Shadow set-up (a
# Troublemaker lands in eight facings), a turn in place and a Queen's pull
# (docs/notation.md), a placement, a plain Scheherazade move.
HINTS = {
    "surrounds": NARROW["surrounds"],
    "surrounds, a turn in place": "variant: sharah-surrounds\nmode: game\n"
                                  "position: 15/7Q7/15/15/15/15/15/7*7/15/15/15/3t:n11/15/7q7/15 g - - 0",
    "surrounds, a pull": "variant: sharah-surrounds\nmode: game\n"
                         "position: 15/7Q7/15/15/15/15/4Y10/6l*7/15/15/15/4q10/15/15/15 g - - 0",
    "mittner placement": NARROW["mittner placement"],
    "scheherazade": NARROW["scheherazade"],
}


def hints_fixture() -> list:
    out = []
    for name, source in HINTS.items():
        spec = fence.parse_fence(source)
        board = Board("h1", spec.config("h1"))
        state = board.state()
        moves = board.listed_moves()
        if len(moves) > 60:          # a few of each piece's, of each kind; every turn in place
            kept, seen = [], {}
            for m in moves:
                k = (m.frm, bool(m.label))
                seen[k] = seen.get(k, 0) + 1
                if m.frm == m.to or seen[k] <= (8 if m.label else 2):
                    kept.append(m)
            moves = kept
        out.append({"name": name, "pieces": state["pieces"], "hand": state["hand"],
                    "moves": [chosen_move(board.game, m) for m in moves]})
    return out


def links_fixture() -> list:
    out = []
    for source, uid in ((NARROW["oblong, no die"] + "\nmoves: b2c4", "sharah-ab12-3"),
                        (NARROW["mittner placement, a drop each"], "sharah-ab12-4"),
                        (NARROW["scheherazade"], "a board; ü=7%")):      # a name the link escapes
        spec = fence.parse_fence(source)
        board = Board(uid, spec.config(uid))
        link = record.format_link(board.game, board.uid)
        read = record.parse_link(link)       # the board and the game the engine reads back from it
        out.append({"uid": uid, "link": link, "board": read.board, "variant": read.game.variant.id})
    return out


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else ROOT / "tests" / "js" / "fixtures"
    folder.mkdir(parents=True, exist_ok=True)
    bridge.reset()
    files = {
        "narrow.json": [narrow_case(n, s) for n, s in NARROW.items()],
        "early.json": early_fixture(),
        "links.json": links_fixture(),
        "hints.json": hints_fixture(),
    }
    for name, data in files.items():
        (folder / name).write_text(json.dumps(data, separators=(",", ":"), ensure_ascii=False), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
