// Written by scripts/contract_types.py from sharah_web/session.py and
// sharah_web/analysis.py (their TypedDicts) and sharah_web/bridge.py
// (COMMANDS, PROTOCOL): do not edit; run `python scripts/contract_types.py`
// after changing them. The type checker's view of the contract between
// the widget and the engine. Never shipped.

/** The wire's version (bridge.PROTOCOL). */
export type Protocol = 4;

export interface MoveEntry {
  /** the move's notation: what ``play`` takes */
  n: string;
  /** square names; a drop has no from-square, a pass neither */
  from: string | null;
  to: string | null;
  /** the kind placed (a drop) */
  drop?: string;
  /** the move's words on a choice button */
  label?: string;
  /** when not "move": "drop", "pass", "offer-draw"... */
  kind?: string;
  /** the squares of the pieces it takes */
  captures?: string[];
  /** the facing the piece is left with, as an angle on the picture (degrees clockwise from up, the board's orientation applied) */
  face?: number;
  /** that facing in words, beside ``face`` ("face north"): the choice's name */
  facing?: string;
  /** the piece the move leaves on its square, drawn (svg.piece_svg) */
  art?: string;
}

export interface PieceEntry {
  /** None: a neutral piece (the Fisher) */
  side: string | null;
  kind: string;
  /** the kind's name, as the text says it ("Knight") */
  name: string;
}

export interface ResultState {
  /** a side, or None for a draw */
  winner: string | null;
  /** the rules' words ("checkmate") */
  reason: string;
  /** "White wins: checkmate" / "Draw: ..." */
  text: string;
  /** a short code for how it ended (Result.termination), if the game gives one */
  termination: string | null;
}

export interface LastMove {
  n: string;
  /** as the move list writes it */
  name: string;
  /** who played it */
  side: string;
  from: string | null;
  to: string | null;
  captures: string[];
}

export interface HandItem {
  kind: string;
  name: string;
  /** how many in hand, when the game counts them by kind */
  count: number | null;
  side: string;
  /** a small drawing of the piece */
  svg: string;
}

export interface Shortcut {
  /** what ``shortcut`` takes */
  name: string;
  /** the button's words */
  label: string;
}

export interface UndoShortcut {
  /** the shortcut's label */
  label: string;
  /** how many moves it played (``undo`` with ``plies``) */
  plies: number;
}

export interface FutureMove {
  name: string;
  /** "1.", "1…" or "" */
  number: string;
  side: string;
  kind: string;
}

export interface PuzzleState {
  /** the puzzle's id (its data's "id") */
  id: string;
  /** the moves it takes to win against the best defence */
  depth: number;
  /** the solver's moves still to find */
  moves_left: number;
  /** the win is on the board */
  solved: boolean;
  /** wrong moves tried on it since it was set */
  mistakes: number;
  /** tags named after the rules it turns on */
  themes: string[];
}

