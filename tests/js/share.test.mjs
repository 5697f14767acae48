// A game's address and its record's tags (site_assets/js/share.js), with
// the links the engine writes (tests/js/fixtures.py).
import { test } from "node:test";
import assert from "node:assert/strict";
import { shareURL, linkIn, recordTags, recordDate, linkTarget, linkBoard, MAX_LINK } from "../../site_assets/js/share.js";
import { fixture } from "./fixtures.mjs";

const links = fixture("links.json");

test("an engine's link goes into the page's address, and comes back out of it whole", () => {
  assert.ok(links.length >= 3);
  for (const { link } of links) {
    const url = new URL(shareURL({ origin: "https://example.org", pathname: "/games/x/" }, link));
    assert.equal(url.origin + url.pathname, "https://example.org/games/x/");
    assert.equal(linkIn(url), url.hash);
    assert.equal(decodeURIComponent(linkIn(url)), decodeURIComponent(`#${link}`));
  }
  assert.equal(linkIn({ origin: "o", pathname: "/", hash: "" }), null);
  assert.equal(linkIn({ origin: "o", pathname: "/", hash: "#" }), null);
});

test("a record's tags: where and when, as a record writes a date", () => {
  const tags = recordTags({ origin: "https://example.org", pathname: "/games/x/" }, new Date(2026, 0, 5));
  assert.deepEqual(tags, { Site: "https://example.org/games/x/", Date: "2026.01.05" });
  assert.equal(recordDate(new Date(2026, 10, 27)), "2026.11.27");
});

test("a link names the board and the game the engine reads back from it, from the address as it comes", () => {
  for (const { link, board, variant } of links) {
    assert.deepEqual(linkTarget(link), { board, variant });
    const url = new URL(shareURL({ origin: "https://example.org", pathname: "/games/x/" }, link));
    assert.deepEqual(linkTarget(/** @type {string} */ (linkIn(url))), { board, variant });
  }
  assert.ok(links.some((l) => l.link.includes("%")), "a board's name the link escapes");
});

const BOARDS = [{ uid: "u1", variant: "sharah-mittner" }, { uid: "u2", variant: "oblong-shatranj" },
  { uid: "u3", variant: "oblong-shatranj" }];

test("which of the page's game boards a link is for", () => {
  const cases = [
    ["#game=1;v=oblong-shatranj;o=die:false;m=b5b6;b=u3", "u3"],     // the board it names
    ["game=1;v=oblong-shatranj;o=die:false;m=b5b6;b=gone", "u2"],    // else the first of its game
    ["#game=1;v=oblong-shatranj;m=", "u2"],
    ["#game=1;v=scheherazade;m=", "u1"],                             // else the first game board
    ["#game=1;b=u%33", "u3"],                                        // escaped as a link escapes it
    ["#game=1;b=u2;b=u3", "u2"],                                     // a part given twice: the first
    ["#game=1;b=u%zz;v=sharah-mittner", "u1"],                      // a broken escape stays as it is
    ["#game=2;v=oblong-shatranj", "u2"],     // another format: its board says why it cannot load it
    ["#rules", null], ["", null], ["#", null], ["#game", null],       // not a game link
  ];
  for (const [link, target] of cases) assert.equal(linkBoard(link, BOARDS), target, link);
  assert.equal(linkBoard("#game=1;v=scheherazade", []), null);      // a page without game boards
  for (const { link, uid } of links) {
    assert.equal(linkBoard(link, [...BOARDS, { uid, variant: "x" }]), uid);
  }
});

test("a link too long for the engine still has its board, read from as much as the engine reads", () => {
  const long = "#game=1;b=u3;v=scheherazade;m=" + "e3e4,".repeat(5000);
  assert.ok(long.length > MAX_LINK);
  assert.equal(linkBoard(long, BOARDS), "u3");
  const late = "#game=1;v=oblong-shatranj;m=" + "e3e4,".repeat(5000) + ";b=u3";
  assert.equal(linkBoard(late, BOARDS), "u2");     // its name past what is read: the first of its game
});
