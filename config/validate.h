// SPDX-License-Identifier: GPL-3.0-or-later
// The rules a loaded Config must follow: ranges, min <= max pairs, names from fixed sets,
// Lichess limits (chat length, daily bot games, first-move deadline), loopback-only status
// page. All findings are returned at once, each naming the key and the fix.
#pragma once

#include <filesystem>
#include <vector>

#include "config/config.h"
#include "config/diagnostic.h"
#include "config/load.h"

namespace config {

// Errors and warnings for `config`; empty when it is fine. Pure: touches no file or network.
std::vector<Diagnostic> validate(const Config& config);

// Loads `file`, validates what was loaded (except values that failed to load) and gives
// every finding the line of its key, sorted in file order. This is the one call the daemon
// and check-config make; the daemon must refuse to start when result.ok() is false.
LoadResult load_and_validate(const std::filesystem::path& file);

}  // namespace config
