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

Speed: the search is an AND/OR proof search. A win at once is looked
for first, among the moves the game says may end it
(``Variant.win_candidates``: in the Fisher games, the moves that move
the Fisher or take); then the attacker's moves are tried most forcing
first (a move that won in a sibling position, then those that leave the
fewest replies); the defences one that refuted at a sibling first, then
those that may win at once, then captures, and one refutation ends the
node. Defences lost at once are set aside before the others are
searched. ``solve`` first counts the wins at once in one pass: a
position with more winning first moves than a puzzle may have is dropped
before any search.

Answers are remembered: per position where the game's referee cannot
tell apart the lines that reach it (``Variant.memoryless_plies``: no
repetition can count yet, the Fisher's last mover is the last ply), so a
position reached by moves in another order is proved once; per line
elsewhere (a referee may read the moves that led to a position). That is
also what iterative deepening and the uniqueness proof revisit.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .core import Line, Move, Position, Remove, Variant

NOT_MOVES = frozenset({"offer-draw", "accept-draw", "decline-draw"})
ANY_DEFENCE = 12     # replies looked at for one that wins at once, after the first time (``Prover._any_defence``)
TABLE_LIMIT = 1_000_000   # entries of each of the prover's tables of proven wins and losses (then cleared)


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
        self.memory = variant.memoryless_plies()
        self.won: dict[tuple, int] = {}     # line or position -> fewest moves known to win (attacker to move)
        self.lost: dict[tuple, int] = {}    # line or position -> most moves known not to win
        self.killers: dict[int, list[str]] = {}   # ply -> attacker moves that won there
        self.refuters: dict[int, list[str]] = {}  # ply -> defences that refuted there
        self.refutation: str | None = None        # the defence that made the last ``_all_lose`` False
        self.path: list[str] = []
        self.scanned: set[int] = set()      # plies where _any_defence looked at every reply
        # the root's own result: a finished game has nothing to prove
        self.root_result = variant.result(self.line)

    # ---- the search
    def _tick(self) -> None:
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise Budget(f"more than {self.max_nodes} positions")

    def _push(self, move: Move, known: tuple | None = None):
        """Play ``move``: (what ``_pop`` needs, the game's result after it).
        ``known``: (position, result, legal moves) after it, worked out
        already (``_attack_order``)."""
        if known is not None:
            after, r, moves = known
            saved = self.line.push(move, after, moves)
            self.path.append(move.notation)
            return saved, r
        after = self.variant.apply(self.line.current, move)
        saved = self.line.push(move, after)
        self.path.append(move.notation)
        self._tick()
        return saved, self.variant.result(self.line)

    def _pop(self, saved) -> None:
        self.line.pop(saved)
        self.path.pop()

    def _key(self, n: int):
        """Where what is known of the attacker to move here, ``n`` moves
        left, is kept: the position itself (two 64-bit digests of its
        ``key``) while the game's referee cannot tell apart the lines that
        reach it (``Variant.memoryless_plies``), else the line."""
        if len(self.line.history) + 2 * n - 1 <= self.memory:
            board, to_move, state = self.line.current.key()
            return hash((board, to_move, state)), hash((state, board[::-1], to_move))
        return tuple(self.path)

    @staticmethod
    def _remember(table: dict, key, n: int, better) -> None:
        if len(table) > TABLE_LIMIT:
            table.clear()
        old = table.get(key)
        table[key] = n if old is None else better(old, n)

    def _order_attack(self, moves: list[Move], ply: int) -> list[Move]:
        """Moves that won at a sibling first, then captures (of more
        first), the neutral Fisher's moves: a cheap order, for the first
        moves' survey and the certificates."""
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

    def _attack_order(self, moves: list[Move]) -> list[tuple[Move, tuple]]:
        """The attacker's moves (more than one move left) with what each
        makes (``_push``'s ``known``), most forcing first: those that
        leave the defender the fewest replies (each reply is a branch the proof must answer), captures
        of more first among equals. A move that ends the game without a
        win for the attacker is left out: it wins nothing."""
        attacker = self.line.to_move
        board = self.line.current.board
        value = self.variant.piece_value
        keyed = []
        for i, m in enumerate(moves):
            saved, r = self._push(m)
            try:
                if r is not None and r.winner != attacker:
                    continue
                replies = self.line.legal_moves() if r is None else None
                known = (self.line.current, r, replies)
            finally:
                self._pop(saved)
            taken = sum(value(board[sq]) for sq in m.captured() if board[sq] is not None)
            keyed.append(((len(replies) if replies is not None else 0, -taken), i, m, known))
        keyed.sort(key=lambda t: (t[0], t[1]))
        return [(m, known) for _s, _i, m, known in keyed]

    def _order_defence(self, moves: list[Move], ply: int) -> list[Move]:
        """The most forcing defences first: those that refuted a sibling,
        then those that may win at once (``Variant.win_candidates``),
        captures first among them, then other captures (a defence that
        takes an attacking piece is the likeliest to refute), then the
        rest in the legal moves' order."""
        refuters = self.refuters.get(ply, ())
        threats = {id(m) for m in self.variant.win_candidates(self.line.current, moves)}
        keyed = []
        for i, m in enumerate(moves):
            if m.notation in refuters:
                rank = refuters.index(m.notation)
            else:
                rank = (4 if id(m) in threats else 6) + (0 if m.captured() else 1)
            keyed.append((rank, i, m))
        keyed.sort(key=lambda t: (t[0], t[1]))
        return [m for _r, _i, m in keyed]

    @staticmethod
    def _note(table: dict, ply: int, notation: str) -> None:
        ks = table.setdefault(ply, [])
        if notation in ks:
            ks.remove(notation)
        ks.insert(0, notation)
        del ks[4:]

    def _wins(self, n: int) -> bool:
        """The side to move (the game not over) wins within ``n`` moves."""
        key = self._key(n)
        if self.won.get(key, 99) <= n:
            return True
        if self.lost.get(key, 0) >= n:
            return False
        attacker = self.line.to_move
        ply = len(self.path)
        if n == 1:
            # a win at once: only the moves that may end the game are played
            moves = self.variant.win_candidate_moves(self.line.current)
            for m in moves:
                if m.kind in NOT_MOVES:
                    continue
                saved, r = self._push(m)
                self._pop(saved)
                if r is not None and r.winner == attacker:
                    self._note(self.killers, ply, m.notation)
                    self._remember(self.won, key, 1, min)
                    return True
            self._remember(self.lost, key, 1, max)
            return False
        if self._wins(1):            # the cheapest win first
            self._remember(self.won, key, 1, min)
            return True
        moves = board_moves(self.line)
        killers = self.killers.get(ply, ())
        tried = [m for k in killers for m in moves if m.notation == k]
        rest = [m for m in moves if m.notation not in killers] if tried else moves
        # what won at a sibling first, as it is; the others ordered (which costs a move each)
        for m, known in [(m, None) for m in tried] + self._attack_order(rest):
            saved, r = self._push(m, known)
            try:
                ok = r.winner == attacker if r is not None else self._all_lose(n - 1, attacker)
            finally:
                self._pop(saved)
            if ok:
                self._note(self.killers, ply, m.notation)
                self._remember(self.won, key, n, min)
                return True
        self._remember(self.lost, key, n, max)
        return False

    def _all_lose(self, n: int, attacker: str) -> bool:
        """The defender to move (the game not over): every defence loses
        within ``n`` more moves of the attacker. The defences that refuted
        a sibling are searched to the end first; of the others, those lost
        at once are set aside in one pass, then the rest are searched.
        When False, ``self.refutation`` names the defence that holds."""
        ply = len(self.path)
        moves = board_moves(self.line)
        self.refutation = None
        if not moves:
            return False     # a game that goes on with nobody to move wins nothing
        refuters = self.refuters.get(ply, ())
        pending = []
        for d in self._order_defence(moves, ply):
            saved, r = self._push(d)
            try:
                if r is not None:
                    ok = r.winner == attacker
                elif n == 1 or d.notation in refuters:
                    ok = self._wins(n)
                else:
                    ok = True if self._wins(1) else None     # None: not known yet
            finally:
                self._pop(saved)
            if ok is None:
                pending.append(d)
            elif not ok:
                self._note(self.refuters, ply, d.notation)
                self.refutation = d.notation
                return False
        for d in pending:
            saved, r = self._push(d)
            try:
                ok = self._wins(n)
            finally:
                self._pop(saved)
            if not ok:
                self._note(self.refuters, ply, d.notation)
                self.refutation = d.notation
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
            if self._all_lose(n - 1, attacker):
                return True, None
            return False, self.refutation
        finally:
            self._pop(saved)

    def _any_defence(self, attacker: str) -> str | None:
        """After a first move that does not win at once: a reply, the one
        that wins for the defender at once if there is one among the
        replies looked at (the engine's winning reply), else a capture,
        else the first. Only the replies that may win at once are played
        (``Variant.win_candidates``): the first time at a ply all of them;
        after that, the replies that won at once at a sibling, then the
        others, at most ``ANY_DEFENCE`` of them (a winning reply is mostly
        a threat the first move did nothing about, and any reply refutes
        a move that does not win at once: the winning one only makes the
        reason clearer)."""
        ply = len(self.path)
        moves = board_moves(self.line)
        ordered = self._order_defence(self.variant.win_candidates(self.line.current, moves), ply)
        if ply in self.scanned:
            ordered = ordered[:ANY_DEFENCE]
        self.scanned.add(ply)
        for d in ordered:
            saved, r = self._push(d)
            self._pop(saved)
            if r is not None and r.winner not in (None, attacker):
                self._note(self.refuters, ply, d.notation)
                return d.notation
        best = next((d.notation for d in moves if d.captured()), None)
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

    def solve(self, limit: int, max_winning: int | None = None, min_depth: int = 1) -> Solution | None:
        """Prove the fewest moves ``depth`` (up to ``limit``) in which the
        side to move wins, then try every first move: which win in
        ``depth`` (with their certificates) and, for every other, a defence
        that refutes it. None when there is no win within ``limit``, when
        it takes fewer than ``min_depth`` moves, or when more than
        ``max_winning`` first moves win (found out as soon as that many
        are)."""
        if self.root_result is not None:
            return None
        attacker = self.line.to_move
        # the wins at once first, in one pass (the cheapest test): more
        # than ``max_winning`` of them ends the search here
        at_once = []
        for m in self.variant.win_candidates(self.line.current, board_moves(self.line)):
            saved, r = self._push(m)
            self._pop(saved)
            if r is not None and r.winner == attacker:
                at_once.append(m.notation)
                if max_winning is not None and len(at_once) > max_winning:
                    return None
        if at_once:
            self._remember(self.won, self._key(1), 1, min)
            depth = 1
        else:
            self._remember(self.lost, self._key(1), 1, max)
            depth = self.depth(limit)
            if depth is None:
                return None
        if depth < min_depth:
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
