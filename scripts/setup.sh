#!/usr/bin/env bash
# Set up a fresh Debian machine with Node 20: the npm packages, and Chromium from apt when missing
# (the demo and the browser tests drive it). SPARK_SCRIBE_CHROMIUM points at another Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${SPARK_SCRIBE_CHROMIUM:-}" ] && ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1; then
  echo "Installing Chromium from apt…"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq chromium >/dev/null
fi

npm ci --no-audit --no-fund
