"""The one static server for the built site, on 127.0.0.1: what the tests
(tests/browser/conftest.py), the benchmark (bench.py) and the arrival
benchmark (arrival.py) serve the site with.

It does what common static hosts do: a MIME type by file extension
(``TYPES``), an ``ETag`` (a hash of the content) and ``Last-Modified`` with
every file, 304 for a matching ``If-None-Match`` (or, without one, an
``If-Modified-Since`` not older than the file), a redirect from a folder's
address without its slash, ``index.html`` for a folder, HTTP/1.1 with
keep-alive (a browser opens at most six connections to one host, and its
requests queue behind each other on them: the arrival figures depend on
it). On demand:

- ``gzip``: text, JavaScript, JSON, SVG and wasm sent gzipped to a browser
  that accepts it (each file compressed once);
- ``cache_control``: a ``Cache-Control`` header with every answer (e.g.
  ``"no-cache"``, as the README's "Deploying" asks of a host); ``headers``:
  more headers with every answer (a ``Content-Security-Policy``);
- ``link``: a shaped link (``Link``): one rate shared by every connection
  and a delay before each answer, with a log of every byte sent;
- ``down``: the network cut: every request is read and its connection
  closed unanswered (the requests are kept in ``hits_while_down``);
- ``folder`` may be switched while serving (a host moving to a new build);
- ``alter(match, ...)``: the requests whose address ``match`` accepts are
  answered otherwise than from the folder (a ``Rule``): held until the
  rule is released, late, failed with a status, or with the file's bytes
  edited; ``restore()`` releases and removes every rule. The tests hold
  and alter requests here rather than in the browser (Playwright's routes
  turn a context's HTTP cache off, and with it the compiled WebAssembly).

    with StaticServer(site, port) as server:      # port 0: any free port
        ... server.url ...
"""

from __future__ import annotations

import email.utils
import gzip as gzip_module
import hashlib
import http.server
import re
import sys
import threading
import time
from pathlib import Path
from urllib.parse import unquote, urlsplit

TYPES = {
    ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".mjs": "text/javascript",
    ".css": "text/css", ".json": "application/json", ".wasm": "application/wasm",
    ".zip": "application/zip", ".svg": "image/svg+xml", ".png": "image/png",
    ".ico": "image/x-icon", ".woff2": "font/woff2",
    ".xml": "application/xml", ".gz": "application/gzip", ".txt": "text/plain; charset=utf-8",
    ".webmanifest": "application/manifest+json", ".map": "application/json",
    ".py": "text/plain; charset=utf-8", ".md": "text/plain; charset=utf-8",
}
GZIP_TYPES = ("text/", "application/javascript", "application/json", "application/wasm",
              "application/manifest+json", "image/svg+xml", "application/xml")
CHUNK = 16 * 1024


class Link:
    """A shaped link: one rate shared by every connection (bytes leave one
    after the other, whatever the connection) and a delay before each
    answer (the round trip); a log of every byte sent, ``sent``: (epoch s,
    bytes, path, status)."""

    def __init__(self, mbit: float, delay_ms: float):
        self.lock = threading.Lock()
        self.free_at = 0.0
        self.sent: list[tuple[float, int, str, int]] = []
        self.shape(mbit, delay_ms)

    def shape(self, mbit: float, delay_ms: float) -> None:
        self.rate = mbit * 1e6 / 8          # bytes per second
        self.delay = delay_ms / 1000

    def send(self, wfile, data: bytes, path: str, status: int) -> None:
        for i in range(0, len(data), CHUNK):
            part = data[i:i + CHUNK]
            with self.lock:
                start = max(time.monotonic(), self.free_at)
                self.free_at = start + len(part) / self.rate
                until = self.free_at
            pause = until - time.monotonic()
            if pause > 0:
                time.sleep(pause)
            with self.lock:
                self.sent.append((time.time(), len(part), path, status))
            wfile.write(part)

    def bytes_between(self, t0: float, t1: float) -> dict:
        """Bytes sent between two epoch times: all, the runtime's
        (``assets/pyodide/``), the runtime's in 200 answers, and the number
        of distinct answers."""
        with self.lock:
            sent = [s for s in self.sent if t0 <= s[0] <= t1]
        return {"all": sum(s[1] for s in sent),
                "runtime": sum(s[1] for s in sent if s[2].startswith("assets/pyodide/")),
                "runtime_200": sum(s[1] for s in sent if s[2].startswith("assets/pyodide/") and s[3] == 200),
                "responses": len({(s[2], s[3]) for s in sent})}


