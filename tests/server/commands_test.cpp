// `paxbot serve` argument handling and `paxbot demo` end to end.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "server/demo_command.h"
#include "server/serve_command.h"

namespace server {
namespace {

int serve(std::vector<std::string> args, std::string& err) {
  std::ostringstream out, error;
  int rc = serve_command(args, out, error);
  err = error.str();
  return rc;
}

TEST(ServeCommand, StartupErrorsAreClear) {
  std::string err;
  EXPECT_EQ(serve({}, err), 2);
  EXPECT_NE(err.find("no accounts"), std::string::npos) << err;
  EXPECT_EQ(serve({"--account", "alice"}, err), 2);
  EXPECT_NE(err.find("name:token"), std::string::npos) << err;
  EXPECT_EQ(serve({"--account", "alice:t1", "--account=alice:t2"}, err), 2);
  EXPECT_NE(err.find("twice"), std::string::npos) << err;
  EXPECT_EQ(serve({"--accounts", "/nonexistent/file"}, err), 2);
  EXPECT_NE(err.find("/nonexistent/file"), std::string::npos) << err;
  EXPECT_EQ(serve({"--account", "alice:t1", "--listen", "0.0.0.0:8080"}, err), 2);
  EXPECT_NE(err.find("--public"), std::string::npos) << err;
  EXPECT_EQ(serve({"--account", "alice:t1", "--listen", "localhost"}, err), 2);
  EXPECT_EQ(serve({"--account", "alice:t1", "--listen", "127.0.0.1:70000"}, err), 2);
  EXPECT_EQ(serve({"--account", "alice:t1", "--keepalive-ms", "fast"}, err), 2);
  EXPECT_NE(err.find("--keepalive-ms"), std::string::npos) << err;
  EXPECT_EQ(serve({"--account", "alice:t1", "--hook", "action=explode"}, err), 2);
  EXPECT_NE(err.find("explode"), std::string::npos) << err;
  EXPECT_EQ(serve({"--account", "alice:t1", "--bogus"}, err), 2);
  EXPECT_EQ(serve({"--account"}, err), 2);
  EXPECT_EQ(serve({"--account", "alice:t1", "extra"}, err), 2);

  const std::string path = ::testing::TempDir() + "/paxbot_bad_accounts.txt";
  std::ofstream(path) << "alice:t1:bot\nbob t2\n";
  EXPECT_EQ(serve({"--accounts", path}, err), 2);
  EXPECT_NE(err.find(path + ":2"), std::string::npos) << err;

  std::ostringstream out, error;
  EXPECT_EQ(serve_command({"--help"}, out, error), 0);
  EXPECT_NE(out.str().find("--accounts FILE"), std::string::npos);
}

TEST(ServeCommand, ListenAddressesAndRepeatedOptions) {
  auto a = parse_listen_address("127.0.0.1:9000");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->first, "127.0.0.1");
  EXPECT_EQ(a->second, 9000);
  auto v6 = parse_listen_address("[::1]:0");
  ASSERT_TRUE(v6);
  EXPECT_EQ(v6->first, "::1");
  EXPECT_FALSE(parse_listen_address("127.0.0.1"));
  EXPECT_FALSE(parse_listen_address("127.0.0.1:x"));
  std::vector<std::string> args = {"--account", "a:b", "--listen", "x", "--account=c:d"};
  auto values = take_repeated_option(args, "--account");
  ASSERT_TRUE(values);
  EXPECT_EQ(*values, (std::vector<std::string>{"a:b", "c:d"}));
  EXPECT_EQ(args, (std::vector<std::string>{"--listen", "x"}));
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
}  // namespace server
