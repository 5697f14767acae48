// The widget's own wording (site_assets/js/words.js): written once, from
// the engine's codes and data.
import { test } from "node:test";
import assert from "node:assert/strict";
import { plural, piecePhrase, pieceOn, notRestored, tooLargeToRestore } from "../../site_assets/js/words.js";

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