/** What the widget draws, after every command that answers ``state``. Every key the widget reads is here (tests/test_contract.py checks). */
export interface BoardState {
  /** the board's id (the request's ``board``) */
  board: string;
  /** "game", "try", "puzzle" or "diagram" */
  mode: string;
  /** the board's drawing (svg.render_svg): [data-sq] squares, g.pc pieces */
  svg: string;
  /** one line: whose move, the roll ("White to move") */
  status: string;
  /** the game's badges: [{name, value, detail}] (the die); none once over */
  badges: Record<string, unknown>[];
  /** the badges as markup (markup.badges_html) */
  badges_html: string;
  /** the side to move */
  to_move: string;
  /** the game's sides, in order */
  sides: string[];
  /** the side at the bottom */
  orientation: string;
  /** None while the game goes on */
  result: ResultState | null;
  /** every legal move the board offers */
  moves: MoveEntry[];
  /** the moves played, as the move list writes them */
  history: string[];
  /** who played each */
  history_sides: string[];
  /** each move's number in the list ("1.", "1…" or "") */
  history_numbers: string[];
  /** each move's kind ("move", "drop", "offer-draw"...) */
  history_kinds: string[];
  /** the move list's items: the moves played, each with its review mark (markup.move_list_html) */
  moves_html: string;
  /** the items of the moves to redo (shown while replaying) */
  future_html: string;
  /** the kinds the player to move may drop now */
  hand: HandItem[];
  /** the hand under the board (markup.hand_html) */
  hand_html: string;
  /** the variant's shortcuts on a game board now */
  shortcuts: Shortcut[];
  /** the last shortcut, while the history ends with it */
  undo_shortcut: UndoShortcut | null;
  /** the shortcut buttons (markup.shortcuts_html) */
  shortcuts_html: string;
  /** the moves with no square (pass, draw offers) as buttons; "" on a diagram */
  free_html: string;
  /** how many moves are played */
  ply: number;
  /** the fewest a board goes back to (a try board's page moves) */
  min_ply: number;
  /** the last move played */
  last: LastMove | null;
  /** square name -> the piece on it */
  pieces: Record<string, PieceEntry>;
  /** the position text (Game.position) */
  position: string;
  can_undo: boolean;
  can_redo: boolean;
  /** a restart would lose something the reader did (moves, or moves to redo) */
  changed: boolean;
  /** the game's options with this game's values (Variant.option_specs) */
  options: Record<string, unknown>[];
  /** a game board's options form ("New game with these options"); "" on others */
  options_html: string;
  /** the moves that can be redone, in order */
  future: FutureMove[];
  /** the move shown, as an index of the game's tree (goto's node) */
  node: number;
  /** the move list with its variations (markup.tree_html); "" when it has none */
  tree_html: string;
  /** a puzzle board's puzzle, else None */
  puzzle: PuzzleState | null;
  /** a game board's game for the browser's storage (Board.saved), in the answer that shows it: leaving the page the moment a move shows keeps it; None on other boards, and in open's answer (the game is as stored, or new: nothing to keep) */
  saved: Record<string, unknown> | null;
  /** why a game board's game cannot be kept (record.RecordError's words), else None */
  unsaved: string | null;
}

export interface AnalysisMove {
  /** the move's notation (what ``play`` takes) */
  n: string;
  /** as the move list writes it */
  name: string;
  to: string | null;
  /** for the first side, in the game's units */
  score: number | null;
  /** plies to a forced result (positive: the first side wins) */
  win_in: number | null;
  /** the first side's expected score after it, 0..1 */
  expected: number;
  from: string | null;
}

/** What one finished search found, from the first side's view. */
export interface AnalysisResult {
  /** the position analysed: after this many moves of the line */
  ply: number;
  /** the first side (whose view the numbers take) */
  side: string;
  to_move: string;
  /** in the game's units (pawns); None when unknown */
  score: number | null;
  /** plies to a forced result (positive: the first side wins) */
  win_in: number | null;
  /** the first side's expected score, 0..1 (the bar) */
  expected: number;
  /** the evaluation in words ("+1.25", "White wins in 3", "Game over") */
  text: string;
  /** the game has ended (the board's status says how: not repeated here) */
  over: boolean;
  /** the engine's move (the computer's, at the first stage) */
  best: string | null;
  /** the expected line, move texts (notation) */
  line: string[];
  /** the same as the move list writes it, with numbers */
  line_text: string;
  /** [from, to] of the line's first moves (ARROWS at most) */
  arrows: string[][];
  /** the best few moves, best first */
  moves: AnalysisMove[];
  /** scores average over chance; the line stops at the next roll */
  chance: boolean;
  /** how many moves deep the search finished */
  depth: number;
  nodes: number;
  /** 0: the computer's own budget; later stages look further */
  stage: number;
}

