#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs what is missing, builds paxbot with its tests, and runs every test:
# the fast suites, then the slow ones (label "slow", each time-boxed). The browser tests
# (label "browser") have their own stage in .ci/run, as have the soak tests' short forms
# (label "soak"; their long forms are run by hand, tests/soak).
# Usage: scripts/test.sh [--fast] [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
fast_only=0
if [ "${1:-}" = "--fast" ]; then fast_only=1; shift; fi
build_dir=${1:-build}
scripts/install-deps.sh
scripts/build.sh "$build_dir" -DPAXBOT_BUILD_TESTS=ON
ctest --test-dir "$build_dir" -LE 'slow|browser|soak' --output-on-failure -j2 --timeout 300
if [ "$fast_only" -eq 0 ]; then
  ctest --test-dir "$build_dir" -L slow --output-on-failure --timeout 900
fi
