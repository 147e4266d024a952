// SPDX-License-Identifier: GPL-3.0-or-later
// The lazy, diff-based accumulator stack (engine/nnue/accumulator.h): along seeded random
// games of standard chess, Chess960 (castling on both wings), positions with promotions and
// en passant, and Pacifist games with colour conversions, the stack's accumulators and
// evaluation equal a fresh computation at every ply where they are asked for, after null
// moves and after undoing moves, with the scalar and the AVX2 kernels, for hidden sizes 32
// and 128. The games are steered toward special moves, and the tests check that every kind
// of move really occurred.
#include "engine/nnue/accumulator.h"

#include <gtest/gtest.h>

#include <random>
#include <sstream>

#include "engine/fen.h"
#include "engine/movegen.h"
#include "engine/nnue/inference.h"
#include "tests/engine/nnue/nnue_test_support.h"

namespace engine::nnue {
namespace {

struct Coverage {
  int king_side_castles = 0, queen_side_castles = 0, promotions = 0, en_passant = 0;
  int captures = 0, conversions = 0, null_moves = 0, undos = 0, checks = 0;
};

// Plays a random game on a position and its stack, comparing the stack with a fresh
// computation as it goes.
class Walker {
 public:
  Walker(const Network& net, const Kernels& k, const Position& start, unsigned seed)
      : net_(net), pos_(start), rng_(seed) {
    stack_.reset(net, pos_, k);
  }

  // "" when the stack's top equals a fresh computation, else what differs.
  std::string mismatch() {
    ++coverage.checks;
    std::ostringstream why;
    if (stack_.height() != int(line_.size()))
      why << "height " << stack_.height() << " for " << line_.size() << " moves; ";
    if (stack_.board() != board_of(pos_)) why << "mailbox differs; ";
    std::vector<std::int16_t> fresh(std::size_t(net_.hidden));
    for (Color c : {White, Black}) {
      refresh_accumulator(net_, scalar_kernels(), board_of(pos_), c, fresh.data());
      if (!std::equal(fresh.begin(), fresh.end(), stack_.accumulator(c)))
        why << (c == White ? "White" : "Black") << " accumulator differs; ";
    }
    const int incremental = evaluate(stack_, pos_), full = evaluate(net_, pos_);
    if (incremental != full) why << "evaluation " << incremental << " != " << full << "; ";
    const std::string text = why.str();
    return text.empty() ? text : text + "at " + to_fen(pos_);
  }

  // Plays up to `plies` moves; checks with probability 1/check_every after each, tries
  // null moves and undoes a few moves now and then; unwinds the whole line at the end.
  // Returns the first mismatch ("" for none).
  std::string play(int plies, int check_every) {
    for (int ply = 0; ply < plies; ++ply) {
      if (!make_random_move()) break;
      if (rng_() % unsigned(check_every) == 0)
        if (auto bad = mismatch(); !bad.empty()) return "after a move: " + bad;
      if (rng_() % 6 == 0 && null_move_allowed()) {
        UndoRecord undo;
        pos_.make_null_move(undo);
        stack_.push(pos_);
        line_.push_back(Move::null());
        ++coverage.null_moves;
        if (auto bad = mismatch(); !bad.empty()) return "after a null move: " + bad;
        stack_.pop();
        line_.pop_back();
        pos_.undo_null_move(undo);
        if (auto bad = mismatch(); !bad.empty()) return "after undoing a null move: " + bad;
      }
      if (rng_() % 10 == 0)
        for (unsigned back = 1 + rng_() % 3; back > 0 && !line_.empty(); --back)
          if (auto bad = undo_last(); !bad.empty()) return bad;
    }
    while (!line_.empty())
      if (auto bad = undo_last(); !bad.empty()) return bad;
    return "";
  }

  Coverage coverage;

 private:
  bool null_move_allowed() const {
    return pos_.pacifist() ? pos_.pieces(pos_.side_to_move(), King) != 0 : !pos_.in_check();
  }

  bool make_random_move() {
    const MoveList moves = legal_moves(pos_);
    if (moves.size() == 0) return false;
    std::vector<Move> all, special;
    for (Move m : moves) {
      all.push_back(m);
      if (m.kind() != MoveKind::Normal || pos_.is_capture(m)) special.push_back(m);
    }
    const std::vector<Move>& from = !special.empty() && rng_() % 2 == 0 ? special : all;
    const Move m = from[rng_() % from.size()];
    if (m.kind() == MoveKind::Castling)
      ++(file_of(m.to()) > file_of(m.from()) ? coverage.king_side_castles
                                             : coverage.queen_side_castles);
    coverage.promotions += m.kind() == MoveKind::Promotion;
    coverage.en_passant += m.kind() == MoveKind::EnPassant;
    coverage.captures += pos_.is_capture(m);
    undos_.emplace_back();
    pos_.make_move(m, undos_.back());
    stack_.push(pos_);
    line_.push_back(m);
    coverage.conversions += pos_.pacifist() && pos_.last_converted() != 0;
    return true;
  }

  std::string undo_last() {
    stack_.pop();
    pos_.undo_move(line_.back(), undos_.back());
    line_.pop_back();
    undos_.pop_back();
    ++coverage.undos;
    if (auto bad = mismatch(); !bad.empty()) return "after an undo: " + bad;
    return "";
  }

