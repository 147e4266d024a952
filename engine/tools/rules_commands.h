// SPDX-License-Identifier: GPL-3.0-or-later
// The rules-engine subcommands: `paxbot perft` and `paxbot moves` (contracts in
// docs/architecture.md). Each takes the arguments after the subcommand name and returns the process
// exit code.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace engine::tools {

int perft_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int moves_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace engine::tools
