// SPDX-License-Identifier: GPL-3.0-or-later
#include "server/accounts.h"

#include <cctype>
#include <fstream>
#include <sstream>

namespace server {
namespace {

bool valid_name(std::string_view name) {
  if (name.size() < 2 || name.size() > 30) return false;
  for (char c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-') return false;
  return std::isalnum(static_cast<unsigned char>(name[0]));
}

bool valid_token(std::string_view token) {
  if (token.empty() || token.size() > 2048) return false;
  for (char c : token)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  return true;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

}  // namespace

std::string lower_case(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::expected<Account, std::string> parse_account_spec(std::string_view spec) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  while (true) {
    std::size_t colon = spec.find(':', start);
    parts.push_back(spec.substr(start, colon == std::string_view::npos ? colon : colon - start));
    if (colon == std::string_view::npos) break;
    start = colon + 1;
  }
  const std::string shown(spec.substr(0, 40));
  if (parts.size() < 2 || parts.size() > 3)
    return std::unexpected("account '" + shown + "' is not written name:token or name:token:bot");
  if (!valid_name(parts[0]))
    return std::unexpected("account name '" + std::string(parts[0]) +
                           "' must be 2-30 letters, digits, '_' or '-'");
  if (!valid_token(parts[1]))
    return std::unexpected("token of account '" + std::string(parts[0]) +
                           "' must be letters, digits or '_'");
  if (parts.size() == 3 && parts[2] != "bot")
    return std::unexpected("account '" + std::string(parts[0]) +
                           "': third field must be 'bot', not '" + std::string(parts[2]) + "'");
  Account account;
  account.username = std::string(parts[0]);
  account.id = lower_case(parts[0]);
  account.token = std::string(parts[1]);
  account.bot = parts.size() == 3;
  return account;
}

std::expected<Accounts, std::string> Accounts::parse(std::string_view text,
                                                     const std::string& source) {
  Accounts accounts;
  int line_number = 0;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = trim(text.substr(pos, end - pos));
    ++line_number;
    pos = end + 1;
    if (line.empty() || line.front() == '#') continue;
    auto account = parse_account_spec(line);
    if (!account)
      return std::unexpected(source + ":" + std::to_string(line_number) + ": " + account.error());
    if (auto added = accounts.add(std::move(*account)); !added)
      return std::unexpected(source + ":" + std::to_string(line_number) + ": " + added.error());
  }
  return accounts;
}

std::expected<Accounts, std::string> Accounts::load_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) return std::unexpected("cannot read accounts file '" + path + "'");
  std::stringstream text;
  text << in.rdbuf();
  auto accounts = parse(text.str(), path);
  if (accounts && accounts->empty())
    return std::unexpected("accounts file '" + path + "' defines no account");
  return accounts;
}

std::expected<void, std::string> Accounts::add(Account account) {
  if (by_id_.contains(account.id))
    return std::unexpected("account '" + account.username + "' is defined twice");
  if (id_by_token_.contains(account.token))
    return std::unexpected("account '" + account.username + "' reuses the token of account '" +
                           by_id_.at(id_by_token_.at(account.token)).username + "'");
  id_by_token_[account.token] = account.id;
  std::string id = account.id;
  by_id_.emplace(std::move(id), std::move(account));
  return {};
}

Account* Accounts::find(std::string_view name) {
  auto it = by_id_.find(lower_case(name));
  return it == by_id_.end() ? nullptr : &it->second;
}

const Account* Accounts::find(std::string_view name) const {
  auto it = by_id_.find(lower_case(name));
  return it == by_id_.end() ? nullptr : &it->second;
}

const Account* Accounts::by_token(std::string_view token) const {
  auto it = id_by_token_.find(token);
  return it == id_by_token_.end() ? nullptr : find(it->second);
}

std::vector<const Account*> Accounts::all() const {
  std::vector<const Account*> out;
  for (const auto& [id, account] : by_id_) out.push_back(&account);
  return out;
}

}  // namespace server