  const Network& net_;
  Position pos_;
  std::mt19937 rng_;
  AccumulatorStack stack_;
  std::vector<Move> line_;
  std::vector<UndoRecord> undos_;
};

std::vector<const Kernels*> kernel_sets() {
  std::vector<const Kernels*> sets{&scalar_kernels()};
  if (avx2_kernels()) sets.push_back(avx2_kernels());
  return sets;
}

Coverage walk_all(const std::vector<paxbot_test::TestStart>& starts, int rounds, int plies) {
  Coverage total;
  for (int hidden : {32, 128}) {
    const Network net = paxbot_test::random_network(hidden, 40u + unsigned(hidden));
    for (const Kernels* k : kernel_sets()) {
      unsigned seed = 1;
      for (const auto& start : starts) {
        auto pos = parse_fen(start.fen, start.variant);
        EXPECT_TRUE(pos) << start.fen << ": " << pos.error();
        if (!pos) continue;
        for (int round = 0; round < rounds; ++round) {
          Walker walker(net, *k, *pos, seed++);
          const std::string bad = walker.play(plies, 2);
          EXPECT_EQ(bad, "") << k->name << ", hidden " << hidden << ", from " << start.fen;
          const Coverage& c = walker.coverage;
          total.king_side_castles += c.king_side_castles;
          total.queen_side_castles += c.queen_side_castles;
          total.promotions += c.promotions;
          total.en_passant += c.en_passant;
          total.captures += c.captures;
          total.conversions += c.conversions;
          total.null_moves += c.null_moves;
          total.undos += c.undos;
          total.checks += c.checks;
        }
      }
    }
  }
  return total;
}

TEST(NnueAccumulator, IncrementalEqualsFreshAlongChessGames) {
  std::vector<paxbot_test::TestStart> standard, chess960;
  for (const auto& s : paxbot_test::chess_starts())
    (s.variant == Variant::Chess960 ? chess960 : standard).push_back(s);
  const Coverage c = walk_all(standard, 3, 120);
  EXPECT_GT(c.king_side_castles, 0);
  EXPECT_GT(c.queen_side_castles, 0);
  EXPECT_GT(c.promotions, 0);
  EXPECT_GT(c.en_passant, 0);
  EXPECT_GT(c.captures, 0);
  EXPECT_GT(c.null_moves, 0);
  EXPECT_GT(c.undos, 0);
  const Coverage c960 = walk_all(chess960, 3, 120);
  EXPECT_GT(c960.king_side_castles, 0) << "Chess960 castling on the king's side";
  EXPECT_GT(c960.queen_side_castles, 0) << "Chess960 castling on the queen's side";
  EXPECT_GT(c960.checks, 1000);
}

TEST(NnueAccumulator, IncrementalEqualsFreshThroughPacifistConversions) {
  const Coverage c = walk_all(paxbot_test::pacifist_starts(), 3, 100);
  EXPECT_GT(c.conversions, 10) << "Pacifist games should convert pieces";
  EXPECT_GT(c.null_moves, 0);
  EXPECT_GT(c.checks, 1000);
}

TEST(NnueAccumulator, CatchesUpOverManyPliesAtOnce) {
  // Rarely asked: the stack must apply (or refresh over) long runs of uncomputed plies.
  const Network net = paxbot_test::random_network(32, 8);
  for (const auto* starts : {&paxbot_test::chess_starts(), &paxbot_test::pacifist_starts()})
    for (const auto& start : *starts) {
      auto pos = parse_fen(start.fen, start.variant);
      ASSERT_TRUE(pos);
      Walker walker(net, kernels(), *pos, 77);
      EXPECT_EQ(walker.play(80, 15), "") << start.fen;
    }
}

TEST(NnueAccumulator, GrowsBeyondTheDeepestSearchLine) {
  // Kings walking back and forth: 600 plies on one line, far past kMaxPly.
  const Network net = paxbot_test::random_network(16, 4);
  auto start = parse_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1", Variant::Standard);
  ASSERT_TRUE(start);
  Position pos = *start;
  AccumulatorStack stack;
  stack.reset(net, pos);
  const Move white[2] = {Move(4, 3), Move(3, 4)}, black[2] = {Move(60, 59), Move(59, 60)};
  std::vector<Move> line;
  std::vector<UndoRecord> undos(600);
  for (int ply = 0; ply < 600; ++ply) {
    const Move m = (ply % 2 == 0 ? white : black)[(ply / 2) % 2];
    ASSERT_TRUE(is_legal(pos, m)) << ply;
    pos.make_move(m, undos[std::size_t(ply)]);
    stack.push(pos);
    line.push_back(m);
    if (ply % 7 == 0) {
      ASSERT_EQ(evaluate(stack, pos), evaluate(net, pos)) << ply;
    }
  }
  EXPECT_EQ(stack.height(), 600);
  for (int ply = 599; ply >= 0; --ply) {
    stack.pop();
    pos.undo_move(line[std::size_t(ply)], undos[std::size_t(ply)]);
    ASSERT_EQ(evaluate(stack, pos), evaluate(net, pos)) << ply;
  }
  EXPECT_EQ(stack.height(), 0);
}

TEST(NnueAccumulator, ResetStartsOverForAnotherPositionAndNetwork) {
  AccumulatorStack stack;
  for (int hidden : {128, 32, 64}) {
    const Network net = paxbot_test::random_network(hidden, unsigned(hidden));
    for (const auto& start : paxbot_test::chess_starts()) {
      auto pos = parse_fen(start.fen, start.variant);
      ASSERT_TRUE(pos);
      stack.reset(net, *pos);
      EXPECT_EQ(stack.height(), 0);
      EXPECT_EQ(&stack.network(), &net);
      ASSERT_EQ(evaluate(stack, *pos), evaluate(net, *pos)) << hidden << " " << start.fen;
      UndoRecord undo;
      const Move m = legal_moves(*pos)[0];
      pos->make_move(m, undo);
      stack.push(*pos);
      ASSERT_EQ(evaluate(stack, *pos), evaluate(net, *pos)) << hidden << " " << start.fen;
    }
  }
}

}  // namespace
}  // namespace engine::nnue
