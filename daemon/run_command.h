// SPDX-License-Identifier: GPL-3.0-or-later
// The daemon's subcommands: `paxbot run` (play on a server as a bot account) and
// `paxbot upgrade` (turn an account into a bot account, irreversibly).
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace bot {

inline constexpr const char* kDefaultConfigPath = "/etc/paxbot/paxbot.yml";

int run_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int upgrade_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace bot
