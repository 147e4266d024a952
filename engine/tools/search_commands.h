// SPDX-License-Identifier: GPL-3.0-or-later
// The search subcommands: `paxbot uci` (the UCI protocol on stdin/stdout) and
// `paxbot bench` (the node-count signature; contract in shared docs/design.md). Matches between
// engines are `paxbot match` (match/).
// Each takes the arguments after the subcommand name and returns the exit code.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace engine::tools {

int uci_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int bench_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace engine::tools
