"""Write the widget's side of the contract with the engine from its one
source, as a TypeScript declaration file the type checker reads (``tsc``,
tsconfig.json): ``site_assets/js/contract.d.ts``, never shipped.

- the board state: the TypedDicts of ``sharah_web/session.py``
  (``BoardState``, ``MoveEntry``...), with their comments;
- the replies' own payloads: the TypedDicts of ``sharah_web/analysis.py``
  (``AnalysisReply``, ``ReviewReply``...), and for each command that
  declares one (``Command.reply``) the key it comes under;
- the requests: one type per command of ``bridge.COMMANDS`` (its name and
  the fields it takes), and ``PROTOCOL``.

So the checker refuses a request the bridge does not know, a field its
command does not take, and a state key ``BoardState`` does not declare.

    python scripts/contract_types.py           # write it
    python scripts/contract_types.py --check   # exit 1 when it is stale

tests/test_contract.py fails when the file is not what this writes."""

from __future__ import annotations

import inspect
import re
import sys
import types
import typing

from sharah_web import analysis, bridge, session
from sitebuild.context import ROOT

OUT = ROOT / "site_assets" / "js" / "contract.d.ts"
KEY_LINE = re.compile(r"""^\s*["']?([A-Za-z_]\w*)["']?\s*:[^#]*?(?:#\s*(.*))?$""")


# the modules whose TypedDicts are the contract's, in this order
MODULES = (session, analysis)


def typed_dicts(module=session) -> list[type]:
    """``module``'s TypedDicts, in the order they are written there."""
    found = [v for v in vars(module).values() if typing.is_typeddict(v) and v.__module__ == module.__name__]
    source = inspect.getsource(module)
    return sorted(found, key=lambda t: source.index(
        f"class {t.__name__}(" if f"class {t.__name__}(" in source else f"{t.__name__} = TypedDict("))


def comments(td: type) -> dict[str, str]:
    """Each key's comment in the source (a comment may go on over the next lines)."""
    source = inspect.getsource(sys.modules[td.__module__])
    head = f"class {td.__name__}(" if f"class {td.__name__}(" in source else f"{td.__name__} = TypedDict("
    lines = source[source.index(head):].splitlines()[1:]
    out: dict[str, str] = {}
    last = None
    for line in lines:
        if not line.strip() or line.startswith(("class ", "def ", "}")) or line.strip().startswith(("})", '"""')):
            if line.strip() == "" or line.strip().startswith('"""'):
                continue
            break
        if line.strip().startswith("#"):
            if last and line.index("#") > 20:       # a comment carried on under its key's
                out[last] = f"{out.get(last, '')} {line.strip()[1:].strip()}".strip()
            else:
                last = None
            continue
        m = KEY_LINE.match(line)
        if m and m.group(1) in td.__annotations__:
            last = m.group(1)
            if m.group(2):
                out[last] = m.group(2).strip()
    return out


def ts(tp, names: set[str]) -> str:
    """The TypeScript for one Python annotation."""
    if tp is type(None):
        return "null"
    if tp is str:
        return "string"
    if tp in (int, float):
        return "number"
    if tp is bool:
        return "boolean"
    if tp is dict or tp is typing.Any:
        return "Record<string, unknown>" if tp is dict else "unknown"
    if isinstance(tp, type) and tp.__name__ in names:
        return tp.__name__
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        return " | ".join(ts(a, names) for a in args)
    if origin is list:
        inner = ts(args[0], names)
        return f"({inner})[]" if "|" in inner else f"{inner}[]"
    if origin is dict:
        return f"Record<{ts(args[0], names)}, {ts(args[1], names)}>"
    raise TypeError(f"no TypeScript for {tp!r}")


