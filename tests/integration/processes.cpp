// SPDX-License-Identifier: GPL-3.0-or-later
#include "tests/integration/processes.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include <gtest/gtest.h>

#include "cli/args.h"

namespace paxbot_test {

int env_int(const char* name, int fallback, int min, int max) {
  const char* text = std::getenv(name);
  if (!text || !*text) return fallback;
  auto v = cli::parse_integer(text, name, min, max);
  if (!v) {
    ADD_FAILURE() << v.error();
    return fallback;
  }
  return int(*v);
}

int free_port() {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = 0;
  bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
  socklen_t len = sizeof addr;
  getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
  close(fd);
  return ntohs(addr.sin_port);
}

bool wait_until(const std::function<bool()>& predicate, std::chrono::milliseconds timeout,
                std::chrono::milliseconds step) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    if (predicate()) return true;
    if (std::chrono::steady_clock::now() > deadline) return predicate();
    std::this_thread::sleep_for(step);
  }
}

TempDir::TempDir() {
  char pattern[] = "/tmp/paxbot-it-XXXXXX";
  path_ = mkdtemp(pattern) ? pattern : "/tmp";
}

TempDir::~TempDir() {
  std::error_code ignored;
  if (path_ != "/tmp") std::filesystem::remove_all(path_, ignored);
}

void TempDir::write(const std::string& name, const std::string& text) const {
  std::ofstream(file(name)) << text;
}

std::string TempDir::read(const std::string& name) const {
  std::ifstream in(file(name));
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace paxbot_test
