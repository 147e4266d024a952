// Pure pieces of the server: clocks, time controls, SAN, challenge forms.
#include <gtest/gtest.h>

#include "engine/fen.h"
#include "engine/notation.h"
#include "server/challenges.h"
#include "server/clocks.h"
#include "server/pgn.h"
#include "server/variants.h"

namespace server {
namespace {

TEST(TimeControlTest, SpeedAndShow) {
  EXPECT_EQ(TimeControl::clock(15, 0).speed(), "ultraBullet");
  EXPECT_EQ(TimeControl::clock(30, 0).speed(), "bullet");
  EXPECT_EQ(TimeControl::clock(0, 1).speed(), "bullet");
  EXPECT_EQ(TimeControl::clock(180, 0).speed(), "blitz");
  EXPECT_EQ(TimeControl::clock(300, 3).speed(), "blitz");
  EXPECT_EQ(TimeControl::clock(600, 0).speed(), "rapid");
  EXPECT_EQ(TimeControl::clock(1800, 0).speed(), "classical");
  EXPECT_EQ(TimeControl::correspondence(3).speed(), "correspondence");
  EXPECT_EQ(TimeControl::unlimited().speed(), "correspondence");
  EXPECT_EQ(TimeControl::clock(300, 2).show(), "5+2");
  EXPECT_EQ(TimeControl::clock(30, 0).show(), "½+0");
  EXPECT_EQ(TimeControl::clock(90, 1).show(), "1.5+1");
}

TEST(GameClockTest, PressAddsIncrementAndFlagging) {
  GameClock c(10000, 1000);
  EXPECT_FALSE(c.running());
  c.start(engine::White, 0);
  EXPECT_EQ(c.remaining(engine::White, 4000), 6000);
  EXPECT_EQ(c.remaining(engine::Black, 4000), 10000);
  c.press(engine::White, 4000);
  EXPECT_EQ(c.remaining(engine::White, 4000), 7000);
  EXPECT_TRUE(c.running());
  EXPECT_EQ(c.running_color(), engine::Black);
  EXPECT_FALSE(c.flagged(13999));
  EXPECT_TRUE(c.flagged(14000));
  EXPECT_EQ(c.remaining(engine::Black, 20000), 0);
  c.stop(5000);
  EXPECT_EQ(c.remaining(engine::Black, 99999), 9000);
  EXPECT_FALSE(c.flagged(99999));
}

TEST(Variants, KeysNamesAndPerfs) {
  EXPECT_EQ(parse_variant_key("fromPosition"), GameVariant::FromPosition);
  EXPECT_FALSE(parse_variant_key("atomic"));
  EXPECT_EQ(variant_info(GameVariant::Pacifist).name, "Pacifist");
  EXPECT_EQ(perf_key(GameVariant::FromPosition, "blitz"), "blitz");
  EXPECT_EQ(perf_key(GameVariant::Pacifist, "blitz"), "pacifist");
  EXPECT_EQ(perf_name("ultraBullet"), "UltraBullet");
}

std::string san(const std::string& fen, const std::string& uci,
                engine::Variant v = engine::Variant::Standard) {
  auto pos = engine::parse_fen(fen, v);
  if (!pos) return "bad fen: " + pos.error();
  auto m = engine::parse_uci_move(*pos, uci);
  if (!m) return "bad move: " + m.error();
  return move_to_san(*pos, *m);
}

TEST(San, PiecesCapturesCastlingPromotionAndChecks) {
  EXPECT_EQ(san(std::string(engine::kStartFen), "g1f3"), "Nf3");
  EXPECT_EQ(san(std::string(engine::kStartFen), "e2e4"), "e4");
  EXPECT_EQ(san("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1h1"), "O-O");
  EXPECT_EQ(san("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1"), "O-O-O");
  EXPECT_EQ(san("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5"), "exd5");
  EXPECT_EQ(san("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q"), "a8=Q+");
  EXPECT_EQ(san("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8"), "Ra8#");
  // Disambiguation by file, by rank, by both.
  EXPECT_EQ(san("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "b1d2"), "Nbd2");
  EXPECT_EQ(san("4k3/8/8/8/R7/8/8/R3K3 w - - 0 1", "a1a2"), "R1a2");
  EXPECT_EQ(san("7k/8/8/8/Q1Q5/8/Q7/4K3 w - - 0 1", "a4b3"), "Qa4b3");
}

TEST(San, PacifistHasNoCapturesAndMarksKingLoss) {
  const std::string fen = "1rknn1br/p1pp1p1p/3bp1p1/1p1q2n1/5p2/2P4B/pP1PP1PP/B1RKR1QN w - - 0 1";
  EXPECT_EQ(san(fen, "g1b6", engine::Variant::Pacifist), "Qb6#");
  EXPECT_EQ(san(std::string(engine::kStartFen), "g1f3", engine::Variant::Pacifist), "Nf3");
}

TEST(ChallengeForm, DefaultsAndDeclineKeys) {
  auto r = parse_challenge_request({}, false);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->time_control.kind, TimeControl::Kind::Unlimited);
  EXPECT_EQ(r->color, ColorChoice::Random);
  EXPECT_EQ(r->variant, GameVariant::Standard);
  auto any = parse_challenge_request({{"clock.limit", "7"}, {"clock.increment", "0"}}, true);
  ASSERT_TRUE(any);
  EXPECT_EQ(any->time_control.limit_s, 7);
  EXPECT_FALSE(parse_challenge_request({{"clock.limit", "7"}}, false));
  EXPECT_EQ(decline_reason_key("TimeControl"), "timecontrol");
  EXPECT_EQ(decline_reason_key("nope"), "generic");
  EXPECT_FALSE(decline_reason_text("later").empty());
  std::mt19937_64 rng(1);
  EXPECT_EQ(random_id(rng, 8).size(), 8u);
}

}  // namespace
}  // namespace server
