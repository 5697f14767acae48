"""The bytecode the engine's worker makes on the device and keeps
(site_assets/js/engine-worker.js, pyodide-boot.js; sharah_web/bytecode.py):
made once the visitor has been reading a while, used by the next page
load, and never able to break a page. One page, three loads.

The records test page (tests/browser/pages/records-test.md): board 0 is
Oblong Shatranj without the die; its game is kept in the browser's storage,
so each load also shows that the game survived.
"""

from __future__ import annotations

import json

from .conftest import BOOT_TIMEOUT, ROOT, TEST_DIR, wait_ready
from .helpers import board, engine_round_trip, forget_bytecode, kept_bytecode, play, played, saved_after

PAGE = f"{TEST_DIR}/records-test/"

# The kept cache ``name`` copied whole under ``other`` (the bytecode of
# another engine), then its engine zip garbled (its kept SHA-256 left as it
# was): the SHA-256 of the garbled bytes.
GARBLE = """async ([name, other]) => {
  const cache = await caches.open(name), copy = await caches.open(other);
  for (const request of await cache.keys()) await copy.put(request, await cache.match(request));
  const request = (await cache.keys()).find((r) => /\\/engine-[^/]*\\.zip$/.test(r.url));
  const kept = await cache.match(request);
  const bytes = new Uint8Array(await kept.arrayBuffer());
  for (let i = 100; i < bytes.length; i += 997) bytes[i] ^= 0x5a;
  await cache.put(request, new Response(bytes, { headers: kept.headers }));
  return Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))).join(',');
}"""

# what is kept now: the caches' names, and the SHA-256 of each engine zip kept
NOW_KEPT = """async () => {
  const out = {};
  for (const name of await caches.keys()) {
    if (!name.startsWith('pyc-')) continue;
    const cache = await caches.open(name);
    const request = (await cache.keys()).find((r) => /\\/engine-[^/]*\\.zip$/.test(r.url));
    const bytes = request ? new Uint8Array(await (await cache.match(request)).arrayBuffer()) : null;
    out[name] = bytes && Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))).join(',');
  }
  return out;
}"""


def python(page) -> str:
    return page.evaluate("window.sharahDebug.python")


def zips_fetched(requests) -> list[str]:
    return [u for u in requests if u.split("?")[0].endswith(".zip")]


def test_bytecode_is_made_kept_used_and_never_breaks_a_page(new_page, base_url, built_site):
    page = new_page()
    forget_bytecode(page.context)
    page.goto(base_url + PAGE)
    wait_ready(page)
    fig = board(page)
    assert python(page) == "source"
    assert zips_fetched(page.watch.requests)
    play(fig, "a7", "a8")
    saved_after(page, fig, ["a7a8"])

    # the reader stays: the worker compiles once idle, and keeps both zips
    # in a cache named by the runtime's version and the two zips' names
    name = kept_bytecode(page, BOOT_TIMEOUT / 1000)
    version = json.loads((ROOT / "node_modules" / "pyodide" / "package.json").read_text())["version"]
    stdlib, = (p.name for p in (built_site / "assets" / "pyodide").glob("stdlib-*.zip"))
    engine, = (p.name for p in (built_site / "assets" / "sharah").glob("engine-*.zip"))
    assert name == f"pyc-{version}-{stdlib}-{engine}"

    # the next load boots on it: neither zip fetched, the game restored, a move played
    seen = len(page.watch.requests)
    page.reload()
    wait_ready(page)
    fig = board(page)
    assert python(page) == "bytecode"
    assert zips_fetched(page.watch.requests[seen:]) == []
    assert played(fig) == ["a7a8"]
    play(fig, "d10", "d9")
    saved_after(page, fig, ["a7a8", "d10d9"])

    # a garbled kept engine, and a whole kept cache of another engine: the
    # page boots from source and works, the garbled bytes and the other
    # engine's cache are gone, and the visitor is told nothing
    other = name.replace(engine, "engine-000000000000.zip")
    garbled = page.evaluate(GARBLE, [name, other])
    assert set(page.evaluate(NOW_KEPT)) == {name, other}
    page.reload()
    wait_ready(page)
    fig = board(page)
    assert python(page) == "source"
    kept = page.evaluate(NOW_KEPT)
    assert other not in kept
    assert garbled not in kept.values()
    assert played(fig) == ["a7a8", "d10d9"]
    engine_round_trip(fig)
    assert fig.get_attribute("data-state") == "ready"
    assert page.locator("figure.sharah-board .sharah-failure").count() == 0
    assert page.watch.errors == []
    assert page.watch.foreign == []
