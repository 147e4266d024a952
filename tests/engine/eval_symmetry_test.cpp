// SPDX-License-Identifier: GPL-3.0-or-later
// Evaluation: scores are from the side to move and colour-symmetric; the
// Pacifist evaluation counts pieces that will flip and punishes a missing king.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>

#include "engine/eval/evaluate.h"
#include "engine/eval/weights_pacifist.h"
#include "engine/eval/weights_standard.h"
#include "engine/fen.h"
#include "engine/text.h"

namespace engine {
namespace {

// The same position with colours swapped and the board flipped top to bottom.
std::string mirror_fen(const std::string& fen) {
  std::vector<std::string> fields;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= fen.size(); ++i)
    if (i == fen.size() || fen[i] == ' ') {
      fields.push_back(fen.substr(start, i - start));
      start = i + 1;
    }
  auto swap_case = [](std::string s) {
    for (char& c : s)
      c = std::isupper(static_cast<unsigned char>(c)) ? char(std::tolower(c))
                                                      : char(std::toupper(c));
    return s;
  };
  std::vector<std::string> ranks;
  start = 0;
  for (std::size_t i = 0; i <= fields[0].size(); ++i)
    if (i == fields[0].size() || fields[0][i] == '/') {
      ranks.push_back(fields[0].substr(start, i - start));
      start = i + 1;
    }
  std::reverse(ranks.begin(), ranks.end());
  std::string placement;
  for (const std::string& r : ranks) {
    if (!placement.empty()) placement += '/';
    placement += swap_case(r);
  }
  std::string castling = fields[2] == "-" ? "-" : swap_case(fields[2]);
  std::string ep = fields[3];
  if (ep != "-") ep[1] = ep[1] == '3' ? '6' : '3';
  return cat(placement, " ", fields[1] == "w" ? "b" : "w", " ", castling, " ", ep, " 0 1");
}

int eval_of(const std::string& fen, Variant v) {
  auto pos = parse_fen(fen, v);
  EXPECT_TRUE(pos) << fen << ": " << (pos ? "" : pos.error());
  return pos ? eval::evaluate(*pos) : 0;
}

const char* kStandardPositions[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/5k2/3p4/1p1Pp2p/pP2Pp1P/P4P1K/8/8 b - - 0 50",
    "6k1/5pp1/4p2p/3pP3/1r1P4/5N2/5PPP/2R3K1 w - - 0 30",
};

const char* kPacifistPositions[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rkqn1rb1/ppppppbp/P7/1n4p1/8/4N3/1PPPPPPP/RNK1BBQR w - - 0 1",
    "1rknn1br/p1pp1p1p/3bp1p1/1p1q2n1/5p2/2P4B/pP1PP1PP/B1RKR1QN w - - 0 1",
    "nbr1b1qr/ppppKppp/7n/4pN2/K3P3/P7/QPPP1PPP/B1R1RBN1 b - - 0 1",
};

TEST(EvalSymmetry, StandardIsColourSymmetric) {
  for (const char* fen : kStandardPositions)
    EXPECT_EQ(eval_of(fen, Variant::Standard), eval_of(mirror_fen(fen), Variant::Standard)) << fen;
}

TEST(EvalSymmetry, PacifistIsColourSymmetric) {
  for (const char* fen : kPacifistPositions)
    EXPECT_EQ(eval_of(fen, Variant::Pacifist), eval_of(mirror_fen(fen), Variant::Pacifist)) << fen;
}

TEST(EvalSymmetry, StartPositionsScoreTheTempo) {
  EXPECT_EQ(eval_of(kStandardPositions[0], Variant::Standard), eval::kStandardWeights.tempo);
  EXPECT_EQ(eval_of(kPacifistPositions[0], Variant::Pacifist), eval::kPacifistWeights.tempo);
}

TEST(EvalStandard, MaterialAndBareKingsDraw) {
  EXPECT_GT(eval_of("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", Variant::Standard), 700);
  EXPECT_LT(eval_of("4k3/8/8/8/8/8/8/3QK3 b - - 0 1", Variant::Standard), -700);
  EXPECT_EQ(eval_of("4k3/8/8/8/8/8/8/3NK3 w - - 0 1", Variant::Standard), 0);
}

TEST(EvalPacifist, PiecesLeftOverPersuadedCountForTheSideToMove) {
  // White to move; Black's knight on d5 is attacked by the e4 pawn and the b3 bishop and
  // defended by nothing: it flips during White's next move, whatever White plays.
  const int hanging = eval_of("4k3/8/8/3n4/4P3/1B6/8/4K3 w - - 0 1", Variant::Pacifist);
  // The same with the knight defended twice (pawns c6 and e6): it stays black.
  const int defended = eval_of("4k3/8/2p1p3/3n4/4P3/1B6/8/4K3 w - - 0 1", Variant::Pacifist);
  EXPECT_GT(hanging, defended + eval::kPacifistWeights.piece_value[Knight]);
}

TEST(EvalPacifist, OwningNoKingIsAlmostLost) {
  // Black to move owns no king (both kings are White's).
  EXPECT_LT(
      eval_of("nbr1b1qr/ppppKppp/7n/4pN2/K3P3/P7/QPPP1PPP/B1R1RBN1 b - - 0 1", Variant::Pacifist),
      -eval::kPacifistWeights.first_king / 2);
}

}  // namespace
}  // namespace engine