def render() -> str:
    tds = [td for module in MODULES for td in typed_dicts(module)]
    names = {t.__name__ for t in tds}
    out = ["// Written by scripts/contract_types.py from sharah_web/session.py and",
           "// sharah_web/analysis.py (their TypedDicts) and sharah_web/bridge.py",
           "// (COMMANDS, PROTOCOL): do not edit; run `python scripts/contract_types.py`",
           "// after changing them. The type checker's view of the contract between",
           "// the widget and the engine. Never shipped.",
           "",
           "/** The wire's version (bridge.PROTOCOL). */",
           f"export type Protocol = {bridge.PROTOCOL};",
           ""]
    for td in tds:
        hints = typing.get_type_hints(td)
        notes = comments(td)
        doc = (td.__doc__ or "").strip()
        if doc and not doc.startswith(f"{td.__name__}("):
            out.append("/** " + " ".join(doc.split()) + " */")
        out.append(f"export interface {td.__name__} {{")
        for key, tp in hints.items():
            if notes.get(key):
                out.append(f"  /** {notes[key]} */")
            optional = "?" if key in td.__optional_keys__ else ""
            name = key if re.fullmatch(r"[A-Za-z_$][\w$]*", key) and key not in ("from",) else f'"{key}"'
            if name == '"from"':
                name = "from"       # a reserved word is a valid property name
            out.append(f"  {name}{optional}: {ts(tp, names)};")
        out.append("}")
        out.append("")
    out += replies(names)
    out += requests()
    return "\n".join(out)


def reply_name(cmd: str) -> str:
    return "".join(part.capitalize() for part in cmd.split("_")) + "Answer"


def replies(names: set[str]) -> list[str]:
    """For each command that declares its reply's payload (``Command.reply``:
    a key and a TypedDict above), the reply that carries it."""
    out = ["// ---- the replies that declare their payload (bridge.COMMANDS: reply)", ""]
    for cmd, spec in bridge.COMMANDS.items():
        if not spec.reply:
            continue
        key, td = spec.reply
        if td not in names:
            raise TypeError(f"{cmd}'s reply names {td}, which no contract module declares")
        out.append(f"/** ``{cmd}``'s reply when it succeeds. */")
        out.append(f"export interface {reply_name(cmd)} {{")
        out.append("  ok: true;")
        out.append("  board: string;")
        out.append(f"  {key}: {td};")
        out.append("}")
        out.append("")
    return out


def type_name(cmd: str) -> str:
    return "".join(part.capitalize() for part in cmd.split("_")) + "Request"


def requests() -> list[str]:
    """One request type per command: its name and the fields it takes
    (``board`` too: the widget's board, or none)."""
    out = ["// ---- the requests (bridge.COMMANDS): a command and the fields it takes", ""]
    for cmd, spec in bridge.COMMANDS.items():
        flags = [f"changes the game: {'yes' if spec.changes else 'no'}",
                 {"none": "no board", "id": "a board id", "open": "an open board"}.get(spec.board, spec.board),
                 "answers the state" if spec.state else ""]
        out.append(f"/** ``{cmd}``: {'; '.join(f for f in flags if f)}. */")
        out.append(f"export interface {type_name(cmd)} {{")
        out.append(f'  cmd: "{cmd}";')
        out.append("  board?: string;")
        for field in spec.fields:
            out.append(f"  {field}?: unknown;")
        out.append("}")
        out.append("")
    out.append("/** Every command's name. */")
    out.append("export type Command = " + " | ".join(f'"{c}"' for c in bridge.COMMANDS) + ";")
    out.append("")
    out.append("/** A request to the engine: one of the bridge's commands, with its fields. */")
    out.append("export type Request =\n  | " + "\n  | ".join(type_name(c) for c in bridge.COMMANDS) + ";")
    out.append("")
    return out


def main(argv: list[str]) -> int:
    text = render()
    if "--check" in argv:
        if not OUT.is_file() or OUT.read_text(encoding="utf-8") != text:
            print(f"{OUT.relative_to(ROOT)} is stale: run python scripts/contract_types.py", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
