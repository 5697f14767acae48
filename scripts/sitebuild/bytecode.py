"""The site ships Python as bytecode: the engine and the lean standard
library hold sourceless ``.pyc`` files, compiled at build time by the pinned
runtime itself, so that a visitor's browser never compiles Python source.

Why: the runtime's start-up imports 125 of the lean library's modules and
the worker then imports the engine; compiling that source was most of the
runtime's start-up (under Node, boot and import of every game: about 3.1
processor-seconds from source, 1.3-1.5 from bytecode), and phones compile
two to four times slower. The bytecode is larger on the wire (see
docs/about/benchmarks.md for the figures of the day).

This module runs INSIDE the pinned Pyodide (Python 3.14), in the same
Node process as the trace of the engine's workload
(``tests/pyodide/engine_check.mjs --compile DIR``, called by
``stdlib_zip.py``): after the workload, ``compile_site`` compiles the
engine as it is unpacked there (``/sharah/sharah_web/*.py``) and the
standard-library files the workload loaded (from the runtime's own
``python_stdlib.zip``), and writes the ``.pyc`` files under ``DIR/engine``
and ``DIR/stdlib``; ``pack_engine.write_zip`` zips them on the host. The
bytecode is therefore always of the runtime that will run it; the build
also checks each file's magic number against that runtime's
(``check_magic``), so bytecode of another Python fails the build, not a
page.

What is kept and what is dropped, by size against what is lost:

- the column tables are dropped (the runtime compiles with
  ``PYTHONNODEBUGRANGES=1``): they only place the ``^^^^`` under a
  traceback's source line, and there is no source to show. 22 % smaller.
- line numbers are kept: a traceback names the file, the line and the
  function, with the file names the runtime sees (``/sharah/sharah_web/…``
  for the engine, ``/lib/python3XY.zip/…`` for the standard library).
- the engine is compiled at ``optimize=2`` (no docstrings, no asserts): it
  reads no ``__doc__`` and has no ``assert`` (``tests/test_pyodide.py``
  checks both), so nothing is lost but the docstrings' bytes (a sixth).
- the standard library keeps ``optimize=0`` (its asserts are kept, as
  before) with each docstring emptied to ``""`` (code that reads ``__doc__``
  still finds a string); Pyodide's own packages keep theirs whole.
"""

from __future__ import annotations

import ast
import importlib.util
import marshal
import os
import sys

ENGINE_OPTIMIZE = 2
STDLIB_OPTIMIZE = 0
# Pyodide's own packages keep their docstrings (they document its JavaScript API).
KEEP_DOCSTRINGS = ("_pyodide/", "pyodide/")
HEADER_BYTES = 16    # magic, flags, and 8 bytes the loader does not read for a sourceless file


def header(magic: bytes) -> bytes:
    """A ``.pyc`` header: the runtime's magic number, flags 0 (a timestamp
    file) and a zero timestamp and size, which a sourceless file never checks:
    the same source gives the same bytes."""
    return magic + bytes(HEADER_BYTES - len(magic))


def empty_docstrings(tree: ast.AST) -> ast.AST:
    """Every docstring of ``tree`` emptied to ``""``."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                first.value.value = ""
    return tree


def pyc(source: bytes, filename: str, optimize: int, docstrings: bool = True) -> bytes:
    """``source`` compiled as the file ``filename`` (the name its code objects carry)."""
    tree = ast.parse(source, filename=filename)
    if not docstrings:
        empty_docstrings(tree)
    code = compile(tree, filename, "exec", dont_inherit=True, optimize=optimize)
    return header(importlib.util.MAGIC_NUMBER) + marshal.dumps(code)


def stdlib_files(modules: dict) -> list[str]:
    """The files the lean standard library holds: each loaded module's file
    ({module: path in the zip}) and each package's ``__init__.py`` up its tree."""
    wanted = set()
    for path in modules.values():
        wanted.add(path)
        parts = path.split("/")[:-1]
        wanted.update("/".join(parts[:i]) + "/__init__.py" for i in range(1, len(parts) + 1))
    return sorted(wanted)


def _write(out: str, name: str, data: bytes) -> None:
    path = os.path.join(out, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


def compile_engine(engine_dir: str, out: str) -> int:
    """Every ``.py`` under ``engine_dir`` (the unpacked engine) as ``.pyc``
    under ``out``, named as the runtime will see them; returns the count."""
    count = 0
    for folder, dirs, files in os.walk(engine_dir):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                with open(path, "rb") as f:
                    data = pyc(f.read(), path, ENGINE_OPTIMIZE)
                _write(out, os.path.relpath(path, engine_dir) + "c", data)
                count += 1
    return count


def compile_stdlib(modules: dict, out: str) -> int:
    """The lean standard library's files (``stdlib_files``), read from the
    runtime's own standard-library zip, as ``.pyc`` under ``out`` (a
    package's ``__init__.py`` the zip lacks is a namespace and is left out)."""
    import zipfile
    where = next(p for p in sys.path if p.endswith(".zip") and "/lib/python" in p)
    with zipfile.ZipFile(where) as src:
        names = set(src.namelist())
        missing = [n for n in stdlib_files(modules) if n not in names and not n.endswith("/__init__.py")]
        if missing:
            raise FileNotFoundError(f"the trace names files that {where} lacks: {missing}")
        count = 0
        for name in stdlib_files(modules):
            if name not in names:
                continue
            keep = name.startswith(KEEP_DOCSTRINGS)
            _write(out, name + "c", pyc(src.read(name), f"{where}/{name}", STDLIB_OPTIMIZE, docstrings=keep))
            count += 1
    return count


def compile_site(engine_dir: str, modules: dict, out: str) -> dict:
    """Both, under ``out/engine`` and ``out/stdlib``; what was made."""
    if any(col is not None for _l, _e, col, _ec in compile("x", "", "eval").co_positions()):
        raise RuntimeError("the runtime that compiles must run with PYTHONNODEBUGRANGES=1 (no column tables)")
    return {"engine_files": compile_engine(engine_dir, os.path.join(out, "engine")),
            "stdlib_files": compile_stdlib(modules, os.path.join(out, "stdlib")),
            "magic": importlib.util.MAGIC_NUMBER.hex()}


def check_magic(name: str, data: bytes, magic: bytes) -> None:
    """Raise ValueError unless every ``.pyc`` of the zip ``data`` is bytecode of
    the runtime whose magic number is ``magic``, and the zip holds no ``.py``."""
    import io
    import zipfile
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        sources = [n for n in zf.namelist() if n.endswith(".py")]
        if sources:
            raise ValueError(f"{name} holds Python source, not bytecode: {sources[:5]}")
        for entry in zf.namelist():
            if entry.endswith(".pyc") and zf.read(entry)[:len(magic)] != magic:
                raise ValueError(f"{name}: {entry} is bytecode of another Python (magic "
                                 f"{zf.read(entry)[:4].hex()}, the pinned runtime's is {magic.hex()})")
