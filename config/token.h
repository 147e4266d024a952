// SPDX-License-Identifier: GPL-3.0-or-later
// Where the API token comes from. It is never in the config file or on the command line;
// the first of these that is set wins:
//   1. the environment variable LICHESS_BOT_TOKEN (if not empty);
//   2. the file named by token_file in the config;
//   3. $CREDENTIALS_DIRECTORY/token (a systemd credential: LoadCredential=token:/path).
// Error texts name the source and the fix but never contain the token.
#pragma once

#include <expected>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "config/config.h"

namespace config {

inline constexpr std::string_view kTokenEnvironmentVariable = "LICHESS_BOT_TOKEN";

// Reads one environment variable; injected so that tests can fake the environment.
using EnvLookup = std::function<std::optional<std::string>(const std::string& name)>;

// The real environment (std::getenv).
EnvLookup process_environment();

struct ResolvedToken {
  std::string value;
  std::string source;  // "LICHESS_BOT_TOKEN", "token_file /etc/paxbot/token", ...
};

// The token and where it was found.
std::expected<ResolvedToken, std::string> find_token(const Config& config, const EnvLookup& env);

// The token alone.
std::expected<std::string, std::string> resolve_token(const Config& config, const EnvLookup& env);

// Lichess tokens match ^[A-Za-z0-9_]+$ (length may grow; up to 4096 accepted here).
bool is_valid_token(std::string_view token);

}  // namespace config
