// @ts-check
// The widget's own wording, in one place: the piece phrase, plurals, and
// every sentence the widget says (hints, announcements, status lines,
// failures), written from the engine's codes and data; the engine's own
// messages (its errors, a position's status) come as they are and are put
// in these; and the names of the widget's controls and regions (a button's
// words, an aria-label), each in its module's group. No DOM
// (tests/js/words.test.mjs fails on a sentence or a name written elsewhere).

import { cap } from "./dom.js";

/** @typedef {import("./types.js").BoardState} BoardState */
/** @typedef {{ side: string | null, name: string }} Named */

/** "3 moves", "1 move". @param {number} n @param {string} one @param {string} many */
export const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

/** A piece as the text names it: "white knight", "fisher" (a neutral piece). @param {Named} p */
export const piecePhrase = (p) => `${p.side ? `${p.side} ` : ""}${p.name.toLowerCase()}`;

/** "The white knight on b2", or "The piece on b2" when nothing is known of it.
 * @param {Named | null | undefined} p @param {string} sq */
export const pieceOn = (p, sq) => (p ? `The ${piecePhrase(p)} on ${sq}` : `The piece on ${sq}`);

/** How a stored game was set aside (store.js: setAside). @typedef {"moved" | "none" | "stuck"} Aside */

/** What became of a stored game the board could not take: ``why`` says
 *  why (a sentence's start), ``aside`` what the storage did with it.
 * @param {string} why @param {Aside} aside */
function setAsideSaying(why, aside) {
  return aside === "stuck"
    ? `${why}: it could not be set aside, so this board does not save its game`
      + " (clear the site's data in the browser to start afresh)."
    : `${why}: it was set aside.`;
}

/** The engine could not restore the stored game (its ``reason``: the open
 *  reply's ``refused``, or the open's error). @param {string} reason @param {Aside} aside */
export const notRestored = (reason, aside) =>
  setAsideSaying(`Your saved game on this board could not be restored (${reason})`, aside);

/** The stored game is longer than the engine reads.
 * @param {number} length @param {number} max @param {Aside} aside */
export const tooLargeToRestore = (length, max, aside) =>
  setAsideSaying(`Your saved game on this board is too large to restore (${length.toLocaleString("en")} `
    + `characters; at most ${max.toLocaleString("en")})`, aside);

// ---- what each part of the widget says (the engine's own messages, its
// ``error``s and ``status``, come as they are and are put in these)

