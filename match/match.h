// SPDX-License-Identifier: GPL-3.0-or-later
// Runs a scheduled match: `concurrency` worker threads each take the next game, play it with
// their own engine processes (started on demand, restarted after a fault), and hand the
// record back. Recording, the progress line, the PGN and data files (a game that replays the
// other game of its pair move for move gives no second set of data lines) and the SPRT decision
// happen under one mutex; once the SPRT decides, games in flight finish but no new game starts.
//
// Thread contract: run_match blocks the caller until every worker is done; `out` is written
// only under the match's mutex.
#pragma once

#include <expected>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "match/adjudication.h"
#include "match/engine_spec.h"
#include "match/schedule.h"
#include "match/stats.h"
#include "match/tally.h"

namespace match {

struct MatchConfig {
  std::vector<EngineSpec> engines;
  Limits limits;  // the match's limits; each engine's own override them
  engine::Variant variant = engine::Variant::Standard;
  int concurrency = 1;
  AdjudicationRules adjudication;
  std::optional<SprtParameters> sprt;  // two engines only
  int time_margin_ms = 100;
  int hang_timeout_ms = 10000;
  int startup_timeout_ms = 10000;
  std::string pgn_path;   // overwritten at the start; empty: no PGN
  std::string data_path;  // appended to; empty: no data
  std::string log_path;   // every engine line, overwritten (engine_log.h); empty: no log
  std::string event = "paxbot match";
  bool keep_games = false;  // keep every GameRecord in MatchResult::games (tests; memory grows)
};

struct MatchResult {
  MatchTally tally;
  std::optional<SprtDecision> sprt_decision;  // set when the SPRT stopped the match
  std::vector<GameRecord> games;              // with keep_games, in the order they finished
  // Data file: lines written, and games left out because they replayed the other game of their
  // pair move for move (the same deterministic engine on both sides gives the same game twice).
  long long data_lines = 0;
  int data_replays_skipped = 0;
};

// Checks every engine once (probe_engine), then plays `tasks`. Errors: an engine that does
// not start or lacks the variant's options, a file that cannot be written.
std::expected<MatchResult, std::string> run_match(const MatchConfig& config,
                                                  const std::vector<GameTask>& tasks,
                                                  std::ostream& out);

}  // namespace match
