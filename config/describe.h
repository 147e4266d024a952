// SPDX-License-Identifier: GPL-3.0-or-later
// The effective configuration as YAML text: every key with the value the daemon runs with,
// defaults included. load_string() reads the text back to the same Config. The daemon logs
// it at start-up; `paxbot check-config` prints it.
#pragma once

#include <string>
#include <string_view>

#include "config/config.h"

namespace config {

// `token_source` (e.g. "LICHESS_BOT_TOKEN"), when not empty, adds a comment line saying a
// token was found there, masked. The token itself is never an input of this function.
std::string describe(const Config& config, std::string_view token_source = {});

}  // namespace config
