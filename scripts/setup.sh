#!/usr/bin/env bash
# Set up a fresh Debian machine with Node 20: the npm packages, and Chromium and Firefox ESR from
# apt when missing (the demo and the browser tests drive them). SPARK_SCRIBE_CHROMIUM and
# SPARK_SCRIBE_FIREFOX point at other binaries.
set -euo pipefail
cd "$(dirname "$0")/.."

WANT=()
if [ -z "${SPARK_SCRIBE_CHROMIUM:-}" ] && ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1; then
  WANT+=(chromium)
fi
if [ -z "${SPARK_SCRIBE_FIREFOX:-}" ] && ! command -v firefox-esr >/dev/null 2>&1 && ! command -v firefox >/dev/null 2>&1; then
  WANT+=(firefox-esr)
fi
if [ "${#WANT[@]}" -gt 0 ]; then
  echo "Installing from apt: ${WANT[*]}…"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq "${WANT[@]}" >/dev/null
fi

npm ci --no-audit --no-fund
