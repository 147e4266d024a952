#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs the Debian 12 packages paxbot needs to build and test, if any are missing.
set -euo pipefail

packages=(
  build-essential cmake pkg-config g++
  libcurl4-openssl-dev nlohmann-json3-dev libyaml-cpp-dev libcpp-httplib-dev libsystemd-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  systemd clang-format
  # The fuzz targets (scripts/fuzz.sh): clang 19 with libFuzzer and the sanitizer runtimes.
  clang-19 libclang-rt-19-dev
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
