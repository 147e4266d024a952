// SPDX-License-Identifier: GPL-3.0-or-later
// The check-in cycle of a GameSession (daemon/correspondence.h): the game stream's reader
// thread started and stopped, the stream closed with the engine dropped while the opponent
// of a correspondence game thinks, and reopened when the bot wakes the session. Runs on the
// session thread, like all of GameSession (stop() aside, which may come from any thread).
#include "daemon/game_session.h"

namespace bot {

void GameSession::open_stream() {
  std::lock_guard lock(reader_mutex_);
  if (stop_requested_ || reader_.joinable()) return;
  reader_stop_ = std::stop_source();  // a stopped source cannot be reused
  stream_open_ = true;
  reader_ = std::thread([this, stop = reader_stop_.get_token()] { read_stream(stop); });
}

void GameSession::close_stream() {
  {
    std::lock_guard lock(reader_mutex_);
    reader_stop_.request_stop();
  }
  if (reader_.joinable()) reader_.join();
  stream_open_ = false;
}

void GameSession::park() {
  parking_.reset();
  if (parked_ || done_ || searching_ || our_turn()) return;
  close_stream();
  engine_.reset();  // frees the transposition table until our next search
  parked_ = true;
  log_.info("game ", game_id_, ": stream closed while ", opponent_, " thinks");
  publish_summary();
}

void GameSession::unpark() {
  if (!parked_ || done_) return;
  parked_ = false;
  log_.info("game ", game_id_, ": reopening the stream");
  open_stream();
  publish_summary();
}

engine::Engine& GameSession::engine() {
  if (!engine_) engine_.emplace(engine_options_);
  return *engine_;
}

std::optional<base::Clock::SteadyTime> GameSession::next_deadline() const {
  std::optional<base::Clock::SteadyTime> deadline = policy_.next_deadline();
  if (const auto close = parking_.deadline(); close && (!deadline || *close < *deadline))
    deadline = close;
  return deadline;
}

}  // namespace bot
