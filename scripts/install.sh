#!/usr/bin/env bash
# Installs Eko into ./.venv on a fresh machine: CPU torch first (any other torch requirement would
# pull a multi-GB CUDA build), then Eko with its dev tools, then the page's browser dependencies.
# Idempotent: re-running only installs what changed.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=${VENV:-.venv}
PYTHON=${PYTHON:-python3}

if [ ! -x "$VENV/bin/python" ]; then
  echo "==> creating $VENV"
  "$PYTHON" -m venv "$VENV"
fi
if ! "$VENV/bin/python" -c "import torch" >/dev/null 2>&1; then
  echo "==> installing torch 2.13.0 (CPU build)"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check torch==2.13.0
fi
echo "==> installing Eko and its dependencies"
"$VENV/bin/pip" install --quiet --disable-pip-version-check -e '.[dev]'

echo "==> installing the page's socket.io-client, and axe-core for the browser tests (npm)"
npm ci --prefix lobby/web --no-audit --no-fund --loglevel=error
mkdir -p lobby/static/vendor
cp lobby/web/node_modules/socket.io-client/dist/socket.io.min.js lobby/static/vendor/socket.io.min.js
echo "==> installed"
