// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/opponent_memory.h"

#include <cctype>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "daemon/atomic_file.h"
#include "lichess/decline_reason.h"

namespace bot {
namespace {

using Json = nlohmann::json;
using Table = std::map<std::string, std::map<std::string, OpponentStats>>;

constexpr int kFormatVersion = 1;

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string_view variant_of(std::string_view key) {
  return key.substr(0, key.find('/'));
}

std::string_view speed_of(std::string_view key) {
  const std::size_t slash = key.find('/');
  return slash == std::string_view::npos ? std::string_view() : key.substr(slash + 1);
}

// Whether a decline recorded under `key` with `reason` covers (variant, speed).
bool decline_covers(std::string_view key, std::string_view reason, std::string_view variant,
                    std::string_view speed) {
  using lichess::DeclineReason;
  const std::optional<DeclineReason> why = lichess::parse_decline_reason(reason);
  if (why == DeclineReason::kVariant || why == DeclineReason::kStandard) {
    return variant_of(key) == variant;
  }
  if (why == DeclineReason::kTooFast || why == DeclineReason::kTooSlow ||
      why == DeclineReason::kTimeControl) {
    return speed_of(key) == speed;
  }
  return true;
}

std::int64_t to_unix(OpponentMemory::Time t) {
  return std::chrono::duration_cast<std::chrono::seconds>(t.time_since_epoch()).count();
}

Json stats_json(const OpponentStats& s) {
  Json j = {{"accepts", s.accepts},
            {"declines", s.declines},
            {"wins", s.wins},
            {"draws", s.draws},
            {"losses", s.losses}};
  if (s.last_decline) {
    j["last_decline"] = to_unix(*s.last_decline);
    j["last_decline_reason"] = s.last_decline_reason;
  }
  return j;
}

std::string serialize(const Table& table) {
  Json opponents = Json::object();
  for (const auto& [id, entries] : table) {
    Json per = Json::object();
    for (const auto& [key, stats] : entries) per[key] = stats_json(stats);
    opponents[id] = std::move(per);
  }
  Json doc = {{"version", kFormatVersion}, {"opponents", std::move(opponents)}};
  return doc.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

// Reads a non-negative integer field; absent fields read as 0.
std::expected<int, std::string> count_field(const Json& j, const char* name) {
  auto it = j.find(name);
  if (it == j.end()) return 0;
  if (!it->is_number_integer() || it->get<std::int64_t>() < 0)
    return std::unexpected(std::string("'") + name + "' must be a non-negative integer");
  return int(it->get<std::int64_t>());
}

std::expected<OpponentStats, std::string> parse_stats(const Json& j) {
  if (!j.is_object()) return std::unexpected("an entry must be an object");
  OpponentStats s;
  for (auto [field, name] :
       {std::pair{&s.accepts, "accepts"}, std::pair{&s.declines, "declines"},
        std::pair{&s.wins, "wins"}, std::pair{&s.draws, "draws"}, std::pair{&s.losses, "losses"}}) {
    auto value = count_field(j, name);
    if (!value) return std::unexpected(value.error());
    *field = *value;
  }
  if (auto it = j.find("last_decline"); it != j.end()) {
    if (!it->is_number_integer()) return std::unexpected("'last_decline' must be unix seconds");
    s.last_decline = OpponentMemory::Time(std::chrono::seconds(it->get<std::int64_t>()));
    auto reason = j.find("last_decline_reason");
    if (reason != j.end() && !reason->is_string())
      return std::unexpected("'last_decline_reason' must be a string");
    if (reason != j.end()) s.last_decline_reason = lower(reason->get<std::string>());
  }
  return s;
}

}  // namespace

std::optional<GameResultForUs> result_for_us(std::string_view status,
                                             std::optional<engine::Color> winner,
                                             engine::Color us) {
  if (winner) return *winner == us ? GameResultForUs::kWin : GameResultForUs::kLoss;
  if (status.empty() || status == "created" || status == "started" || status == "aborted" ||
      status == "noStart" || status == "unknownFinish")
    return std::nullopt;
  return GameResultForUs::kDraw;
}

std::string opponent_stats_key(std::string_view variant, std::string_view speed) {
  std::string key(variant);
  key += '/';
  key += speed;
  return key;
}

OpponentMemory::OpponentMemory(std::string state_file, std::chrono::hours cooldown,
                               base::Logger& log)
    : state_file_(std::move(state_file)), cooldown_(cooldown), log_(log) {
  load();
}

std::expected<Table, std::string> OpponentMemory::parse_json(std::string_view text) {
  const Json doc = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) return std::unexpected("not valid JSON");
  if (!doc.is_object()) return std::unexpected("the document must be a JSON object");
  auto version = doc.find("version");
  if (version == doc.end() || !version->is_number_integer() ||
      version->get<std::int64_t>() != kFormatVersion)
    return std::unexpected("unknown format version (expected \"version\": 1)");
  auto opponents = doc.find("opponents");
  if (opponents == doc.end() || !opponents->is_object())
    return std::unexpected("'opponents' must be an object");
  Table table;
  for (const auto& [id, entries] : opponents->items()) {
    if (!entries.is_object()) return std::unexpected("opponent '" + id + "' must be an object");
    for (const auto& [key, value] : entries.items()) {
      auto stats = parse_stats(value);
      if (!stats) return std::unexpected("opponent '" + id + "', '" + key + "': " + stats.error());
      table[lower(id)][key] = *stats;
    }
  }
  return table;
}

void OpponentMemory::load() {
  if (state_file_.empty()) return;
  std::error_code error;
  if (!std::filesystem::exists(state_file_, error)) {
    log_.info("matchmaking state file '", state_file_, "' does not exist yet; starting empty");
    return;
  }
  auto text = read_whole_file(state_file_);
  if (!text) {
    log_.error("matchmaking state: ", text.error(), "; starting with an empty memory");
    return;
  }
  auto table = parse_json(*text);
  if (!table) {
    const std::string aside = state_file_ + ".corrupt";
    std::filesystem::rename(state_file_, aside, error);
    log_.error("matchmaking state file '", state_file_, "' is corrupt (", table.error(),
               "); starting with an empty memory",
               error ? "" : "; the bad file was moved to '" + aside + "'");
    return;
  }
  table_ = std::move(*table);
  log_.info("matchmaking state: remembered ", table_.size(), " opponents from '", state_file_, "'");
}

OpponentStats& OpponentMemory::entry(std::string_view opponent, std::string_view variant,
                                     std::string_view speed) {
  return table_[lower(opponent)][opponent_stats_key(variant, speed)];
}

void OpponentMemory::record_decline(std::string_view opponent, std::string_view variant,
                                    std::string_view speed, std::string_view reason_key,
                                    Time when) {
  std::lock_guard lock(mutex_);
  OpponentStats& s = entry(opponent, variant, speed);
  ++s.declines;
  s.last_decline = when;
  s.last_decline_reason = reason_key.empty() ? "generic" : lower(reason_key);
  save_locked();
}

void OpponentMemory::record_accept(std::string_view opponent, std::string_view variant,
                                   std::string_view speed) {
  std::lock_guard lock(mutex_);
  ++entry(opponent, variant, speed).accepts;
  save_locked();
}

void OpponentMemory::record_result(std::string_view opponent, std::string_view variant,
                                   std::string_view speed, GameResultForUs result) {
  std::lock_guard lock(mutex_);
  OpponentStats& s = entry(opponent, variant, speed);
  if (result == GameResultForUs::kWin)
    ++s.wins;
  else if (result == GameResultForUs::kDraw)
    ++s.draws;
  else
    ++s.losses;
  save_locked();
}

std::optional<OpponentMemory::Time> OpponentMemory::cooldown_end(std::string_view opponent,
                                                                 std::string_view variant,
                                                                 std::string_view speed,
                                                                 Time now) const {
  if (cooldown_.count() <= 0) return std::nullopt;
  std::lock_guard lock(mutex_);
  auto it = table_.find(lower(opponent));
  if (it == table_.end()) return std::nullopt;
  std::optional<Time> end;
  for (const auto& [key, s] : it->second) {
    if (!s.last_decline || !decline_covers(key, s.last_decline_reason, variant, speed)) continue;
    const Time until = *s.last_decline + cooldown_;
    if (until > now && (!end || until > *end)) end = until;
  }
  return end;
}

bool OpponentMemory::in_cooldown(std::string_view opponent, std::string_view variant,
                                 std::string_view speed, Time now) const {
  return cooldown_end(opponent, variant, speed, now).has_value();
}

OpponentStats OpponentMemory::stats(std::string_view opponent, std::string_view variant,
                                    std::string_view speed) const {
  std::lock_guard lock(mutex_);
  auto it = table_.find(lower(opponent));
  if (it == table_.end()) return {};
  auto found = it->second.find(opponent_stats_key(variant, speed));
  return found == it->second.end() ? OpponentStats{} : found->second;
}

OpponentStats OpponentMemory::totals(std::string_view opponent) const {
  std::lock_guard lock(mutex_);
  OpponentStats sum;
  auto it = table_.find(lower(opponent));
  if (it == table_.end()) return sum;
  for (const auto& [key, s] : it->second) {
    sum.accepts += s.accepts;
    sum.declines += s.declines;
    sum.wins += s.wins;
    sum.draws += s.draws;
    sum.losses += s.losses;
    if (s.last_decline && (!sum.last_decline || *s.last_decline > *sum.last_decline)) {
      sum.last_decline = s.last_decline;
      sum.last_decline_reason = s.last_decline_reason;
    }
  }
  return sum;
}

std::string OpponentMemory::to_json() const {
  std::lock_guard lock(mutex_);
  return serialize(table_);
}

std::expected<void, std::string> OpponentMemory::write_locked() const {
  if (state_file_.empty()) return {};
  return write_file_atomically(state_file_, serialize(table_));
}

std::expected<void, std::string> OpponentMemory::save() const {
  std::lock_guard lock(mutex_);
  return write_locked();
}

void OpponentMemory::save_locked() const {
  if (auto written = write_locked(); !written)
    log_.warning("matchmaking state not saved: ", written.error());
}

}  // namespace bot
