"""What the engine's docstrings and comments cite is in the tree: every file
named, every page's section quoted, and no issue numbers (the tracker is
not part of the project)."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "sharah_web"
FILE = re.compile(r"(?<!\]\()\b((?:[\w.-]+/)*[\w-]+\.(?:py|md|js|css|txt|json|html|sh))\b")
SECTION = re.compile(r"\(?``?((?:[\w-]+/)+[\w-]+\.md)``?,\s*\"([^\"]+)\"")


def _sources():
    """Each engine module's docstrings and comments, as one text."""
    import ast
    import io
    import tokenize
    for path in sorted(ENGINE.rglob("*.py")):
        if path.name == "bridge.py":
            continue
        source = path.read_text()
        parts = [ast.get_docstring(node) or "" for node in ast.walk(ast.parse(source))
                 if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef))]
        parts += [t.string for t in tokenize.generate_tokens(io.StringIO(source).readline)
                  if t.type == tokenize.COMMENT]
        yield path, "\n".join(parts)


def test_every_file_the_engine_cites_is_in_the_tree():
    cited = 0
    for path, text in _sources():
        for name in FILE.findall(text):
            if "/" in name:
                assert (ROOT / name).exists(), f"{path.name} cites {name}"
            else:
                assert list(ROOT.glob(f"*/**/{name}")) or (ROOT / name).exists(), f"{path.name} cites {name}"
            cited += 1
    assert cited >= 10


def test_every_section_the_engine_cites_is_on_its_page():
    cited = 0
    for path, text in _sources():
        for page, title in SECTION.findall(re.sub(r"\s+", " ", text)):
            headings = re.findall(r"^#+ (.+)$", (ROOT / page).read_text(), re.M)
            assert title in headings, f"{path.name} cites {page}, {title!r}"
            cited += 1
    assert cited >= 5


def test_the_engine_cites_no_issue_numbers():
    for path, text in _sources():
        assert not re.search(r"\bissues?\s*#?\d+|#\d{1,3}\b(?![0-9a-fA-F])", text.replace("#000", "")), path.name
