"""Piece movement written in Betza's funny notation, the field's convention.

The subset read here covers every piece whose movement is plain data in our
games; pieces that capture in other ways (withdrawal, approach, custodian...)
take their *movement* from here and their captures from a variant hook.

Atoms: W F D N A H C Z G (one leap each), K = WF, R = WW, B = FF, Q = RB.
A doubled atom is a rider (``DD`` runs along dabbaba lines); a number after an
atom limits a rider's steps (``B5``: up to five squares diagonally; ``F2``:
one or two diagonal steps, not jumping).
Modifiers, written before an atom: ``m`` moves only, ``c`` captures only,
``f b l r v s`` pick directions (``ff``/``fs`` narrow and wide for oblique
atoms, ``fl`` one diagonal), ``n`` a lame leap (the square between must be
empty), ``i`` only from the piece's initial square (the variant says which).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

ATOM_VECTORS = {
    "W": (1, 0), "F": (1, 1), "D": (2, 0), "N": (1, 2), "A": (2, 2),
    "H": (3, 0), "C": (1, 3), "Z": (2, 3), "G": (3, 3),
}
SHORTHANDS = {"K": "WF", "R": "WW", "B": "FF", "Q": "WWFF"}

TOKEN_RE = re.compile(r"([a-z]*)([A-Z])(\2?)(\d*)")


def _symmetric(vector: tuple[int, int]) -> list[tuple[int, int]]:
    x, y = vector
    out = []
    for a, b in ((x, y), (y, x)):
        for sx in (1, -1):
            for sy in (1, -1):
                v = (a * sx, b * sy)
                if v not in out:
                    out.append(v)
    return out


def _letter_ok(letter: str, v: tuple[int, int]) -> bool:
    dx, dy = v
    return {
        "f": dy > 0, "b": dy < 0, "l": dx < 0, "r": dx > 0,
        "v": abs(dy) > abs(dx) or dx == 0, "s": abs(dx) > abs(dy) or dy == 0,
    }[letter]


def _chunks(mods: str) -> list[str]:
    """Split direction letters into chunks: a vertical letter followed by a
    horizontal one (``fl``, ``fs``) or by itself (``ff``) pairs up."""
    out, i = [], 0
    while i < len(mods):
        a = mods[i]
        b = mods[i + 1] if i + 1 < len(mods) else ""
        if a in "fb" and b and (b in "lrs" or b == a):
            out.append(a + b)
            i += 2
        elif a in "lr" and b == a:
            out.append(a + b)
            i += 2
        else:
            out.append(a)
            i += 1
    return out


def _select(vectors: list[tuple[int, int]], dirs: str) -> list[tuple[int, int]]:
    if not dirs:
        return vectors
    orthogonal = all(x == 0 or y == 0 for x, y in vectors)
    keep = []
    for chunk in _chunks(dirs):
        if len(chunk) == 1:
            keep += [v for v in vectors if _letter_ok(chunk, v)]
        elif chunk[0] == chunk[1]:
            # narrow: forward and more forward than sideways (oblique), or plain
            axis = "v" if chunk[0] in "fb" else "s"
            keep += [v for v in vectors if _letter_ok(chunk[0], v) and _letter_ok(axis, v)]
        elif orthogonal:
            keep += [v for v in vectors if _letter_ok(chunk[0], v) or _letter_ok(chunk[1], v)]
        else:
            keep += [v for v in vectors if _letter_ok(chunk[0], v) and _letter_ok(chunk[1], v)]
    return [v for v in vectors if v in keep]


@dataclass(frozen=True, slots=True)
class Atom:
    """One movement component: directions, reach and what it may do."""

    vectors: tuple[tuple[int, int], ...]
    range: int          # 1 for a leap; 0 for an unlimited rider; else max steps
    move: bool          # may go to an empty square
    capture: bool       # may take on the square it lands on
    lame: bool = False  # a leap that needs the squares in between empty
    initial: bool = False

    def flipped(self) -> "Atom":
        """The same atom for the side that plays down the board."""
        return Atom(tuple((x, -y) for x, y in self.vectors), self.range,
                    self.move, self.capture, self.lame, self.initial)


def parse(notation: str) -> tuple[Atom, ...]:
    """Parse a Betza string into atoms; ``ValueError`` on anything unknown."""
    atoms: list[Atom] = []
    pos = 0
    text = notation.strip()
    while pos < len(text):
        m = TOKEN_RE.match(text, pos)
        if not m or m.end() == pos:
            raise ValueError(f"cannot read Betza notation {notation!r} at {text[pos:]!r}")
        mods, letter, doubled, number = m.groups()
        pos = m.end()
        bad = set(mods) - set("mcfblrvsni")
        if bad:
            raise ValueError(f"unknown Betza modifier {''.join(sorted(bad))!r} in {notation!r}")
        letters = SHORTHANDS.get(letter, letter)
        if letter in SHORTHANDS and letter != "K":
            # R, B, Q are riders already; a number limits them
            parts = [(letters[i], True) for i in range(0, len(letters), 2)]
        else:
            parts = [(c, bool(doubled)) for c in letters]
        if letter not in ATOM_VECTORS and letter not in SHORTHANDS:
            raise ValueError(f"unknown Betza atom {letter!r} in {notation!r}")
        dirs = "".join(c for c in mods if c in "fblrvs")
        move = "c" not in mods or "m" in mods
        capture = "m" not in mods or "c" in mods
        for atom_letter, rider in parts:
            vectors = _select(_symmetric(ATOM_VECTORS[atom_letter]), dirs)
            if number:
                reach = int(number)
                if reach < 1:
                    raise ValueError(f"a range must be at least 1 in {notation!r}")
            else:
                reach = 0 if rider else 1
            atoms.append(Atom(tuple(vectors), reach, move, capture, "n" in mods, "i" in mods))
    if not atoms:
        raise ValueError("empty Betza notation")
    return tuple(atoms)
