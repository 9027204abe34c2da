#!/usr/bin/env bash
# What only the tests need beyond `make install`: Debian's chromium for the page tests (driven by
# Playwright with executable_path; no browser is downloaded) and Debian's redis-server for the
# several-Lobby-processes tests (each test starts its own on a free loopback port, nothing persisted).
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
if [ ${#missing[@]} -gt 0 ]; then
  echo "==> installing Debian's ${missing[*]} for the tests"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
