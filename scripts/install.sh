#!/usr/bin/env bash
# Installs Eko into ./.venv on a fresh machine: CPU torch first (any other torch requirement would
# pull a multi-GB CUDA build), then Eko with its dev tools, Debian's French-English dictionaries,
# then the page's browser dependencies.
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
# PyICU (look-alike names, lobby/rules.py) compiles against the system's ICU: its headers and
# pkg-config first. The build takes about 2.5 minutes, once (pip keeps the wheel).
if ! pkg-config --exists icu-i18n 2>/dev/null || ! command -v g++ >/dev/null 2>&1; then
  if command -v apt-get >/dev/null 2>&1; then
    echo "==> installing ICU's headers, pkg-config and g++ for PyICU (Debian packages)"
    SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends \
      libicu-dev pkg-config g++ >/dev/null
  else
    echo "==> no apt-get: install ICU's headers (libicu-dev), pkg-config and a C++ compiler for PyICU"
  fi
fi
if ! "$VENV/bin/python" -c "import icu" >/dev/null 2>&1; then
  echo "==> building PyICU against the system's ICU (about 2.5 minutes, once)"
fi
echo "==> installing Eko and its dependencies"
"$VENV/bin/pip" install --quiet --disable-pip-version-check -e '.[dev]'

# Debian's FreeDict French-English dictionaries: duplicate detection reads a fact and its translation
# as one (language/lexicon.py). Without apt (not Debian) Eko runs without them and says so at start.
if [ ! -f /usr/share/dictd/freedict-fra-eng.index ] || [ ! -f /usr/share/dictd/freedict-eng-fra.index ]; then
  if command -v apt-get >/dev/null 2>&1; then
    echo "==> installing Debian's French-English dictionaries (dict-freedict-fra-eng, dict-freedict-eng-fra)"
    SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends \
      dict-freedict-fra-eng dict-freedict-eng-fra >/dev/null
  else
    echo "==> no apt-get: install the FreeDict French-English dictionaries (dictd format) into /usr/share/dictd"
  fi
fi

echo "==> installing the page's socket.io-client, and axe-core for the browser tests (npm)"
npm ci --prefix lobby/web --no-audit --no-fund --loglevel=error
mkdir -p lobby/static/vendor
cp lobby/web/node_modules/socket.io-client/dist/socket.io.min.js lobby/static/vendor/socket.io.min.js
echo "==> installed"
