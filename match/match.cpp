// SPDX-License-Identifier: GPL-3.0-or-later
#include "match/match.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <thread>

#include "match/engine_log.h"
#include "match/engine_player.h"
#include "match/game_runner.h"
#include "match/pgn_out.h"

namespace match {

namespace {

std::string time_control_text(const Limits& limits) {
  if (limits.tc) return time_control_tag(*limits.tc);
  return "-";  // fixed nodes, depth or time per move: no clock
}

}  // namespace

std::expected<MatchResult, std::string> run_match(const MatchConfig& config,
                                                  const std::vector<GameTask>& tasks,
                                                  std::ostream& out) {
  const auto startup = std::chrono::milliseconds(config.startup_timeout_ms);
  std::vector<Limits> limits;
  std::vector<std::string> names;
  for (const EngineSpec& spec : config.engines) {
    limits.push_back(merge_limits(config.limits, spec.limits));
    names.push_back(spec.name);
    if (!limits.back().any())
      return std::unexpected("engine " + spec.name +
                             " has no limit: give --tc, --movetime, --nodes or --depth");
    if (auto probe = probe_engine(spec, config.variant, startup); !probe)
      return std::unexpected(probe.error());
  }
  std::ofstream pgn, data;
  if (!config.pgn_path.empty()) {
    pgn.open(config.pgn_path, std::ios::trunc);
    if (!pgn) return std::unexpected("cannot write PGN file '" + config.pgn_path + "'");
  }
  if (!config.data_path.empty()) {
    data.open(config.data_path, std::ios::app);
    if (!data) return std::unexpected("cannot write data file '" + config.data_path + "'");
  }

  std::unique_ptr<EngineLog> log;
  if (!config.log_path.empty()) {
    auto opened = EngineLog::open(config.log_path);
    if (!opened) return std::unexpected(opened.error());
    log = std::move(*opened);
  }

  MatchResult result{MatchTally(names), std::nullopt, {}};
  std::mutex mutex;
  std::size_t next = 0;
  std::map<int, std::string> first_of_pair;  // pair -> start and moves of its first game
  bool stop = false;
  const std::string date = pgn_date_today();

  auto record = [&](const GameTask& task, GameRecord game) {
    std::lock_guard lock(mutex);
    result.tally.add(task, game);
    out << result.tally.progress_line(task, game, int(tasks.size()), config.sprt) << "\n";
    out.flush();
    if (pgn) {
      PgnHeader header;
      header.event = config.event;
      header.date = date;
      header.round = std::to_string(task.pair + 1) + "." + std::to_string(task.number % 2 + 1);
      header.white = names[std::size_t(task.white)];
      header.black = names[std::size_t(task.black)];
      const Limits& w = limits[std::size_t(task.white)];
      const Limits& b = limits[std::size_t(task.black)];
      // Time odds: TimeControl "?" and each side's own in the WhiteTimeControl and
      // BlackTimeControl tags.
      header.time_control =
          time_control_text(w) == time_control_text(b) ? time_control_text(w) : "?";
      if (header.time_control == "?")
        header.extra = {{"WhiteTimeControl", time_control_text(w)},
                        {"BlackTimeControl", time_control_text(b)}};
      pgn << format_pgn(game, header);
      pgn.flush();
    }
    if (data) {
      // The start and the moves identify a game; the pair's first finished game waits here
      // for the second.
      std::string signature = task.start_fen;
      for (const PlayedMove& m : game.moves) signature += " " + m.uci;
      bool replay = false;
      if (auto first = first_of_pair.find(task.pair); first != first_of_pair.end()) {
        replay = first->second == signature;
        first_of_pair.erase(first);
      } else {
        first_of_pair.emplace(task.pair, std::move(signature));
      }
      if (replay) {
        ++result.data_replays_skipped;
      } else {
        const std::string lines = format_data_lines(game);
        result.data_lines += std::count(lines.begin(), lines.end(), '\n');
        data << lines;
        data.flush();
      }
    }
    if (config.sprt && result.tally.pairings().size() == 1 && !result.sprt_decision) {
      const double llr = sprt_llr(result.tally.pairings()[0].pairs, *config.sprt);
      const SprtDecision d = sprt_decision(llr, *config.sprt);
      if (d != SprtDecision::Continue) {
        result.sprt_decision = d;
        stop = true;
        out << "SPRT: " << (d == SprtDecision::AcceptH1 ? "H1" : "H0")
            << " accepted; finishing the games in flight\n";
      }
    }
    if (config.keep_games) result.games.push_back(std::move(game));
  };

  auto worker = [&] {
    std::vector<std::unique_ptr<EnginePlayer>> players(config.engines.size());
    for (;;) {
      GameTask task;
      {
        std::lock_guard lock(mutex);
        if (stop || next >= tasks.size()) break;
        task = tasks[next++];
      }
      for (int e : {task.white, task.black})
        if (!players[std::size_t(e)])
          players[std::size_t(e)] = std::make_unique<EnginePlayer>(
              config.engines[std::size_t(e)], config.variant, startup, log.get());
      GameSetup setup;
      setup.variant = config.variant;
      setup.start_fen = task.start_fen;
      setup.white_limits = limits[std::size_t(task.white)];
      setup.black_limits = limits[std::size_t(task.black)];
      setup.adjudication = config.adjudication;
      setup.time_margin_ms = config.time_margin_ms;
      setup.hang_timeout_ms = config.hang_timeout_ms;
      record(task, play_game(*players[std::size_t(task.white)], *players[std::size_t(task.black)],
                             setup));
    }
    for (auto& p : players)
      if (p) p->stop();
  };

  std::vector<std::thread> threads;
  const int workers = std::max(1, std::min<int>(config.concurrency, int(tasks.size())));
  for (int i = 0; i < workers; ++i) threads.emplace_back(worker);
  for (std::thread& t : threads) t.join();
  return result;
}

}  // namespace match
