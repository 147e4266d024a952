#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the libFuzzer targets of fuzz/ with clang 19 (ASan + UBSan) and runs each for a
# bounded time, two at a time, starting from its seed corpus fuzz/corpus/<name>/ and the
# inputs that once crashed it (fuzz/regressions/<name>/). Fails when any target finds a
# crash, a leak, a broken invariant or an input slower than 10 s; the input is kept under
# BUILD_DIR/fuzz-artifacts/<name>/ (copy it to fuzz/regressions/<name>/ with the fix).
# Prints each target's executions and coverage (libFuzzer's cov and ft).
# Usage: scripts/fuzz.sh [BUILD_DIR] (default build-fuzz)
# Environment: PAXBOT_FUZZ_SECONDS per target (default 25), PAXBOT_FUZZ_JOBS targets run at
# once (default 2), PAXBOT_FUZZ_TARGETS names to run (default: all).
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${1:-build-fuzz}
seconds=${PAXBOT_FUZZ_SECONDS:-25}
jobs=${PAXBOT_FUZZ_JOBS:-2}

# The same configuration as the sanitizer stage of .ci/run, which builds the unit tests in
# this tree first; the fuzz targets are then only linked.
cmake -S . -B "$build_dir" -DCMAKE_CXX_COMPILER=clang++-19 \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPAXBOT_FUZZ=ON >/dev/null
cmake --build "$build_dir" -j"$(nproc)" --target fuzz_targets

targets=${PAXBOT_FUZZ_TARGETS:-$(sed -n 's/^  \([a-z_]*\):paxbot_[a-z]*$/\1/p' fuzz/CMakeLists.txt)}
logs="$build_dir/fuzz-logs"
rm -rf "$logs"
mkdir -p "$logs"

run_one() {
  local name=$1 program="$build_dir/fuzz/fuzz_$1"
  [ -x "$program" ] || { echo "$name: not built (its library is not part of this build)"; return 0; }
  local work="$build_dir/fuzz-corpus/$name" artifacts="$build_dir/fuzz-artifacts/$name/"
  mkdir -p "$work" "$artifacts"
  local inputs=("$work" "fuzz/corpus/$name")
  [ -d "fuzz/regressions/$name" ] && inputs+=("fuzz/regressions/$name")
  if "$program" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
       -artifact_prefix="$artifacts" "${inputs[@]}" >"$logs/$name.log" 2>&1; then
    echo "ok" >"$logs/$name.status"
  else
    echo "FAILED (exit $?)" >"$logs/$name.status"
  fi
}
export -f run_one
export build_dir seconds logs
printf '%s\n' $targets | xargs -P "$jobs" -I{} bash -c 'run_one {}'

failed=0
printf '%-18s %-8s %12s %8s %8s %8s\n' target result execs exec/s cov ft
for name in $targets; do
  [ -f "$logs/$name.status" ] || continue
  status=$(cat "$logs/$name.status")
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$logs/$name.log")
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$logs/$name.log")
  last=$(grep -E '^#[0-9]+' "$logs/$name.log" | tail -1 || true)
  cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
  ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
  printf '%-18s %-8s %12s %8s %8s %8s\n' "$name" "${status%% *}" "${execs:--}" "${speed:--}" \
    "${cov:--}" "${ft:--}"
  if [ "$status" != ok ]; then
    failed=1
    echo "---- $name: $status; log $logs/$name.log, input in $build_dir/fuzz-artifacts/$name/"
    grep -E 'ERROR|invariant|SUMMARY|runtime error' "$logs/$name.log" | head -20 || true
  fi
done
exit $failed