/** The board (board.js): its keyboard help, a selection, a move played, a control's action. */
export const boardWords = {
  /** What the cursor is on. @param {string} sq @param {Named | null | undefined} p @param {string | null} more ", a move"... */
  square: (sq, p, more) => `${sq}, ${p ? piecePhrase(p) : "empty"}${more || ""}`,
  aMove: ", a move",
  /** @param {string} kind the kind picked from the hand */
  aPlace: (kind) => `, a place for the ${kind.toLowerCase()}`,
  /** A diagram's piece: where it can go, what it can do in place.
   * @param {Named | null | undefined} p @param {string} sq @param {string[]} dests @param {string[]} inPlace */
  diagramPiece: (p, sq, dests, inPlace) => `${pieceOn(p, sq)} ${[
    ...(dests.length ? [`can go to ${dests.join(", ")}`] : []),
    ...(inPlace.length ? [`can ${inPlace.join(" or ")}`] : [])].join("; and ")}.`,
  /** @param {string[]} moves */
  diagramMove: (moves) => `${moves.join(" or ")} is a legal move; a diagram only shows it.`,
  /** @param {string} from @param {string} to */
  choicesBetween: (from, to) => `${from} to ${to}:`,
  /** A kind picked from the hand. @param {string} name @param {number} places @param {string | null} cursor (by keyboard) */
  kindPicked: (name, places, cursor) => `${name} picked: ${plural(places, "square", "squares")} to place it.`
    + (cursor ? ` The cursor is on ${cursor}: move it with the arrow keys, then press Enter to place the ${name.toLowerCase()}.` : ""),
  /** @param {string} name */
  kindPutBack: (name) => `${name} put back.`,
  /** @param {string} label @param {number} moves */
  shortcutPlayed: (label, moves) => `${label}: ${plural(moves, "move", "moves")} played.`,
  /** @param {number} moves */
  takenBack: (moves) => `${plural(moves, "move", "moves")} taken back.`,
  diagramLabel: "Diagram. Arrow keys move the cursor; Enter or Space shows where the piece there can go; "
    + "Escape lets go. The position does not change.",
  boardLabel: "Board. Arrow keys move the cursor; Enter or Space picks up a piece and puts it down; Escape cancels.",
  cancelled: "Cancelled.",
  /** The choices for a piece that acts where it stands. @param {Named | null | undefined} p @param {string} sq */
  choicesOf: (p, sq) => `The ${p ? p.name.toLowerCase() : "piece"} on ${sq}:`,
  /** @param {string} sq */
  choicesOn: (sq) => `On ${sq}:`,
  /** @param {Named | null | undefined} p @param {string} sq @param {string[]} dests */
  selected: (p, sq, dests) => `${p ? cap(piecePhrase(p)) : "Piece"} on ${sq} selected: `
    + (dests.length ? `${plural(dests.length, "square", "squares")}: ${dests.join(", ")}.` : "no move."),
  /** What a move did: who played it, what it took ("the white knight on b2", or the square).
   * @param {{ side: string, name: string } | null | undefined} last @param {string} notation @param {string[]} taken */
  played: (last, notation, taken) => (last ? `${cap(last.side)} played ${last.name}` : `Played ${notation}`)
    + (taken.length ? `, taking ${taken.join(" and ")}` : "") + ".",
  /** @param {Named | null | undefined} p @param {string} sq */
  taken: (p, sq) => (p ? `the ${piecePhrase(p)} on ${sq}` : sq),
  /** @param {string[]} labels */
  onlyMove: (labels) => ` The only move now: ${labels.join(" or ")}.`,
  undone: "Move taken back.",
  redone: "Move replayed.",
  restarted: "Back to the start.",
  /** @param {string} side */
  flipped: (side) => `The board is turned: ${side} at the bottom.`,
  /** @param {string} status */
  newGame: (status) => `New game. ${status}.`,
  confirmRestart: "Yes, start again",
  confirmNewGame: "Yes, new game",
  tryAgain: "Try again",
  cancelChoice: "Cancel",
  /** The layer of choices drawn on the board. @param {string | null} from @param {string | null} to */
  chooseOnBoard: (from, to) => `Choose on the board: ${from} to ${to}`,
};

/** Asking before a game is discarded (panels.js). */
export const confirmWords = {
  label: "Discard this game?",
  /** @param {number} moves */
  question: (moves) => `Discard this game${moves ? ` (${plural(moves, "move", "moves")})` : ""}?`,
  keep: "No, keep it",
  kept: "The game is kept.",
};

