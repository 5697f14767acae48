"""The ```sharah fence: pymdownx.superfences hands each one to ``render``,
which draws it with the engine (``sharah_web.fence``). A bad fence fails
the build (``SharahFenceError``) naming the page, the line and the problem;
superfences would otherwise fall back to a code block."""

from __future__ import annotations

import functools
import posixpath
import re
from urllib.parse import urlsplit

from mkdocs.exceptions import PluginError
from pymdownx.superfences import SuperFencesException

from .context import BuildContext, FencePage

FENCE_START = re.compile(r"^[ \t>]*(`{3,}|~{3,})[ \t]*\.?sharah\b", re.M)


class SharahFenceError(SuperFencesException, PluginError):
    """A bad ```sharah fence: superfences lets it through (it is a
    ``SuperFencesException``) and MkDocs prints it as a build error."""


def register(config, ctx: BuildContext) -> None:
    """Adds the fence to superfences' custom fences (once)."""
    if "pymdownx.superfences" not in config.markdown_extensions:
        config.markdown_extensions.append("pymdownx.superfences")
    settings = config.mdx_configs.setdefault("pymdownx.superfences", {})
    fences = [f for f in settings.get("custom_fences", []) if f.get("name") != "sharah"]
    fences.append({"name": "sharah", "class": "sharah", "format": functools.partial(render, ctx)})
    settings["custom_fences"] = fences


def start_page(ctx: BuildContext, markdown: str, page, files) -> None:
    try:  # the source with its front matter, for line numbers in errors
        source = page.file.content_string
    except Exception:
        source = markdown
    ctx.current = FencePage(page=page, files=files, markdown=source)


def end_page(ctx: BuildContext) -> None:
    ctx.current = None


def _page_name(ctx: BuildContext) -> str:
    return ctx.current.page.file.src_uri if ctx.current is not None else "(unknown page)"


def _fence_line(ctx: BuildContext, index: int) -> int | None:
    """The page line of the index-th ```sharah fence (1-based), if found."""
    markdown = ctx.current.markdown if ctx.current is not None else ""
    starts = list(FENCE_START.finditer(markdown))
    if 0 < index <= len(starts):
        return markdown.count("\n", 0, starts[index - 1].start()) + 1
    return None


def _resolve_link(ctx: BuildContext, url: str) -> str:
    """A caption's link to ``page.md#anchor`` becomes the page's URL, like
    MkDocs does for links in Markdown; other links are kept."""
    parts = urlsplit(url)
    if parts.scheme or parts.netloc or not parts.path.endswith(".md"):
        return url
    if ctx.current is None or ctx.current.files is None:
        return url
    page, files = ctx.current.page, ctx.current.files
    if parts.path.startswith("/"):
        target = parts.path.lstrip("/")
    else:
        target = posixpath.normpath(posixpath.join(posixpath.dirname(page.file.src_uri), parts.path))
    found = files.get_file_from_path(target)
    if found is None:
        raise ValueError(f"link {url!r}: there is no page {target}")
    out = found.url_relative_to(page.file)
    return out + (f"#{parts.fragment}" if parts.fragment else "")


def render(ctx: BuildContext, src, language, class_name, options, md, **kwargs):
    """superfences' ``format`` for the fence."""
    if ctx.current is not None:
        ctx.current.count += 1
        index = ctx.current.count
    else:
        index = 1
    uid = ctx.fence.make_uid(_page_name(ctx), index)
    try:
        return ctx.fence.render_fence(src, uid, functools.partial(_resolve_link, ctx))
    except ValueError as e:
        message = str(e)
        where = _page_name(ctx)
        start = _fence_line(ctx, index)
        m = re.match(r"line (\d+): ", message)
        if start is not None and m:
            where += f", line {start + int(m.group(1))}"
            message = message[m.end():]
        elif start is not None:
            where += f", line {start}"
        raise SharahFenceError(f"{where} (sharah board {index}): {message}") from None
