#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs the Debian 12 packages paxbot needs to build and test, if any are missing.
set -euo pipefail

packages=(
  build-essential cmake pkg-config g++
  libcurl4-openssl-dev nlohmann-json3-dev libyaml-cpp-dev libcpp-httplib-dev libsystemd-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  libfathom-dev libgaviotatb-dev zlib1g-dev gaviotatb
  systemd clang-format
  # Test data only: polyglot (make-book, for tests/data/books) and Debian's Polyglot book,
  # which a test probes when it is installed.
  polyglot gnuchess-book
  # test and packaging only: promtool (checks the /metrics page), lintian (checks the .deb)
  prometheus lintian
  # the web pages' browser tests (headless chromium)
  chromium
  # The fuzz targets (scripts/fuzz.sh): clang 19 with libFuzzer and the sanitizer runtimes.
  clang-19 libclang-rt-19-dev
)
# Node.js and npm for the web pages (npm ci): Debian's packages, unless the machine already
# has both commands (its own Node.js build ships npm and conflicts with Debian's npm).
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  packages+=(nodejs npm)
fi

# The web pages' npm packages (chessground; playwright-core for the browser tests),
# pinned by web/package-lock.json, installed at set-up time only.
web_dir="$(cd "$(dirname "$0")/../web" && pwd)"
install_web_packages() {
  [ -d "$web_dir/node_modules/@lichess-org/chessground" ] && [ -d "$web_dir/node_modules/playwright-core" ] && return 0
  echo "installing $web_dir/node_modules (npm ci)"
  (cd "$web_dir" && npm ci --no-audit --no-fund)
}

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  install_web_packages
  exit 0
fi

echo "installing: ${missing[*]}"
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
"${sudo_cmd[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}"
install_web_packages
