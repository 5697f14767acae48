#!/usr/bin/env bash
# Install what is needed, then serve the site with live reload on
# http://127.0.0.1:8000 (Ctrl-C to stop). Extra arguments go to `mkdocs serve`.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
sharah_setup || exit 1
cd "$SHARAH_ROOT"
echo "[serve] http://127.0.0.1:8000/" >&2
exec "$SHARAH_VENV/bin/python" -m mkdocs serve -a 127.0.0.1:8000 "$@"