def glob_match(pattern: str):
    """A test of an address by a glob as Playwright writes them: ``**``
    any characters, ``*`` any but ``/``; the rest is itself
    (``"**/assets/sharah/js/board.js*"``)."""
    parts = re.split(r"(\*\*|\*)", pattern)
    regex = re.compile("".join(".*" if p == "**" else "[^/]*" if p == "*" else re.escape(p) for p in parts))
    return lambda url: regex.fullmatch(url) is not None


class Rule:
    """How the server answers the requests whose address ``match`` accepts
    (``match(url)``: the address as the browser asked it, its query
    included, at ``StaticServer.url``; a glob string is read by
    ``glob_match``; a compiled regex is searched), in place of the
    folder's file, in this order:

    - ``hold``: the request waits (its handler's thread blocked) until
      ``release()``; afterwards the rule's requests are not held;
    - ``delay``: seconds before the answer;
    - ``status`` (with ``body``, bytes or text): that answer, not the file;
    - ``edit``: the file's bytes passed through ``edit(bytes) -> bytes``
      (with an ``ETag`` of the edited bytes: a browser that kept the file
      gets the edited one, and the file again once the rule is gone).

    ``once``: the first request only; the later ones are answered as if
    the rule were not there. ``seen``: the addresses of the requests the
    rule took."""

    def __init__(self, match, *, hold=False, delay=0.0, status=None, body=b"", edit=None, once=False):
        self.pattern, self.hold = match, hold
        if isinstance(match, str):
            match = glob_match(match)
        elif isinstance(match, re.Pattern):
            match = (lambda regex: lambda url: regex.search(url) is not None)(match)
        self.match, self.delay, self.status, self.edit, self.once = match, delay, status, edit, once
        self.body = body.encode() if isinstance(body, str) else body
        self.seen: list[str] = []
        self.lock = threading.Lock()
        self.released = threading.Event()
        if not hold:
            self.released.set()

    def take(self, url: str) -> bool:
        """Whether the rule answers the request for ``url`` (noted in ``seen``)."""
        if not self.match(url):
            return False
        with self.lock:
            if self.once and self.seen:
                return False
            self.seen.append(url)
        return True

    def wait(self) -> None:
        self.released.wait()
        if self.delay:
            time.sleep(self.delay)

    def release(self) -> None:
        """Let the held requests go on (answered as the rule says, else
        from the folder), and the later ones unheld."""
        self.released.set()


