// The widget's own wording (site_assets/js/words.js): written once, from
// the engine's codes and data.
import { test } from "node:test";
import { fixture } from "./fixtures.mjs";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { plural, piecePhrase, pieceOn, notRestored, tooLargeToRestore, boardWords, confirmWords, computerWords,
  recordWords, puzzleWords, analysisWords, engineWords, pageWords, earlyWords } from "../../site_assets/js/words.js";

test("plurals and the piece phrase", () => {
  assert.equal(plural(1, "move", "moves"), "1 move");
  assert.equal(plural(0, "move", "moves"), "0 moves");
  assert.equal(plural(12, "square", "squares"), "12 squares");
  assert.equal(piecePhrase({ side: "white", name: "Knight" }), "white knight");
  assert.equal(piecePhrase({ side: null, name: "Fisher" }), "fisher");
  assert.equal(pieceOn({ side: "black", name: "Aes Sedai" }, "e5"), "The black aes sedai on e5");
  assert.equal(pieceOn(null, "e5"), "The piece on e5");
});

test("a stored game the board could not take: the reason, and what became of the entry", () => {
  const reason = "the saved game is damaged (nested more than 20 deep)";
  assert.equal(notRestored(reason, "moved"),
    `Your saved game on this board could not be restored (${reason}): it was set aside.`);
  assert.equal(notRestored(reason, "stuck"),
    `Your saved game on this board could not be restored (${reason}): it could not be set aside, so this board `
    + "does not save its game (clear the site's data in the browser to start afresh).");
  assert.equal(tooLargeToRestore(150_001, 150_000, "moved"),
    "Your saved game on this board is too large to restore (150,001 characters; at most 150,000): it was set aside.");
});

test("what the board says of a selection, a move played and its actions", () => {
  const knight = { side: "white", name: "Knight" };
  assert.equal(boardWords.selected(knight, "b2", ["a4", "c4"]), "White knight on b2 selected: 2 squares: a4, c4.");
  assert.equal(boardWords.selected(null, "b2", []), "Piece on b2 selected: no move.");
  assert.equal(boardWords.played({ side: "black", name: "Nxc4" }, "b2c4", [boardWords.taken(knight, "c4")]),
    "Black played Nxc4, taking the white knight on c4.");
  assert.equal(boardWords.played(null, "b2c4", []), "Played b2c4.");
  assert.equal(boardWords.diagramPiece(knight, "b2", ["a4", "c4"], ["turn left"]),
    "The white knight on b2 can go to a4, c4; and can turn left.");
  assert.equal(boardWords.kindPicked("Fisher", 1, "d4"),
    "Fisher picked: 1 square to place it. The cursor is on d4: move it with the arrow keys, then press Enter to place the fisher.");
  assert.equal(boardWords.square("e5", null, boardWords.aPlace("Fisher")), "e5, empty, a place for the fisher");
  assert.equal(confirmWords.question(3), "Discard this game (3 moves)?");
  assert.equal(confirmWords.question(0), "Discard this game?");
});

test("the add-ons' sentences, from the engine's codes and data", () => {
  assert.equal(computerWords.player("red", null), "Red human");
  assert.equal(computerWords.player("red", "strong"), "Red computer (strong)");
  assert.equal(computerWords.move("Nc4", { piece: "Knight", from: "b2", to: "c4" }), "the knight from b2 to c4 (Nc4)");
  assert.equal(computerWords.move("F@d4", { drop: "Fisher", to: "d4" }), "a fisher on d4 (F@d4)");
  assert.equal(computerWords.move("pass", { label: "no move is possible: pass" }), "pass (no move is possible: pass)");
  assert.equal(recordWords.where(0, 12), "Start (of 12)");
  assert.equal(recordWords.stepped(3, 12, "Nc4", "Black to move"), "Move 3 of 12: Nc4. Black to move.");
  assert.equal(recordWords.notSaved("this browser's storage for the site is full, so this move is not saved", true),
    "This browser's storage for the site is full, so this move is not saved: your game stays on this board while the "
    + "page is open; to keep it, copy the record (under Record and link) or free some space (the browser's site data).");
  assert.equal(puzzleWords.wrong({ reason: "loses", name: "Qd8", refutation_name: "Kxd8" }, "black"),
    "Qd8 does not win: Black answers Kxd8 and wins. It is taken back: try again.");
  // whose move it is, the status line says: the task does not say it again
  assert.equal(puzzleWords.task("White", "Black", 3, 3, true, false),
    "Win as White in 3 moves, whatever Black does. Hard: only one first move wins.");
  assert.equal(puzzleWords.task("White", "Black", 1, 3, false, true), "1 move left to win.");
  assert.equal(analysisWords.forced("white", -3), "White loses in 2");
  assert.equal(analysisWords.reviewed(4, 60, 12.2), "4 of 60 positions, about 13 s left");
  assert.equal(engineWords.failed(false, "HTTP 404"), "The engine could not start: HTTP 404");
  assert.ok(engineWords.stopped.startsWith(engineWords.stoppedStart) && engineWords.failed(true, "x").startsWith(engineWords.stoppedStart));
  assert.equal(engineWords.retry("The engine stopped answering (nothing for 20 seconds)", true),
    "The engine stopped answering (nothing for 20 seconds). Your game is kept: Retry starts the engine again and puts it back.");
  assert.equal(pageWords.boardsReady(1), "The board on this page is ready.");
  assert.equal(earlyWords.noMove({ side: null, name: "Fisher" }, "e5"), "The fisher on e5 has no move here.");
});

