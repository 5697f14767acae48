#!/usr/bin/env bash
# Install what is needed, then build the deployable site into site/
# (any warning fails the build). The site's address comes from
# `--site-url URL` (first argument) or SHARAH_SITE_URL; a build for this
# machine's address says so. Other arguments go to `mkdocs build`.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
if [ "${1:-}" = "--site-url" ]; then
    [ -n "${2:-}" ] || { echo "[build] error: --site-url needs the site's address" >&2; exit 2; }
    export SHARAH_SITE_URL="$2"
    shift 2
fi
case "${SHARAH_SITE_URL:-}" in
    "" | *://127.* | *://localhost[:/]* | *://localhost | *://\[::1\]*)
        echo "[build] warning: site_url is ${SHARAH_SITE_URL:-http://127.0.0.1:8000/ (mkdocs.yml)}, this machine:" \
             "the canonical links and the sitemap point there. For a host: bash scripts/build.sh --site-url https://example.org/" >&2 ;;
    http://* | https://*) ;;
    *) echo "[build] error: --site-url / SHARAH_SITE_URL must start with http:// or https:// (got '$SHARAH_SITE_URL')" >&2; exit 2 ;;
esac
sharah_setup || exit 1
cd "$SHARAH_ROOT"
"$SHARAH_VENV/bin/python" -m mkdocs build --strict "$@"
[ "$#" -gt 0 ] || echo "[build] site/ is ready: upload the folder to any static host" >&2