class _Files:
    """Each file's ETag and gzipped body, made once per version of the file
    (its path, size and modification time)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.cache: dict[tuple, tuple[str, bytes | None]] = {}

    def get(self, path: Path, packable: bool) -> tuple[bytes, str, bytes | None, float]:
        st = path.stat()
        key = (str(path), st.st_size, st.st_mtime_ns, packable)
        raw = path.read_bytes()
        with self.lock:
            known = self.cache.get(key)
        if known is None:
            etag = '"' + hashlib.sha1(raw).hexdigest()[:20] + '"'
            known = (etag, gzip_module.compress(raw, 6, mtime=0) if packable else None)
            with self.lock:
                self.cache[key] = known
        return raw, known[0], known[1], st.st_mtime


class _Http(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # the browser went away in the middle of an answer (a page closed, a
        # fetch given up): nothing is wrong; anything else is printed
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


class StaticServer:
    """``folder`` served on 127.0.0.1:``port`` (0: any free one) until
    ``close()`` (or the end of a ``with`` block). See the module's text."""

    def __init__(self, folder: Path, port: int = 0, *, gzip: bool = False,
                 cache_control: str | None = None, headers: dict[str, str] | None = None,
                 link: Link | None = None, last_modified: bool = True, name: str = "sharah-devkit"):
        self.folder = Path(folder)
        self.gzip = gzip
        self.cache_control = cache_control
        self.headers = dict(headers or {})
        self.link = link
        self.last_modified = last_modified
        self.down = False
        self.hits_while_down: list[str] = []
        self.rules: list[Rule] = []
        self.httpd = _Http(("127.0.0.1", port), _handler(self, _Files(), name))
        self.port = self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, args=(0.1,), daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def alter(self, match, **how) -> Rule:
        """A ``Rule`` (``match`` and ``how``: see it) for the requests from
        now on; of the rules that match a request, the latest answers it
        (a rule given after another, released, for the same file holds)."""
        rule = Rule(match, **how)
        self.rules.append(rule)
        return rule

    def restore(self) -> list[Rule]:
        """Every rule released (no request is left waiting) and removed:
        the folder answers as before. The rules removed."""
        rules, self.rules = self.rules, []
        for rule in rules:
            rule.release()
        return rules

    def _rule(self, url: str) -> Rule | None:
        return next((r for r in reversed(list(self.rules)) if r.take(url)), None)

    def close(self) -> None:
        self.restore()
        self.httpd.shutdown()
        self.httpd.server_close()

    def __enter__(self) -> StaticServer:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _handler(server: StaticServer, files: _Files, name: str):
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"        # keep-alive, as hosts do
        server_version = name
        sys_version = ""

        def log_message(self, *args):
            pass

        def handle_one_request(self):
            if server.down:                  # the network is cut: nothing answers
                line = self.rfile.readline(65537)
                if line:
                    server.hits_while_down.append(line.decode("latin-1").strip())
                self.close_connection = True
                return
            super().handle_one_request()

        def do_HEAD(self):
            self.do_GET(body=False)

        def do_GET(self, body=True):
            path = unquote(urlsplit(self.path).path)
            rel = path.lstrip("/")
            root = server.folder.resolve()
            target = (root / rel).resolve()
            if server.link:
                time.sleep(server.link.delay)   # the round trip, for every answer
            rule = server._rule(server.url + self.path.lstrip("/"))
            if rule is not None:
                rule.wait()
                if rule.status is not None:
                    ctype = TYPES.get(Path(rel).suffix, "application/octet-stream")
                    return self.reply(rule.status, rule.body, ctype, rel, body=body)
            if target != root and root not in target.parents:
                return self.reply(404, b"not found", "text/plain", rel)
            if target.is_dir():
                if not path.endswith("/"):
                    return self.reply(301, b"", "text/plain", rel, extra={"Location": path + "/"})
                target = target / "index.html"
            if not target.is_file():
                return self.reply(404, b"not found", "text/plain", rel)
            ctype = TYPES.get(target.suffix, "application/octet-stream")
            packable = server.gzip and ctype.startswith(GZIP_TYPES)
            raw, etag, packed, mtime = files.get(target, packable)
            if rule is not None and rule.edit is not None:
                raw = rule.edit(raw)
                etag, packable = '"' + hashlib.sha1(raw).hexdigest()[:20] + '"', False
            extra = {"ETag": etag}
            if server.last_modified:
                extra["Last-Modified"] = email.utils.formatdate(mtime, usegmt=True)
            if packable:
                extra["Vary"] = "Accept-Encoding"
            if self.not_modified(etag, mtime):
                return self.reply(304, b"", ctype, rel, extra=extra)
            if packable and "gzip" in self.headers.get("Accept-Encoding", ""):
                extra["Content-Encoding"] = "gzip"
                raw = packed
            self.reply(200, raw, ctype, rel, extra=extra, body=body)

        def not_modified(self, etag: str, mtime: float) -> bool:
            match = self.headers.get("If-None-Match")
            if match is not None:
                return etag in [t.strip() for t in match.split(",")]
            since = self.headers.get("If-Modified-Since")
            if since and server.last_modified:
                try:
                    return int(mtime) <= email.utils.parsedate_to_datetime(since).timestamp()
                except (TypeError, ValueError, IndexError, OverflowError):
                    return False
            return False

        def reply(self, status, data, ctype, rel, extra=None, body=True):
            lines = [f"HTTP/1.1 {status} {self.responses.get(status, ('',))[0]}",
                     f"Date: {email.utils.formatdate(usegmt=True)}", f"Server: {name}",
                     f"Content-Type: {ctype}"]
            if server.cache_control:
                lines.append(f"Cache-Control: {server.cache_control}")
            lines += [f"{k}: {v}" for k, v in {**(extra or {}), **server.headers}.items()]
            if status != 304:
                lines.append(f"Content-Length: {len(data)}")
            head = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")
            out = head + (data if body and status != 304 else b"")
            if server.link:
                server.link.send(self.wfile, out, rel, status)
            else:
                self.wfile.write(out)
            self.wfile.flush()

    return Handler
