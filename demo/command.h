// SPDX-License-Identifier: GPL-3.0-or-later
// `paxbot demo`: starts the local server in-process on a free loopback port and has two
// bots play each other over the Bot API: two `paxbot run` daemons (demo/daemons.h) by
// default, or the built-in client (demo/client.h). They play a Pacifist game from a
// random Chess960 start, then a standard game; the demo prints each move, each conversion,
// the final board and the result.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace demo {

int demo_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace demo
