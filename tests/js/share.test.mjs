// A game's address and its record's tags (site_assets/js/share.js), with
// the links the engine writes (tests/js/fixtures.py).
import { test } from "node:test";
import assert from "node:assert/strict";
import { shareURL, linkIn, recordTags, recordDate } from "../../site_assets/js/share.js";
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
