#!/usr/bin/env bash
# The main job: installs what is missing, builds paxbot, and runs the local demo.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh build
if ./build/paxbot demo --help >/dev/null 2>&1; then
  exec ./build/paxbot demo
fi
# Until `paxbot demo` exists: show the rules engine on the Pacifist rules' third diagram.
fen='1rknn1br/p1pp1p1p/3bp1p1/1p1q2n1/5p2/2P4B/pP1PP1PP/B1RKR1QN w - - 0 1'
echo "Pacifist position (rules diagram 3), legal moves and the position after each:"
./build/paxbot moves --variant pacifist --fen "$fen"
echo
echo "Perft to depth 3 from the same position:"
./build/paxbot perft --variant pacifist --fen "$fen" 3
