// SPDX-License-Identifier: GPL-3.0-or-later
#include "demo/printer.h"

#include <sstream>

#include "engine/bitboard.h"
#include "engine/fen.h"
#include "engine/notation.h"
#include "engine/san.h"
#include "server/variants.h"

namespace demo {
namespace {

using json = nlohmann::json;

std::string square_name(engine::Square s) {
  return std::string{char('a' + engine::file_of(s)), char('1' + engine::rank_of(s))};
}

std::string describe_end(const std::string& status, const std::string& winner) {
  const std::string side = winner == "white" ? "White" : "Black";
  const std::string loser = winner == "white" ? "Black" : "White";
  if (status == "mate") return side + " wins by checkmate";
  if (status == "variantEnd")
    return side + " wins: " + loser + " has no king left and cannot convert one back";
  if (status == "resign") return side + " wins by resignation";
  if (status == "outoftime")
    return winner.empty() ? "draw: time ran out against a lone king" : side + " wins on time";
  if (status == "timeout") return side + " wins: the opponent left";
  if (status == "stalemate") return "draw by stalemate";
  if (status == "draw") return "draw (agreement, repetition, fifty moves or material)";
  if (status == "aborted") return "game aborted";
  return status;
}

}  // namespace

void DemoPrinter::on_line(const std::string& id, const json& line) {
  std::lock_guard lock(mutex_);
  if (done_.contains(id)) return;
  if (line["type"] == "gameFull") {
    const auto key = lichess::parse_variant(line["variant"]["key"].get<std::string>());
    const engine::Variant rules = key ? server::engine_rules(*key) : engine::Variant::Standard;
    const std::string initial = line["initialFen"];
    auto pos = engine::parse_fen(initial, rules);
    if (!pos) return;
    Track track;
    track.pos = *pos;
    auto [it, fresh] = games_.try_emplace(id, std::move(track));
    if (fresh) {
      out_ << "\n=== " << line["variant"]["name"].get<std::string>() << ": "
           << line["white"]["name"].get<std::string>() << " (white) vs "
           << line["black"]["name"].get<std::string>() << " (black), game " << id << "\n"
           << "start: " << (initial == "startpos" ? engine::to_fen(*pos) : initial) << "\n"
           << pos->to_text() << std::flush;
    }
    print_moves(it->second, line["state"]["moves"]);
    if (line["state"]["status"] != "started") print_end(it->second, line["state"]);
  } else if (line["type"] == "gameState") {
    auto it = games_.find(id);
    if (it == games_.end()) return;
    print_moves(it->second, line["moves"]);
    if (line["status"] != "started") print_end(it->second, line);
  }
  if (games_.contains(id) && games_.at(id).result != "*") {
    done_.insert(id);
    cv_.notify_all();
  }
}

void DemoPrinter::print_moves(Track& t, const std::string& moves) {
  std::vector<std::string> words;
  std::istringstream in(moves);
  for (std::string w; in >> w;) words.push_back(w);
  for (; t.printed < words.size(); ++t.printed) {
    auto move = engine::parse_uci_move(t.pos, words[t.printed]);
    if (!move) {
      out_ << "  (unreadable move " << words[t.printed] << ": " << move.error() << ")\n";
      return;
    }
    const engine::Color mover = t.pos.side_to_move();
    const int number = t.pos.fullmove_number();
    const std::string san = engine::move_to_san(t.pos, *move);
    engine::UndoRecord undo;
    t.pos.make_move(*move, undo);
    std::string text = std::to_string(number) + (mover == engine::White ? ". " : "... ") + san;
    text.resize(std::max<std::size_t>(text.size(), 14), ' ');
    out_ << "  " << text << " " << words[t.printed];
    if (engine::Bitboard converted = t.pos.last_converted()) {
      const int n = engine::popcount(converted);
      t.conversions += n;
      out_ << "   converts";
      for (engine::Bitboard b = converted; b; b &= b - 1)
        out_ << " " << square_name(engine::lsb(b));
      out_ << " (" << n << (n == 1 ? " piece" : " pieces") << " turn "
           << (mover == engine::White ? "white" : "black") << ")";
    }
    out_ << "\n";
  }
  out_ << std::flush;
}

void DemoPrinter::print_end(Track& t, const json& state) {
  const std::string winner = state.value("winner", "");
  t.status = state["status"];
  t.result = winner == "white" ? "1-0" : winner == "black" ? "0-1" : "1/2-1/2";
  if (state["status"] == "aborted") t.result = "*";
  out_ << "final position:\n"
       << t.pos.to_text() << "result: " << t.result << "  ("
       << describe_end(state["status"], winner) << ")\n";
  if (t.pos.pacifist()) out_ << "conversions in this game: " << t.conversions << "\n";
  out_ << std::flush;
  if (t.result == "*") t.result = "aborted";
}

bool DemoPrinter::wait_done(const std::string& id, std::chrono::milliseconds timeout) {
  std::unique_lock lock(mutex_);
  return cv_.wait_for(lock, timeout, [&] { return done_.contains(id); });
}

std::string DemoPrinter::result(const std::string& id) const {
  std::lock_guard lock(mutex_);
  auto it = games_.find(id);
  return it == games_.end() ? "*" : it->second.result;
}

int DemoPrinter::conversions(const std::string& id) const {
  std::lock_guard lock(mutex_);
  auto it = games_.find(id);
  return it == games_.end() ? 0 : it->second.conversions;
}

}  // namespace demo

namespace demo {

std::string DemoPrinter::summary(const std::string& id) const {
  std::lock_guard lock(mutex_);
  auto it = games_.find(id);
  if (it == games_.end()) return "*";
  std::string text = it->second.result + " (" + it->second.status;
  if (it->second.pos.pacifist())
    text += ", " + std::to_string(it->second.conversions) + " conversions";
  return text + ")";
}

}  // namespace demo
