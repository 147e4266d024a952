// SPDX-License-Identifier: GPL-3.0-or-later
// `paxbot check-config FILE`: loads and validates FILE, prints the effective configuration
// (stdout) when it is valid, and every warning and error (stderr) with file:line:column.
// Exit status: 0 valid (warnings allowed), 1 errors found, 2 usage error.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "config/token.h"

namespace config {

// `args` are the words after "check-config" on the command line.
int check_config_command(const std::vector<std::string>& args, std::ostream& out,
                         std::ostream& err);

// The same with an injected environment, used to report where the token would come from.
int check_config_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
                         const EnvLookup& env);

}  // namespace config
