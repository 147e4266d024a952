// SPDX-License-Identifier: GPL-3.0-or-later
// Optional adjudication of games the engines agree about: a draw when both report a score
// near zero for a while, a loss when both agree one side is clearly worse, and a draw at a
// ply limit. Thread contract: one Adjudicator per game, used by that game's thread.
#pragma once

#include <expected>
#include <optional>
#include <string>

#include "engine/status.h"
#include "engine/types.h"

namespace match {

struct AdjudicationRules {
  // Draw when from full move `from_move` on, every score of `moves` consecutive moves of each
  // side (2 * moves plies) is within +-score_cp.
  struct Draw {
    int from_move = 40, score_cp = 10, moves = 8;
  };
  // Loss for a side when `moves` consecutive moves of each side all agree it is worse than
  // -score_cp (the losing engine's own score <= -score_cp, the winner's >= score_cp).
  struct Resign {
    int score_cp = 1000, moves = 4;
  };
  std::optional<Draw> draw;
  std::optional<Resign> resign;
  std::optional<int> max_plies;  // a draw when this many plies were played
};

// "MOVE:CP:COUNT" for --draw, "CP:COUNT" for --resign; errors name the option.
std::expected<AdjudicationRules::Draw, std::string> parse_draw_rule(const std::string& text);
std::expected<AdjudicationRules::Resign, std::string> parse_resign_rule(const std::string& text);

// A score as an engine reports it, from the mover's point of view.
struct ReportedScore {
  int cp = 0;                  // centipawns (ignored for a mate score)
  std::optional<int> mate_in;  // moves; negative when the mover is being mated
  bool is_mate() const { return mate_in.has_value(); }
};

struct Verdict {
  engine::Outcome outcome = engine::Outcome::Draw;
  std::string reason;  // for the PGN comment and the summary
};

class Adjudicator {
 public:
  explicit Adjudicator(AdjudicationRules rules) : rules_(rules) {}

  // Called after every move with the mover, the full-move number of the move, the number of
  // plies played so far and the mover's last reported score (none when it gave none).
  std::optional<Verdict> after_move(engine::Color mover, int fullmove, int plies,
                                    std::optional<ReportedScore> score);

 private:
  AdjudicationRules rules_;
  int quiet_plies_ = 0;           // consecutive plies within the draw window
  int losing_plies_[2] = {0, 0};  // consecutive plies agreeing that colour loses
};

}  // namespace match
