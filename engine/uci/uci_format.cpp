// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/uci/uci_format.h"

#include "engine/movegen.h"
#include "engine/text.h"

namespace engine::uci {

std::string format_info(const Position& root, const SearchInfo& info, CastlingNotation notation) {
  std::string line =
      cat("info depth ", info.depth, " seldepth ", info.seldepth, " multipv 1 score ");
  line += info.mate_in ? cat("mate ", *info.mate_in) : cat("cp ", info.score_cp);
  line += cat(" nodes ", info.nodes, " nps ", info.nps, " hashfull ", info.hashfull, " time ",
              info.time_ms);
  if (info.tb_hits > 0) line += cat(" tbhits ", info.tb_hits);
  if (!info.pv.empty()) {
    line += " pv";
    Position pos = root;
    for (Move m : info.pv) {
      if (!is_legal(pos, m)) break;
      line += ' ';
      line += move_to_uci(pos, m, notation);
      UndoRecord undo;
      pos.make_move(m, undo);
    }
  }
  return line;
}

std::string format_best_move(const Position& root, const SearchResult& result,
                             CastlingNotation notation) {
  if (result.best == Move::none()) return "bestmove 0000";
  std::string line = cat("bestmove ", move_to_uci(root, result.best, notation));
  if (result.ponder != Move::none()) {
    Position pos = root;
    UndoRecord undo;
    pos.make_move(result.best, undo);
    if (is_legal(pos, result.ponder))
      line += cat(" ponder ", move_to_uci(pos, result.ponder, notation));
  }
  return line;
}

}  // namespace engine::uci
