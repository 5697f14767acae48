"""Puzzles: positions where the side to move forces a win, kept as data.

Each game's puzzles are one JSON file in ``puzzle_data/`` (written by
``scripts/puzzles.py find``), a list of records::

    id          "<game>-<8 hex>": the game, options and position's digest
    game        the game's id;  options: the options it is played with
    position    the position text (``Game.position()``)
    depth       the fewest of its own moves in which the side to move wins
    winning     every first move that wins (one or two)
    hard        only one first move wins
    solution    the line against the most stubborn defence, first move first
    defences    how many defences the certificates answer
    themes      tags named after the rules the win turns on
    source      where the position came from (a self-play game's seed, an exercise)
    certificates  first move -> its certificate (``proof``'s tree: the
                winning answer to every defence)
    refutations   defence -> the other first moves it refutes

The build checks every certificate again (``check_all``); the page's
puzzle board (``session.Board`` in ``puzzle`` mode) is sent ``play_data``
of one puzzle: the winning first moves, the stubborn line after each, and
the refutations, which is what it needs to judge a move.
"""

from __future__ import annotations

import json

from .core import Change, NotationError, Place, SetState
from .proof import Solution, check_certificate, count_defences
from .variants import VARIANTS

# (the browser's engine uses only the puzzle board's part, at the end: the
# files, digests and checks import what they need when called)
GAMES = tuple(VARIANTS)     # every game of the registry has puzzles (listing the ids imports no game)
MAX_DEPTH = 3


def data_dir():
    from pathlib import Path
    return Path(__file__).resolve().parent / "puzzle_data"


def path_of(game_id: str):
    return data_dir() / f"{game_id}.json"


def load(game_id: str) -> list[dict]:
    p = path_of(game_id)
    if not p.exists():
        return []
    return json.loads(p.read_text(encoding="utf-8"))


