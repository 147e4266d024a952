// SPDX-License-Identifier: GPL-3.0-or-later
#include "config/defaults.h"

namespace config {

Config default_config() {
  Config c;
  c.token_file = "";  // token from LICHESS_BOT_TOKEN or $CREDENTIALS_DIRECTORY/token
  c.url = "https://lichess.org";
  c.log_level = LogLevel::kInfo;

  Engine& e = c.engine;
  e.hash_mb = 64;
  e.threads = 1;
  e.move_overhead_ms = 500;
  e.max_think_ms = 30'000;
  e.first_move_max_ms = 5'000;  // the server aborts bullet games without a move after 20 s
  e.draw_offer.enabled = true;
  e.draw_offer.max_score_cp = 10;
  e.draw_offer.consecutive_moves = 6;
  e.draw_offer.min_moves = 30;
  e.draw_offer.plies_after_opponent_offer = 10;
  e.draw_offer.tablebase = false;
  e.resign.enabled = false;
  e.resign.score_cp = -1'000;
  e.resign.consecutive_moves = 4;
  e.book.standard = {};
  e.book.chess960 = {};
  e.book.from_position = {};
  e.book.selection = BookSelection::weighted_random;
  e.book.min_weight = 1;
  e.book.max_depth = 20;
  e.book.against_humans = true;
  e.book.against_bots = true;
  e.resign.tablebase = false;
  e.tablebases.syzygy_path = "";
  e.tablebases.gaviota_path = "";
  e.tablebases.gaviota_cache_mb = 16;
  e.tablebases.max_pieces = 7;
  e.tablebases.use = {TablebaseKind::kSyzygy, TablebaseKind::kGaviota};
  e.ponder = false;
  e.overrides = {};

  Challenge& ch = c.challenge;
  ch.concurrency = 1;
  ch.variants = {Variant::kStandard, Variant::kChess960, Variant::kFromPosition,
                 Variant::kPacifist};
  ch.time_controls = {Speed::kBullet, Speed::kBlitz, Speed::kRapid, Speed::kClassical};
  ch.min_base = 0;
  ch.max_base = lichess::kMaxClockLimitS;  // 180 minutes, the longest clock Lichess offers
  ch.min_increment = 0;
  ch.max_increment = 180;  // the largest increment Lichess offers
  ch.min_days = 1;
  ch.max_days = 14;
  ch.accept_bot = true;
  ch.only_bot = false;
  ch.modes = {Mode::kRated, Mode::kCasual};
  ch.min_rating = 0;
  ch.max_rating = 4'000;
  ch.allow_list = {};
  ch.block_list = {};
  ch.bot_games_per_day = 100;  // the server's rolling-day limit for bot-vs-bot games
  ch.queue = true;
  ch.max_queue = 10;
  ChallengeFairness& f = ch.fairness;
  f.max_simultaneous_games_per_user = 0;  // no limit beyond concurrency
  f.max_recent_bot_challenges = 0;        // no limit
  f.recent_bot_challenge_age_min = 10;
  f.human_slots = 0;
  f.bullet_requires_increment_bots = false;
  f.bullet_requires_increment_humans = false;
  f.sort_by = QueueOrder::kFirst;
  f.preference = OpponentPreference::kNone;

  c.greeting.hello = "Hi {opponent}, I'm {me}. Good luck!";
  c.greeting.goodbye = "Good game, {opponent}!";
  c.greeting.hello_spectators = "";
  c.greeting.goodbye_spectators = "";

  c.abort_time_s = 30;
  c.shutdown.on_sigterm = ShutdownAction::kFinish;
  c.shutdown.deadline_s = 300;

  Matchmaking& m = c.matchmaking;
  m.enabled = false;
  m.idle_s = 900;  // 96 games a day at most: stays inside the 100 bot games a day
  m.challenge_timeout_s = 25;
  m.challenge_mode = ChallengeMode::kCasual;
  m.min_rating_diff = -300;
  m.max_rating_diff = 300;
  m.rating_preference = RatingPreference::kNone;
  m.time_controls = {{.base_s = 180, .increment_s = 2, .weight = 1.0},
                     {.base_s = 300, .increment_s = 3, .weight = 1.0},
                     {.base_s = 600, .increment_s = 5, .weight = 1.0}};
  m.variants = {{.name = Variant::kStandard, .weight = 1.0}};
  m.decline_cooldown_h = 24;
  m.allow_during_games = false;
  m.state_file = "";

  c.pgn.directory = "";
  c.pgn.grouping = PgnGrouping::kPerGame;

  c.status_http.enabled = false;
  c.status_http.listen = "127.0.0.1:8077";

  c.takebacks.max_per_game = 0;  // decline every takeback request
  c.takebacks.only_humans = false;

  OnlineBlockList& b = c.online_block_list;
  b.urls = {};
  b.challenges = true;
  b.matchmaking = true;
  b.refresh_min = 60;
  b.cache_file = "";

  Correspondence& k = c.correspondence;
  k.move_time_ms = 60'000;
  k.max_games = 50;
  k.checkin_s = 600;
  k.disconnect_s = 300;
  return c;
}

// base_s and increment_s are required keys, so only the weight has a meaningful default.
template <>
TimeControlEntry default_entry<TimeControlEntry>() {
  return {.base_s = 0, .increment_s = 0, .weight = 1.0};
}

// Every key is optional: an entry without keys applies to every game and changes nothing.
template <>
EngineOverride default_entry<EngineOverride>() {
  return {};
}

// name is a required key.
template <>
VariantEntry default_entry<VariantEntry>() {
  return {.name = Variant::kStandard, .weight = 1.0};
}

}  // namespace config
