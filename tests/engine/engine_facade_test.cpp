// SPDX-License-Identifier: GPL-3.0-or-later
// The Engine facade: positions and their errors, non-blocking go with callbacks,
// stop/wait, options, engines that search at the same time, and pondering (ponderhit,
// stop, and a ponder search never overlapping the next search).
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "engine/engine.h"
#include "engine/fen.h"
#include "engine/game.h"
#include "engine/movegen.h"
#include "engine/notation.h"

namespace engine {
namespace {

TEST(EngineFacade, SetPositionAppliesMovesInEitherCastlingSpelling) {
  Engine engine;
  ASSERT_TRUE(engine.set_position(Variant::Standard, "startpos",
                                  {"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1h1"}));
  EXPECT_EQ(to_fen(engine.position()),
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4");
  ASSERT_TRUE(engine.set_position(Variant::Standard, "startpos",
                                  {"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1"}));
  EXPECT_EQ(engine.position().piece_on(make_square(6, 0)), make_piece(White, King));
}

TEST(EngineFacade, BadPositionsAreErrorsAndLeaveThePositionAlone) {
  Engine engine;
  ASSERT_TRUE(engine.set_position(Variant::Standard, "startpos", {"d2d4"}));
  const std::string before = to_fen(engine.position());
  auto bad_fen = engine.set_position(Variant::Standard, "8/8/8 w - - 0 1", {});
  ASSERT_FALSE(bad_fen);
  EXPECT_NE(bad_fen.error().find("start position"), std::string::npos);
  auto bad_move = engine.set_position(Variant::Standard, "startpos", {"e2e4", "e7e4"});
  ASSERT_FALSE(bad_move);
  EXPECT_NE(bad_move.error().find("move 2"), std::string::npos) << bad_move.error();
  auto garbage = engine.set_position(Variant::Pacifist, "startpos", {"hello"});
  ASSERT_FALSE(garbage);
  EXPECT_EQ(to_fen(engine.position()), before);
}

TEST(EngineFacade, SetPositionTakesAHeldPositionWithItsHistory) {
  auto game = replay(Variant::Standard, "startpos", "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
  ASSERT_TRUE(game) << game.error();
  Engine from_moves, handed_over;
  ASSERT_TRUE(from_moves.set_position(Variant::Standard, "startpos",
                                      {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"}));
  handed_over.set_position(game->position);
  EXPECT_EQ(to_fen(handed_over.position()), to_fen(from_moves.position()));
  EXPECT_EQ(handed_over.position().repetitions(), from_moves.position().repetitions());
  EXPECT_EQ(handed_over.position().repetitions(), 1);
  // Black to move can repeat a third time: the history must reach the search.
  SearchLimits limits;
  limits.depth = 3;
  const SearchResult result = handed_over.search(limits);
  const SearchResult same = from_moves.search(limits);
  EXPECT_EQ(result.best, same.best);
  EXPECT_EQ(result.info.score_cp, same.info.score_cp);
}

TEST(EngineFacade, GoReturnsAtOnceAndReportsThroughCallbacks) {
  Engine engine;
  ASSERT_TRUE(engine.set_position(Variant::Standard, "startpos", {}));
  std::atomic<int> infos{0}, best_moves{0};
  SearchResult final_result;
  SearchLimits limits;
  limits.infinite = true;
  engine.go(limits, {[&infos](const SearchInfo&) { ++infos; },
                     [&](const SearchResult& r) {
                       final_result = r;
                       ++best_moves;
                     }});
  EXPECT_TRUE(engine.searching());
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_EQ(best_moves.load(), 0);
  engine.stop();
  engine.wait();
  EXPECT_FALSE(engine.searching());
  EXPECT_EQ(best_moves.load(), 1);
  EXPECT_GT(infos.load(), 0);
  EXPECT_TRUE(legal_moves(engine.position()).contains(final_result.best));
  EXPECT_FALSE(final_result.info.pv.empty());
  EXPECT_GT(final_result.info.nodes, 0u);
}

TEST(EngineFacade, SearchIsDeterministicAfterNewGame) {
  Engine engine;
  ASSERT_TRUE(engine.set_position(Variant::Standard, "startpos", {"c2c4", "e7e5"}));
  SearchLimits limits;
  limits.depth = 7;
  engine.new_game();
  const SearchResult first = engine.search(limits);
  engine.new_game();
  const SearchResult second = engine.search(limits);
  EXPECT_EQ(first.best, second.best);
  EXPECT_EQ(first.info.nodes, second.info.nodes);
  EXPECT_EQ(first.info.score_cp, second.info.score_cp);
}

TEST(EngineFacade, OptionsChangeBetweenSearches) {
  Engine engine(EngineOptions{1, 1});
  engine.set_options(EngineOptions{4, 2});
  EXPECT_EQ(engine.options().threads, 2);
  ASSERT_TRUE(engine.set_position(Variant::Pacifist, "startpos", {}));
  SearchLimits limits;
  limits.depth = 5;
  const SearchResult result = engine.search(limits);
  EXPECT_TRUE(legal_moves(engine.position()).contains(result.best));
  EXPECT_GE(result.info.depth, 5);
}

TEST(EngineFacade, DestructorStopsARunningSearch) {
  auto engine = std::make_unique<Engine>();
  SearchLimits limits;
  limits.infinite = true;
  engine->go(limits, {});
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  engine.reset();  // must not hang
  SUCCEED();
}

TEST(EngineFacade, SeveralEnginesSearchAtOnceLikeAlone) {
  auto run = [](Variant v, const std::vector<std::string>& moves) {
    Engine engine;
    EXPECT_TRUE(engine.set_position(v, "startpos", moves));
    SearchLimits limits;
    limits.depth = v == Variant::Pacifist ? 6 : 8;
    return engine.search(limits);
  };
  const std::vector<std::string> chess_moves = {"e2e4", "c7c5"};
  const std::vector<std::string> pacifist_moves = {"d2d4", "g8f6"};
  const SearchResult chess_alone = run(Variant::Standard, chess_moves);
  const SearchResult pacifist_alone = run(Variant::Pacifist, pacifist_moves);
  SearchResult chess_together, pacifist_together;
  std::thread a([&] { chess_together = run(Variant::Standard, chess_moves); });
  std::thread b([&] { pacifist_together = run(Variant::Pacifist, pacifist_moves); });
  a.join();
  b.join();
  EXPECT_EQ(chess_alone.info.nodes, chess_together.info.nodes);
  EXPECT_EQ(chess_alone.best, chess_together.best);
  EXPECT_EQ(pacifist_alone.info.nodes, pacifist_together.info.nodes);
  EXPECT_EQ(pacifist_alone.best, pacifist_together.best);
}

// A ponder search's results, as its callbacks saw them.
struct PonderWatch {
  std::atomic<int> infos{0}, best_moves{0};
  std::mutex mutex;
  SearchResult result;
  std::chrono::steady_clock::time_point reported{};

  SearchCallbacks callbacks() {
    return {[this](const SearchInfo&) { ++infos; },
            [this](const SearchResult& r) {
              std::lock_guard lock(mutex);
              result = r;
              reported = std::chrono::steady_clock::now();
              ++best_moves;
            }};
  }
};

// A bound on waits that only guards against a hang.
constexpr auto kHangGuard = std::chrono::seconds(20);

template <class Done>
bool wait_until(Done done) {
  const auto give_up = std::chrono::steady_clock::now() + kHangGuard;
  while (!done() && std::chrono::steady_clock::now() < give_up)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  return done();
}

TEST(EngineFacade, PonderSearchWaitsPastItsBudgetAndPonderhitEndsItWithinTheBudget) {
  Engine engine;
  ASSERT_TRUE(engine.set_position(Variant::Standard, "startpos", {"e2e4", "e7e5"}));
  SearchLimits limits;
  limits.movetime_ms = 30;  // the budget once the opponent has moved
  limits.move_overhead_ms = 0;
  limits.ponder = true;
  PonderWatch watch;
  engine.go(limits, watch.callbacks());
  // Several times the budget passes: pondering is the opponent's time, not ours.
  ASSERT_TRUE(wait_until([&] { return watch.infos.load() >= 3; }));
  std::this_thread::sleep_for(std::chrono::milliseconds(150));
  EXPECT_EQ(watch.best_moves.load(), 0);
  EXPECT_TRUE(engine.searching());
  const auto hit = std::chrono::steady_clock::now();
  engine.ponderhit();
  ASSERT_TRUE(wait_until([&] { return watch.best_moves.load() == 1; }));
  engine.wait();
  std::lock_guard lock(watch.mutex);
  EXPECT_TRUE(legal_moves(engine.position()).contains(watch.result.best));
  EXPECT_NE(watch.result.ponder, Move::none());
  // The thinking time reported includes the ponder time ...
  EXPECT_GE(watch.result.info.time_ms, 150);
  // ... and after the ponderhit the 30 ms movetime holds (a bound far above it, for load).
  EXPECT_LT(watch.reported - hit, std::chrono::seconds(2));
}

TEST(EngineFacade, StopEndsAPonderSearchWithAMove) {
  Engine engine;
  ASSERT_TRUE(engine.set_position(Variant::Standard, "startpos", {"d2d4"}));
  SearchLimits limits;
  limits.wtime_ms = 60'000;
  limits.btime_ms = 60'000;
  limits.ponder = true;
  PonderWatch watch;
  engine.go(limits, watch.callbacks());
  ASSERT_TRUE(wait_until([&] { return watch.infos.load() >= 1; }));
  engine.stop();
  engine.wait();
  EXPECT_FALSE(engine.searching());
  EXPECT_EQ(watch.best_moves.load(), 1);
  std::lock_guard lock(watch.mutex);
  EXPECT_TRUE(legal_moves(engine.position()).contains(watch.result.best));
}

TEST(EngineFacade, APonderSearchEndsBeforeTheNextSearchStarts) {
  Engine engine;
  ASSERT_TRUE(engine.set_position(Variant::Standard, "startpos", {"e2e4"}));
  // Every callback logs which search it belongs to.
  std::mutex mutex;
  std::vector<std::string> events;
  auto callbacks = [&](const std::string& name) {
    SearchCallbacks c;
    c.on_info = [&, name](const SearchInfo&) {
      std::lock_guard lock(mutex);
      events.push_back(name + " info");
    };
    c.on_best_move = [&, name](const SearchResult&) {
      std::lock_guard lock(mutex);
      events.push_back(name + " best");
    };
    return c;
  };
  SearchLimits ponder;
  ponder.wtime_ms = 60'000;
  ponder.btime_ms = 60'000;
  ponder.ponder = true;
  engine.go(ponder, callbacks("ponder"));
  ASSERT_TRUE(wait_until([&] {
    std::lock_guard lock(mutex);
    return !events.empty();
  }));
  // The opponent played another move: a new search on the new position.
  ASSERT_TRUE(engine.set_position(Variant::Standard, "startpos", {"e2e4", "c7c5"}));
  SearchLimits normal;
  normal.depth = 4;
  engine.go(normal, callbacks("normal"));
  engine.wait();
  std::lock_guard lock(mutex);
  ASSERT_GE(events.size(), 3u);
  const auto ponder_best = std::find(events.begin(), events.end(), "ponder best");
  const auto normal_first = std::find_if(
      events.begin(), events.end(), [](const std::string& e) { return e.starts_with("normal"); });
  ASSERT_NE(ponder_best, events.end());
  EXPECT_LT(ponder_best, normal_first);
  EXPECT_EQ(std::count(events.begin(), events.end(), "ponder best"), 1);
  EXPECT_EQ(std::count(events.begin(), events.end(), "normal best"), 1);
  // Nothing of the ponder search comes after the normal search began.
  for (auto e = normal_first; e != events.end(); ++e) EXPECT_TRUE(e->starts_with("normal")) << *e;
}

TEST(EngineFacade, PonderhitWithoutAPonderSearchChangesNothing) {
  Engine engine;
  engine.ponderhit();  // idle: harmless
  ASSERT_TRUE(engine.set_position(Variant::Standard, "startpos", {}));
  SearchLimits limits;
  limits.infinite = true;
  PonderWatch watch;
  engine.go(limits, watch.callbacks());
  ASSERT_TRUE(wait_until([&] { return watch.infos.load() >= 1; }));
  engine.ponderhit();  // an infinite search is not pondering: it still waits for stop
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_EQ(watch.best_moves.load(), 0);
  engine.stop();
  engine.wait();
  EXPECT_EQ(watch.best_moves.load(), 1);
}

}  // namespace
}  // namespace engine
