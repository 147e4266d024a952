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
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "installing: ${missing[*]}"
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
"${sudo_cmd[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}"
