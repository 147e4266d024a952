// SPDX-License-Identifier: GPL-3.0-or-later
#include "demo/daemons.h"

#include <signal.h>
#include <stdlib.h>

#include <algorithm>
#include <chrono>
#include <deque>
#include <filesystem>
#include <fstream>

#include "config/defaults.h"
#include "config/describe.h"

namespace demo {

config::Config daemon_config(const std::string& base_url, int movetime_ms) {
  const int think = std::max(10, movetime_ms);
  config::Config c = config::default_config();
  c.url = base_url;
  c.log_level = config::LogLevel::kInfo;
  c.engine.hash_mb = 16;
  c.engine.max_think_ms = think;
  c.engine.first_move_max_ms = think;
  c.engine.move_overhead_ms = 50;
  c.challenge.concurrency = 2;
  c.shutdown.on_sigterm = config::ShutdownAction::kResign;
  return c;
}

std::expected<std::unique_ptr<DemoDaemons>, std::string> DemoDaemons::start(
    const std::string& paxbot, const std::string& base_url,
    const std::vector<DaemonAccount>& accounts, int movetime_ms) {
  std::unique_ptr<DemoDaemons> daemons(new DemoDaemons());
  std::string pattern = (std::filesystem::temp_directory_path() / "paxbot-demo-XXXXXX").string();
  if (!mkdtemp(pattern.data())) return std::unexpected("cannot create a temporary directory");
  daemons->dir_ = pattern;
  const std::string config_text =
      "# written by paxbot demo\n" + config::describe(daemon_config(base_url, movetime_ms));
  for (const DaemonAccount& account : accounts) {
    const std::string config = daemons->dir_ + "/" + account.name + ".yml";
    std::ofstream(config) << config_text;
    base::ChildProcess child(
        {paxbot, "run", "--config", config}, {{"LICHESS_BOT_TOKEN", account.token}},
        daemons->dir_ + "/" + account.name + ".log", base::ChildProcess::Log::kTruncate);
    if (child.pid() < 0) return std::unexpected("cannot start " + paxbot + " run");
    daemons->names_.push_back(account.name);
    daemons->children_.push_back(std::move(child));
  }
  return daemons;
}

DemoDaemons::~DemoDaemons() {
  for (base::ChildProcess& child : children_) child.signal(SIGTERM);
  for (base::ChildProcess& child : children_) child.stop(std::chrono::seconds(10));
  std::error_code error;
  if (!dir_.empty()) std::filesystem::remove_all(dir_, error);
}

bool DemoDaemons::running() {
  bool all = true;
  for (base::ChildProcess& child : children_) all = child.running() && all;
  return all;
}

std::string DemoDaemons::log_tails(int lines) const {
  std::string out;
  for (const std::string& name : names_) {
    std::ifstream in(dir_ + "/" + name + ".log");
    std::deque<std::string> tail;
    for (std::string line; std::getline(in, line);) {
      tail.push_back(line);
      if (int(tail.size()) > lines) tail.pop_front();
    }
    out += "--- " + name + " (paxbot run) log, last lines:\n";
    for (const std::string& line : tail) out += line + "\n";
  }
  return out;
}

}  // namespace demo
