// SPDX-License-Identifier: GPL-3.0-or-later
// `paxbot train-net`: trains the evaluation network on tuning data files and writes a
// network file (see docs/engine.md, "Training the network"). Takes the arguments after the
// subcommand name; returns the exit code. Runs on the calling thread plus the --threads it
// starts and joins.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace tune {

int train_net_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace tune
