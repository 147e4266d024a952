// SPDX-License-Identifier: GPL-3.0-or-later
// `paxbot tune`: fits the evaluation weights of one rule set to tuning data files
// and writes the weights header (see docs/engine.md, "Regenerating the evaluation
// weights"). Takes the arguments after the subcommand name; returns the exit code.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace tune {

int tune_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace tune
