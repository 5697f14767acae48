#!/usr/bin/env bash
# Install what is needed, then build the deployable site into site/
# (any warning fails the build). Extra arguments go to `mkdocs build`.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
sharah_setup || exit 1
cd "$SHARAH_ROOT"
"$SHARAH_VENV/bin/python" -m mkdocs build --strict "$@"
[ "$#" -gt 0 ] || echo "[build] site/ is ready: upload the folder to any static host" >&2
