"""Forced wins, proven: "the side to move wins in N of its own moves
whatever the other side does", by searching every defence to the end.

This is a proof, not the computer's judgement: the prover evaluates
nothing. It asks only the game's own rules (``Variant.legal_moves``,
``Variant.apply`` and ``Variant.result`` over a ``core.Line``, the same
referee a ``Game`` uses), so a position it proves is won for anyone who
plays by the rules. Draw offers and their answers are not moves on the
board and are left out for both sides (declining one changes nothing).

``Prover(variant, position).wins(n)`` answers whether the side to move wins
within ``n`` of its own moves; ``solve(n)`` lists every first move that
does and, for each, the certificate: the winning answer to every defence,
as a tree, with the most stubborn defence (the one that delays the loss
longest) marked. ``check_certificate`` checks a certificate again from the
rules alone, which is what the site's build does for every puzzle.

A certificate is a tree of plain data (it is stored as JSON)::

    attacker node: {"m": move, "r": {defence: attacker node or "", ...}}
                   or just the move's text when the move wins at once
    ""           : the defence ended the game itself, in the attacker's favour

Speed: the search is an AND/OR proof search. The attacker's moves are
tried most forcing first (a move that won in a sibling position, then
captures, the neutral Fisher's moves); the defences too (one that
refuted at a sibling, then captures), and one refutation ends the node.
``solve`` first counts the wins at once in one pass: a position with more
winning first moves than a puzzle may have is dropped before any search. Answers are remembered per line (a game's referee may read
the moves that led to a position: repetitions, "who moved the Fisher last",
so the memory is keyed by the line, never by the position alone), which is
what iterative deepening and the uniqueness proof revisit.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .core import Line, Move, Position, Remove, Variant

NOT_MOVES = frozenset({"offer-draw", "accept-draw", "decline-draw"})
ANY_DEFENCE = 12     # replies looked at for one that wins at once, after the first time (``Prover._any_defence``)


class Budget(Exception):
    """The prover's node budget ran out before it knew."""


def board_moves(line: Line) -> list[Move]:
    """The legal moves that are moves on the board (not draw offers)."""
    return [m for m in line.legal_moves() if m.kind not in NOT_MOVES]


@dataclass
class Solution:
    """What ``Prover.solve`` found: ``depth`` (the fewest moves that win),
    ``winning`` (every first move that wins in ``depth``, in the legal
    moves' order), ``refutations`` (every other first move -> the defence
    that refutes it), ``certificates`` (first move -> its certificate),
    ``line`` (the solution against the most stubborn defence, from the
    first winning move), ``defences`` (how many defences the certificates
    answer) and ``nodes`` (positions the prover looked at)."""
    depth: int
    winning: list[str]
    refutations: dict[str, str]
    certificates: dict[str, object]
    line: list[str]
    defences: int
    nodes: int
    results: list[str] = field(default_factory=list)   # termination of each stubborn line's end


