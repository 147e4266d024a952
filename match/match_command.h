// `paxbot match`: the command-line face of the match runner (match/match.h).
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace match {

int match_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace match
