// SPDX-License-Identifier: GPL-3.0-or-later
// Opponent memory: cool-downs after declines (scoped by the reason key), accepts and
// results, the JSON state file (round trip, corrupt file, unwritable file).
#include "daemon/opponent_memory.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace bot {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using Time = OpponentMemory::Time;

const Time kNoon = Time(std::chrono::seconds(1'735'732'800));  // 2025-01-01T12:00:00Z

class OpponentMemoryTest : public testing::Test {
 protected:
  void SetUp() override {
    dir_ =
        fs::temp_directory_path() / ("paxbot-memory-" + std::to_string(::getpid()) + "-" +
                                     testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string file() const { return (dir_ / "matchmaking.json").string(); }
  std::string logged() const { return log_text_.str(); }

  fs::path dir_;
  std::ostringstream log_text_;
  base::Logger log_{log_text_, base::LogLevel::kDebug, base::LogFormat::kTimestamped};
};

TEST_F(OpponentMemoryTest, AGenericDeclineCoolsDownEveryVariantAndSpeedForTheConfiguredHours) {
  OpponentMemory memory("", 24h, log_);
  EXPECT_FALSE(memory.in_cooldown("SomeBot", "standard", "blitz", kNoon));
  memory.record_decline("SomeBot", "standard", "blitz", "later", kNoon);
  EXPECT_TRUE(memory.in_cooldown("somebot", "standard", "blitz", kNoon + 1h));
  EXPECT_TRUE(memory.in_cooldown("SOMEBOT", "chess960", "rapid", kNoon + 23h));
  EXPECT_EQ(memory.cooldown_end("somebot", "standard", "blitz", kNoon), kNoon + 24h);
  EXPECT_FALSE(memory.in_cooldown("somebot", "standard", "blitz", kNoon + 24h));
  EXPECT_FALSE(memory.in_cooldown("otherbot", "standard", "blitz", kNoon + 1h));
}

TEST_F(OpponentMemoryTest, TheReasonKeyScopesTheCooldown) {
  OpponentMemory memory("", 24h, log_);
  memory.record_decline("fastbot", "standard", "bullet", "tooFast", kNoon);
  EXPECT_TRUE(memory.in_cooldown("fastbot", "standard", "bullet", kNoon));
  EXPECT_TRUE(memory.in_cooldown("fastbot", "chess960", "bullet", kNoon));
  EXPECT_FALSE(memory.in_cooldown("fastbot", "standard", "blitz", kNoon));

  memory.record_decline("variantbot", "chess960", "blitz", "variant", kNoon);
  EXPECT_TRUE(memory.in_cooldown("variantbot", "chess960", "rapid", kNoon));
  EXPECT_FALSE(memory.in_cooldown("variantbot", "standard", "blitz", kNoon));

  memory.record_decline("humansonly", "standard", "rapid", "noBot", kNoon);
  EXPECT_TRUE(memory.in_cooldown("humansonly", "pacifist", "classical", kNoon));
}

TEST_F(OpponentMemoryTest, ZeroHoursMeansDeclinesNeverBlock) {
  OpponentMemory memory("", 0h, log_);
  memory.record_decline("somebot", "standard", "blitz", "generic", kNoon);
  EXPECT_FALSE(memory.in_cooldown("somebot", "standard", "blitz", kNoon));
  EXPECT_EQ(memory.stats("somebot", "standard", "blitz").declines, 1);
}

TEST_F(OpponentMemoryTest, CountsAcceptsDeclinesAndResults) {
  OpponentMemory memory("", 24h, log_);
  memory.record_accept("a", "standard", "blitz");
  memory.record_result("a", "standard", "blitz", GameResultForUs::kWin);
  memory.record_result("a", "standard", "blitz", GameResultForUs::kDraw);
  memory.record_result("A", "chess960", "rapid", GameResultForUs::kLoss);
  memory.record_decline("a", "chess960", "rapid", "casual", kNoon);
  const OpponentStats blitz = memory.stats("a", "standard", "blitz");
  EXPECT_EQ(blitz.accepts, 1);
  EXPECT_EQ(blitz.wins, 1);
  EXPECT_EQ(blitz.draws, 1);
  EXPECT_EQ(blitz.losses, 0);
  const OpponentStats all = memory.totals("a");
  EXPECT_EQ(all.accepts, 1);
  EXPECT_EQ(all.declines, 1);
  EXPECT_EQ(all.wins + all.draws + all.losses, 3);
  EXPECT_EQ(all.last_decline, kNoon);
  EXPECT_EQ(all.last_decline_reason, "casual");
}

TEST(OpponentResult, FollowsTheWinnerAndTheStatus) {
  EXPECT_EQ(result_for_us("mate", engine::White, engine::White), GameResultForUs::kWin);
  EXPECT_EQ(result_for_us("resign", engine::White, engine::Black), GameResultForUs::kLoss);
  EXPECT_EQ(result_for_us("draw", std::nullopt, engine::Black), GameResultForUs::kDraw);
  EXPECT_EQ(result_for_us("stalemate", std::nullopt, engine::Black), GameResultForUs::kDraw);
  EXPECT_FALSE(result_for_us("aborted", std::nullopt, engine::White));
  EXPECT_FALSE(result_for_us("noStart", std::nullopt, engine::White));
}

TEST_F(OpponentMemoryTest, TheStateFileSurvivesARestart) {
  {
    OpponentMemory memory(file(), 24h, log_);
    memory.record_decline("SomeBot", "standard", "blitz", "tooslow", kNoon);
    memory.record_accept("other", "pacifist", "rapid");
    memory.record_result("other", "pacifist", "rapid", GameResultForUs::kWin);
  }
  ASSERT_TRUE(fs::exists(file()));
  OpponentMemory reloaded(file(), 24h, log_);
  EXPECT_TRUE(reloaded.in_cooldown("somebot", "chess960", "blitz", kNoon + 1h));
  EXPECT_FALSE(reloaded.in_cooldown("somebot", "chess960", "rapid", kNoon + 1h));
  EXPECT_EQ(reloaded.stats("other", "pacifist", "rapid").wins, 1);
  std::ifstream in(file());
  const std::string saved(std::istreambuf_iterator<char>(in), {});
  EXPECT_EQ(reloaded.to_json(), saved);  // loading and saving again changes nothing
  EXPECT_NE(logged().find("remembered 2 opponents"), std::string::npos) << logged();
  // Only this file and no temporary files in the directory.
  EXPECT_EQ(std::distance(fs::directory_iterator(dir_), fs::directory_iterator()), 1);
}

TEST_F(OpponentMemoryTest, ACorruptStateFileIsLoggedKeptAsideAndStartsEmpty) {
  std::ofstream(file()) << "{\"version\": 1, \"opponents\": {\"x\": {\"standard/blitz\": ";
  OpponentMemory memory(file(), 24h, log_);
  EXPECT_NE(logged().find("[error]"), std::string::npos) << logged();
  EXPECT_NE(logged().find("is corrupt"), std::string::npos) << logged();
  EXPECT_TRUE(fs::exists(file() + ".corrupt"));
  EXPECT_EQ(memory.totals("x"), OpponentStats{});
  memory.record_accept("y", "standard", "blitz");  // saving works again
  EXPECT_EQ(OpponentMemory(file(), 24h, log_).stats("y", "standard", "blitz").accepts, 1);
}

TEST_F(OpponentMemoryTest, WrongFieldTypesAreRejectedByTheParser) {
  EXPECT_TRUE(OpponentMemory::parse_json(R"({"version":1,"opponents":{}})"));
  for (const char* bad : {
           "[]",
           R"({"opponents":{}})",
           R"({"version":2,"opponents":{}})",
           R"({"version":1,"opponents":[]})",
           R"({"version":1,"opponents":{"x":{"standard/blitz":{"wins":"3"}}}})",
           R"({"version":1,"opponents":{"x":{"standard/blitz":{"wins":-1}}}})",
           R"({"version":1,"opponents":{"x":{"standard/blitz":{"last_decline":"noon"}}}})",
       })
    EXPECT_FALSE(OpponentMemory::parse_json(bad)) << bad;
}

TEST_F(OpponentMemoryTest, AnUnwritableStateFileIsAWarningNotAFailure) {
  const std::string missing = (dir_ / "no-such-dir" / "state.json").string();
  OpponentMemory memory(missing, 24h, log_);
  memory.record_decline("somebot", "standard", "blitz", "later", kNoon);
  EXPECT_TRUE(memory.in_cooldown("somebot", "standard", "blitz", kNoon));
  EXPECT_NE(logged().find("matchmaking state not saved"), std::string::npos) << logged();
  EXPECT_FALSE(memory.save());
}

}  // namespace
}  // namespace bot