class Prover:
    def __init__(self, variant: Variant, position: Position, max_nodes: int | None = None,
                 history: list | None = None):
        """``history``: the plies that led to ``position`` (a ``Game``'s),
        which the game's referee may read; none for a puzzle's start."""
        self.variant = variant
        self.root = position
        self.line = Line(variant, position, list(history or ()))
        self.max_nodes = max_nodes
        self.nodes = 0
        self.won: dict[tuple, int] = {}     # line -> fewest moves known to win (attacker to move)
        self.lost: dict[tuple, int] = {}    # line -> most moves known not to win
        self.killers: dict[int, list[str]] = {}   # ply -> attacker moves that won there
        self.refuters: dict[int, list[str]] = {}  # ply -> defences that refuted there
        self.path: list[str] = []
        self.scanned: set[int] = set()      # plies where _any_defence looked at every reply
        # the root's own result: a finished game has nothing to prove
        self.root_result = variant.result(self.line)

    # ---- the search
    def _tick(self) -> None:
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise Budget(f"more than {self.max_nodes} positions")

    def _push(self, move: Move):
        after = self.variant.apply(self.line.current, move)
        saved = self.line.push(move, after)
        self.path.append(move.notation)
        self._tick()
        return saved, self.variant.result(self.line)

    def _pop(self, saved) -> None:
        self.line.pop(saved)
        self.path.pop()

    def _order_attack(self, moves: list[Move], ply: int) -> list[Move]:
        board = self.line.current.board
        value = self.variant.piece_value
        killers = self.killers.get(ply, ())
        keyed = []
        for i, m in enumerate(moves):
            s = 0.0
            if m.notation in killers:
                s = 1e9 - killers.index(m.notation)
            else:
                for e in m.effects:
                    if type(e) is Remove and e.capture:
                        q = board[e.sq]
                        if q is not None:
                            s += 1e3 + value(q)
                if m.frm is not None and board[m.frm] is not None and board[m.frm].side is None:
                    s += 5e2     # the neutral piece (the Fisher) decides games
            keyed.append((-s, i, m))
        keyed.sort(key=lambda t: (t[0], t[1]))
        return [m for _s, _i, m in keyed]

    def _order_defence(self, moves: list[Move], ply: int) -> list[Move]:
        """The most forcing defences first: those that refuted a sibling,
        then captures (a defence that takes an attacking piece is the
        likeliest to refute), then the rest in the legal moves' order."""
        refuters = self.refuters.get(ply, ())
        first = [m for r in refuters for m in moves if m.notation == r]
        rest = [m for m in moves if m.notation not in refuters]
        captures = [m for m in rest if m.captured()]
        if not captures:
            return first + rest
        return first + captures + [m for m in rest if not m.captured()]

    @staticmethod
    def _note(table: dict, ply: int, notation: str) -> None:
        ks = table.setdefault(ply, [])
        if notation in ks:
            ks.remove(notation)
        ks.insert(0, notation)
        del ks[4:]

    def _wins(self, n: int) -> bool:
        """The side to move (the game not over) wins within ``n`` moves."""
        key = tuple(self.path)
        if self.won.get(key, 99) <= n:
            return True
        if self.lost.get(key, 0) >= n:
            return False
        attacker = self.line.to_move
        ply = len(self.path)
        moves = board_moves(self.line)
        if n > 1:
            moves = self._order_attack(moves, ply)
        for m in moves:
            saved, r = self._push(m)
            try:
                if r is not None:
                    ok = r.winner == attacker
                else:
                    ok = n > 1 and self._all_lose(n - 1, attacker)
            finally:
                self._pop(saved)
            if ok:
                self._note(self.killers, ply, m.notation)
                self.won[key] = min(n, self.won.get(key, 99))
                return True
        self.lost[key] = max(n, self.lost.get(key, 0))
        return False

    def _all_lose(self, n: int, attacker: str) -> bool:
        """The defender to move (the game not over): every defence loses
        within ``n`` more moves of the attacker."""
        ply = len(self.path)
        moves = board_moves(self.line)
        if not moves:
            return False     # a game that goes on with nobody to move wins nothing
        for d in self._order_defence(moves, ply):
            saved, r = self._push(d)
            try:
                if r is not None:
                    ok = r.winner == attacker
                else:
                    ok = self._wins(n)
            finally:
                self._pop(saved)
            if not ok:
                self._note(self.refuters, ply, d.notation)
                return False
        return True

    def wins(self, n: int) -> bool:
        if self.root_result is not None:
            return False
        return self._wins(n)

    def depth(self, limit: int) -> int | None:
        """The fewest moves (up to ``limit``) in which the side to move wins, or None."""
        for n in range(1, limit + 1):
            if self.wins(n):
                return n
        return None

    def move_wins(self, move: Move, n: int) -> tuple[bool, str | None]:
        """Whether the first move ``move`` wins within ``n`` moves, and if
        not, the defence that refutes it (None when the move itself ends
        the game without a win)."""
        attacker = self.line.to_move
        saved, r = self._push(move)
        try:
            if r is not None:
                return r.winner == attacker, None
            if n == 1:
                return False, self._any_defence(attacker)
            ply = len(self.path)
            for d in self._order_defence(board_moves(self.line), ply):
                saved2, r2 = self._push(d)
                try:
                    ok = r2.winner == attacker if r2 is not None else self._wins(n - 1)
                finally:
                    self._pop(saved2)
                if not ok:
                    self._note(self.refuters, ply, d.notation)
                    return False, d.notation
            return True, None
        finally:
            self._pop(saved)

    def _any_defence(self, attacker: str) -> str | None:
        """After a first move that does not win at once: a reply, the one
        that wins for the defender at once if there is one among the
        replies looked at (the engine's winning reply), else a capture,
        else the first. The first time at a ply every reply is looked at;
        after that, the replies that won at once at a sibling, then
        captures, at most ``ANY_DEFENCE`` of them (a winning reply is
        mostly a threat the first move did nothing about, and any reply
        refutes a move that does not win at once: the winning one only
        makes the reason clearer)."""
        ply = len(self.path)
        moves = board_moves(self.line)
        best = None
        ordered = self._order_defence(moves, ply)
        if ply in self.scanned:
            ordered = ordered[:ANY_DEFENCE]
        self.scanned.add(ply)
        for d in ordered:
            saved, r = self._push(d)
            self._pop(saved)
            if r is not None and r.winner not in (None, attacker):
                self._note(self.refuters, ply, d.notation)
                return d.notation
            if best is None and d.captured():
                best = d.notation
        return best or (moves[0].notation if moves else None)

    # ---- certificates
    def _shortest(self, limit: int) -> int:
        for k in range(1, limit + 1):
            if self._wins(k):
                return k
        raise AssertionError("no win where one was proven")

    def _certify(self, n: int, attacker: str) -> tuple[object, int, list[str], str]:
        """Attacker to move, a win within ``n`` proven: (certificate, moves
        it takes against the most stubborn defence, that line, its result's
        termination). Every defence is answered by a shortest win."""
        ply = len(self.path)
        moves = self._order_attack(board_moves(self.line), ply)
        for m in moves:
            saved, r = self._push(m)
            try:
                if r is not None:
                    if r.winner == attacker:
                        return m.notation, 1, [m.notation], r.termination
                    continue
                if n == 1 or not self._all_lose(n - 1, attacker):
                    continue
                return self._certify_defences(m, n, attacker)
            finally:
                self._pop(saved)
        raise AssertionError("no winning move where a win was proven")

    def _certify_defences(self, m: Move, n: int, attacker: str):
        replies: dict[str, object] = {}
        worst = (-1, [], "")
        for d in board_moves(self.line):
            saved, r = self._push(d)
            try:
                if r is not None:
                    replies[d.notation] = ""
                    took, line, term = 0, [d.notation], r.termination
                else:
                    k = self._shortest(n - 1)
                    node, took, line, term = self._certify(k, attacker)
                    replies[d.notation] = node
                    line = [d.notation] + line
            finally:
                self._pop(saved)
            if took > worst[0]:
                worst = (took, line, term)
        took, line, term = worst
        return {"m": m.notation, "r": replies}, took + 1, [m.notation] + line, term

    def solve(self, limit: int, max_winning: int | None = None) -> Solution | None:
        """Prove the fewest moves ``depth`` (up to ``limit``) in which the
        side to move wins, then try every first move: which win in
        ``depth`` (with their certificates) and, for every other, a defence
        that refutes it. None when there is no win within ``limit``, or when
        more than ``max_winning`` first moves win (found out as soon as
        that many are)."""
        if self.root_result is not None:
            return None
        attacker = self.line.to_move
        # the wins at once first, in one pass (the cheapest test): more
        # than ``max_winning`` of them ends the search here
        at_once = []
        for m in board_moves(self.line):
            saved, r = self._push(m)
            self._pop(saved)
            if r is not None and r.winner == attacker:
                at_once.append(m.notation)
                if max_winning is not None and len(at_once) > max_winning:
                    return None
        if at_once:
            self.won[()] = 1
            depth = 1
        else:
            self.lost[()] = 1
            depth = self.depth(limit)
            if depth is None:
                return None
        winning, refutations = [], {}
        moves = self._order_attack(board_moves(self.line), 0)
        for m in moves:
            if depth == 1 and m.notation in at_once:
                winning.append(m)
                continue
            ok, refutation = self.move_wins(m, depth)
            if ok:
                winning.append(m)
                if max_winning is not None and len(winning) > max_winning:
                    return None
            else:
                refutations[m.notation] = refutation or ""
        certificates, line, results, defences = {}, [], [], 0
        order = {m.notation: i for i, m in enumerate(board_moves(self.line))}
        winning.sort(key=lambda m: order[m.notation])
        best = -1
        for m in winning:
            saved, r = self._push(m)
            try:
                if r is not None:
                    cert, took, stub, term = m.notation, 1, [m.notation], r.termination
                else:
                    cert, took, stub, term = self._certify_defences(m, depth, attacker)
            finally:
                self._pop(saved)
            certificates[m.notation] = cert
            defences += count_defences(cert)
            results.append(term)
            if took > best:
                best, line = took, stub
        return Solution(depth, [m.notation for m in winning], refutations, certificates,
                        line, defences, self.nodes, results)