def save(game_id: str, store: list[dict]) -> None:
    data_dir().mkdir(exist_ok=True)
    store.sort(key=lambda r: (r["depth"], r["id"]))
    # one puzzle a line: diffs stay readable
    lines = [json.dumps(r, separators=(",", ":"), ensure_ascii=False) for r in store]
    text = "[\n" + ",\n".join(lines) + "\n]\n"
    tmp = path_of(game_id).with_suffix(".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path_of(game_id))


def puzzle_id(game_id: str, options: dict, position: str) -> str:
    import hashlib
    key = json.dumps([game_id, sorted(options.items()), position], ensure_ascii=False)
    return f"{game_id}-{hashlib.sha256(key.encode()).hexdigest()[:8]}"


def themes(variant, position, line: list[str], termination: str) -> list[str]:
    """Tags named after the rules the stubborn line turns on: how it ends
    (the termination), the captures by kind of piece, and special moves
    (merges, drops, hand-overs of the Fisher...)."""
    from .core import Line
    tags = [termination]
    walk = Line(variant, position)
    attacker = position.to_move
    for i, text in enumerate(line):
        mover_side = walk.to_move
        move = next(m for m in walk.legal_moves() if m.notation == text)
        if mover_side == attacker:
            board = walk.current.board
            piece = board[move.frm] if move.frm is not None else None
            kind = piece.kind if piece is not None else move.drop
            if move.captured() and kind:
                tags.append(f"{kind}-capture")
            if move.kind not in ("move",):
                tags.append(move.kind)
            for e in move.effects:
                if type(e) is SetState and e.key not in ("clock", "roll", "draw"):
                    tags.append(f"{e.key}-change")
                elif type(e) is Change:
                    tags.append("change")
                elif type(e) is Place and move.kind != "drop":
                    tags.append("place")
            if i == 0 and not move.captured() and len(line) > 1:
                tags.append("quiet-first-move")
        walk.push(move, variant.apply(walk.current, move))
    out = []
    for t in tags:
        if t not in out:
            out.append(t)
    return out


def record_of(game_id: str, variant, pos, sol: Solution, source: str) -> dict:
    options = {k: v for k, v in variant.opts.items() if v != variant.options[k].default}
    text = variant.position_text(pos)
    grouped: dict[str, list[str]] = {}
    for move, defence in sol.refutations.items():
        grouped.setdefault(defence, []).append(move)
    return {
        "id": puzzle_id(game_id, options, text),
        "game": game_id,
        "options": options,
        "position": text,
        "depth": sol.depth,
        "winning": sol.winning,
        "hard": len(sol.winning) == 1,
        "solution": sol.line,
        "defences": sol.defences,
        "themes": themes(variant, pos, sol.line, sol.results[sol.winning.index(sol.line[0])]),
        "source": source,
        "certificates": sol.certificates,
        "refutations": grouped,
    }


def check_puzzle(record: dict) -> str | None:
    """Check one stored puzzle from the rules alone: each certificate
    proves a win in ``depth`` moves, the winning moves are those
    certified, and the stored line follows a certificate. None when it
    holds, else what is wrong."""
    from . import variant as make_variant
    try:
        v = make_variant(record["game"], **record["options"])
        pos = v.parse_position(record["position"])
    except (ValueError, KeyError) as e:
        return f"the puzzle cannot be read: {e}"
    certs = record.get("certificates") or {}
    if sorted(certs) != sorted(record.get("winning", [])) or not certs:
        return "the winning first moves are not the certified ones"
    for move, cert in certs.items():
        first = cert if isinstance(cert, str) else cert.get("m")
        if first != move:
            return f"the certificate of {move} starts with another move"
        bad = check_certificate(v, pos, move, cert, record["depth"])
        if bad:
            return bad
    if sum(count_defences(c) for c in certs.values()) != record.get("defences"):
        return "the number of defences checked does not match the certificates"
    line = record.get("solution") or []
    node = certs.get(line[0]) if line else None
    for i, text in enumerate(line[1:], 1):
        if i % 2 == 1:
            if not isinstance(node, dict) or text not in node["r"]:
                return f"the solution's move {i + 1} ({text}) is not in the certificate"
            node = node["r"][text]
        else:
            want = node if isinstance(node, str) else node.get("m") if isinstance(node, dict) else None
            if want != text:
                return f"the solution's move {i + 1} ({text}) is not the certificate's"
    return None


def check_game(game_id: str) -> list[str]:
    """Every stored puzzle of one game checked again: its failures, each
    naming its puzzle (empty when all hold)."""
    failures = []
    try:
        records = load(game_id)
    except ValueError as e:
        return [f"{path_of(game_id).name}: not JSON ({e})"]
    for record in records:
        try:
            bad = check_puzzle(record)
        except (ValueError, KeyError, TypeError, AttributeError) as e:
            bad = f"the puzzle is damaged ({type(e).__name__}: {e})"
        if bad:
            name = record.get("id") if isinstance(record, dict) else repr(record)[:40]
            failures.append(f"puzzle {name} ({game_id}): {bad}")
    return failures


def check_all(games=None) -> list[str]:
    """Every stored puzzle's proof checked again, game after game."""
    return [f for g in games or GAMES for f in check_game(g)]


def data_digest() -> str:
    """A digest of every game's puzzle file (what the build checked)."""
    import hashlib
    h = hashlib.sha256()
    for g in GAMES:
        p = path_of(g)
        h.update(p.read_bytes() if p.exists() else b"-")
    return h.hexdigest()


# ------------------------------------------------------------ the puzzle board

MAX_PLAY_DATA = 200_000      # characters of one puzzle's play data, as JSON
RUNTIME_NODES = 20_000       # the prover's budget for a move off the stored line


def stubborn_line(cert) -> list[str]:
    """The line a certificate plays against its most stubborn defence."""
    if isinstance(cert, str):
        return [cert]
    best: list[str] = []
    for defence, sub in cert["r"].items():
        line = [defence] if sub == "" else [defence] + stubborn_line(sub)
        if len(line) > len(best):
            best = line
    return [cert["m"]] + best


def play_data(record: dict) -> dict:
    """What the page's puzzle board needs of a puzzle: its position, the
    winning first moves with the stubborn line after each, and the
    refutation of every other first move (no certificates: the build
    checked them)."""
    return {
        "id": record["id"], "game": record["game"], "options": record["options"],
        "position": record["position"], "depth": record["depth"],
        "hard": len(record["winning"]) == 1,
        "lines": {m: stubborn_line(c) for m, c in record["certificates"].items()},
        "refutations": record["refutations"], "themes": record["themes"],
    }


def _words(name: str, value, kind):
    if not isinstance(value, kind):
        what = "text" if kind is str else "a list" if kind is list else "an object"
        raise NotationError(f"the puzzle is damaged: its {name} is not {what}")
    return value


class PuzzleRun:
    """One puzzle being solved on a board: checks each move of the solver
    against the stored lines (every winning first move is accepted), answers
    a right move with the most stubborn defence, and explains a wrong one
    (the defence that refutes it). The game itself is the board's."""

    def __init__(self, data, variant_id: str):
        if not isinstance(data, dict):
            raise NotationError("a puzzle is an object (id, position, depth, lines, refutations)")
        self.id = _words("id", data.get("id"), str)
        if data.get("game") != variant_id:
            raise NotationError(f"puzzle {self.id} is not a puzzle of {variant_id}")
        self.position = _words("position", data.get("position"), str)
        self.options = _words("options", data.get("options", {}), dict)
        depth = data.get("depth")
        if isinstance(depth, bool) or not isinstance(depth, int) or not 1 <= depth <= MAX_DEPTH:
            raise NotationError(f"puzzle {self.id}: the depth is 1 to {MAX_DEPTH}, not {depth!r}")
        self.depth = depth
        lines = _words("lines", data.get("lines"), dict)
        if not lines or not all(isinstance(v, list) and v and all(isinstance(x, str) for x in v)
                                and v[0] == k for k, v in lines.items()):
            raise NotationError(f"puzzle {self.id}: its lines are damaged")
        self.lines = lines
        refutations = _words("refutations", data.get("refutations", {}), dict)
        self.refuted: dict[str, str] = {}
        for defence, moves in refutations.items():
            if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
                raise NotationError(f"puzzle {self.id}: its refutations are damaged")
            for m in moves:
                self.refuted[m] = defence
        self.themes = [t for t in data.get("themes", []) if isinstance(t, str)] \
            if isinstance(data.get("themes", []), list) else []
        self.path: list[str] = []      # the moves played since the puzzle's position
        self.line: list[str] | None = None   # the stored line followed, once a first move is right
        self.solved = False
        self.mistakes = 0

    def restart(self) -> None:
        self.path, self.line, self.solved = [], None, False

    def moves_left(self) -> int:
        return self.depth - (len(self.path) + 1) // 2

    def state(self) -> dict:
        return {"id": self.id, "depth": self.depth, "moves_left": self.moves_left(),
                "solved": self.solved, "mistakes": self.mistakes, "themes": self.themes}

    def judge(self, game, move) -> dict:
        """``move`` (a legal ``Move`` of the solver, not yet played): the
        verdict, and for a right move the defence to play after it
        (``reply``, None when the move won). Nothing is played here."""
        from .proof import Budget, Prover
        v = game.variant
        left = self.moves_left()
        text = move.notation
        if not self.path:
            if text in self.lines:
                return self._right(text, self.lines[text])
            defence = self.refuted.get(text)
            return self._wrong(game, move, defence, left)
        expected = self.line[len(self.path)] if self.line and len(self.line) > len(self.path) else None
        if text == expected:
            return self._right(text, self.line)
        # another move off the stored line: prove it here (within a budget)
        prover = Prover(v, game.current, max_nodes=RUNTIME_NODES, history=game.history)
        try:
            ok, defence = prover.move_wins(move, left)
            if ok:
                sol_line = self._line_from(prover, move, left)
                return self._right(text, self.line[:len(self.path)] + sol_line)
        except Budget:
            return {"verdict": "wrong", "reason": "unproven", "move": text, "refutation": None,
                    "expected": expected}
        return self._wrong(game, move, defence, left)

    @staticmethod
    def _line_from(prover, move, left) -> list[str]:
        attacker = prover.line.to_move
        saved, r = prover._push(move)
        try:
            if r is not None:
                return [move.notation]
            _cert, _took, line, _t = prover._certify_defences(move, left, attacker)
            return line
        finally:
            prover._pop(saved)

    def _right(self, text: str, line: list[str]) -> dict:
        self.line = line
        i = len(self.path)
        reply = line[i + 1] if len(line) > i + 1 else None
        return {"verdict": "solved" if reply is None else "right", "move": text, "reply": reply}

    def _wrong(self, game, move, defence, left) -> dict:
        """Why ``move`` does not win: the defence that refutes it, and
        whether that defence wins for the defender at once (``loses``), the
        move ends the game without a win (``ends``), or the defence holds
        (``holds``)."""
        from .core import Line
        v = game.variant
        line = Line(v, game.current, list(game.history))
        after = v.apply(game.current, move)
        line.push(move, after)
        try:
            r = v.result(line)
            if r is not None:
                return {"verdict": "wrong", "reason": "ends", "move": move.notation, "refutation": None,
                        "result": r.reason}
            moves = [m for m in line.legal_moves() if m.kind not in ("offer-draw", "accept-draw", "decline-draw")]
            chosen = next((m for m in moves if m.notation == defence), None)
            if chosen is None:      # find one: the defender's win at once, if any
                from .proof import Prover
                _ok, found = Prover(v, game.current, history=game.history).move_wins(move, 1)
                chosen = next((m for m in moves if m.notation == found), moves[0] if moves else None)
            if chosen is None:
                return {"verdict": "wrong", "reason": "holds", "move": move.notation, "refutation": None}
            line.push(chosen, v.apply(line.current, chosen))
            r2 = v.result(line)
            reason = "loses" if r2 is not None and r2.winner not in (None, game.to_move) else "holds"
            return {"verdict": "wrong", "reason": reason, "move": move.notation,
                    "refutation": chosen.notation,
                    "refutation_name": v.move_name(after, chosen)}
        finally:
            while len(line.history) > len(game.history):
                line.history.pop()
