// SPDX-License-Identifier: GPL-3.0-or-later
// `paxbot match`: the command-line face of the match runner (match/match.h). Runs on the
// caller's thread; the match's workers are joined before it returns.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace match {

int match_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace match
