#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The main job: installs what is missing, builds paxbot, then runs the bot when an account
# is configured ($PAXBOT_CONFIG or /etc/paxbot/paxbot.yml), the local demo otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh build -DPAXBOT_BUILD_TESTS=OFF
config=${PAXBOT_CONFIG:-/etc/paxbot/paxbot.yml}
if [ -f "$config" ]; then
  exec ./build/paxbot run --config "$config"
fi
exec ./build/paxbot demo "$@"
