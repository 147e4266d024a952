// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/tablebase/tablebases.h"

#include <algorithm>

#include "engine/movegen.h"
#include "engine/score.h"
#include "engine/tablebase/gaviota.h"
#include "engine/tablebase/probe_input.h"
#include "engine/tablebase/syzygy.h"
#include "engine/text.h"

namespace engine::tablebase {
namespace {

int wdl_score(Wdl wdl, int ply) {
  switch (wdl) {
    case Wdl::Win:
      return tb_win_in(ply);
    case Wdl::Loss:
      return tb_loss_in(ply);
    case Wdl::CursedWin:
      return kTbCursedWinScore;
    case Wdl::BlessedLoss:
      return -kTbCursedWinScore;
    case Wdl::Draw:
      break;
  }
  return kDrawScore;
}

int dtm_score(const Dtm& dtm, int ply) {
  switch (dtm.outcome) {
    case Dtm::Outcome::Win:
      return tb_win_in(ply + dtm.plies);
    case Dtm::Outcome::Loss:
      return tb_loss_in(ply + dtm.plies);
    case Dtm::Outcome::Draw:
      break;
  }
  return kDrawScore;
}

// One move's result for the side that plays it, from the table of the position after it.
struct Choice {
  Move move;
  Dtm result;  // from the mover's side, plies counted from before the move
};

// Better for the mover: a win beats a draw beats a loss; the shorter win, the longer loss.
bool better(const Dtm& a, const Dtm& b) {
  if (a.outcome != b.outcome) return a.outcome > b.outcome;
  if (a.outcome == Dtm::Outcome::Win) return a.plies < b.plies;
  if (a.outcome == Dtm::Outcome::Loss) return a.plies > b.plies;
  return false;
}

}  // namespace

Tablebases::Opened Tablebases::open(const Settings& settings) {
  Opened opened;
  std::unique_ptr<Tablebases> tb(new Tablebases());
  if (settings.use_syzygy && !settings.syzygy_path.empty()) {
    tb->syzygy_ = SyzygyTables::open(settings.syzygy_path, opened.messages);
    if (tb->syzygy_) {
      tb->syzygy_pieces_ = std::min(settings.max_pieces, tb->syzygy_->max_pieces());
      tb->summary_ =
          cat("Syzygy ", tb->syzygy_->max_pieces(), "-piece (", settings.syzygy_path, ")");
    }
  }
  if (settings.use_gaviota && !settings.gaviota_path.empty()) {
    tb->gaviota_ =
        GaviotaTables::open(settings.gaviota_path, settings.gaviota_cache_mb, opened.messages);
    if (tb->gaviota_) {
      tb->gaviota_pieces_ = std::min(settings.max_pieces, tb->gaviota_->max_pieces());
      if (!tb->summary_.empty()) tb->summary_ += ", ";
      tb->summary_ +=
          cat("Gaviota ", tb->gaviota_->max_pieces(), "-piece (", settings.gaviota_path, ")");
    }
  }
  tb->max_pieces_ = std::max(tb->syzygy_pieces_, tb->gaviota_pieces_);
  if (tb->max_pieces_ > 0) opened.tables = std::move(tb);
  return opened;
}

Tablebases::~Tablebases() = default;

std::optional<int> Tablebases::probe(const Position& pos, int ply) const {
  if (!probe_allowed(pos)) return std::nullopt;
  const int pieces = piece_count(pos);
  if (pieces > max_pieces_) return std::nullopt;
  if (pieces <= syzygy_pieces_ && pos.rule50() == 0)
    if (auto wdl = syzygy_->probe_wdl(pos)) return wdl_score(*wdl, ply);
  if (pieces <= gaviota_pieces_)
    if (auto dtm = gaviota_->probe(pos)) return dtm_score(*dtm, ply);
  return std::nullopt;
}

std::optional<RootDecision> Tablebases::root(const Position& pos) const {
  if (!probe_allowed(pos)) return std::nullopt;
  const int pieces = piece_count(pos);
  if (pieces <= syzygy_pieces_) {
    if (auto r = syzygy_->probe_root(pos)) {
      RootDecision decision{r->move, Move::none(), wdl_score(r->wdl, 0)};
      Position after = pos;
      UndoRecord undo;
      after.make_move(r->move, undo);
      if (auto reply = syzygy_->probe_root(after)) decision.ponder = reply->move;
      return decision;
    }
  }
  if (pieces <= gaviota_pieces_) return gaviota_root(pos);
  return std::nullopt;
}

std::optional<RootDecision> Tablebases::gaviota_root(const Position& pos) const {
  // Every legal move, judged by the table of the position it leads to.
  auto best_choice = [this](const Position& from) -> std::optional<Choice> {
    std::optional<Choice> best;
    for (Move m : legal_moves(from)) {
      Position after = from;
      UndoRecord undo;
      after.make_move(m, undo);
      Dtm result;
      if (legal_moves(after).empty()) {
        result = after.in_check() ? Dtm{Dtm::Outcome::Win, 1} : Dtm{Dtm::Outcome::Draw, 0};
      } else {
        const auto dtm = gaviota_->probe(after);
        if (!dtm) return std::nullopt;  // a table is missing: let the search decide
        const Dtm::Outcome mine = dtm->outcome == Dtm::Outcome::Win    ? Dtm::Outcome::Loss
                                  : dtm->outcome == Dtm::Outcome::Loss ? Dtm::Outcome::Win
                                                                       : Dtm::Outcome::Draw;
        result = Dtm{mine, mine == Dtm::Outcome::Draw ? 0 : dtm->plies + 1};
      }
      if (!best || better(result, best->result)) best = Choice{m, result};
    }
    return best;
  };
  const auto choice = best_choice(pos);
  if (!choice) return std::nullopt;
  RootDecision decision{choice->move, Move::none(), kDrawScore};
  if (choice->result.outcome == Dtm::Outcome::Win) decision.score = mate_in(choice->result.plies);
  if (choice->result.outcome == Dtm::Outcome::Loss) decision.score = mated_in(choice->result.plies);
  Position after = pos;
  UndoRecord undo;
  after.make_move(choice->move, undo);
  if (piece_count(after) <= gaviota_pieces_)
    if (const auto reply = best_choice(after)) decision.ponder = reply->move;
  return decision;
}

}  // namespace engine::tablebase
