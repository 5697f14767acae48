// The build's early answers (site_assets/js/answers.js): a page's file
// unpacked is each board's answer as the engine made it; each move's
// effects, applied to the drawing of the position, give the drawing of
// the position the engine reaches (tests/js/fixtures.py); a damaged or
// tampered file draws nothing it should not.
import { test } from "node:test";
import assert from "node:assert/strict";
import { unpack, valid, checkLook, effectsOf, applyEffects, nextToMove, squareAt, gridSquares, pageKey }
  from "../../site_assets/js/answers.js";
import { fixture } from "./fixtures.mjs";

const { drawings, pages } = fixture("early.json");
const canonical = (look) => JSON.stringify(look);

test("a page's file unpacks to each of its boards' answers, as the engine made them", () => {
  assert.ok(pages.length >= 3);
  for (const { page, file, answers } of pages) {
    const out = unpack(JSON.parse(JSON.stringify(file)));
    assert.deepEqual(out, answers);
    // the file's name, as the build names it (early.py: page_key)
    for (const uid of Object.keys(answers)) assert.equal(pageKey(uid), page);
  }
});

test("every move's effects draw the position the engine reaches", () => {
  let moves = 0;
  for (const { answers, boards } of pages) {
    for (const [uid, answer] of Object.entries(answers)) {
      const { before, changes, to_move_after: next } = boards[uid];
      const index = new Map(drawings.map((d, i) => [d, i]));
      const drawn = (look) => index.get(canonical(answer.looks[look]));
      const start = new Map(Object.entries(before));
      assert.equal(answer.fx.length, changes.length, uid);
      for (let i = 0; i < changes.length; i++) {
        const want = new Map(start);
        for (const [sq, d] of Object.entries(changes[i])) { if (d === null) want.delete(sq); else want.set(sq, d); }
        const got = applyEffects(start, effectsOf(answer, i), drawn);
        assert.ok(got, `${uid} ${answer.state.moves[i].n}: the effects apply`);
        assert.deepEqual(new Map([...got].sort()), new Map([...want].sort()), `${uid} ${answer.state.moves[i].n}`);
        assert.equal(nextToMove(answer, i), next[i], `${uid} ${answer.state.moves[i].n}: who moves next`);
        moves += 1;
      }
    }
  }
  assert.ok(moves > 1000, `${moves} moves`);
});

test("every kind of effect is in the fixtures", () => {
  const seen = new Set();
  for (const { answers } of pages) {
    for (const answer of Object.values(answers)) {
      answer.fx.forEach((fx, i) => {
        if (fx === 0) seen.add(answer.state.moves[i].drop ? "drop" : "plain");
        else if (fx[0] === 1) seen.add("plain and more");
        for (const e of effectsOf(answer, i)) seen.add(e[0]);
      });
    }
  }
  assert.deepEqual([...seen].sort(), ["c", "drop", "p", "plain", "plain and more", "r", "s"]);
});

test("effects that do not fit the picture are refused, not drawn", () => {
  const pic = new Map([["a1", 0]]);
  assert.equal(applyEffects(pic, [["s", "b2", "b3"]], () => 1), null);     // nothing on b2
  assert.equal(applyEffects(pic, [["p", "a1", 3]], () => 1), null);        // a1 is taken
  assert.equal(applyEffects(pic, [["x", "a1"]], () => 1), null);           // no such effect
  assert.deepEqual([...applyEffects(pic, [["s", "a1", "a2"], ["c", "a2", 5]], (l) => l * 10)], [["a2", 50]]);
  assert.deepEqual([...pic], [["a1", 0]]);                                 // the picture given is left as it was
});

test("a tap's place on the drawing is the square there", () => {
  const answer = Object.values(pages[0].answers)[0];
  const [w, h] = answer.grid;
  const squares = gridSquares(answer);
  assert.equal(squares.length, w * h);
  assert.equal(squareAt(answer, { x: 0.01, y: 0.01 }), squares[0]);
  assert.equal(squareAt(answer, { x: 0.99, y: 0.99 }), squares[w * h - 1]);
  assert.equal(squareAt(answer, { x: 1.2, y: 0.5 }), null);
});

test("the renderer's drawings pass the check; a tampered one does not", () => {
  const looks = pages.flatMap((p) => p.file.looks);
  assert.ok(looks.length > 10 && looks.every(checkLook));
  const [tag, attrs, ...kids] = looks[0];
  assert.equal(checkLook([tag, { ...attrs, onload: "alert(1)" }, ...kids]), false);
  assert.equal(checkLook([tag, attrs, ["image", { href: "x.png" }]]), false);
  assert.equal(checkLook([tag, attrs, ["circle", { r: "4", onerror: "steal()" }]]), false);
  assert.equal(checkLook([tag, attrs, ["script", {}]]), false);
  assert.equal(checkLook([tag, attrs, "<img src=x onerror=alert(1)>"]), false);
  assert.equal(checkLook('<g onload="alert(1)">'), false);
});

test("an answer that is not whole, or draws what the renderer never writes, is left out", () => {
  const { file } = pages.find((p) => Object.values(p.file.boards).some((a) => a.looks.length));
  const uid = Object.keys(file.boards).find((u) => file.boards[u].looks.length);
  const copy = () => JSON.parse(JSON.stringify(file));
  const lost = copy();
  lost.boards[uid].fx.pop();
  assert.ok(!(uid in unpack(lost)));
  const tampered = copy();
  tampered.looks[tampered.boards[uid].looks[0]] = ["g", { onload: "alert(1)" }];
  assert.ok(!(uid in unpack(tampered)));
  const grid = copy();
  grid.boards[uid].grid[2] = "a1 b1";
  assert.ok(!(uid in unpack(grid)));
  const hint = copy();
  hint.boards[uid].hint = ["50%", 0.5, 0.15];
  assert.ok(!(uid in unpack(hint)));
  assert.ok(uid in unpack(copy()));
  assert.equal(unpack(null), null);
  assert.equal(unpack({ boards: {} }), null);
  assert.equal(valid({ state: {} }), false);
});
