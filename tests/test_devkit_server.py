"""devkit.server.StaticServer, the one static server of the tests and the
benchmarks: what it answers, as a host would, over plain HTTP/1.1."""

from __future__ import annotations

import gzip
import http.client
import re
import threading
import time

import pytest

from devkit.server import Link, StaticServer


@pytest.fixture
def folder(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "index.html").write_text("<p>A</p>", encoding="utf-8")
    (tmp_path / "engine.wasm").write_bytes(b"\0asm" + b"\1" * 5000)
    (tmp_path / "sharah.js").write_text("export const x = 1;\n" * 200, encoding="utf-8")
    (tmp_path / "engine.zip").write_bytes(b"PK" + b"\2" * 300)
    (tmp_path / "page.txt").write_text("plain", encoding="utf-8")
    return tmp_path


def get(server, path, headers=None, method="GET", conn=None):
    conn = conn or http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    conn.request(method, path, headers=headers or {})
    res = conn.getresponse()
    return res, res.read(), conn


def test_types_folders_and_what_is_not_there(folder):
    with StaticServer(folder) as server:
        types = {path: get(server, path)[0].getheader("Content-Type")
                 for path in ("/a/", "/engine.wasm", "/sharah.js", "/engine.zip", "/page.txt")}
        assert types == {"/a/": "text/html; charset=utf-8", "/engine.wasm": "application/wasm",
                         "/sharah.js": "text/javascript", "/engine.zip": "application/zip",
                         "/page.txt": "text/plain; charset=utf-8"}
        res, body, _ = get(server, "/a/?x=1")
        assert (res.status, body) == (200, b"<p>A</p>")
        res, body, _ = get(server, "/a")
        assert (res.status, res.getheader("Location"), body) == (301, "/a/", b"")
        assert get(server, "/nothing.js")[0].status == 404
        assert get(server, "/%2e%2e/etc/passwd")[0].status == 404
        res, body, _ = get(server, "/page.txt", method="HEAD")
        assert (res.status, res.getheader("Content-Length"), body) == (200, "5", b"")


def test_etag_and_last_modified_answer_304_and_a_changed_file_200(folder):
    with StaticServer(folder) as server:
        res, body, conn = get(server, "/sharah.js")
        etag, modified = res.getheader("ETag"), res.getheader("Last-Modified")
        assert etag and modified and body.startswith(b"export")
        # the same connection is kept (HTTP/1.1 keep-alive)
        res, body, _ = get(server, "/sharah.js", {"If-None-Match": etag}, conn=conn)
        assert (res.status, body, res.getheader("ETag")) == (304, b"", etag)
        assert get(server, "/sharah.js", {"If-Modified-Since": modified})[0].status == 304
        assert get(server, "/sharah.js", {"If-None-Match": '"other"'})[0].status == 200
        (folder / "sharah.js").write_text("export const x = 2;\n", encoding="utf-8")
        res, body, _ = get(server, "/sharah.js", {"If-None-Match": etag})
        assert (res.status, body) == (200, b"export const x = 2;\n")
        assert res.getheader("ETag") != etag


def test_gzip_for_text_and_wasm_only_when_asked(folder):
    with StaticServer(folder, gzip=True) as server:
        res, body, _ = get(server, "/engine.wasm", {"Accept-Encoding": "gzip"})
        assert res.getheader("Content-Encoding") == "gzip" and res.getheader("Vary") == "Accept-Encoding"
        assert gzip.decompress(body) == (folder / "engine.wasm").read_bytes()
        assert len(body) < 1000
        res, body, _ = get(server, "/engine.wasm")
        assert res.getheader("Content-Encoding") is None and body == (folder / "engine.wasm").read_bytes()
        res, body, _ = get(server, "/engine.zip", {"Accept-Encoding": "gzip"})
        assert res.getheader("Content-Encoding") is None and body == (folder / "engine.zip").read_bytes()
    with StaticServer(folder) as plain:
        assert get(plain, "/sharah.js", {"Accept-Encoding": "gzip"})[0].getheader("Content-Encoding") is None


