// What the widget keeps in storage (site_assets/js/store.js): the keys,
// declared once, and setting a stored game aside without losing it, with
// a storage that is full or off.
import { test } from "node:test";
import assert from "node:assert/strict";
import { gameKey, playersKey, readStored, writeStored, setAside, computerSides, readJSON, GAME_PREFIX, PLAYERS_PREFIX }
  from "../../site_assets/js/store.js";

/** A storage like the browser's, holding at most ``limit`` characters. */
class Memory {
  constructor(limit = Infinity) { this.map = new Map(); this.limit = limit; }
  getItem(k) { return this.map.has(k) ? this.map.get(k) : null; }
  removeItem(k) { this.map.delete(k); }
  setItem(k, v) {
    const used = [...this.map].reduce((n, [key, val]) => n + (key === k ? 0 : key.length + val.length), 0);
    if (used + k.length + v.length > this.limit) {
      const err = new Error("full");
      err.name = "QuotaExceededError";
      throw err;
    }
    this.map.set(k, String(v));
  }
}

test("the keys: a board's game and its players, by page and board", () => {
  assert.equal(gameKey("/games/oblong-shatranj/", "sharah-ab12-3"), "sharah-game:/games/oblong-shatranj/#sharah-ab12-3");
  assert.equal(playersKey("/games/oblong-shatranj/", "sharah-ab12-3"), "sharah-players:/games/oblong-shatranj/#sharah-ab12-3");
  assert.ok(gameKey("/p/", "u").startsWith(GAME_PREFIX) && playersKey("/p/", "u").startsWith(PLAYERS_PREFIX));
  assert.notEqual(gameKey("/p/", "u-1"), gameKey("/q/", "u-1"));
});

test("writing says why it failed: full, or off", () => {
  const s = new Memory(20);
  assert.equal(writeStored(s, "k", "12345"), null);
  assert.equal(writeStored(s, "k2", "x".repeat(30)), "full");
  assert.equal(readStored(s, "k"), "12345");        // the older entry is left as it was
  assert.equal(writeStored(null, "k", "x"), "off");
  assert.equal(readStored(null, "k"), null);
});

test("a stored game set aside keeps every earlier one; a full store leaves it where it was", () => {
  const s = new Memory();
  const key = gameKey("/p/", "u-1");
  assert.equal(setAside(s, key), "none");
  s.setItem(key, "first");
  assert.equal(setAside(s, key), "moved");
  s.setItem(key, "second");
  assert.equal(setAside(s, key), "moved");
  assert.equal(readStored(s, `${key}:set-aside`), "first");
  assert.equal(readStored(s, `${key}:set-aside-2`), "second");
  assert.equal(readStored(s, key), null);
  const full = new Memory(key.length + 10);
  full.setItem(key, "0123456789");
  assert.equal(setAside(full, key), "stuck");
  assert.equal(readStored(full, key), "0123456789");
});

test("the sides set to the computer, from the players' stored settings, whatever is stored", () => {
  const s = new Memory();
  const key = playersKey("/p/", "u-1");
  s.setItem(key, JSON.stringify({ sides: { white: { player: "human", level: null }, black: { player: "computer", level: 2 } } }));
  assert.deepEqual(computerSides(readJSON(s, key)), ["black"]);
  s.setItem(key, "{not json");
  assert.deepEqual(computerSides(readJSON(s, key)), []);
  for (const odd of [null, 3, "x", [], { sides: 1 }, { sides: { black: { player: "computer" } } }]) {
    assert.deepEqual(computerSides(odd), [], JSON.stringify(odd));
  }
});
