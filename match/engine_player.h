// SPDX-License-Identifier: GPL-3.0-or-later
// One engine of one match worker: its child process (started on demand, restarted after a
// fault), the UCI handshake with the variant's options, and one search per move with a hard
// deadline. A failure is a value naming its kind (crash, hang, time) and what happened.
//
// Thread contract: one worker thread owns an EnginePlayer; players are independent.
#pragma once

#include <chrono>
#include <expected>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "engine/types.h"
#include "match/adjudication.h"
#include "match/engine_log.h"
#include "match/engine_spec.h"
#include "match/uci_process.h"

namespace match {

// Why an engine lost a game without the board deciding it.
enum class Fault { None, Crash, Hang, Illegal, Time };
inline constexpr Fault kFaults[] = {Fault::Crash, Fault::Hang, Fault::Illegal, Fault::Time};
// "crash", "hang", "illegal move", "time loss", "" for None.
std::string_view fault_name(Fault fault);

struct EngineFailure {
  Fault fault = Fault::Crash;
  std::string detail;
};

// Whether a move was searched on a ponder: None (no ponder was running), Hit (the pondered
// reply was played: ponderhit), Miss (another reply: stop, then a new search).
enum class PonderOutcome { None, Hit, Miss };

// What an engine said in one search: its move and the last score and depth it reported.
struct SearchAnswer {
  std::string move;    // as written after "bestmove"; empty when there was none
  std::string ponder;  // as written after "ponder" on the bestmove line; empty when none
  std::optional<ReportedScore> score;
  int depth = 0;
  int elapsed_ms = 0;  // from the call of think(), so a miss's stop is on the engine's clock
  PonderOutcome ponder_outcome = PonderOutcome::None;
};

class EnginePlayer {
 public:
  // `log` (may be null) receives every line sent and read; it must outlive the player.
  EnginePlayer(EngineSpec spec, engine::Variant variant, std::chrono::milliseconds startup_timeout,
               EngineLog* log = nullptr);

  const EngineSpec& spec() const { return spec_; }

  // Starts the process when none is running (handshake: uci, the variant's options, the
  // engine's options, with the spec's ponder "Ponder true", isready), then ucinewgame and
  // isready. A ponder still running from the last game is stopped first.
  std::expected<void, EngineFailure> new_game();

  // Sends `position` and `go` and waits for bestmove until `deadline`; a timeout is reported as
  // `timeout_fault` (Time when the engine was on a clock, Hang otherwise). While a ponder runs:
  // when `position` is the pondered one, sends "ponderhit" instead and waits for its bestmove;
  // otherwise sends "stop", reads the ponder's bestmove and then searches `position`.
  std::expected<SearchAnswer, EngineFailure> think(const std::string& position,
                                                   const std::string& go,
                                                   Clock::time_point deadline, Fault timeout_fault);

  // Starts a ponder search: sends `position` (ours after the reply we expect) and `go` (a
  // "go ponder" command) and returns without waiting. The next think() or new_game() ends it.
  // A process that no longer reads is reported by that next call.
  void ponder(const std::string& position, const std::string& go);

  // Ends the process (after a fault, so the next game starts with a fresh one).
  void restart() {
    process_.reset();
    pondered_.reset();
  }
  // Sends quit and ends the process.
  void stop();

 private:
  std::expected<void, EngineFailure> start();
  std::expected<void, EngineFailure> wait_for(std::string_view reply, Clock::time_point deadline);
  // Reads info lines into `answer` until bestmove, `deadline` or the end of output.
  std::expected<SearchAnswer, EngineFailure> await_bestmove(SearchAnswer answer,
                                                            Clock::time_point started,
                                                            Clock::time_point deadline,
                                                            Fault timeout_fault);
  std::expected<SearchAnswer, EngineFailure> no_longer_reads();
  // "<name> exited (end of output; exit code 1)" after the engine closed its output.
  std::string exited(const std::string& when);
  // The process's send and read_line, through the log.
  bool send(std::string_view line);
  UciProcess::ReadResult read_line(Clock::time_point deadline);

  EngineSpec spec_;
  engine::Variant variant_;
  std::chrono::milliseconds startup_timeout_;
  EngineLog* log_;
  std::unique_ptr<UciProcess> process_;
  std::optional<std::string> pondered_;  // the position command of the running ponder, if any
};

// Starts the engine once, checks that it offers what the variant needs (UCI_Chess960 for
// Chess960, UCI_Variant with pacifist for Pacifist), and stops it. For the match's start-up
// check, so that a misconfigured engine is one clear error rather than a match of forfeits.
std::expected<void, std::string> probe_engine(const EngineSpec& spec, engine::Variant variant,
                                              std::chrono::milliseconds startup_timeout);

// Reads "score cp X" / "score mate N" and "depth D" from an info line into `answer`.
void read_info(std::string_view line, SearchAnswer& answer);

}  // namespace match
