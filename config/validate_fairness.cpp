// SPDX-License-Identifier: GPL-3.0-or-later
// Rules for the fairness keys of the challenge section and for engine.overrides, the
// per-context engine settings.
#include <algorithm>
#include <string>

#include "config/rules.h"

namespace config {
namespace {

constexpr int kBullet1stMoveDeadlineMs = 20'000;  // server aborts a bullet game without a move

bool applies_to_bullet(const EngineOverride& o) {
  return o.speeds.empty() || std::ranges::find(o.speeds, Speed::kBullet) != o.speeds.end();
}

void check_override(const std::string& key, const Engine& e, const EngineOverride& o, Rules& r) {
  r.no_duplicates(key + ".speeds", o.speeds);
  if (o.hash_mb) r.range(key + ".hash_mb", *o.hash_mb, 1, 65'536);
  if (o.threads) r.range(key + ".threads", *o.threads, 1, 256);
  if (o.move_overhead_ms) r.range(key + ".move_overhead_ms", *o.move_overhead_ms, 0, 10'000);
  if (o.max_think_ms) r.range(key + ".max_think_ms", *o.max_think_ms, 10, 3'600'000);
  if (o.first_move_max_ms)
    r.range(key + ".first_move_max_ms", *o.first_move_max_ms, 10, kBullet1stMoveDeadlineMs);
  const bool changes_something = o.hash_mb || o.threads || o.move_overhead_ms || o.max_think_ms ||
                                 o.first_move_max_ms || o.book || o.ponder;
  if (!changes_something) {
    r.warning(key, "sets no engine setting, so it changes nothing",
              "add hash_mb, threads, move_overhead_ms, max_think_ms, first_move_max_ms, book or "
              "ponder, "
              "or remove the entry");
  }
  const int first = o.first_move_max_ms.value_or(e.first_move_max_ms);
  const int overhead = o.move_overhead_ms.value_or(e.move_overhead_ms);
  if ((o.first_move_max_ms || o.move_overhead_ms) && applies_to_bullet(o) &&
      first + overhead >= kBullet1stMoveDeadlineMs) {
    r.error(key,
            "gives bullet games first_move_max_ms + move_overhead_ms = " +
                std::to_string(first + overhead) +
                " ms, not below 20000 ms, the first-move deadline of bullet games",
            "lower first_move_max_ms or move_overhead_ms, or list speeds without bullet");
  }
}

}  // namespace

void check_engine_overrides(const Engine& e, Rules& r) {
  for (std::size_t i = 0; i < e.overrides.size(); ++i)
    check_override("engine.overrides[" + std::to_string(i) + "]", e, e.overrides[i], r);
}

void check_fairness(const Challenge& ch, Rules& r) {
  const ChallengeFairness& f = ch.fairness;
  r.range("challenge.max_simultaneous_games_per_user", f.max_simultaneous_games_per_user, 0, 100,
          "use 0 for no limit, or 1 to 100 games against one opponent at once");
  r.range("challenge.max_recent_bot_challenges", f.max_recent_bot_challenges, 0, 1'000,
          "use 0 for no limit, or 1 to 1000 challenges per bot within the window");
  r.range("challenge.recent_bot_challenge_age_min", f.recent_bot_challenge_age_min, 1, 1'440);
  r.range("challenge.human_slots", f.human_slots, 0, 100);
  if (f.human_slots > ch.concurrency) {
    r.error("challenge.human_slots",
            "is " + std::to_string(f.human_slots) + ", more than challenge.concurrency (" +
                std::to_string(ch.concurrency) + ")",
            "keep at most concurrency slots for humans");
  } else if (f.human_slots == ch.concurrency && ch.accept_bot) {
    r.warning("challenge.human_slots",
              "keeps every slot for humans, so no bot challenge is ever accepted",
              "lower human_slots, or set accept_bot: false to say so");
  }
  if (ch.only_bot && f.human_slots > 0) {
    r.warning("challenge.human_slots",
              "keeps slots for humans while challenge.only_bot is true: they stay unused",
              "set human_slots: 0, or only_bot: false");
  }
}

}  // namespace config
