// SPDX-License-Identifier: GPL-3.0-or-later
// Correspondence games against `paxbot serve` (config section `correspondence`): three games
// whose opponents (the test, through the Bot API) move slowly. The daemon closes each game's
// stream while the opponent thinks (the server's own count of open streams says so), never
// holds two for one game, sees a move made meanwhile at its next check-in, keeps its
// realtime slot free, queues a fourth game for want of correspondence slots, leaves the games
// running over a restart, and resumes them least time left first.
#include <gtest/gtest.h>
#include <signal.h>

#include <algorithm>
#include <functional>

#include "daemon/game_state.h"
#include "engine/game.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/san.h"
#include "tests/integration/arena.h"

namespace paxbot_test {
namespace {

using namespace std::chrono_literals;

// The open game streams of each ongoing game, as the server counts them (GET /_test/streams).
nlohmann::json game_streams(Arena& arena) {
  bot::CurlHttpClient http({.base_url = arena.base_url(), .token = "", .user_name = ""});
  const bot::HttpResult r = http.request(bot::HttpRequest::get("/_test/streams"));
  EXPECT_TRUE(r.ok()) << r.status << " " << r.body;
  const nlohmann::json j = nlohmann::json::parse(r.body, nullptr, false);
  return j.is_object() ? j : nlohmann::json::object();
}

int streams_of(const nlohmann::json& counts, const std::string& id) {
  return counts.contains(id) ? counts[id].get<int>() : 0;
}

std::string moves_of(Arena& arena, const std::string& id) {
  auto exported = arena.client("carol").export_game(id, bot::GameExportFormat::kJson);
  if (!exported) return "";
  const nlohmann::json j = nlohmann::json::parse(*exported, nullptr, false);
  return j.is_discarded() ? "" : j.value("moves", "");
}

// The opponent `who` plays its first legal move in game `id`.
void reply(Arena& arena, const std::string& who, const std::string& id) {
  const std::string moves = moves_of(arena, id);  // SAN, as in Lichess's JSON export
  auto board = bot::GameState::start(engine::Variant::Standard, "startpos");
  ASSERT_TRUE(board);
  engine::Position pos = board->position();
  for (std::string_view san : engine::split_moves(moves)) {
    const auto move = engine::parse_san(pos, san);
    ASSERT_TRUE(move) << moves << ": " << move.error();
    engine::UndoRecord undo;
    pos.make_move(*move, undo);
  }
  const engine::MoveList legal = engine::legal_moves(pos);
  ASSERT_FALSE(legal.empty());
  auto moved = arena.client(who).move(id, engine::move_to_uci(pos, legal[0]), false);
  ASSERT_TRUE(moved) << moved.error().describe();
}

// A correspondence challenge from `from` to alice, who plays white (and so moves first).
std::string challenge_days(Arena& arena, const std::string& from, int days) {
  bot::ChallengeRequest request;
  request.username = "alice";
  request.days = days;
  request.color = bot::ChallengeColor::kBlack;
  auto created = arena.client(from).create_challenge(request);
  EXPECT_TRUE(created) << (created ? "" : created.error().describe());
  return created ? created->id : "";
}

TEST(Correspondence, StreamsCloseWhileOpponentsThinkMovesArriveAndRestartsResumeByTimeLeft) {
  Arena arena({"--test-hooks", "--first-move-ms", "600000", "--keepalive-ms", "300"},
              {"erin", "frank"});
  const auto configure = [](config::Config& c) {
    c.challenge.concurrency = 1;
    c.challenge.time_controls.push_back(config::Speed::kCorrespondence);
    c.abort_time_s = 600;
    c.correspondence = {.move_time_ms = 50, .max_games = 3, .checkin_s = 1, .disconnect_s = 1};
  };
  ChildProcess alice = arena.start_bot("alice", configure);
  const auto logged = [&](const std::string& text) {
    return wait_until([&] { return arena.log_of("alice").find(text) != std::string::npos; }, 20s);
  };
  ASSERT_TRUE(logged("playing as alice")) << arena.log_of("alice");
  const auto plies = [&](const std::string& id) { return arena.outcome(id).plies; };
  // The most streams any game had at any sample: never two for one game.
  int most_streams = 0;
  const auto wait_for = [&](const std::function<bool()>& done) {
    return wait_until(
        [&] {
          const nlohmann::json counts = game_streams(arena);
          for (const auto& [id, n] : counts.items())
            most_streams = std::max(most_streams, n.get<int>());
          return done();
        },
        20s);
  };

  // Three correspondence games: one, two and three days per move.
  const std::string two_days = challenge_days(arena, "bob", 2);
  const std::string one_day = challenge_days(arena, "dave", 1);
  const std::string three_days = challenge_days(arena, "erin", 3);
  const std::vector<std::string> games = {two_days, one_day, three_days};
  for (const std::string& id : games)
    ASSERT_TRUE(wait_for([&] { return plies(id) == 1; })) << id << "\n" << arena.log_of("alice");

  // Alice moved in each; a second later every stream is closed.
  ASSERT_TRUE(wait_for([&] {
    const nlohmann::json counts = game_streams(arena);
    return std::ranges::all_of(games, [&](const auto& id) { return streams_of(counts, id) == 0; });
  })) << game_streams(arena).dump()
      << "\n"
      << arena.log_of("alice");
  EXPECT_TRUE(logged("game " + one_day + ": stream closed while dave thinks"));

  // The correspondence games take no realtime slot: a realtime challenge is accepted ...
  const std::string blitz = arena.challenge("bob", "alice", "standard", 180, 2);
  EXPECT_TRUE(logged("challenge " + blitz + " from bob (standard, blitz): accepted"))
      << arena.log_of("alice");
  ASSERT_TRUE(logged("game " + blitz + " started"));
  EXPECT_TRUE(arena.client("bob").abort_game(blitz));
  // ... while a fourth correspondence game waits for a correspondence slot.
  const std::string fourth = challenge_days(arena, "frank", 7);
  EXPECT_TRUE(logged("challenge " + fourth + " from frank: queued (all correspondence slots busy"))
      << arena.log_of("alice");

  // bob replies while alice's stream is closed: the next check-in sees it and alice answers.
  reply(arena, "bob", two_days);
  EXPECT_TRUE(wait_for([&] { return plies(two_days) == 3; })) << arena.log_of("alice");
  EXPECT_TRUE(logged("game " + two_days + ": check-in: reopening its stream"));
  EXPECT_TRUE(wait_for([&] { return streams_of(game_streams(arena), two_days) == 0; }));

  // A restart leaves the correspondence games running (never resigned).
  alice.signal(SIGTERM);
  EXPECT_EQ(alice.wait(30s), 0) << arena.log_of("alice");
  EXPECT_NE(arena.log_of("alice").find("game " + one_day + ": correspondence, left for after"),
            std::string::npos);
  for (const std::string& id : games) EXPECT_TRUE(arena.outcome(id).status.empty()) << id;

  // Every opponent moves while alice is away; back, she resumes least time left first.
  reply(arena, "bob", two_days);
  reply(arena, "dave", one_day);
  reply(arena, "erin", three_days);
  const std::size_t before = arena.log_of("alice").size();
  ChildProcess again = arena.start_bot("alice", configure);
  for (const std::string& id : games)
    ASSERT_TRUE(logged("game " + id + " is ongoing: resuming it")) << arena.log_of("alice");
  const std::string restarted = arena.log_of("alice").substr(before);
  const auto at = [&](const std::string& id) {
    return restarted.find("game " + id + " is ongoing: resuming it");
  };
  EXPECT_LT(at(one_day), at(two_days)) << restarted;
  EXPECT_LT(at(two_days), at(three_days)) << restarted;
  EXPECT_TRUE(wait_for([&] { return plies(one_day) == 3 && plies(three_days) == 3; }))
      << arena.log_of("alice");
  EXPECT_TRUE(wait_for([&] { return plies(two_days) == 5; })) << arena.log_of("alice");
  EXPECT_LE(most_streams, 1) << "never two streams for one game";

  again.signal(SIGTERM);
  EXPECT_EQ(again.wait(30s), 0) << arena.log_of("alice");
}

}  // namespace
}  // namespace paxbot_test
