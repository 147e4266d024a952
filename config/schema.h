// SPDX-License-Identifier: GPL-3.0-or-later
// The one list of configuration keys, in file order. The loader, the printer of the effective
// config and the tests all walk a Config through visit_config(), so a key is added by adding a
// field to config.h, a default to defaults.cpp, one line here, and a rule to validate.cpp.
//
// A visitor V provides:
//   void field(std::string_view key, T& value);     // optional key, keeps its default
//   void required(std::string_view key, T& value);  // key that must be present (list entries)
//   void section(std::string_view key, F body);     // nested map; body() visits its keys
//   void list(std::string_view key, std::vector<E>& entries, F body);
//                                                   // list of maps; body(entry) visits one
// where T is bool, int, double, std::string, a NamedEnum, a std::vector of string/NamedEnum,
// or a std::optional of bool/int (absent from the file: nullopt; list entries only).
// C is Config or const Config (const for printers).
#pragma once

#include <string>
#include <type_traits>
#include <vector>

#include "config/config.h"

namespace config {

// Every key path of the schema in file order: sections ("engine"), leaves ("engine.hash_mb")
// and keys of list entries ("matchmaking.time_controls[].base_s").
std::vector<std::string> key_paths();

template <class V, class C>
requires std::is_same_v<std::remove_const_t<C>, Config>
void visit_config(V& v, C& c) {
  v.field("token_file", c.token_file);
  v.field("url", c.url);
  v.field("log_level", c.log_level);
  v.section("engine", [&] {
    auto& e = c.engine;
    v.field("hash_mb", e.hash_mb);
    v.field("threads", e.threads);
    v.field("move_overhead_ms", e.move_overhead_ms);
    v.field("max_think_ms", e.max_think_ms);
    v.field("first_move_max_ms", e.first_move_max_ms);
    v.section("draw_offer", [&] {
      v.field("enabled", e.draw_offer.enabled);
      v.field("max_score_cp", e.draw_offer.max_score_cp);
      v.field("consecutive_moves", e.draw_offer.consecutive_moves);
      v.field("min_moves", e.draw_offer.min_moves);
      v.field("plies_after_opponent_offer", e.draw_offer.plies_after_opponent_offer);
      v.field("tablebase", e.draw_offer.tablebase);
    });
    v.section("resign", [&] {
      v.field("enabled", e.resign.enabled);
      v.field("score_cp", e.resign.score_cp);
      v.field("consecutive_moves", e.resign.consecutive_moves);
      v.field("tablebase", e.resign.tablebase);
    });
    v.section("tablebases", [&] {
      v.field("syzygy_path", e.tablebases.syzygy_path);
      v.field("gaviota_path", e.tablebases.gaviota_path);
      v.field("gaviota_cache_mb", e.tablebases.gaviota_cache_mb);
      v.field("max_pieces", e.tablebases.max_pieces);
      v.field("use", e.tablebases.use);
    });
    v.section("book", [&] {
      v.field("standard", e.book.standard);
      v.field("chess960", e.book.chess960);
      v.field("fromPosition", e.book.from_position);
      v.field("selection", e.book.selection);
      v.field("min_weight", e.book.min_weight);
      v.field("max_depth", e.book.max_depth);
      v.field("against_humans", e.book.against_humans);
      v.field("against_bots", e.book.against_bots);
    });
    v.field("ponder", e.ponder);
    v.list("overrides", e.overrides, [&](auto& o) {
      v.field("speeds", o.speeds);
      v.field("opponent", o.opponent);
      v.field("hash_mb", o.hash_mb);
      v.field("threads", o.threads);
      v.field("move_overhead_ms", o.move_overhead_ms);
      v.field("max_think_ms", o.max_think_ms);
      v.field("first_move_max_ms", o.first_move_max_ms);
      v.field("book", o.book);
      v.field("ponder", o.ponder);
    });
  });
  v.section("challenge", [&] {
    auto& ch = c.challenge;
    v.field("concurrency", ch.concurrency);
    v.field("variants", ch.variants);
    v.field("time_controls", ch.time_controls);
    v.field("min_base", ch.min_base);
    v.field("max_base", ch.max_base);
    v.field("min_increment", ch.min_increment);
    v.field("max_increment", ch.max_increment);
    v.field("min_days", ch.min_days);
    v.field("max_days", ch.max_days);
    v.field("accept_bot", ch.accept_bot);
    v.field("only_bot", ch.only_bot);
    v.field("modes", ch.modes);
    v.field("min_rating", ch.min_rating);
    v.field("max_rating", ch.max_rating);
    v.field("allow_list", ch.allow_list);
    v.field("block_list", ch.block_list);
    v.field("bot_games_per_day", ch.bot_games_per_day);
    v.field("queue", ch.queue);
    v.field("max_queue", ch.max_queue);
    auto& f = ch.fairness;
    v.field("max_simultaneous_games_per_user", f.max_simultaneous_games_per_user);
    v.field("max_recent_bot_challenges", f.max_recent_bot_challenges);
    v.field("recent_bot_challenge_age_min", f.recent_bot_challenge_age_min);
    v.field("human_slots", f.human_slots);
    v.field("bullet_requires_increment_bots", f.bullet_requires_increment_bots);
    v.field("bullet_requires_increment_humans", f.bullet_requires_increment_humans);
    v.field("sort_by", f.sort_by);
    v.field("preference", f.preference);
  });
  v.section("greeting", [&] {
    v.field("hello", c.greeting.hello);
    v.field("goodbye", c.greeting.goodbye);
    v.field("hello_spectators", c.greeting.hello_spectators);
    v.field("goodbye_spectators", c.greeting.goodbye_spectators);
  });
  v.field("abort_time_s", c.abort_time_s);
  v.section("shutdown", [&] {
    v.field("on_sigterm", c.shutdown.on_sigterm);
    v.field("deadline_s", c.shutdown.deadline_s);
  });
  v.section("matchmaking", [&] {
    auto& m = c.matchmaking;
    v.field("enabled", m.enabled);
    v.field("idle_s", m.idle_s);
    v.field("challenge_timeout_s", m.challenge_timeout_s);
    v.field("challenge_mode", m.challenge_mode);
    v.field("min_rating_diff", m.min_rating_diff);
    v.field("max_rating_diff", m.max_rating_diff);
    v.field("rating_preference", m.rating_preference);
    v.list("time_controls", m.time_controls, [&](auto& tc) {
      v.required("base_s", tc.base_s);
      v.required("increment_s", tc.increment_s);
      v.field("weight", tc.weight);
    });
    v.list("variants", m.variants, [&](auto& variant) {
      v.required("name", variant.name);
      v.field("weight", variant.weight);
    });
    v.field("decline_cooldown_h", m.decline_cooldown_h);
    v.field("allow_during_games", m.allow_during_games);
    v.field("state_file", m.state_file);
  });
  v.section("pgn", [&] {
    v.field("directory", c.pgn.directory);
    v.field("grouping", c.pgn.grouping);
  });
  v.section("status_http", [&] {
    v.field("enabled", c.status_http.enabled);
    v.field("listen", c.status_http.listen);
  });
  v.section("takebacks", [&] {
    v.field("max_per_game", c.takebacks.max_per_game);
    v.field("only_humans", c.takebacks.only_humans);
  });
  v.section("online_block_list", [&] {
    auto& b = c.online_block_list;
    v.field("urls", b.urls);
    v.field("challenges", b.challenges);
    v.field("matchmaking", b.matchmaking);
    v.field("refresh_min", b.refresh_min);
    v.field("cache_file", b.cache_file);
  });
  v.section("correspondence", [&] {
    auto& k = c.correspondence;
    v.field("move_time_ms", k.move_time_ms);
    v.field("max_games", k.max_games);
    v.field("checkin_s", k.checkin_s);
    v.field("disconnect_s", k.disconnect_s);
  });
}

}  // namespace config
