// Narrowing the engine's legal moves (site_assets/js/narrow.js): from a
// square to its targets, from two squares to the moves between them (one
// is played, several make a labelled choice), a kind in hand to its
// squares; against the engine's own moves (tests/js/fixtures.py).
import { test } from "node:test";
import assert from "node:assert/strict";
import { MoveIndex } from "../../site_assets/js/narrow.js";
import { fixture } from "./fixtures.mjs";

const cases = fixture("narrow.json");
const byName = Object.fromEntries(cases.map((c) => [c.name, c]));

test("the fixtures hold every way of narrowing", () => {
  const some = (pick) => cases.some(pick);
  assert.ok(some((c) => Object.values(c.between).some((ms) => ms.length > 1)), "a choice between squares");
  assert.ok(some((c) => Object.keys(c.drop_targets).length > 0), "drops");
  assert.ok(some((c) => c.free.length > 0), "a square-less move");
  assert.ok(some((c) => Object.values(c.in_place).some((ms) => ms.length > 0)), "a move in place");
});

for (const c of cases) {
  test(`${c.name}: each piece's targets, the moves between two squares, in place, the drops`, () => {
    const index = new MoveIndex(c.moves);
    for (const [from, targets] of Object.entries(c.targets)) {
      assert.ok(index.canMove(from), from);
      assert.deepEqual(index.targets(from), targets, from);
    }
    // a square with no move of its own has no target
    assert.deepEqual([...index.byFrom.keys()].sort(), Object.keys(c.targets).sort());
    for (const [pair, notations] of Object.entries(c.between)) {
      const [from, to] = pair.split(" ");
      assert.deepEqual(index.between(from, to).map((m) => m.n), notations, pair);
    }
    for (const [from, notations] of Object.entries(c.in_place)) {
      assert.deepEqual(index.inPlace(from).map((m) => m.n), notations, from);
    }
    for (const [kind, squares] of Object.entries(c.drop_targets)) {
      assert.deepEqual(index.dropTargets(kind), squares, kind);
      for (const sq of squares) {
        const here = index.dropsAt(sq, kind);
        assert.ok(here.length >= 1 && here.every((m) => m.drop === kind && m.to === sq), `${kind} on ${sq}`);
      }
    }
    assert.deepEqual(index.free.map((m) => m.n), c.free);
    assert.equal(index.onlyFree(), c.free.length > 0 && c.free.length === c.moves.length);
  });
}

test("a knight on b2: two targets; one move to each is played at once", () => {
  const index = new MoveIndex(byName["oblong, no die"].moves);
  assert.deepEqual([...index.targets("b2")].sort(), ["a4", "c4"]);
  assert.deepEqual(index.between("b2", "c4").map((m) => m.n), ["b2c4"]);
  assert.deepEqual(index.between("b2", "b3"), []);
});

test("several moves between the same squares make a labelled choice, each with its facing", () => {
  const c = cases.find((x) => Object.values(x.between).some((ms) => ms.length > 1
    && x.moves.filter((m) => ms.includes(m.n)).every((m) => typeof m.face === "number")));
  assert.ok(c, "a board whose moves differ by facing");
  const index = new MoveIndex(c.moves);
  const [pair] = Object.entries(c.between).find(([, ms]) => ms.length > 1);
  const [from, to] = pair.split(" ");
  const choice = index.between(from, to);
  assert.ok(choice.length > 1);
  assert.ok(choice.every((m) => typeof m.label === "string" && m.label.length > 0), "every choice has its words");
  assert.equal(new Set(choice.map((m) => m.label)).size, choice.length, "and they differ");
});

test("a kind in hand: the squares it may go to, and with no kind picked, the drops on a square", () => {
  const c = byName["mittner placement"];
  const index = new MoveIndex(c.moves);
  const [kind] = Object.keys(c.drop_targets);
  const sq = c.drop_targets[kind][0];
  assert.ok(index.dropsAt(sq, null).length >= index.dropsAt(sq, kind).length);
  assert.deepEqual(index.dropTargets(null), []);
  assert.deepEqual(index.targets("z99"), []);
});

test("the only move is a pass: it is square-less", () => {
  const index = new MoveIndex(byName["only a pass"].moves);
  assert.equal(index.onlyFree(), true);
  assert.equal(index.byFrom.size, 0);
});
