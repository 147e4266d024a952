// SPDX-License-Identifier: GPL-3.0-or-later
// `paxbot serve`: runs the local Lichess-compatible server until SIGINT/SIGTERM.
#pragma once

#include <expected>
#include <ostream>
#include <string>
#include <vector>

namespace server {

int serve_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// Splits "HOST:PORT" (or "[v6]:PORT"); errors name the problem.
std::expected<std::pair<std::string, int>, std::string> parse_listen_address(
    const std::string& text);

// Removes every "--name VALUE" / "--name=VALUE" from args and returns the values, so
// that repeatable options can be used with the shared parser. A missing value is an error.
std::expected<std::vector<std::string>, std::string> take_repeated_option(
    std::vector<std::string>& args, const std::string& name);

}  // namespace server