/** The reply of ``analyse``: one slice of thinking. */
export interface AnalysisReply {
  /** more to come (ask again); false: the deepest stage ended */
  thinking: boolean;
  /** the position being analysed */
  ply: number;
  /** the stage being searched now */
  stage: number;
  /** the depth it is searching */
  depth: number;
  /** nodes of the stage so far */
  nodes: number;
  /** the last stage that ended (None before the first) */
  result: AnalysisResult | null;
}

/** One position of a reviewed game, and the move played from it. */
export interface ReviewEntry {
  /** the position after this many moves */
  ply: number;
  /** for the first side */
  score: number | null;
  win_in: number | null;
  /** the first side's expected score (the graph) */
  expected: number;
  /** the engine's move here (notation) */
  best: string | null;
  /** ... as the move list writes it ("" when none) */
  best_name: string;
  /** the move played from here (notation), None at the end */
  played: string | null;
  /** the expected score the played move gave away, 0..1 */
  loss: number;
  /** "", "inaccuracy", "mistake" or "blunder" */
  mark: string;
  /** how many moves deep the search finished */
  depth: number;
  /** deep enough to judge the move played (else no mark) */
  judged: boolean;
}

/** The reply of ``review``: one slice, the review so far. */
export interface ReviewReply {
  /** positions reviewed */
  done: number;
  /** positions in all (the moves of the line, and the start) */
  total: number;
  /** thinking time so far */
  seconds: number;
  /** an estimate of the seconds left (None before the first position) */
  left: number | null;
  finished: boolean;
  /** the positions reviewed, in order */
  entries: ReviewEntry[];
}

// ---- the replies that declare their payload (bridge.COMMANDS: reply)

/** ``analyse``'s reply when it succeeds. */
export interface AnalyseAnswer {
  ok: true;
  board: string;
  analysis: AnalysisReply;
}

/** ``review``'s reply when it succeeds. */
export interface ReviewAnswer {
  ok: true;
  board: string;
  review: ReviewReply;
}

// ---- the requests (bridge.COMMANDS): a command and the fields it takes

/** ``ping``: changes the game: no; no board. */
export interface PingRequest {
  cmd: "ping";
  board?: string;
}

/** ``open``: changes the game: yes; a board id. */
export interface OpenRequest {
  cmd: "open";
  board?: string;
  uid?: unknown;
  mode?: unknown;
  variant?: unknown;
  options?: unknown;
  position?: unknown;
  moves?: unknown;
  seed?: unknown;
  reseed?: unknown;
  orientation?: unknown;
  coords?: unknown;
  label?: unknown;
  marks?: unknown;
  arrows?: unknown;
  dests?: unknown;
  solutions?: unknown;
  saved?: unknown;
  puzzle?: unknown;
}

/** ``close``: changes the game: yes; a board id. */
export interface CloseRequest {
  cmd: "close";
  board?: string;
}

/** ``state``: changes the game: no; an open board; answers the state. */
export interface StateRequest {
  cmd: "state";
  board?: string;
}

/** ``play``: changes the game: yes; an open board; answers the state. */
export interface PlayRequest {
  cmd: "play";
  board?: string;
  move?: unknown;
  branch?: unknown;
}

/** ``undo``: changes the game: yes; an open board; answers the state. */
export interface UndoRequest {
  cmd: "undo";
  board?: string;
  plies?: unknown;
}

/** ``puzzle``: changes the game: yes; an open board; answers the state. */
export interface PuzzleRequest {
  cmd: "puzzle";
  board?: string;
  puzzle?: unknown;
}

/** ``solve``: changes the game: yes; an open board; answers the state. */
export interface SolveRequest {
  cmd: "solve";
  board?: string;
  move?: unknown;
}

/** ``redo``: changes the game: yes; an open board; answers the state. */
export interface RedoRequest {
  cmd: "redo";
  board?: string;
}

/** ``restart``: changes the game: yes; an open board; answers the state. */
export interface RestartRequest {
  cmd: "restart";
  board?: string;
  options?: unknown;
}

