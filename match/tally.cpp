// SPDX-License-Identifier: GPL-3.0-or-later
#include "match/tally.h"

#include <cmath>
#include <cstdio>

#include "match/pgn_out.h"

namespace match {

namespace {

std::string fixed(double value, int decimals) {
  char text[32];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  return text;
}

std::string elo_text(const Pentanomial& pairs) {
  if (pairs.pairs() == 0) return "Elo n/a";
  const EloEstimate e = elo_from_pentanomial(pairs);
  return "Elo " + format_elo(e.elo) + " +- " + (std::isinf(e.error) ? "inf" : fixed(e.error, 1));
}

std::string sprt_text(const Pentanomial& pairs, const SprtParameters& sprt) {
  return "LLR " + fixed(sprt_llr(pairs, sprt), 2) + " (" + fixed(sprt.lower_bound(), 2) + ", " +
         fixed(sprt.upper_bound(), 2) + ")";
}

}  // namespace

double points_for(int engine, const GameTask& task, const GameRecord& game) {
  if (game.outcome == engine::Outcome::Draw) return 0.5;
  const bool white_won = game.outcome == engine::Outcome::WhiteWins;
  return (engine == task.white) == white_won ? 1.0 : 0.0;
}

MatchTally::MatchTally(std::vector<std::string> names)
    : names_(std::move(names)), faults_(names_.size()), ponders_(names_.size()) {
  for (int a = 0; a < int(names_.size()); ++a)
    for (int b = a + 1; b < int(names_.size()); ++b) pairings_.push_back({a, b, {}, {}});
}

int MatchTally::fault_index(Fault fault) {
  for (int i = 0; i < 4; ++i)
    if (kFaults[i] == fault) return i;
  return -1;
}

int MatchTally::add(const GameTask& task, const GameRecord& game) {
  const int a = std::min(task.white, task.black), b = std::max(task.white, task.black);
  int index = 0;
  while (pairings_[std::size_t(index)].a != a || pairings_[std::size_t(index)].b != b) ++index;
  PairingTally& p = pairings_[std::size_t(index)];
  const double points = points_for(a, task, game);
  p.games.add(points);
  auto& open = open_pairs_[task.pair];
  open.first += 1;
  open.second += points;
  if (open.first == 2) {
    p.pairs.add(open.second);
    open_pairs_.erase(task.pair);
  }
  if (game.ending == Ending::Fault) {
    const int at_fault = game.fault_side == engine::White ? task.white : task.black;
    ++faults_[std::size_t(at_fault)][std::size_t(fault_index(game.fault))];
  }
  for (const PlayedMove& move : game.moves) {
    if (move.ponder == PonderOutcome::None) continue;
    auto& [ponders, hits] =
        ponders_[std::size_t(move.mover == engine::White ? task.white : task.black)];
    ++ponders;
    hits += move.ponder == PonderOutcome::Hit;
  }
  ++games_;
  return index;
}

int MatchTally::faults(Fault fault) const {
  int n = 0;
  for (std::size_t e = 0; e < faults_.size(); ++e) n += faults_of(int(e), fault);
  return n;
}

int MatchTally::faults_of(int engine, Fault fault) const {
  return faults_[std::size_t(engine)][std::size_t(fault_index(fault))];
}

std::string MatchTally::pairing_text(const PairingTally& p) const {
  return names_[std::size_t(p.a)] + " vs " + names_[std::size_t(p.b)] + ": W " +
         std::to_string(p.games.wins) + " D " + std::to_string(p.games.draws) + " L " +
         std::to_string(p.games.losses) + ", " + fixed(100 * p.games.score(), 1) + "%, " +
         elo_text(p.pairs);
}

std::string MatchTally::faults_text() const {
  std::string out;
  int total = 0;
  for (Fault f : kFaults) {
    const int n = faults(f);
    total += n;
    if (n)
      out += std::string(out.empty() ? "" : ", ") + std::string(fault_name(f)) + " " +
             std::to_string(n);
  }
  return "faults " + std::to_string(total) + (out.empty() ? "" : " (" + out + ")");
}

std::string MatchTally::progress_line(const GameTask& task, const GameRecord& game, int total_games,
                                      const std::optional<SprtParameters>& sprt) const {
  const int a = std::min(task.white, task.black), b = std::max(task.white, task.black);
  const PairingTally* p = nullptr;
  for (const PairingTally& candidate : pairings_)
    if (candidate.a == a && candidate.b == b) p = &candidate;
  std::string line = "Game " + std::to_string(games_) + "/" + std::to_string(total_games) + " (#" +
                     std::to_string(task.number + 1) + " " + names_[std::size_t(task.white)] + "-" +
                     names_[std::size_t(task.black)] + " " + result_tag(game) + " " + game.reason +
                     ", " + std::to_string(game.moves.size()) + " plies) | " + pairing_text(*p);
  if (sprt) line += " | " + sprt_text(p->pairs, *sprt);
  return line + " | " + faults_text();
}

std::string MatchTally::summary(const std::optional<SprtParameters>& sprt) const {
  std::string out;
  for (const PairingTally& p : pairings_) {
    out += "Result " + pairing_text(p) + " (" + std::to_string(p.games.games()) + " games, " +
           std::to_string(p.pairs.pairs()) + " pairs, 95%)\n";
    out += "  pentanomial (pairs scoring 0, 0.5, 1, 1.5, 2):";
    for (int c : p.pairs.counts) out += " " + std::to_string(c);
    out += "\n  trinomial (W D L): " + std::to_string(p.games.wins) + " " +
           std::to_string(p.games.draws) + " " + std::to_string(p.games.losses) + "\n";
  }
  if (sprt && pairings_.size() == 1) {
    const double llr = sprt_llr(pairings_[0].pairs, *sprt);
    const SprtDecision d = sprt_decision(llr, *sprt);
    out += "SPRT elo0=" + fixed(sprt->elo0, 2) + " elo1=" + fixed(sprt->elo1, 2) +
           " alpha=" + fixed(sprt->alpha, 3) + " beta=" + fixed(sprt->beta, 3) + ": " +
           sprt_text(pairings_[0].pairs, *sprt) + ": " +
           (d == SprtDecision::AcceptH1   ? "H1 accepted"
            : d == SprtDecision::AcceptH0 ? "H0 accepted"
                                          : "no decision") +
           "\n";
  }
  out += "Faults:";
  for (std::size_t e = 0; e < names_.size(); ++e) {
    out += " " + names_[e] + " (";
    for (int i = 0; i < 4; ++i)
      out += std::string(i ? ", " : "") + std::string(fault_name(kFaults[i])) + " " +
             std::to_string(faults_[e][std::size_t(i)]);
    out += ")";
  }
  std::string ponder;
  for (std::size_t e = 0; e < names_.size(); ++e)
    if (const auto [ponders, hits] = ponders_[e]; ponders > 0)
      ponder += " " + names_[e] + " " + std::to_string(hits) + " hits of " +
                std::to_string(ponders) + " (" + fixed(100.0 * hits / ponders, 1) + "%)";
  if (!ponder.empty()) out += "\nPonder:" + ponder;
  return out + "\n";
}

}  // namespace match
