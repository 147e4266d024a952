// SPDX-License-Identifier: GPL-3.0-or-later
#include "server/game_record.h"

#include <algorithm>
#include <array>
#include <string_view>

#include "engine/fen.h"
#include "engine/game.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/san.h"
#include "server/views.h"

namespace server {

LegalDestinations legal_destinations(const engine::Position& pos) {
  LegalDestinations out;
  for (engine::Move m : engine::legal_moves(pos)) {
    const std::string uci = engine::move_to_uci(pos, m);
    const std::string from = uci.substr(0, 2);
    std::vector<std::string>& to = out.dests[from];
    auto add = [&to](const std::string& square) {
      if (std::find(to.begin(), to.end(), square) == to.end()) to.push_back(square);
    };
    add(uci.substr(2, 2));
    if (m.kind() == engine::MoveKind::Castling) {
      const std::string king_to =
          engine::move_to_uci(pos, m, engine::CastlingNotation::KingDestination).substr(2, 2);
      if (king_to != from) add(king_to);
    }
    if (m.kind() == engine::MoveKind::Promotion) {
      const std::string pair = uci.substr(0, 4);
      if (std::find(out.promotions.begin(), out.promotions.end(), pair) == out.promotions.end())
        out.promotions.push_back(pair);
    }
  }
  return out;
}

std::size_t GameRecord::sync(const Game& game) {
  const std::vector<std::string>& played = game.moves();
  const bool diverged =
      moves_.size() > played.size() ||
      !std::equal(moves_.begin(), moves_.end(), played.begin(),
                  [](const MoveRecord& r, const std::string& uci) { return r.uci == uci; });
  const std::size_t first_changed = diverged ? 0 : moves_.size();
  if (!started_ || diverged) {
    auto start = engine::replay(engine_rules(game.setup().variant), game.setup().initial_fen,
                                std::vector<std::string>{});
    if (!start) return 0;
    pos_ = start->position;
    start_fen_ = engine::to_fen(pos_);
    moves_.clear();
    started_ = true;
  }
  while (moves_.size() < played.size()) {
    const std::string& uci = played[moves_.size()];
    auto move = engine::parse_uci_move(pos_, uci);
    if (!move) return first_changed;
    MoveRecord record;
    record.uci = uci;
    record.san = engine::move_to_san(pos_, *move);
    const std::array<std::string_view, 1> one{uci};
    if (!engine::play_uci_moves(pos_, one, moves_.size() + 1)) return first_changed;
    engine::Bitboard converted = pos_.last_converted();
    while (converted) {
      const engine::Square s = engine::pop_lsb(converted);
      record.converted.push_back(
          {engine::square_name(s), color_name(engine::color_of(pos_.piece_on(s)))});
    }
    record.fen = engine::to_fen(pos_);
    moves_.push_back(std::move(record));
  }
  return first_changed;
}

nlohmann::json move_record_json(const MoveRecord& record) {
  nlohmann::json converted = nlohmann::json::array();
  for (const ConvertedSquare& c : record.converted)
    converted.push_back({{"square", c.square}, {"color", c.color}});
  return {{"uci", record.uci}, {"san", record.san}, {"fen", record.fen}, {"converted", converted}};
}

nlohmann::json legal_destinations_json(const LegalDestinations& legal) {
  return {{"dests", legal.dests}, {"promotions", legal.promotions}};
}

}  // namespace server
