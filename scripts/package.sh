#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the Debian package paxbot_<version>_amd64.deb from a Release build directory
# (default: build, the one scripts/test.sh leaves; nothing is rebuilt when it is current)
# and checks it with lintian: any error fails, warnings are printed.
# Usage: scripts/package.sh [BUILD_DIR]    Prints the package's path last.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${1:-build}
if [ ! -f "$build_dir/CMakeCache.txt" ]; then
  scripts/build.sh "$build_dir" -DPAXBOT_BUILD_TESTS=OFF
fi
build_type=$(sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' "$build_dir/CMakeCache.txt")
if [ "$build_type" != "Release" ]; then
  echo "package.sh: $build_dir is a '$build_type' build; packages are made from Release builds" >&2
  exit 1
fi
cmake --build "$build_dir" --target paxbot paxbot_package_files
version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build_dir/CMakeCache.txt")
deb="$build_dir/paxbot_${version}_$(dpkg --print-architecture).deb"
rm -f "$deb"
(cd "$build_dir" && cpack -G DEB >/dev/null)
[ -f "$deb" ] || { echo "package.sh: cpack did not write $deb" >&2; exit 1; }
if command -v lintian >/dev/null; then
  lintian --fail-on error --info "$deb" >&2
else
  echo "package.sh: lintian is not installed (apt-get install lintian); package not checked" >&2
  [ -z "${CI:-}" ] || exit 1
fi
echo "$deb"
