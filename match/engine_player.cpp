// SPDX-License-Identifier: GPL-3.0-or-later
#include "match/engine_player.h"

#include <charconv>

#include "engine/uci/uci_parse.h"

namespace match {

namespace {

std::optional<int> to_int(const std::string& text) {
  int value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

constexpr auto kQuitGrace = std::chrono::milliseconds(200);
constexpr auto kExitWait = std::chrono::milliseconds(200);  // for the exit status of a crash

}  // namespace

std::string_view fault_name(Fault fault) {
  switch (fault) {
    case Fault::Crash:
      return "crash";
    case Fault::Hang:
      return "hang";
    case Fault::Illegal:
      return "illegal move";
    case Fault::Time:
      return "time loss";
    default:
      return "";
  }
}

void read_info(std::string_view line, SearchAnswer& answer) {
  const std::vector<std::string> t = engine::uci::tokenize(line);
  for (std::size_t i = 1; i + 1 < t.size(); ++i) {
    if (t[i] == "depth") {
      if (auto d = to_int(t[i + 1])) answer.depth = *d;
    } else if (t[i] == "score" && i + 2 < t.size()) {
      auto v = to_int(t[i + 2]);
      if (!v) continue;
      ReportedScore score;
      if (t[i + 1] == "cp")
        score.cp = *v;
      else if (t[i + 1] == "mate")
        score.mate_in = *v;
      else
        continue;
      answer.score = score;
    } else if (t[i] == "pv" || t[i] == "string") {
      return;  // the rest of the line is moves or text
    }
  }
}

EnginePlayer::EnginePlayer(EngineSpec spec, engine::Variant variant,
                           std::chrono::milliseconds startup_timeout, EngineLog* log)
    : spec_(std::move(spec)), variant_(variant), startup_timeout_(startup_timeout), log_(log) {}

std::string EnginePlayer::exited(const std::string& when) {
  const std::string how = process_->exit_description(kExitWait);
  return spec_.name + " (" + spec_.cmd + ") exited " + when + " (end of output" +
         (how.empty() ? "" : "; " + how) + ")";
}

bool EnginePlayer::send(std::string_view line) {
  if (log_) log_->write(spec_.name, process_->pid(), true, line);
  return process_->send(line);
}

UciProcess::ReadResult EnginePlayer::read_line(Clock::time_point deadline) {
  auto r = process_->read_line(deadline);
  if (log_)
    log_->write(spec_.name, process_->pid(), false,
                r.status == UciProcess::Read::Line      ? std::string_view(r.line)
                : r.status == UciProcess::Read::Timeout ? "(no answer before the deadline)"
                                                        : "(end of output)");
  return r;
}

std::expected<void, EngineFailure> EnginePlayer::wait_for(std::string_view reply,
                                                          Clock::time_point deadline) {
  for (;;) {
    auto r = read_line(deadline);
    if (r.status == UciProcess::Read::Closed)
      return std::unexpected(
          EngineFailure{Fault::Crash, exited("while we waited for " + std::string(reply))});
    if (r.status == UciProcess::Read::Timeout)
      return std::unexpected(EngineFailure{
          Fault::Hang, spec_.name + " did not answer " + std::string(reply) + " within " +
                           std::to_string(startup_timeout_.count()) + " ms"});
    if (r.line == reply) return {};
  }
}

std::expected<void, EngineFailure> EnginePlayer::start() {
  auto process = UciProcess::start(spec_.cmd, spec_.args);
  if (!process) return std::unexpected(EngineFailure{Fault::Crash, process.error()});
  process_ = std::move(*process);
  const auto deadline = Clock::now() + startup_timeout_;
  bool has_chess960 = false, has_pacifist = false, has_ponder = false;
  send("uci");
  for (;;) {
    auto r = read_line(deadline);
    if (r.status != UciProcess::Read::Line) {
      EngineFailure failure{Fault::Hang, spec_.name + " (" + spec_.cmd + ") gave no uciok within " +
                                             std::to_string(startup_timeout_.count()) + " ms"};
      if (r.status == UciProcess::Read::Closed) failure = {Fault::Crash, exited("before uciok")};
      process_.reset();
      return std::unexpected(failure);
    }
    if (r.line == "uciok") break;
    const auto t = engine::uci::tokenize(r.line);
    if (t.size() >= 3 && t[0] == "option" && t[1] == "name") {
      has_chess960 |= t[2] == "UCI_Chess960";
      has_ponder |= t[2] == "Ponder";
      if (t[2] == "UCI_Variant")
        for (std::size_t i = 3; i + 1 < t.size(); ++i) has_pacifist |= t[i + 1] == "pacifist";
    }
  }
  auto missing = [&](const std::string& what) {
    process_.reset();
    return std::unexpected(EngineFailure{
        Fault::Crash, spec_.name + " does not offer " + what + " (from its uci reply)"});
  };
  if (variant_ == engine::Variant::Chess960) {
    if (!has_chess960) return missing("UCI_Chess960");
    send("setoption name UCI_Chess960 value true");
  } else if (variant_ == engine::Variant::Pacifist) {
    if (!has_pacifist) return missing("UCI_Variant pacifist");
    // King-takes-rook castling both ways, which every Pacifist start needs.
    if (has_chess960) send("setoption name UCI_Chess960 value true");
    send("setoption name UCI_Variant value pacifist");
  }
  if (spec_.ponder) {
    if (!has_ponder) return missing("Ponder, which ponder=on needs");
    send("setoption name Ponder value true");
  }
  for (const auto& [name, value] : spec_.options)
    send("setoption name " + name + " value " + value);
  send("isready");
  if (auto ready = wait_for("readyok", deadline); !ready) {
    process_.reset();
    return ready;
  }
  return {};
}

std::expected<void, EngineFailure> EnginePlayer::new_game() {
  if (process_ && pondered_) {  // the last game ended while this engine pondered
    pondered_.reset();
    const auto now = Clock::now();
    if (!send("stop") || !await_bestmove({}, now, now + startup_timeout_, Fault::Hang))
      process_.reset();  // a fresh process then plays the game
  }
  if (!process_)
    if (auto started = start(); !started) return started;
  if (!send("ucinewgame") || !send("isready")) {
    process_.reset();
    return std::unexpected(EngineFailure{Fault::Crash, spec_.name + " no longer reads its input"});
  }
  auto ready = wait_for("readyok", Clock::now() + startup_timeout_);
  if (!ready) process_.reset();
  return ready;
}

std::expected<SearchAnswer, EngineFailure> EnginePlayer::no_longer_reads() {
  process_.reset();
  pondered_.reset();
  return std::unexpected(EngineFailure{Fault::Crash, spec_.name + " no longer reads its input"});
}

std::expected<SearchAnswer, EngineFailure> EnginePlayer::await_bestmove(SearchAnswer answer,
                                                                        Clock::time_point started,
                                                                        Clock::time_point deadline,
                                                                        Fault timeout_fault) {
  for (;;) {
    auto r = read_line(deadline);
    answer.elapsed_ms =
        int(std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started).count());
    if (r.status == UciProcess::Read::Closed) {
      EngineFailure failure{Fault::Crash, exited("during its search")};
      process_.reset();
      return std::unexpected(failure);
    }
    if (r.status == UciProcess::Read::Timeout) {
      process_.reset();
      return std::unexpected(EngineFailure{
          timeout_fault,
          spec_.name + " gave no bestmove within " + std::to_string(answer.elapsed_ms) + " ms"});
    }
    const auto t = engine::uci::tokenize(r.line);
    if (t.empty()) continue;
    if (t[0] == "info") read_info(r.line, answer);
    if (t[0] == "bestmove") {
      if (t.size() > 1) answer.move = t[1];
      if (t.size() > 3 && t[2] == "ponder") answer.ponder = t[3];
      return answer;
    }
  }
}

std::expected<SearchAnswer, EngineFailure> EnginePlayer::think(const std::string& position,
                                                               const std::string& go,
                                                               Clock::time_point deadline,
                                                               Fault timeout_fault) {
  const auto started = Clock::now();
  SearchAnswer answer;
  if (process_ && pondered_) {
    const bool hit = *pondered_ == position;
    pondered_.reset();
    if (hit) {
      answer.ponder_outcome = PonderOutcome::Hit;
      if (!send("ponderhit")) return no_longer_reads();
      return await_bestmove(std::move(answer), started, deadline, timeout_fault);
    }
    answer.ponder_outcome = PonderOutcome::Miss;
    if (!send("stop")) return no_longer_reads();
    if (auto stopped = await_bestmove({}, started, deadline, timeout_fault); !stopped)
      return stopped;
  }
  if (!process_ || !send(position) || !send(go)) return no_longer_reads();
  return await_bestmove(std::move(answer), started, deadline, timeout_fault);
}

void EnginePlayer::ponder(const std::string& position, const std::string& go) {
  if (!process_ || pondered_) return;
  send(position);
  send(go);
  pondered_ = position;
}

void EnginePlayer::stop() {
  if (process_) process_->quit(kQuitGrace);
  process_.reset();
  pondered_.reset();
}

std::expected<void, std::string> probe_engine(const EngineSpec& spec, engine::Variant variant,
                                              std::chrono::milliseconds startup_timeout) {
  EnginePlayer player(spec, variant, startup_timeout);
  auto ready = player.new_game();
  player.stop();
  if (!ready) return std::unexpected(ready.error().detail);
  return {};
}

}  // namespace match