/** The computer opponent (computer.js). */
export const computerWords = {
  /** @param {string} side @param {string | null} level the computer's level, or null: a human */
  chosen: (side, level) => (level === null ? `${cap(side)}: human.` : `${cap(side)}: the computer, ${level} level.`),
  /** @param {number} depth @param {number} nodes */
  progress: (depth, nodes) => ` (depth ${depth}, ${nodes.toLocaleString("en")} positions)`,
  /** A move as a hint names it: in words (the piece, its squares, the
   * move's own words: a facing, a pull...), then the move as the move list
   * writes it. @param {string} name @param {{ drop?: string, piece?: string, from?: string | null, to?: string | null, label?: string }} what */
  move: (name, what) => {
    const piece = what.piece && what.from ? what.piece.toLowerCase() : null;
    const does = what.drop && what.to ? `a ${what.drop.toLowerCase()} on ${what.to}`
      : piece && what.to && what.to !== what.from ? `the ${piece} from ${what.from} to ${what.to}`
        : piece ? `the ${piece} on ${what.from}` : null;
    if (!does) return what.label ? `${name} (${what.label})` : name;
    return `${does}${what.label ? `, ${what.label}` : ""} (${name})`;
  },
  /** The engine's chosen move (a hint reply: session.chosen_move) in words,
   * with the board's pieces and hand naming what moves.
   * @param {{ name: string, drop?: string | null, from?: string | null, to?: string | null, label?: string }} m
   * @param {Record<string, { name: string }>} pieces @param {{ kind: string, name: string }[]} hand */
  chosenMove: (m, pieces, hand) => {
    const piece = m.from ? pieces[m.from] : null;
    const item = m.drop ? hand.find((h) => h.kind === m.drop) : null;
    return computerWords.move(m.name, { drop: m.drop ? (item ? item.name : m.drop) : undefined,
      piece: piece ? piece.name : undefined, from: m.from, to: m.to, label: m.label });
  },
  playsOn: "The computer plays on.",
  paused: "Paused.",
  resumed: "Resumed.",
  /** @param {string} side @param {string} move */
  hint: (side, move) => `Hint: ${cap(side)} could play ${move}.`,
  /** @param {string} side @param {string} level */
  thinking: (side, level) => `${cap(side)} (the computer, ${level}) is thinking…`,
  lookingForHint: "Looking for a hint…",
  waits: "The computer waits: there are moves to redo. Redo replays them; Play on lets the computer play from here.",
  playOn: "Play on",
  resume: "Resume",
  pause: "Pause",
  hintButton: "Hint",
  between: "Between moves:",
  /** The pause between the computer's moves, in words. @param {number} ms */
  delay: (ms) => (ms === 0 ? "no pause" : ms === 500 ? "half a second" : plural(ms / 1000, "second", "seconds")),
  playersTitle: "Players",
  human: "Human",
  /** A computer level in the players' choice. @param {string} label */
  level: (label) => `Computer: ${label}`,
  undoWatching: "Undo pauses the game and takes back one move.",
  undoPlaying: "Against the computer, Undo takes back your last move and the computer's answer.",
  /** @param {string} side @param {string | null} level the computer's level, or null: a human */
  player: (side, level) => (level === null ? `${cap(side)} human` : `${cap(side)} computer (${level})`),
  /** @param {string[]} who */
  players: (who) => `Players: ${who.join(", ")}`,
};

/** Saving, records, links and stepping through a game (records.js). */
export const recordWords = {
  title: "Record and link",
  copyRecord: "Copy the record",
  copyLink: "Copy a link to this game",
  importButton: "Import a record",
  pasteLabel: "Paste a record (moves are checked one by one):",
  doImport: "Import",
  cancelImport: "Cancel",
  tabs: "This game in another tab",
  whichTab: "Another tab saved a game on this board. Which one goes on?",
  keepThisTab: "Keep this tab's game",
  takeOtherTab: "Take the other tab's game",
  replay: "Replay: step through the game",
  toStart: "Go to the start",
  backOne: "Back one move",
  forwardOne: "Forward one move",
  toLast: "Go to the last move",
  playHere: "Play from here",
  lookingBack: "Looking back: a move here starts a variation. ",
  movesList: "Moves: click one to see the game after it; arrow keys step through the game",
  /** Why the game could not be saved (a sentence's start), and the way out.
   * @param {string} why @param {boolean} store the browser's storage refused it */
  notSaved: (why, store) => `${cap(why)}: your game stays on this board while the page is open; `
    + (store ? "to keep it, copy the record (under Record and link) or free some space (the browser's site data)."
      : "the copy saved before stays in this browser."),
  /** @param {string} error */
  noLongerKept: (error) => `this game can no longer be kept in this browser (${error})`,
  oldStuck: "the old saved game could not be set aside, so this game is not saved",
  storageFull: "this browser's storage for the site is full, so this move is not saved",
  storageOff: "this browser does not let the page save games (its storage is off), so this move is not saved",
  theRecord: "The game's record (paste it into any board of this game with Import a record):",
  theLink: "A link to this game (whoever opens it sees the game on this board):",
  back: "Your game is back where you left it.",
  savedAgain: "Your game is saved again.",
  otherTab: "This game was changed in another tab: this tab no longer saves it until you choose.",
  keptThisTab: "This tab's game is saved (the other tab is told).",
  tookOtherTab: "The other tab's game is on the board.",
  copied: "Copied to the clipboard.",
  notCopied: "The browser did not let the page copy it: it is selected below, copy it with Ctrl+C (or ⌘C).",
  /** @param {string} error */
  noRecord: (error) => `No record: ${error}`,
  /** @param {string} error */
  noLink: (error) => `No link: ${error}`,
  pasteFirst: "Paste a record first.",
  reading: "Reading the record…",
  /** @param {string} error */
  notImported: (error) => `This record cannot be imported: ${cap(error)}. Your game is unchanged.`,
  importReplaces: "Importing replaces the game on this board.",
  confirmImport: "Yes, import",
  /** @param {number} moves */
  imported: (moves) => `Imported: ${plural(moves, "move", "moves")}. Step through them with the buttons above the move list`,
  /** @param {string} status */
  importedSaid: (status) => `Record imported. ${status}.`,
  /** @param {string} error */
  linkNotLoaded: (error) => `The game in the link could not be loaded: ${error}. Your game here is unchanged.`,
  linkLoaded: "The game from the link is on the board.",
  linkComing: "The game from the link comes onto this board once the engine has started.",
  linkOther: "The link holds another game than the one on this board. Load it instead of yours?",
  confirmLink: "Yes, load the link's game",
  /** @param {number} ply @param {number} total */
  where: (ply, total) => (ply === 0 ? `Start (of ${total})` : `Move ${ply} of ${total}`),
  /** Where a step through the game went: the move there (its name), and what the position says.
   * @param {number} ply @param {number} total @param {string | null} name @param {string} status */
  stepped: (ply, total, name, status) => (name ? `Move ${ply} of ${total}: ${name}. ${status}.` : `The start. ${status}.`),
  /** @param {string | null} name @param {string} status @param {string} startStatus */
  went: (name, status, startStatus) => (name ? `After ${name}. ${status}.` : `The start. ${startStatus}.`),
  promoted: "The variation is promoted one level.",
  madeMain: "The variation is the main line now.",
  deleted: "The variation is deleted.",
  /** @param {number} later */
  replaces: (later) => `Your next move here replaces the ${plural(later, "later move", "later moves")} `
    + "(Redo brings them back until then).",
};

