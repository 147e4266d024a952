// SPDX-License-Identifier: GPL-3.0-or-later
// The Bot's side of the operator's status page: what the main loop publishes.
#include <chrono>

#include "daemon/bot.h"
#include "daemon/status_report.h"
#include "paxbot_version.h"

namespace bot {
namespace {

std::int64_t unix_seconds(base::Clock::SystemTime t) {
  return std::chrono::duration_cast<std::chrono::seconds>(t.time_since_epoch()).count();
}

}  // namespace

void Bot::start_status_page() {
  if (!config_.status_http.enabled) return;
  auto page = std::make_unique<StatusServer>([this] { return metrics_.render(); });
  if (auto started = page->start(config_.status_http.listen); !started) {
    log_.error(started.error(), "; playing on without it");
    return;
  }
  log_.info("status page on http://", config_.status_http.listen,
            "/ (JSON at /status, Prometheus metrics at /metrics)");
  status_page_ = std::move(page);
  publish_status();
}

void Bot::publish_status() {
  if (!status_page_) return;
  StatusReport r;
  r.account = me_.name;
  r.server = config_.url;
  r.version = PAXBOT_VERSION;
  r.started_unix_s = unix_seconds(started_);
  r.updated_unix_s = unix_seconds(clock_.system_now());
  r.shutting_down = shutting_down_;
  r.concurrency = config_.challenge.concurrency;
  r.correspondence_max_games = config_.correspondence.max_games;
  for (const auto& [id, session] : sessions_) r.games.push_back(session->summary());
  for (const auto& [id, since] : accepted_) r.starting.push_back(id);
  for (const ChallengeInfo& c : waiting_)
    r.queue.push_back({c.id, c.challenger ? c.challenger->name : "", c.variant, c.speed});
  r.bot_games_today = bot_games_today();
  r.bot_games_cap = config_.challenge.bot_games_per_day;  // validated: at most the server's 100
  r.matchmaking.enabled = config_.matchmaking.enabled;
  r.matchmaking.pending = matchmaker_.pending_ids();
  if (auto until = matchmaker_.paused_until(); until && *until > clock_.now())
    r.matchmaking.paused_for_s =
        std::chrono::duration_cast<std::chrono::seconds>(*until - clock_.now()).count() + 1;
  r.matchmaking.credits_last_minute = matchmaker_.credits_last_minute();
  r.matchmaking.credits_last_day = matchmaker_.credits_last_day();
  r.matchmaking.blocked_by = matchmaker_.held_back_by();
  for (const auto& [key, left] : client_.executor().cooldowns().active())
    r.cooldowns.push_back({key, left.count()});
  metrics_.set_status(r);
  status_page_->publish(to_json(r));
}

}  // namespace bot
