// SPDX-License-Identifier: GPL-3.0-or-later
// `paxbot status`: asks a running daemon's status page (config section status_http)
// for its report and prints it as text, or as the raw JSON with --json.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace bot {

int status_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace bot
