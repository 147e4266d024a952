#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# ThreadSanitizer run: builds only the daemon's unit tests (and base's clock and logger tests,
# which the daemon's threads share), the local server's tests, the whole-system tests and the
# paxbot binary they start (-DPAXBOT_TSAN=ON, RelWithDebInfo),
# then runs them (the slow suites left out). Every process, the `paxbot serve` and
# `paxbot run` children included, writes its reports to BUILD_DIR/tsan-reports/; the run
# fails when a test fails or any report was written.
# Usage: scripts/tsan.sh [BUILD_DIR] (default build-tsan)
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${1:-build-tsan}

cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPAXBOT_TSAN=ON \
  -DPAXBOT_BUILD_TESTS=ON >/dev/null
cmake --build "$build_dir" -j"$(nproc)" --target base_tests daemon_tests server_tests integration_tests paxbot

reports="$(pwd)/$build_dir/tsan-reports"
rm -rf "$reports"
mkdir -p "$reports"
export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 log_path=$reports/tsan"

failed=0
# The unit suites in parallel (two cores), then the whole-system games.
echo "-- base_tests (clock and logger), daemon_tests and server_tests"
"$build_dir/tests/base/base_tests" --gtest_brief=1 \
  --gtest_filter='SystemClockTest.*:ManualClockTest.*:FakeClockTest.*:IsoTimestampTest.*:LogFormatTest.*:LoggerTest.*:LockedStreamTest.*' ||
  failed=1
"$build_dir/tests/daemon/daemon_tests" --gtest_brief=1 &
daemon_pid=$!
"$build_dir/tests/server/server_tests" --gtest_brief=1 --gtest_filter='-Slow*' || failed=1
wait "$daemon_pid" || failed=1
echo "-- integration_tests"
"$build_dir/tests/integration/integration_tests" --gtest_brief=1 --gtest_filter='-*Slow*' ||
  failed=1

if compgen -G "$reports/tsan*" >/dev/null; then
  echo "ThreadSanitizer reports:"
  cat "$reports"/tsan*
  failed=1
fi
exit $failed