/** The position editor (editor.js). */
export const editorWords = {
  toggle: "Edit position",
  title: "Edit position",
  panel: "Position editor",
  palette: "Pieces to put on the board",
  help: "Pick a piece, then click squares to put it there; click a square again to take it off.",
  clearSquare: "Clear square",
  neutral: "Neutral",
  clearBoard: "Clear board",
  startPosition: "Start position",
  positionText: "Position text",
  textHelp: "The same text a page's board takes. Edit it and press Enter (or Apply text).",
  applyText: "Apply text",
  playButton: "Play from here",
  cancel: "Cancel",
  /** A piece put on a square, or taken off it. @param {string} name @param {string} sq @param {boolean} off */
  put: (name, sq, off) => (off ? `${name} taken off ${sq}.` : `${name} on ${sq}.`),
  /** @param {string} label @param {string} value */
  field: (label, value) => `${label}: ${value || "none"}.`,
  cleared: "The board is cleared.",
  started: "The start position is set up.",
  opened: "Edit mode: pick a piece, then squares.",
  closed: "Edit mode closed: the game is as it was.",
  /** @param {string} status */
  newGame: (status) => `New game from this position. ${status}.`,
  confirmPlay: "Yes, play from here",
  textRead: "The position text is read.",
  pickFirst: "Pick a piece (or Clear square) first, then the square.",
  nothingPicked: "Nothing picked.",
  /** @param {string | undefined} name */
  picked: (name) => `${name} picked: move the cursor with the arrow keys, Enter puts it down.`,
  playable: "This position can be played.",
  problems: "Before play can start:",
};