def test_headers_cache_control_and_a_switched_folder(folder, tmp_path_factory):
    other = tmp_path_factory.mktemp("other")
    (other / "page.txt").write_text("B", encoding="utf-8")
    with StaticServer(folder, cache_control="no-cache", headers={"Content-Security-Policy": "default-src 'self'"},
                      last_modified=False) as server:
        res, body, _ = get(server, "/page.txt")
        assert res.getheader("Cache-Control") == "no-cache"
        assert res.getheader("Content-Security-Policy") == "default-src 'self'"
        assert res.getheader("Last-Modified") is None and body == b"plain"
        server.folder = other
        assert get(server, "/page.txt")[1] == b"B"
        assert get(server, "/sharah.js")[0].status == 404


def test_a_cut_network_answers_nothing_and_keeps_the_requests(folder):
    with StaticServer(folder) as server:
        server.down = True
        with pytest.raises((http.client.RemoteDisconnected, ConnectionError)):
            get(server, "/page.txt")
        assert server.hits_while_down == ["GET /page.txt HTTP/1.1"]
        server.down = False
        assert get(server, "/page.txt")[1] == b"plain"


def test_a_shaped_link_counts_every_byte_and_holds_each_answer(folder):
    link = Link(10_000, 0)
    with StaticServer(folder, link=link) as server:
        t0 = time.time()
        res, body, _ = get(server, "/engine.wasm")
        sent = link.bytes_between(t0, time.time())
        assert sent["responses"] == 1 and sent["all"] > len(body) == 5004
        assert sent["runtime"] == 0
        link.shape(10_000, 300)
        start = time.monotonic()
        get(server, "/page.txt")
        assert time.monotonic() - start >= 0.3


def test_a_held_request_waits_for_its_release_and_restore_lets_every_one_go(folder):
    with StaticServer(folder) as server:
        engine = server.alter("**/engine.*", hold=True)
        other = server.alter(lambda url: url.endswith("/page.txt?x=1"), hold=True)
        answers = {}

        def fetch(path):
            answers[path] = get(server, path)[:2]
        threads = {p: threading.Thread(target=fetch, args=(p,)) for p in ("/engine.zip", "/page.txt?x=1")}
        for t in threads.values():
            t.start()
        deadline = time.monotonic() + 30
        while not (engine.seen and other.seen) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert engine.seen == [server.url + "engine.zip"] and other.seen == [server.url + "page.txt?x=1"]
        assert get(server, "/sharah.js")[0].status == 200       # not held: answered meanwhile
        assert not answers
        engine.release()
        threads["/engine.zip"].join(30)
        assert answers["/engine.zip"][0].status == 200 and "/page.txt?x=1" not in answers
        assert get(server, "/engine.wasm")[0].status == 200     # released: later ones pass
        assert engine.seen == [server.url + "engine.zip", server.url + "engine.wasm"]
        # a later rule for the same file holds again: the latest rule answers
        again = server.alter("**/engine.zip", hold=True)
        late = threading.Thread(target=fetch, args=("/engine.zip",))
        answers.pop("/engine.zip")
        late.start()
        while not again.seen and time.monotonic() < deadline:
            time.sleep(0.01)
        assert again.seen == [server.url + "engine.zip"] and "/engine.zip" not in answers
        # the end of a test: nothing is left waiting, and no rule stays
        assert server.restore() == [engine, other, again]
        late.join(30)
        assert answers["/engine.zip"][0].status == 200
        threads["/page.txt?x=1"].join(30)
        assert answers["/page.txt?x=1"][1] == b"plain" and server.rules == []


def test_a_rule_fails_once_or_edits_the_bytes_with_their_own_etag(folder):
    with StaticServer(folder, gzip=True) as server:
        server.alter(re.compile(r"/engine\.zip$"), status=503, body="busy", once=True)
        res, body, _ = get(server, "/engine.zip")
        assert (res.status, body) == (503, b"busy")
        assert get(server, "/engine.zip")[0].status == 200
        res, _, _ = get(server, "/sharah.js")
        etag = res.getheader("ETag")
        server.alter("**/sharah.js", edit=lambda raw: raw.replace(b"1", b"2"), delay=0.2)
        start = time.monotonic()
        res, body, _ = get(server, "/sharah.js", {"If-None-Match": etag, "Accept-Encoding": "gzip"})
        assert time.monotonic() - start >= 0.2
        assert res.status == 200 and body == b"export const x = 2;\n" * 200 and res.getheader("ETag") != etag
        edited = res.getheader("ETag")
        assert get(server, "/sharah.js", {"If-None-Match": edited})[0].status == 304
        server.restore()
        res, body, _ = get(server, "/sharah.js", {"If-None-Match": edited})
        assert (res.status, res.getheader("ETag")) == (200, etag)
