"""The deploy build (scripts/build.sh): the site's address from the command
line or the environment, and a warning while it is this machine's."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from devkit.site import write_config

ROOT = Path(__file__).resolve().parents[1]
BUILD = ["bash", str(ROOT / "scripts" / "build.sh")]


def run(args, **env):
    environ = {k: v for k, v in os.environ.items() if k != "SHARAH_SITE_URL"}
    return subprocess.run(BUILD + args, cwd=ROOT, capture_output=True, text=True, timeout=900,
                          env={**environ, "NO_MKDOCS_2_WARNING": "1", **env})


def site_url(**env):
    code = "from mkdocs.config import load_config; print(load_config('mkdocs.yml').site_url)"
    environ = {k: v for k, v in os.environ.items() if k != "SHARAH_SITE_URL"}
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          env={**environ, **env}, check=True).stdout.strip()


def test_site_url_comes_from_the_environment():
    assert site_url() == "http://127.0.0.1:8000/"
    assert site_url(SHARAH_SITE_URL="https://games.example.org/lost/") == "https://games.example.org/lost/"


@pytest.mark.parametrize("how", ["default", "argument", "environment"])
def test_a_build_for_this_machine_is_warned_about(how):
    # `--help` stops mkdocs before it builds: the warning comes first
    args, env = {"default": ([], {}), "argument": (["--site-url", "http://localhost:8000/"], {}),
                 "environment": ([], {"SHARAH_SITE_URL": "http://127.0.0.1:9000/"})}[how]
    proc = run(args + ["--help"], **env)
    assert proc.returncode == 0, proc.stderr
    warning = [line for line in proc.stderr.splitlines() if line.startswith("[build] warning: site_url is")]
    assert len(warning) == 1, proc.stderr
    assert "bash scripts/build.sh --site-url https://" in warning[0]


def test_a_bad_address_is_refused_before_building():
    proc = run(["--site-url", "games.example.org", "--help"])
    assert proc.returncode == 2
    assert "must start with http:// or https://" in proc.stderr
    assert "Usage" not in proc.stdout
    assert run(["--site-url"]).returncode == 2


def test_a_deploy_build_links_to_its_host(tmp_path):
    # a two-page site (the address is all this build is for): mkdocs.yml
    # with its own docs and nav
    docs = tmp_path / "docs"
    (docs / "games").mkdir(parents=True)
    (docs / "index.md").write_text("# Home\n", encoding="utf-8")
    (docs / "games" / "scheherazade.md").write_text("# Scheherazade\n", encoding="utf-8")
    config = write_config(tmp_path, docs, nav=["index.md", "games/scheherazade.md"])
    out = tmp_path / "site"
    proc = run(["--site-url", "https://games.example.org/lost/", "-f", str(config), "-d", str(out)])
    assert proc.returncode == 0, proc.stderr
    assert "[build] warning" not in proc.stderr
    assert '<link rel="canonical" href="https://games.example.org/lost/games/scheherazade/">' in \
        (out / "games" / "scheherazade" / "index.html").read_text(encoding="utf-8")
    sitemap = (out / "sitemap.xml").read_text(encoding="utf-8")
    assert "<loc>https://games.example.org/lost/</loc>" in sitemap
    assert "127.0.0.1" not in sitemap