/** The puzzles (puzzles.js). */
export const puzzleWords = {
  nav: "Puzzles",
  previous: "Previous",
  random: "Random",
  next: "Next",
  winIn: "Win in ",
  anyDepth: "Any",
  /** A puzzle's depth in the choice. @param {number} n */
  moves: (n) => plural(n, "move", "moves"),
  link: "Link to this puzzle",
  /** The task: the solver and the other side, the moves left to win, the
   * puzzle's depth. Whose move it is, the status line under it says.
   * @param {string} side @param {string} other @param {number} left @param {number} depth @param {boolean} hard
   * @param {boolean} solvedBefore */
  task: (side, other, left, depth, hard, solvedBefore) => (left === depth
    ? `Win as ${side} in ${depth === 1 ? "1 move" : `${depth} moves`}, whatever ${other} does.`
      + `${hard ? " Hard: only one first move wins." : ""}${solvedBefore ? " (solved before)" : ""}`
    : `${left === 1 ? "1 move" : `${left} moves`} left to win.`),
  /** @param {number} i @param {number} n @param {string | number} depth "any", or the depth chosen */
  where: (i, n, depth) => `Puzzle ${i} of ${n}${depth === "any" ? "" : ` (win in ${depth})`}. `,
  /** A wrong move, by the engine's reason (a code) and data.
   * @param {{ reason?: string, name: string, refutation_name?: string, result?: string }} r @param {string} other the other side */
  wrong: (r, other) => (r.reason === "loses"
    ? `${r.name} does not win: ${cap(other)} answers ${r.refutation_name} and wins. It is taken back: try again.`
    : r.reason === "holds"
      ? `${r.name} does not win by force: after ${r.refutation_name} there is no forced win left. It is taken back: try again.`
      : r.reason === "ends" ? `${r.name} ends the game without a win (${r.result}). It is taken back: try again.`
        : `${r.name} is not this puzzle's line, and the engine could not prove quickly that it wins. It is taken back: try another move.`),
  progressLost: "Your puzzle progress in this browser could not be read: it was set aside, and counting starts again.",
  /** @param {number} solved @param {number} all @param {number} streak @param {number} best */
  score: (solved, all, streak, best) => `Solved here: ${solved} of ${all}. Streak: ${streak} (best ${best}).`,
  /** @param {string} move @param {string} side @param {string | undefined} reply */
  right: (move, side, reply) => `Right: ${move}. ${cap(side)} answers ${reply}, the most stubborn defence. Find the next move.`,
  /** The verdict on the last move (the status line says the game's result). @param {string} move */
  solved: (move) => `Solved with ${move}.`,
  /** @param {string} number */
  noSuchPuzzle: (number) => `There is no puzzle ${number} on this page: here is the first one.`,
};

/** The analysis and the review (analysis.js). */
export const analysisWords = {
  toggle: "Analysis",
  panel: "Analysis",
  reviewButton: "Review the game",
  readIt: "Read it",
  bestMoves: "The engine's best moves: play one",
  /** @param {string} move */
  play: (move) => `Play ${move}`,
  reviewPanel: "Review of the game",
  reviewProgress: "Review progress",
  cancel: "Cancel",
  cancelledSuffix: " (cancelled)",
  markedMoves: "Marked moves",
  graph: "Evaluation graph: arrow keys choose a move, Enter goes to it",
  thinking: "thinking…",
  /** The engine's evaluation in words, and whether it averages over the die. @param {string} text @param {boolean} chance */
  evaluationText: (text, chance) => text + (chance ? " (average over the die's rolls)" : ""),
  /** @param {number} depth @param {boolean} thinking */
  depth: (depth, thinking) => (thinking ? `depth ${depth}, looking deeper…` : `depth ${depth}`),
  /** A forced result in moves. @param {string} side @param {number} winIn plies (positive: ``side`` wins) */
  forced: (side, winIn) => `${cap(side)} ${winIn > 0 ? "wins" : "loses"} in ${Math.ceil(Math.abs(winIn) / 2)}`,
  /** @param {number} done @param {number} total @param {number | null} left seconds left, or null */
  reviewed: (done, total, left) => `${done} of ${total} positions${left === null ? "" : `, about ${Math.ceil(left)} s left`}`,
  /** The moves the review could not judge (its search did not look deep enough). @param {number} n */
  unjudged: (n) => (n ? `; ${plural(n, "move", "moves")} not judged (the search did not look deep enough)` : ""),
  /** @param {number} ply @param {string} move @param {string} mark @param {string} best */
  marked: (ply, move, mark, best) => `${ply}. ${move}: ${mark} (better: ${best})`,
  /** @param {number} ply */
  graphAt: (ply) => (ply ? `after move ${ply}` : "the start"),
  /** @param {string} line @param {boolean} chance */
  line: (line, chance) => (line ? `Line: ${line}${chance ? " (to the next roll)" : ""}` : ""),
  stillThinking: "The analysis is still thinking.",
  over: "The game is over: nothing to analyse.",
  /** @param {string} side @param {string} text @param {number} depth @param {string} line */
  evaluation: (side, text, depth, line) => `Evaluation for ${side}: ${text}, depth ${depth}.${line ? ` Line: ${line}.` : ""}`,
  reviewDone: "The review is done.",
  reviewCancelled: "Review cancelled.",
  /** @param {number} ply @param {string | undefined} move */
  after: (ply, move) => (ply ? `After move ${ply}, ${move}.` : "The start."),
};