test("a hint names the engine's move in words: the piece, its squares, the move's own words", () => {
  const cases = Object.fromEntries(fixture("hints.json").map((c) => [c.name, c]));
  let labelled = 0;
  for (const c of Object.values(cases)) {
    for (const m of c.moves) {
      const text = computerWords.chosenMove(m, c.pieces, c.hand);
      if (!m.from && !m.drop) {          // a draw offer, a pass: its name and its words
        assert.equal(text, m.label ? `${m.name} (${m.label})` : m.name);
        continue;
      }
      const piece = m.from ? c.pieces[m.from].name.toLowerCase() : null;
      // the words first, the move as the move list writes it after them
      assert.ok(text.endsWith(`(${m.name})`) && !text.startsWith(m.name), `${c.name}: ${text}`);
      if (m.label) { labelled += 1; assert.ok(text.includes(m.label), `${c.name}: ${text}`); }
      if (m.drop) assert.ok(text.startsWith(`a ${c.hand.find((h) => h.kind === m.drop).name.toLowerCase()} on ${m.to}`), text);
      else if (m.from !== m.to) assert.ok(text.startsWith(`the ${piece} from ${m.from} to ${m.to}`), `${c.name}: ${text}`);
      else assert.ok(text.startsWith(`the ${piece} on ${m.from}, `), `${c.name}: ${text}`);
    }
  }
  assert.ok(labelled >= 24, "the fixtures hold moves with words of their own");
  // a Troublemaker's landing: its facing is said, not only "h3g3:sw"
  const landing = cases["surrounds, a turn in place"].moves.find((m) => m.move === "d4d5:sw");
  assert.equal(computerWords.chosenMove(landing, cases["surrounds, a turn in place"].pieces, []),
    "the troublemaker from d4 to d5, face south-west (d4d5:sw)");
  const taking = cases["surrounds"].moves.find((m) => m.move === "b3b4:sw");
  assert.equal(computerWords.chosenMove(taking, cases["surrounds"].pieces, []),
    "the troublemaker from b3 to b4, take the green Aes Sedai, face south-west (b3b4:sw)");
  const turn = cases["surrounds, a turn in place"].moves.find((m) => m.move === "d4d4:e");
  assert.equal(computerWords.chosenMove(turn, cases["surrounds, a turn in place"].pieces, []),
    "the troublemaker on d4, turn to face east (d4d4:e)");
  const pull = cases["surrounds, a pull"].moves.find((m) => m.move === "e4e7+e9e8");
  assert.ok(computerWords.chosenMove(pull, cases["surrounds, a pull"].pieces, []).startsWith("the queen from e4 to e7, "));
});

// A sentence written in a module instead of here: a string or template
// literal that starts with a capital and has a space, handed to what
// speaks to the reader (a hint, an announcement, a status line, a failure).
// update-notice.js runs on every page, boards or not, and imports nothing
// (a page without boards fetches no widget module): its two notices stay there.
const SPEAKS = /\b(?:announce|setHint|say|showNotice|fail|kill|show)\(\s*(["'`])[A-Z][^"'`]* [^"'`]*\1|\.textContent\s*=\s*(["'`])[A-Z][^"'`]* /;
test("the widget's modules leave their sentences to words.js", () => {
  const dir = new URL("../../site_assets/js/", import.meta.url);
  const found = [];
  for (const name of readdirSync(dir).filter((n) => n.endsWith(".js") && n !== "words.js" && n !== "update-notice.js")) {
    readFileSync(new URL(name, dir), "utf8").split("\n").forEach((line, i) => {
      if (!/^\s*(\/\/|\*)/.test(line) && SPEAKS.test(line)) found.push(`${name}:${i + 1}: ${line.trim()}`);
    });
  }
  assert.deepEqual(found, []);
  assert.ok(SPEAKS.test('board.setHint("Your game is saved again.", "explain");'));
  assert.ok(SPEAKS.test("this.say(`Imported: ${n} moves`);"));
  assert.ok(!SPEAKS.test("board.setHint(recordWords.savedAgain, \"explain\");"));
});

// A name written in a module instead of here: a button's, a region's or a
// field's words (an element's text or its aria-label, as a literal that
// starts with a capital letter).
const NAMES = /\bel\(\s*"[\w-]+"\s*,\s*\{[^}]*\}\s*,\s*(["'`])[A-Z]|"aria-label"\s*[:,]\s*(["'`])[A-Z]|\bbutton\(\s*"[\w-]+"\s*,\s*(["'`])[A-Z]/;
test("the widget's modules leave the names of their controls to words.js", () => {
  const dir = new URL("../../site_assets/js/", import.meta.url);
  const found = [];
  for (const name of readdirSync(dir).filter((n) => n.endsWith(".js") && n !== "words.js" && n !== "update-notice.js")) {
    readFileSync(new URL(name, dir), "utf8").split("\n").forEach((line, i) => {
      if (!/^\s*(\/\/|\*)/.test(line) && NAMES.test(line)) found.push(`${name}:${i + 1}: ${line.trim()}`);
    });
  }
  assert.deepEqual(found, []);
  assert.ok(NAMES.test('const b = el("button", { type: "button", "data-x": "y" }, "Copy the record");'));
  assert.ok(NAMES.test('svg.setAttribute("aria-label", "Evaluation graph");'));
  assert.ok(NAMES.test('el("div", { role: "group", "aria-label": "Puzzles" });'));
  assert.ok(NAMES.test('const back = button("prev", "Previous");'));
  assert.ok(!NAMES.test('el("button", { type: "button" }, recordWords.copyRecord);'));
  assert.ok(!NAMES.test('el("span", { class: "x", "aria-hidden": "true" });'));
});
