// SPDX-License-Identifier: GPL-3.0-or-later
// `paxbot serve` argument handling.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

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

}  // namespace
}  // namespace server