/** ``flip``: changes the game: no; an open board; answers the state. */
export interface FlipRequest {
  cmd: "flip";
  board?: string;
}

/** ``shortcut``: changes the game: yes; an open board; answers the state. */
export interface ShortcutRequest {
  cmd: "shortcut";
  board?: string;
  name?: unknown;
  seed?: unknown;
}

/** ``goto``: changes the game: yes; an open board; answers the state. */
export interface GotoRequest {
  cmd: "goto";
  board?: string;
  ply?: unknown;
  node?: unknown;
}

/** ``variation``: changes the game: yes; an open board; answers the state. */
export interface VariationRequest {
  cmd: "variation";
  board?: string;
  op?: unknown;
  node?: unknown;
}

/** ``explain``: changes the game: no; an open board. */
export interface ExplainRequest {
  cmd: "explain";
  board?: string;
  from?: unknown;
  to?: unknown;
  drop?: unknown;
}

/** ``think``: changes the game: no; an open board. */
export interface ThinkRequest {
  cmd: "think";
  board?: string;
  level?: unknown;
  seed?: unknown;
  slice_ms?: unknown;
}

/** ``hint``: changes the game: no; an open board. */
export interface HintRequest {
  cmd: "hint";
  board?: string;
  level?: unknown;
  seed?: unknown;
  slice_ms?: unknown;
}

/** ``levels``: changes the game: no; an open board. */
export interface LevelsRequest {
  cmd: "levels";
  board?: string;
}

/** ``analyse``: changes the game: no; an open board. */
export interface AnalyseRequest {
  cmd: "analyse";
  board?: string;
  slice_ms?: unknown;
}

/** ``review``: changes the game: no; an open board. */
export interface ReviewRequest {
  cmd: "review";
  board?: string;
  slice_ms?: unknown;
  look?: unknown;
  cancel?: unknown;
}

/** ``record``: changes the game: no; an open board. */
export interface RecordRequest {
  cmd: "record";
  board?: string;
  tags?: unknown;
}

/** ``link``: changes the game: no; an open board. */
export interface LinkRequest {
  cmd: "link";
  board?: string;
}

/** ``save``: changes the game: no; an open board. */
export interface SaveRequest {
  cmd: "save";
  board?: string;
}

/** ``load``: changes the game: yes; an open board. */
export interface LoadRequest {
  cmd: "load";
  board?: string;
  record?: unknown;
  link?: unknown;
  saved?: unknown;
  if_unchanged?: unknown;
}

/** ``edit``: changes the game: no; an open board. */
export interface EditRequest {
  cmd: "edit";
  board?: string;
  op?: unknown;
  position?: unknown;
  palette?: unknown;
  square?: unknown;
  piece?: unknown;
  field?: unknown;
  value?: unknown;
  text?: unknown;
}

/** Every command's name. */
export type Command = "ping" | "open" | "close" | "state" | "play" | "undo" | "puzzle" | "solve" | "redo" | "restart" | "flip" | "shortcut" | "goto" | "variation" | "explain" | "think" | "hint" | "levels" | "analyse" | "review" | "record" | "link" | "save" | "load" | "edit";

/** A request to the engine: one of the bridge's commands, with its fields. */
export type Request =
  | PingRequest
  | OpenRequest
  | CloseRequest
  | StateRequest
  | PlayRequest
  | UndoRequest
  | PuzzleRequest
  | SolveRequest
  | RedoRequest
  | RestartRequest
  | FlipRequest
  | ShortcutRequest
  | GotoRequest
  | VariationRequest
  | ExplainRequest
  | ThinkRequest
  | HintRequest
  | LevelsRequest
  | AnalyseRequest
  | ReviewRequest
  | RecordRequest
  | LinkRequest
  | SaveRequest
  | LoadRequest
  | EditRequest;
