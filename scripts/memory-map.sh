#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Where the resident memory of running processes is, by kind of mapping (/proc/PID/smaps):
# thread stacks (8 MiB read-write anonymous mappings), glibc's main heap, its other arenas
# (64 MiB-aligned heaps of the threads' allocations), other anonymous mappings (blocks
# mapped on their own: large allocations such as transposition tables) and mapped files
# (mostly the binary's code, paged in as it runs). Reads /proc only; the processes go on.
# Usage: scripts/memory-map.sh NAME=PID... (the soak test runs it at its quiet points with
# PAXBOT_SOAK_QUIET_CMD=scripts/memory-map.sh)
set -euo pipefail
[ $# -gt 0 ] || { echo "usage: $0 NAME=PID..." >&2; exit 2; }
for arg in "$@"; do
  name=${arg%%=*}
  pid=${arg#*=}
  case "$pid" in '' | *[!0-9]*) echo "memory-map.sh: '$arg' is not NAME=PID" >&2; exit 2 ;; esac
  if [ ! -r "/proc/$pid/smaps" ]; then
    echo "$name: gone"
    continue
  fi
  awk -v name="$name" '
    /^[0-9a-f]+-[0-9a-f]+ / {
      split($1, range, "-"); perms = $2; path = $6
      # 64 MiB-aligned: the low 26 bits are zero (six hex zeros, then a digit 0, 4, 8 or c).
      digits = length(range[1])
      aligned = digits > 6 && substr(range[1], digits - 5) == "000000" &&
                index("048c", substr(range[1], digits - 6, 1)) > 0
      if (path ~ /^\//) kind = "files"
      else if (path == "[heap]") kind = "main_heap"
      else if (path != "") kind = "other"
      else if (perms == "rw-p" && aligned) kind = "arenas"
      else kind = "anon"
      next
    }
    /^Size:/ { if (kind == "anon" && $2 == 8192 && perms == "rw-p") kind = "stacks" }
    /^Rss:/ { rss[kind] += $2; total += $2; if ($2 > 0) n[kind]++ }
    END {
      printf "%s: resident %.1f MB:", name, total / 1024
      split("stacks arenas main_heap anon files other", order, " ")
      for (i = 1; i <= 6; i++) {
        k = order[i]; label = k; gsub("_", " ", label)
        printf " %s %.1f (%d)%s", label, rss[k] / 1024, n[k], i < 6 ? "," : "\n"
      }
    }' "/proc/$pid/smaps"
done
