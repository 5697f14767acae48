"""The engine as the site ships it (``scripts/sitebuild/pack_engine.py``):
each module without comments and with empty docstrings, line for line, so
that the browser's tracebacks name the repository's lines."""

from __future__ import annotations

import ast
import io
import tokenize
import zipfile

import pytest

from sitebuild import pack_engine
from sitebuild.context import ROOT


def lines(tree: ast.AST) -> list[tuple[str, int]]:
    """Where each statement and expression starts (a traceback's lines)."""
    return [(type(n).__name__, n.lineno) for n in ast.walk(tree) if isinstance(n, (ast.stmt, ast.expr))]


def without_docstrings(tree: ast.Module) -> ast.Module:
    for doc in pack_engine.docstrings(tree):
        doc.value = ""
    return tree


@pytest.fixture(scope="module")
def shipped() -> dict[str, str]:
    with zipfile.ZipFile(io.BytesIO(pack_engine.engine_zip())) as zf:
        return {name: zf.read(name).decode() for name in zf.namelist()}


def test_every_module_is_the_same_code_on_the_same_lines(shipped):
    assert sorted(shipped) == [p.relative_to(ROOT).as_posix() for p in pack_engine.engine_files()]
    for name, text in shipped.items():
        source = (ROOT / name).read_text(encoding="utf-8")
        assert text.count("\n") == source.count("\n"), name
        original, stripped = without_docstrings(ast.parse(source)), ast.parse(text)
        assert ast.dump(stripped) == ast.dump(original), name
        assert lines(stripped) == lines(original), name


def test_no_comment_and_no_docstring_text_is_shipped(shipped):
    for name, text in shipped.items():
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
        assert not [t for t in tokens if t.type == tokenize.COMMENT], name
        assert all(doc.value == "" for doc in pack_engine.docstrings(ast.parse(text))), name


def test_a_docstring_with_code_after_it_on_its_line_is_kept():
    source = 'def f():\n    """doc"""; return 1  # one\n\n\nclass A:\n    """two\n    lines"""\n    x = "#"  # c\n'
    assert pack_engine.shipped_source(source) == (
        'def f():\n    """doc"""; return 1\n\n\nclass A:\n    ""\n\n    x = "#"\n')
