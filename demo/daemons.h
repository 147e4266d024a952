// SPDX-License-Identifier: GPL-3.0-or-later
// The demo's players as real daemons: one `paxbot run` child process (base/child_process.h)
// per bot account, each with a configuration written by config::describe (the local
// server's URL, a short think time) and its token in LICHESS_BOT_TOKEN, logging into a
// temporary directory that is removed afterwards. Owned and used by one thread.
#pragma once

#include <expected>
#include <memory>
#include <string>
#include <vector>

#include "base/child_process.h"
#include "config/config.h"

namespace demo {

struct DaemonAccount {
  std::string name;
  std::string token;
};

// The configuration each demo daemon runs with.
config::Config daemon_config(const std::string& base_url, int movetime_ms);

class DemoDaemons {
 public:
  // Starts one daemon per account. paxbot is the path of the paxbot binary.
  static std::expected<std::unique_ptr<DemoDaemons>, std::string> start(
      const std::string& paxbot, const std::string& base_url,
      const std::vector<DaemonAccount>& accounts, int movetime_ms);
  // Stops the daemons (SIGTERM, then SIGKILL after 10 s) and removes the directory.
  ~DemoDaemons();
  DemoDaemons(const DemoDaemons&) = delete;
  DemoDaemons& operator=(const DemoDaemons&) = delete;

  // Whether every daemon is still running.
  bool running();
  // The last lines of each daemon's log, for error reports.
  std::string log_tails(int lines) const;

 private:
  DemoDaemons() = default;

  std::string dir_;
  std::vector<std::string> names_;
  std::vector<base::ChildProcess> children_;
};

}  // namespace demo
