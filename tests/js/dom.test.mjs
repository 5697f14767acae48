// The DOM helpers that need no document of their own (site_assets/js/dom.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { fragmentTarget } from "../../site_assets/js/dom.js";

test("the element a fragment names: escaped as links write it; none for no fragment or a malformed escape", () => {
  const found = /** @type {any} */ ({ id: "play é" });
  const asked = [];
  const doc = { getElementById: (id) => { asked.push(id); return id === found.id ? found : null; } };
  assert.equal(fragmentTarget("#play%20%C3%A9", doc), found);
  assert.equal(fragmentTarget("#play é", doc), found);
  assert.equal(fragmentTarget("#nowhere", doc), null);
  assert.equal(fragmentTarget("#", doc), null);
  assert.equal(fragmentTarget("", doc), null);
  assert.equal(fragmentTarget("#bad%E0%A4%A", doc), null);
  assert.deepEqual(asked, ["play é", "play é", "nowhere"]);
});
