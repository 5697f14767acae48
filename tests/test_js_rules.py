"""Rules of the widget's JavaScript that the type checker does not see:
no module writes another module's fields. A board's fields are written by
board.js alone (the others call its methods); the figure's data-attributes
are the page's markup (CSS and tests read them), which any module may set,
except ``data-state``, the board's own."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
JS = ROOT / "site_assets" / "js"

# an assignment (=, +=, ++...) to board.<field>..., this.board.<field>...,
# board.view.<field>... (not ==, ===, =>)
ASSIGN = re.compile(r"(?<![\w$.])(?:this\.)?board((?:\.[A-Za-z_$][\w$]*)+)\s*(?:[-+*/%|&]?=(?![=>])|\+\+|--)")
ALLOWED = re.compile(r"^\.fig\.dataset\.(?!state\b)[A-Za-z]+$")


def board_writes(text: str) -> list[str]:
    """The fields of a board that ``text`` assigns (outside board.js: none)."""
    text = re.sub(r"//[^\n]*|/\*.*?\*/", "", text, flags=re.S)     # not in comments
    return [m.group(1) for m in ASSIGN.finditer(text) if not ALLOWED.match(m.group(1))]


def test_no_module_writes_a_boards_fields():
    found = {p.name: board_writes(p.read_text(encoding="utf-8")) for p in sorted(JS.glob("*.js"))
             if p.name != "board.js"}
    assert {name: fields for name, fields in found.items() if fields} == {}


def test_the_check_finds_a_write():
    assert board_writes("board.state = null;\nthis.board.busy = true;\nboard.view.cursor = sq;\n"
                        "board.fig.dataset.state = 'error';\nboard.count += 1;\nboard.n++;") == \
        [".state", ".busy", ".view.cursor", ".fig.dataset.state", ".count", ".n"]
    # reading, comparing and a figure's own attribute are not writes
    assert board_writes("if (board.state === null) f(board.busy == x);\nconst g = (board) => board.id;\n"
                        "board.fig.dataset.early = 'shown'; // board.state = 1\n") == []