def count_defences(cert) -> int:
    """How many defences a certificate answers (every level)."""
    if isinstance(cert, str):
        return 0
    return sum(1 + count_defences(c) for c in cert["r"].values())


def check_certificate(variant: Variant, position: Position, move: str, cert, depth: int) -> str | None:
    """Check from the rules alone that ``cert`` proves a win in ``depth``
    moves for the side to move with first move ``move``. None when it
    holds, else what is wrong (a sentence naming the line)."""
    line = Line(variant, position)
    if variant.result(line) is not None:
        return "the game is already over"
    return _check(variant, line, move, cert, depth, [])


def _check(variant: Variant, line: Line, move: str, cert, n: int, path: list[str]) -> str | None:
    attacker = line.to_move
    where = " ".join(path + [move])
    if n < 1:
        return f"{where}: the win takes more moves than the puzzle says"
    legal = {m.notation: m for m in board_moves(line)}
    m = legal.get(move)
    if m is None:
        return f"{where}: {move} is not a legal move"
    after = variant.apply(line.current, m)
    saved = line.push(m, after)
    try:
        r = variant.result(line)
        if isinstance(cert, str):
            if r is None or r.winner != attacker:
                return f"{where}: this move does not win at once"
            return None
        if r is not None:
            return None if r.winner == attacker else f"{where}: the game ends without a win ({r.reason})"
        replies = cert.get("r") if isinstance(cert, dict) else None
        if not isinstance(replies, dict):
            return f"{where}: the certificate is malformed"
        defences = {d.notation: d for d in board_moves(line)}
        missing = sorted(set(defences) - set(replies))
        if missing:
            return f"{where}: the defence {missing[0]} is not answered"
        extra = sorted(set(replies) - set(defences))
        if extra:
            return f"{where}: {extra[0]} is not a legal defence"
        for name, d in defences.items():
            after2 = variant.apply(line.current, d)
            saved2 = line.push(d, after2)
            try:
                r2 = variant.result(line)
                sub = replies[name]
                if r2 is not None:
                    if r2.winner != attacker:
                        return f"{where} {name}: the defence ends the game without a loss ({r2.reason})"
                    continue
                if sub == "" or not isinstance(sub, (str, dict)):
                    return f"{where} {name}: the defence is not answered"
                nxt = sub if isinstance(sub, str) else sub.get("m")
                if not isinstance(nxt, str):
                    return f"{where} {name}: the certificate is malformed"
                bad = _check(variant, line, nxt, sub, n - 1, path + [move, name])
                if bad:
                    return bad
            finally:
                line.pop(saved2)
        return None
    finally:
        line.pop(saved)
