// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/bot.h"

#include <algorithm>
#include <random>

#include "daemon/correspondence.h"
#include "daemon/http/rate_limiter.h"
#include "daemon/lichess/reconnecting_stream.h"
#include "daemon/tablebase_setup.h"
#include "paxbot_version.h"

namespace bot {
namespace {

using namespace std::chrono_literals;

constexpr auto kLoopTick = 250ms;
// An accepted challenge holds its slot this long while we wait for its gameStart.
constexpr auto kAcceptedSlotTimeout = 30s;
// After a gameFinish event, the session's own stream gets this long to say so too.
constexpr auto kFinishGrace = 5s;
// After the shutdown deadline, resigned games get this long to end before we leave.
constexpr auto kAfterDeadlineGrace = 10s;
constexpr auto kFirstEventReconnectDelay = 1s;
constexpr auto kMaxEventReconnectDelay = 60s;
constexpr auto kBotGameWindow = std::chrono::hours(24);
// A handled challenge's id is remembered this long, against replays of the event stream
// (which only replays challenges still pending: answered ones end at once, so a replay of
// one long after means our answer never arrived, and it is handled again). Queued ones are
// remembered while they wait.
constexpr auto kSeenChallengeMemory = std::chrono::hours(1);

}  // namespace

Bot::Bot(config::Config config, LichessClient& client, const base::Clock& clock, base::Logger& log,
         Notifier& notifier, Identity me, config::BooksByVariant books,
         HttpClientFactory list_clients)
    : config_(std::move(config)),
      books_(std::move(books)),
      client_(client),
      clock_(clock),
      log_(log),
      notifier_(notifier),
      me_(std::move(me)),
      metrics_(PAXBOT_VERSION),
      pgn_(config_.pgn),
      memory_(config_.matchmaking.state_file,
              std::chrono::hours(config_.matchmaking.decline_cooldown_h), log_),
      matchmaker_(config_.matchmaking, me_.id, clock_, log_, memory_, make_random_source(),
                  {.bot_games_per_day = config_.challenge.bot_games_per_day}),
      started_(clock_.system_now()),
      tablebases_(open_tablebases(config_.engine.tablebases, log_)) {
  client_.executor().set_observer(&metrics_);
  if (!config_.online_block_list.urls.empty() && list_clients)
    block_lists_ = std::make_unique<OnlineBlockList>(config_.online_block_list,
                                                     std::move(list_clients), clock_, log_);
}

Bot::~Bot() {
  reader_stop_.request_stop();
  if (reader_.joinable()) reader_.join();
  sessions_.clear();
  client_.executor().set_observer(nullptr);
}

void Bot::request_shutdown() {
  queue_.push(ShutdownRequest{});
}

void Bot::request_reload(config::Challenge policy) {
  queue_.push(ReloadRequest{std::move(policy)});
}

std::size_t Bot::games_in_progress() const {
  return sessions_.size();
}

int Bot::run() {
  log_.info("playing as ", me_.name, "; up to ", config_.challenge.concurrency,
            " games at once, and ", config_.correspondence.max_games, " correspondence games");
  start_status_page();
  if (block_lists_) block_lists_->start();
  reader_ = std::thread([this] { read_events(reader_stop_.get_token()); });
  while (!exit_now_) {
    if (auto event = queue_.pop_for(kLoopTick)) handle(*event);
    housekeeping();
    if (shutting_down_ && sessions_.empty()) break;
  }
  notifier_.stopping();
  reader_stop_.request_stop();
  client_.stop_retries();
  for (auto& [id, session] : sessions_) session->stop();
  sessions_.clear();
  if (reader_.joinable()) reader_.join();
  log_.info("stopped");
  return exit_code_;
}

// The event stream: every (re)connection replays ongoing games and pending challenges.
void Bot::read_events(std::stop_token stop) {
  // The server allows 30 event-stream connections per 10 minutes and token.
  ReconnectBudget budget(clock_);
  ReconnectingStream stream({.name = "event stream",
                             .backoff = {.initial_delay = kFirstEventReconnectDelay,
                                         .max_delay = kMaxEventReconnectDelay},
                             .budget = &budget,
                             .random01 = {},
                             .on_reconnect = [this] { metrics_.stream_reconnect("event"); }},
                            clock_, log_);
  stream.run(
      stop, StreamControl{},
      [&](const StreamControl& control, const std::function<void()>& delivered) {
        bool announced = false;
        return client_.stream_events(
            [&](const EventStreamEvent& event) {
              if (!announced) {
                announced = true;
                delivered();
                queue_.push(StreamConnected{});
              }
              if (!std::holds_alternative<KeepAlive>(event)) queue_.push(event);
              return StreamAction::kContinue;
            },
            control);
      },
      [&](const StreamOutcome& outcome) {
        if (outcome.error && (outcome.error->status == 401 || outcome.error->status == 403)) {
          queue_.push(StreamFatal{outcome.error->describe()});
          return true;
        }
        return false;
      });
}

void Bot::handle(const Event& event) {
  if (const auto* e = std::get_if<EventStreamEvent>(&event)) {
    if (const auto* c = std::get_if<ChallengeEvent>(e)) on_challenge(c->challenge);
    if (const auto* g = std::get_if<GameStartEvent>(e)) on_game_start(g->game);
    if (const auto* g = std::get_if<GameFinishEvent>(e)) on_game_finish(g->game);
    if (const auto* c = std::get_if<ChallengeCanceledEvent>(e)) {
      std::erase_if(waiting_, [&](const ChallengeInfo& w) { return w.id == c->challenge.id; });
      if (accepted_.erase(c->challenge.id)) {
        holders_.erase(c->challenge.id);
        correspondence_.erase(c->challenge.id);
      }
      matchmaker_.on_canceled(c->challenge.id);
    }
    if (const auto* d = std::get_if<ChallengeDeclinedEvent>(e))
      matchmaker_.on_declined(d->challenge.id, d->challenge.decline_reason_key.value_or("generic"));
  } else if (std::holds_alternative<StreamConnected>(event)) {
    if (!ready_sent_) {
      ready_sent_ = true;
      notifier_.ready();
    }
    reconcile();
  } else if (const auto* fatal = std::get_if<StreamFatal>(&event)) {
    log_.error("the server refuses our token: ", fatal->why);
    exit_code_ = 1;
    exit_now_ = true;
  } else if (const auto* ended = std::get_if<SessionEnded>(&event)) {
    on_session_ended(ended->report);
  } else if (std::holds_alternative<ShutdownRequest>(event)) {
    begin_shutdown();
  } else if (const auto* reload = std::get_if<ReloadRequest>(&event)) {
    config_.challenge = reload->policy;
    log_.info("challenge policy reloaded");
  }
}

void Bot::on_game_start(const GameEventInfo& game) {
  accepted_.erase(game.game_id);
  if (is_correspondence(game)) correspondence_.insert(game.game_id);
  const bool ours = matchmaker_.on_accepted(game.game_id);  // we challenged a bot
  if (ours) bot_game_starts_.push_back(clock_.now());
  if (!holders_.count(game.game_id))
    holders_[game.game_id] = {game.opponent.username,
                              ours || game.opponent.is_bot() || game.opponent.is_ai(),
                              is_correspondence_game(game.game_id)};
  if (const auto running = sessions_.find(game.game_id); running != sessions_.end()) {
    // A replay after reconnecting; on our turn a correspondence game's stream reopens.
    if (game.is_my_turn) running->second->resume();
    return;
  }
  log_.info("game ", game.game_id, " started against ", game.opponent.username);
  start_session(game.game_id);
}

void Bot::on_game_finish(const GameEventInfo& game) {
  accepted_.erase(game.game_id);
  const auto result = result_for_us(game.status, game.winner, game.color);
  if (result)
    memory_.record_result(game.opponent.id.value_or(game.opponent.username), game.variant,
                          game.speed, *result);
  metrics_.game_finished(game.variant, !result                             ? "none"
                                       : *result == GameResultForUs::kWin  ? "win"
                                       : *result == GameResultForUs::kDraw ? "draw"
                                                                           : "loss");
  if (const auto running = sessions_.find(game.game_id); running != sessions_.end()) {
    running->second->resume();  // a closed stream reopens to read how the game ended
    finish_seen_.emplace(game.game_id, clock_.now());
  }
  serve_queue();
}

void Bot::start_session(const std::string& game_id, bool parked) {
  auto session = std::make_unique<GameSession>(
      game_id, client_, clock_, log_, me_, session_settings(),
      [this](const SessionReport& report) { queue_.push(SessionEnded{report}); });
  session->start(parked);
  sessions_.emplace(game_id, std::move(session));
}

void Bot::on_session_ended(const SessionReport& report) {
  sessions_.erase(report.game_id);  // joins the session's threads
  finish_seen_.erase(report.game_id);
  holders_.erase(report.game_id);
  correspondence_.erase(report.game_id);
  serve_queue();
}

void Bot::begin_shutdown() {
  if (shutting_down_) return;
  shutting_down_ = true;
  shutdown_deadline_ = clock_.now() + std::chrono::seconds(config_.shutdown.deadline_s);
  notifier_.stopping();
  log_.info("shutting down: ", sessions_.size(), " game(s) in progress, policy ",
            config::to_string(config_.shutdown.on_sigterm));
  // Days per move: a correspondence game goes on after the restart, never resigned.
  for (auto& [id, session] : sessions_)
    if (is_correspondence_game(id)) {
      log_.info("game ", id, ": correspondence, left for after the restart");
      session->stop();  // its report arrives as SessionEnded
    }
  for (const ChallengeInfo& c : waiting_)
    if (auto r = client_.decline_challenge(c.id, DeclineReason::kLater); !r)
      log_.warning("decline ", c.id, ": ", r.error().describe());
  waiting_.clear();
  if (config_.shutdown.on_sigterm == config::ShutdownAction::kResign) {
    resigned_all_ = true;
    for (auto& [id, session] : sessions_)
      if (!is_correspondence_game(id)) session->resign_now();
  }
}

void Bot::housekeeping() {
  const auto now = clock_.now();
  notifier_.watchdog();
  std::erase_if(accepted_, [&](const auto& entry) {
    const bool expired = now - entry.second > kAcceptedSlotTimeout;
    if (expired && !sessions_.count(entry.first)) {
      holders_.erase(entry.first);
      correspondence_.erase(entry.first);
    }
    return expired;
  });
  std::erase_if(seen_challenges_, [&](const auto& entry) {
    return now - entry.second > kSeenChallengeMemory &&
           std::none_of(waiting_.begin(), waiting_.end(),
                        [&](const ChallengeInfo& w) { return w.id == entry.first; });
  });
  for (auto it = finish_seen_.begin(); it != finish_seen_.end();) {
    auto session = sessions_.find(it->first);
    if (session != sessions_.end() && now - it->second > kFinishGrace) {
      session->second->stop();  // its report arrives as SessionEnded
      it = finish_seen_.erase(it);
    } else {
      ++it;
    }
  }
  if (shutting_down_ && now > shutdown_deadline_ && !resigned_all_) {
    resigned_all_ = true;
    log_.info("shutdown deadline reached: resigning ", sessions_.size(), " game(s)");
    for (auto& [id, session] : sessions_)
      if (!is_correspondence_game(id)) session->resign_now();
  }
  if (shutting_down_ && now > shutdown_deadline_ + kAfterDeadlineGrace) exit_now_ = true;
  std::string status = std::to_string(sessions_.size()) + " game(s) in progress, " +
                       std::to_string(waiting_.size()) + " challenge(s) queued";
  if (shutting_down_) status = "shutting down: " + status;
  queued_for_chat_ = int(waiting_.size());
  if (!shutting_down_) matchmake();
  if (!shutting_down_ && now >= next_checkin_) {
    next_checkin_ = now + std::chrono::seconds(config_.correspondence.checkin_s);
    checkin();
  }
  if (status != last_status_) {
    last_status_ = status;
    notifier_.status(status);
  }
  serve_queue();
  publish_status();
}

// Challenges other online bots while idle (config section `matchmaking`, off by default).
void Bot::matchmake() {
  for (const std::string& id : matchmaker_.should_cancel(clock_.now())) {
    log_.info("matchmaking: challenge ", id, " got no answer; canceling it");
    if (auto r = client_.cancel_challenge(id); !r)
      log_.warning("cancel ", id, ": ", r.error().describe());
    matchmaker_.on_canceled(id);
  }
  MatchmakingInputs in;
  in.slots_used = slots_used();
  in.concurrency = config_.challenge.concurrency;
  in.incoming_waiting = int(waiting_.size());
  in.games_in_progress = int(std::ranges::count_if(
      sessions_, [&](const auto& entry) { return !is_correspondence_game(entry.first); }));
  in.bot_games_last_24h = bot_games_today();
  if (block_lists_ && config_.online_block_list.matchmaking)
    in.blocked = [this](std::string_view id) { return block_lists_->contains(id); };
  if (!matchmaker_.ready(in)) return;
  auto account = client_.account();
  auto bots = client_.online_bots(100);
  if (!account || !bots) {
    matchmaker_.on_lookup_failed(!account ? account.error().describe() : bots.error().describe());
    return;
  }
  std::vector<std::string> ids;
  for (const User& u : *bots) ids.push_back(u.id);
  auto statuses = client_.users_status(ids);
  if (!statuses) {
    matchmaker_.on_lookup_failed(statuses.error().describe());
    return;
  }
  for (const auto& [perf, rating] : account->perfs) in.our_ratings[perf] = rating.rating;
  in.online_bots = std::move(*bots);
  in.statuses = std::move(*statuses);
  auto plan = matchmaker_.next_challenge(in);
  if (!plan) return;
  auto created = client_.create_challenge(plan->request);
  if (created) {
    log_.info("matchmaking: challenged ", plan->request.username, " (", plan->request.variant, ", ",
              plan->speed, "), challenge ", created->id);
    matchmaker_.on_challenge_created(created->id);
  } else {
    matchmaker_.on_challenge_failed(created.error());
  }
}

int Bot::bot_games_today() {
  const auto now = clock_.now();
  while (!bot_game_starts_.empty() && now - bot_game_starts_.front() > kBotGameWindow)
    bot_game_starts_.pop_front();
  return int(bot_game_starts_.size());
}

SessionSettings Bot::session_settings() {
  SessionSettings s;
  const config::Engine& e = config_.engine;
  s.budget = {e.move_overhead_ms, e.max_think_ms, e.first_move_max_ms};
  s.engine = {e.hash_mb, e.threads, tablebases_};
  s.policy = {.draw_offer = e.draw_offer,
              .resign = e.resign,
              .takebacks = config_.takebacks,
              .abort_time = std::chrono::seconds(config_.abort_time_s),
              .book_against_humans = e.book.against_humans,
              .book_against_bots = e.book.against_bots,
              .ponder = e.ponder};
  s.greeting = config_.greeting;
  s.base_url = config_.url;
  s.pgn = &pgn_;
  s.queue_length = [this] { return queued_for_chat_.load(); };
  s.books = books_;
  s.book_seed = (std::uint64_t(std::random_device{}()) << 32) | std::random_device{}();
  s.metrics = &metrics_;
  s.overrides = e.overrides;
  s.correspondence = config_.correspondence;
  for (config::Variant v : config_.challenge.variants)
    s.variants.emplace_back(lichess::to_string(v));
  return s;
}

}  // namespace bot
