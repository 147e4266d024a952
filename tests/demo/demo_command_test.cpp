// SPDX-License-Identifier: GPL-3.0-or-later
// `paxbot demo` end to end, and the configuration its daemons get.
#include "demo/command.h"

#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <thread>

#include <httplib.h>
#include <nlohmann/json.hpp>

#include "base/child_process.h"

#include "config/describe.h"
#include "config/load.h"
#include "config/validate.h"
#include "demo/daemons.h"

namespace demo {
namespace {

TEST(DemoDaemons, TheirConfigIsWrittenByTheConfigWriterAndReadsBack) {
  const config::Config written = daemon_config("http://127.0.0.1:8123", 5);
  EXPECT_EQ(written.engine.max_think_ms, 10) << "at least 10 ms";
  const config::LoadResult read = config::load_string(config::describe(written));
  ASSERT_TRUE(read.ok());
  EXPECT_FALSE(config::has_errors(config::validate(written)));
  EXPECT_EQ(read.config, written);
  EXPECT_EQ(read.config.url, "http://127.0.0.1:8123");
  EXPECT_EQ(read.config.shutdown.on_sigterm, config::ShutdownAction::kResign);
}

TEST(DemoCommand, TwoBotsPlayBothGamesAndExitZero) {
  std::ostringstream out, err;
  int rc = demo_command(
      {"--players", "builtin", "--movetime", "10", "--draw-after", "60", "--seed", "7"}, out, err);
  EXPECT_EQ(rc, 0) << err.str() << out.str();
  const std::string text = out.str();
  EXPECT_NE(text.find("=== Pacifist"), std::string::npos) << text;
  EXPECT_NE(text.find("=== Standard"), std::string::npos) << text;
  EXPECT_NE(text.find("final position:"), std::string::npos);
  EXPECT_NE(text.find("result: "), std::string::npos);
  EXPECT_NE(text.find("summary:"), std::string::npos);
  EXPECT_TRUE(err.str().empty()) << err.str();
}

// --watch: after the games the server stays up with the games' pages, until SIGTERM.
TEST(DemoCommand, WatchKeepsTheServerUpUntilSigterm) {
  const std::string log = (std::filesystem::temp_directory_path() /
                           ("paxbot-demo-watch-" + std::to_string(::getpid()) + ".log"))
                              .string();
  base::ChildProcess demo({PAXBOT_BINARY, "demo", "--players", "builtin", "--movetime", "10",
                           "--draw-after", "6", "--seed", "7", "--watch"},
                          {}, log, base::ChildProcess::Log::kTruncate);
  auto read_log = [&log] {
    std::ifstream in(log);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  const std::regex up(R"(stays up at http://127\.0\.0\.1:(\d+)/)");
  std::smatch m;
  std::string text;
  for (int i = 0; i < 1200 && demo.running(); ++i) {
    text = read_log();
    if (std::regex_search(text, m, up)) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  ASSERT_TRUE(std::regex_search(text, m, up)) << text;
  const int port = std::stoi(m[1]);
  EXPECT_NE(text.find("watch in a browser at http://127.0.0.1:" + std::to_string(port) + "/"),
            std::string::npos)
      << text;
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_TRUE(demo.running());
  httplib::Client client("127.0.0.1", port);
  auto lobby = client.Get("/api/web/lobby");
  ASSERT_TRUE(lobby);
  const nlohmann::json view = nlohmann::json::parse(lobby->body);
  ASSERT_EQ(view["finished"].size(), 2u) << lobby->body;
  for (const auto& game : view["finished"]) {
    const std::string id = game["id"];
    EXPECT_NE(text.find("http://127.0.0.1:" + std::to_string(port) + "/" + id), std::string::npos)
        << "the summary gives the page of " << id << "\n"
        << text;
    EXPECT_EQ(client.Get("/api/web/game/" + id)->status, 200);
  }
  demo.signal(SIGTERM);
  EXPECT_EQ(demo.wait(std::chrono::seconds(20)), 0);
  std::filesystem::remove(log);
}

TEST(DemoCommand, BadOptions) {
  std::ostringstream out, err;
  EXPECT_EQ(demo_command({"--players", "robots"}, out, err), 2);
  EXPECT_EQ(demo_command({"--movetime", "0"}, out, err), 2);
  EXPECT_EQ(demo_command({"--help"}, out, err), 0);
  EXPECT_NE(out.str().find("--players"), std::string::npos);
}

// The real thing: two `paxbot run` daemons (label slow: it needs the paxbot binary and
// takes about half a minute).
TEST(SlowDemo, DaemonPlayersFinishBothGames) {
  std::ostringstream out, err;
  int rc = demo_command({"--players", "daemon", "--paxbot", PAXBOT_BINARY, "--movetime", "30"}, out,
                        err);
  EXPECT_EQ(rc, 0) << err.str() << out.str();
  EXPECT_NE(out.str().find("two `paxbot run` daemons"), std::string::npos);
  EXPECT_NE(out.str().find("=== Pacifist"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("=== Standard"), std::string::npos) << out.str();
}

}  // namespace
}  // namespace demo
