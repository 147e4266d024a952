// SPDX-License-Identifier: GPL-3.0-or-later
#include "config/token.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace config {
namespace {

constexpr std::size_t kMaxTokenBytes = 4096;

std::string_view trim(std::string_view text) {
  const auto blank = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  while (!text.empty() && blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && blank(text.back())) text.remove_suffix(1);
  return text;
}

std::expected<ResolvedToken, std::string> checked(std::string_view token, std::string source) {
  if (token.empty()) {
    return std::unexpected(source +
                           ": the token is empty; fix: put the token (and nothing "
                           "else) there");
  }
  if (!is_valid_token(token)) {
    return std::unexpected(source +
                           ": this is not a token (only letters, digits and '_' are allowed); "
                           "fix: copy the token again, without quotes or other text");
  }
  return ResolvedToken{std::string(token), std::move(source)};
}

std::expected<ResolvedToken, std::string> read_token_file(const std::filesystem::path& file,
                                                          std::string source) {
  std::ifstream in(file, std::ios::binary);
  if (!in.is_open()) {
    return std::unexpected(source + ": cannot open " + file.string() + ": " + std::strerror(errno) +
                           "; fix: create the file or correct the path, readable by paxbot");
  }
  std::string contents(kMaxTokenBytes + 1, '\0');
  in.read(contents.data(), static_cast<std::streamsize>(contents.size()));
  contents.resize(static_cast<std::size_t>(in.gcount()));
  if (contents.size() > kMaxTokenBytes) {
    return std::unexpected(source + ": " + file.string() +
                           " is too large to hold a token; fix: put only the token in it");
  }
  return checked(trim(contents), std::move(source));
}

}  // namespace

EnvLookup process_environment() {
  return [](const std::string& name) -> std::optional<std::string> {
    const char* value = std::getenv(name.c_str());
    if (value == nullptr) return std::nullopt;
    return std::string(value);
  };
}

bool is_valid_token(std::string_view token) {
  return !token.empty() && token.size() <= kMaxTokenBytes && std::ranges::all_of(token, [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
  });
}

std::expected<ResolvedToken, std::string> find_token(const Config& config, const EnvLookup& env) {
  const std::string variable(kTokenEnvironmentVariable);
  if (const auto value = env(variable); value && !value->empty()) {
    return checked(trim(*value), variable);
  }
  if (!config.token_file.empty()) {
    return read_token_file(config.token_file, "token_file " + config.token_file);
  }
  if (const auto directory = env("CREDENTIALS_DIRECTORY"); directory && !directory->empty()) {
    const std::filesystem::path file = std::filesystem::path(*directory) / "token";
    std::error_code ec;
    if (std::filesystem::exists(file, ec)) {
      return read_token_file(file, "$CREDENTIALS_DIRECTORY/token");
    }
  }
  return std::unexpected(
      "no API token found; fix: set LICHESS_BOT_TOKEN, or set token_file in the config to a "
      "file holding the token, or (systemd) LoadCredential=token:/path/to/token-file");
}

std::expected<std::string, std::string> resolve_token(const Config& config, const EnvLookup& env) {
  auto found = find_token(config, env);
  if (!found) return std::unexpected(std::move(found.error()));
  return std::move(found->value);
}

}  // namespace config
