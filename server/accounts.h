// SPDX-License-Identifier: GPL-3.0-or-later
// The accounts a local server knows: names, bearer tokens, the BOT title and
// simple result counters. Owned by the server state and only touched under its
// lock; the parsing functions are pure.
#pragma once

#include <cstdint>
#include <expected>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace server {

struct Account {
  std::string id;        // the username in lower case
  std::string username;  // as written in the accounts file
  std::string token;
  bool bot = false;
  std::int64_t created_at = 0;  // wall ms
  std::int64_t seen_at = 0;     // wall ms of the last authenticated request
  // Finished games, for /api/account and /api/user.
  int games = 0;
  int rated = 0;
  int wins = 0;
  int losses = 0;
  int draws = 0;
};

// Parses one account written "name:token" or "name:token:bot". Names are 2-30
// letters, digits, '_' or '-'; tokens are letters, digits and '_' (as on Lichess).
std::expected<Account, std::string> parse_account_spec(std::string_view spec);

class Accounts {
 public:
  // Accounts file: one "name:token[:bot]" per line; blank lines and '#' comments are
  // skipped. Errors name the source and line.
  static std::expected<Accounts, std::string> parse(std::string_view text,
                                                    const std::string& source);
  static std::expected<Accounts, std::string> load_file(const std::string& path);

  // Adds an account; a name or token already in use is an error.
  std::expected<void, std::string> add(Account account);

  // Lookup by name or id, case-insensitive; nullptr when unknown.
  Account* find(std::string_view name);
  const Account* find(std::string_view name) const;
  const Account* by_token(std::string_view token) const;

  std::vector<const Account*> all() const;
  std::size_t size() const { return by_id_.size(); }
  bool empty() const { return by_id_.empty(); }

 private:
  std::map<std::string, Account, std::less<>> by_id_;
  std::map<std::string, std::string, std::less<>> id_by_token_;
};

std::string lower_case(std::string_view text);

}  // namespace server
