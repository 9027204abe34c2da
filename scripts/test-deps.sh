#!/usr/bin/env bash
# What only the tests need beyond `make install`: Debian's chromium for the page tests
# (driven by Playwright with executable_path; no browser is downloaded).
set -euo pipefail
if [ ! -x /usr/bin/chromium ]; then
  echo "==> installing Debian's chromium for the browser tests"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