/** The build's early answer when the engine's differs (early.js): the page was built with older rules. */
export const earlyWords = {
  /** @param {string} move */
  playedEarly: (move) => `${move} played`,
  /** @param {string} [played] */
  waking: (played) => `${played ? `${played}. ` : ""}The computer is waking up…`,
  /** @param {string} played */
  waiting: (played) => `${played}. Waiting for the engine…`,
  /** @param {string} from @param {string} to */
  notAMove: (from, to) => `${from} to ${to} is not a move here.`,
  /** @param {Named} p @param {string} from */
  noMove: (p, from) => `${pieceOn(p, from)} has no move here.`,
  shownNow: "This page was built with older rules: the engine's answer is shown now.",
  /** @param {string} move */
  played: (move) => `This page was built with older rules: the engine checked your move ${move} and played it.`,
  /** @param {string} move */
  refused: (move) => `This page was built with older rules: the engine does not allow ${move} here. `
    + "Its board is shown: make your move again.",
};

/** The engine failing (engine.js, recover.js, sharah.js). */
export const engineWords = {
  stoppedStart: "The engine stopped",
  stopped: "The engine stopped working: it met an error of its own (the details are in the browser's console).",
  damaged: "The engine could not start: its files are damaged or incomplete (the details are in the browser's console).",
  /** @param {number} seconds */
  silent: (seconds) => `The engine stopped answering (nothing for ${seconds} seconds)`,
  /** What a request met by the failure answers (the failure box says the rest). @param {boolean} wasUp */
  brief: (wasUp) => (wasUp ? "the engine stopped working" : "the engine could not start"),
  /** Why the engine failed, before it was up or after. @param {boolean} wasUp @param {string} why */
  failed: (wasUp, why) => (wasUp ? `The engine stopped working: ${why}` : `The engine could not start: ${why}`),
  /** @param {number} seconds */
  slowBoot: (seconds) => `The engine did not start within ${seconds} seconds.`,
  /** @param {number} page @param {number | string} engine */
  otherVersion: (page, engine) => `This page and its engine are from different versions of the site (protocol ${page}, `
    + `engine ${engine}): reload the page; if this stays, clear the browser's cache for this site.`,
  workerStopped: "The engine stopped working: its worker was stopped.",
  /** The failure box: what failed, and what Retry does. @param {string} message @param {boolean} game a game is kept */
  retry: (message, game) => `${message.replace(/\.?$/, ".")} `
    + (game ? "Your game is kept: Retry starts the engine again and puts it back." : "Retry starts the engine again."),
  retryButton: "Retry",
  starting: "Starting…",
  pageOlder: "This page is from another version of the site than its scripts: reload the page.",
  /** @param {string} why */
  boardFailed: (why) => `This board could not start: ${why}`,
};

/** The page around the boards (ready.js, playview.js). */
export const pageWords = {
  boardReady: "The board is ready.",
  /** @param {number} n */
  boardsReady: (n) => (n === 1 ? "The board on this page is ready." : `The ${n} boards on this page are ready.`),
  playView: "Play view",
  backToPage: "Back to the page",
  loupeLabel: "Magnified squares: tap one to pick it",
  loupeSay: "Tap the square to pick it",
  loupeCancel: "Cancel",
  playViewOn: "Play view: the board fills the screen. Back to the page, or Escape, returns.",
  /** @param {string} sq */
  loupe: (sq) => `Tap the square to pick it (${sq} ringed)`,
};
