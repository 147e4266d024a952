// SPDX-License-Identifier: GPL-3.0-or-later
// Takebacks through the whole system: carol, a human on `paxbot serve`, plays a `paxbot run`
// daemon through the Board API and asks for takebacks; the daemon answers them as its
// `takebacks` settings say, and the game goes on from the shorter move list to its end.
#include <gtest/gtest.h>

#include <mutex>
#include <thread>

#include <nlohmann/json.hpp>

#include "daemon/game_state.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "tests/integration/arena.h"

namespace paxbot_test {
namespace {

using namespace std::chrono_literals;

constexpr int kResignAtPly = 16;  // carol gives up here, so the game ends in seconds

// Carol's side of one game: she moves at once, asks for a takeback on her turn at the
// plies listed in `ask_at`, waits for the answer, and resigns at kResignAtPly.
class Carol {
 public:
  Carol(Arena& arena, std::string game_id, std::vector<std::size_t> ask_at)
      : arena_(arena), id_(std::move(game_id)), ask_at_(std::move(ask_at)) {}

  // Plays until the game ends; returns the answers in order ("accepted: 2 plies back",
  // "declined").
  std::vector<std::string> play() {
    bot::StreamControl control;
    control.silence_limit = 20s;
    const auto result = arena_.http("carol").stream(
        bot::HttpRequest::get("/api/board/game/stream/" + id_),
        [&](std::string_view line) { return on_line(line); }, control);
    EXPECT_TRUE(result.http.transport_ok()) << result.http.error_message;
    return answers_;
  }

 private:
  bot::StreamAction on_line(std::string_view line) {
    if (line.empty()) return bot::StreamAction::kContinue;
    const auto j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_discarded()) return bot::StreamAction::kContinue;
    nlohmann::json state = j;
    if (j.value("type", "") == "gameFull") {
      white_ = j["white"].value("id", "") == "carol";
      state = j["state"];
    } else if (j.value("type", "") != "gameState") {
      return bot::StreamAction::kContinue;
    }
    const std::string status = state.value("status", "");
    if (status != "started" && status != "created") return bot::StreamAction::kStop;
    auto board = bot::GameState::start(engine::Variant::Standard, "startpos");
    if (!board || !board->update(state.value("moves", ""))) {
      ADD_FAILURE() << "cannot follow " << line;
      return bot::StreamAction::kStop;
    }
    const std::size_t plies = board->moves().size();
    const bool my_request = state.value(white_ ? "wtakeback" : "btakeback", false);
    if (asked_at_) {
      if (plies < *asked_at_) {
        answers_.push_back("accepted: " + std::to_string(*asked_at_ - plies) + " plies back");
      } else if (!my_request) {
        answers_.push_back("declined");
      } else {
        return bot::StreamAction::kContinue;  // the request is out; no answer yet
      }
      asked_at_.reset();
    }
    const bool my_turn = (board->side_to_move() == engine::White) == white_;
    if (!my_turn) return bot::StreamAction::kContinue;
    if (!ask_at_.empty() && plies >= ask_at_.front()) {
      ask_at_.erase(ask_at_.begin());
      asked_at_ = plies;
      post("takeback/yes");
      return bot::StreamAction::kContinue;
    }
    if (plies >= std::size_t(kResignAtPly)) {
      post("resign");
      return bot::StreamAction::kContinue;
    }
    const engine::MoveList moves = engine::legal_moves(board->position());
    if (moves.empty()) return bot::StreamAction::kContinue;
    // A different move after a takeback, so the game really goes another way.
    const engine::Move move = moves[(answers_.size() * 3) % moves.size()];
    post("move/" + engine::move_to_uci(board->position(), move));
    return bot::StreamAction::kContinue;
  }

  void post(const std::string& what) {
    const auto r =
        arena_.http("carol").request(bot::HttpRequest::post("/api/board/game/" + id_ + "/" + what));
    EXPECT_TRUE(r.ok()) << what << ": " << r.status << " " << r.body;
  }

  Arena& arena_;
  const std::string id_;
  std::vector<std::size_t> ask_at_;
  std::optional<std::size_t> asked_at_;
  bool white_ = false;
  std::vector<std::string> answers_;
};

// Starts alice with `takebacks`, has carol challenge her, and plays the game out.
std::vector<std::string> play_with_takebacks(Arena& arena, config::Takebacks takebacks,
                                             std::vector<std::size_t> ask_at) {
  ChildProcess alice =
      arena.start_bot("alice", [&](config::Config& c) { c.takebacks = takebacks; });
  EXPECT_TRUE(wait_until(
      [&] { return arena.log_of("alice").find("playing as alice") != std::string::npos; }, 10s));
  const std::string id = arena.challenge("carol", "alice", "standard", 300, 5);
  EXPECT_TRUE(wait_until(
      [&] {
        auto shown = arena.client("carol").show_challenge(id);
        return shown && shown->status == "accepted";
      },
      10s));
  Carol carol(arena, id, std::move(ask_at));
  const std::vector<std::string> answers = carol.play();
  EXPECT_TRUE(arena.wait_for_end(id, 30s)) << arena.log_of("alice");
  // Carol resigns, unless alice mates her first; either way alice played legal moves only
  // (the server would have refused a move from a position the takeback had left).
  const GameOutcome end = arena.outcome(id);
  EXPECT_TRUE(end.status == "resign" || end.status == "mate") << end.status;
  const std::string log = arena.log_of("alice");
  EXPECT_EQ(log.find(" failed: "), std::string::npos) << log;
  return answers;
}

TEST(Takebacks, AcceptedUpToTheLimitAndTheGamePlaysOnFromTheShorterList) {
  Arena arena;
  const std::vector<std::string> answers =
      play_with_takebacks(arena, {.max_per_game = 1, .only_humans = true}, {6, 10});
  // Carol asked on her own turn: her last move and alice's reply went back (2 plies).
  EXPECT_EQ(answers, (std::vector<std::string>{"accepted: 2 plies back", "declined"}))
      << arena.log_of("alice");
  const std::string log = arena.log_of("alice");
  EXPECT_NE(log.find("accepting a takeback"), std::string::npos) << log;
  EXPECT_NE(log.find(": takeback to ply "), std::string::npos) << log;
  EXPECT_NE(log.find("declining a takeback (1 of 1 accepted)"), std::string::npos) << log;
}

TEST(Takebacks, DeclinedWithTheDefaultOfZero) {
  Arena arena;
  const std::vector<std::string> answers = play_with_takebacks(arena, {}, {6});
  EXPECT_EQ(answers, std::vector<std::string>{"declined"}) << arena.log_of("alice");
  EXPECT_EQ(arena.log_of("alice").find("accepting a takeback"), std::string::npos);
}

}  // namespace
}  // namespace paxbot_test
