"""Pack the ``sharah_web`` package into a zip that Pyodide unpacks (all of it
but what only the site build, the scripts and the tests use: ``NOT_SHIPPED``).

Each module is shipped without its comments and with its docstrings
emptied (``shipped_source``), line for line: every statement keeps its line
number, so a traceback from a visitor's browser names the same lines as
the repository. The docstrings become ``""`` (``__doc__`` is still a
string; the engine reads none). A third of the zip's bytes, on every first
visit.

Used by the site build (``stage.py``) and by the Pyodide test
under Node. The zip is deterministic: same sources, same bytes, same hash.

    python -m sitebuild.pack_engine OUT.zip
"""

from __future__ import annotations

import ast
import hashlib
import io
import sys
import tokenize
import zipfile
from pathlib import Path

from sitebuild.context import ROOT

PACKAGE = ROOT / "sharah_web"


# Only the site build (the ```sharah fence, in fence.py; the early answers,
# in early.py) and the scripts and tests (random games) use these: the
# browser never does.
NOT_SHIPPED = {"fence.py", "early.py", "randomgame.py"}


def engine_files() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts
                  and p.relative_to(PACKAGE).as_posix() not in NOT_SHIPPED)


def docstrings(tree: ast.Module) -> list[ast.Constant]:
    """The docstrings of a module, its classes and its functions (their
    ``Constant`` nodes; ``stdlib_zip.minify`` empties them too)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                found.append(first.value)
    return found


def shipped_source(source: str) -> str:
    """``source`` without comments, each docstring ``""``, line for line
    (the same number of lines, every statement on its own line number).
    A docstring followed by code on its last line is kept as it is."""
    lines = source.splitlines(keepends=True)
    for doc in sorted(docstrings(ast.parse(source)), key=lambda d: -d.lineno):
        first, last = doc.lineno - 1, doc.end_lineno - 1
        head = lines[first].encode()[:doc.col_offset].decode()
        tail = lines[last].encode()[doc.end_col_offset:].decode()
        if tail.strip():
            continue
        lines[first:last + 1] = [head + '""\n'] + ["\n"] * (last - first)
    text = "".join(lines)
    lines = text.splitlines(keepends=True)
    comments = [tok.start for tok in tokenize.generate_tokens(io.StringIO(text).readline)
                if tok.type == tokenize.COMMENT]
    for row, col in comments:
        line = lines[row - 1]
        lines[row - 1] = line[:col].rstrip() + "\n"      # tokenize counts characters
    return "".join(line if line.strip() else "\n" for line in lines)


def engine_zip() -> bytes:
    """The package's shipped sources (``shipped_source``) as zip bytes,
    paths starting ``sharah_web/``."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for path in engine_files():
            info = zipfile.ZipInfo(path.relative_to(ROOT).as_posix(), date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, shipped_source(path.read_text(encoding="utf-8")).encode())
    return buf.getvalue()


def engine_hash(data: bytes | None = None) -> str:
    return hashlib.sha256(data if data is not None else engine_zip()).hexdigest()[:12]


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python -m sitebuild.pack_engine OUT.zip")
    data = engine_zip()
    Path(sys.argv[1]).write_bytes(data)
    print(f"{sys.argv[1]}: {len(data)} bytes, {len(engine_files())} files, hash {engine_hash(data)}")
