// SPDX-License-Identifier: GPL-3.0-or-later
#include "match/adjudication.h"

#include <cstdlib>
#include <sstream>
#include <vector>

#include "cli/args.h"

namespace match {

namespace {

using cli::parse_integer;

// The values of "A:B:C", each a whole number in [0, max]; errors name the option.
std::expected<std::vector<int>, std::string> parse_fields(const std::string& text,
                                                          const std::string& option,
                                                          const std::string& form,
                                                          std::size_t count) {
  std::vector<int> values;
  std::istringstream in(text);
  for (std::string field; std::getline(in, field, ':');) {
    auto v = parse_integer(field, option, 0, 100'000);
    if (!v) return std::unexpected(v.error() + " (want " + form + ")");
    values.push_back(int(*v));
  }
  if (values.size() != count) return std::unexpected(option + " '" + text + "' is not " + form);
  return values;
}

constexpr int kMateCp = 100'000;  // a mate score counts as this many centipawns

}  // namespace

std::expected<AdjudicationRules::Draw, std::string> parse_draw_rule(const std::string& text) {
  auto v = parse_fields(text, "--draw", "MOVE:CP:COUNT", 3);
  if (!v) return std::unexpected(v.error());
  if ((*v)[2] < 1) return std::unexpected("--draw: COUNT must be at least 1");
  return AdjudicationRules::Draw{(*v)[0], (*v)[1], (*v)[2]};
}

std::expected<AdjudicationRules::Resign, std::string> parse_resign_rule(const std::string& text) {
  auto v = parse_fields(text, "--resign", "CP:COUNT", 2);
  if (!v) return std::unexpected(v.error());
  if ((*v)[1] < 1) return std::unexpected("--resign: COUNT must be at least 1");
  return AdjudicationRules::Resign{(*v)[0], (*v)[1]};
}

std::optional<Verdict> Adjudicator::after_move(engine::Color mover, int fullmove, int plies,
                                               std::optional<ReportedScore> score) {
  using engine::Black;
  using engine::White;
  // The mover's score as centipawns, mates far beyond any threshold.
  std::optional<int> cp;
  if (score) cp = score->is_mate() ? (*score->mate_in > 0 ? kMateCp : -kMateCp) : score->cp;

  if (rules_.draw) {
    const bool quiet = cp && !score->is_mate() && std::abs(*cp) <= rules_.draw->score_cp &&
                       fullmove >= rules_.draw->from_move;
    quiet_plies_ = quiet ? quiet_plies_ + 1 : 0;
    if (quiet_plies_ >= 2 * rules_.draw->moves)
      return Verdict{engine::Outcome::Draw,
                     "adjudicated a draw: both engines agree the game is even"};
  }
  if (rules_.resign) {
    // From White's point of view: negative means White is the side that is worse.
    const std::optional<int> white_cp =
        cp ? std::optional<int>(mover == White ? *cp : -*cp) : std::nullopt;
    for (engine::Color side : {White, Black}) {
      const bool losing =
          white_cp && (side == White ? *white_cp : -*white_cp) <= -rules_.resign->score_cp;
      losing_plies_[side] = losing ? losing_plies_[side] + 1 : 0;
      if (losing_plies_[side] >= 2 * rules_.resign->moves)
        return Verdict{side == White ? engine::Outcome::BlackWins : engine::Outcome::WhiteWins,
                       std::string("adjudicated a loss: both engines agree ") +
                           (side == White ? "White" : "Black") + " is lost"};
    }
  }
  if (rules_.max_plies && plies >= *rules_.max_plies)
    return Verdict{engine::Outcome::Draw, "adjudicated a draw at the ply limit"};
  return std::nullopt;
}

}  // namespace match
