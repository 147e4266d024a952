// SPDX-License-Identifier: GPL-3.0-or-later
// The soak test (label "soak"): daemons play many games on `paxbot serve` while the server's
// fault hooks fire at random; every daemon's and the server's memory, file descriptors and
// threads are sampled from /proc. Afterwards every game ended by the rules, every slot is
// free, and from the quiet point after warm-up to the quiet point at the end RSS and its
// high-water mark grew by less than 5 MB and fds and threads are back where they were.
//
// Parameters (environment; the defaults are the short form, about 90 s):
//   PAXBOT_SOAK_GAMES    games in all (default 30; the full form is 1000)
//   PAXBOT_SOAK_WARMUP   games before the baseline (default a quarter, at least 15: every
//                        variant and clock comes up and the first six start at once, so
//                        every daemon reaches 4 games at once and its memory its peak)
//   PAXBOT_SOAK_SAMPLE_S seconds between samples (default 2; the full form uses 60)
//   PAXBOT_SOAK_DAEMONS  daemons, 3 to 12 (default 3). A daemon accepts at most 100 bot
//                        games a day and the league spreads the challenges evenly, so N
//                        games need N / 100 daemons, rounded up (the full form uses 12).
//   PAXBOT_SOAK_SEED     seed for the faults (default 1)
//   PAXBOT_SOAK_QUIET_CMD a command run at both quiet points (see quiet_point below)
#include <gtest/gtest.h>

#include <cstdlib>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <thread>

#include "base/logging.h"
#include "tests/soak/league.h"
#include "tests/soak/process_sample.h"

namespace paxbot_test {
namespace {

using namespace std::chrono_literals;

struct Sample {
  int at_s = 0;
  int games_done = 0;
  std::map<std::string, std::optional<ProcessSample>> of;  // process name -> sample
};

class Recorder {
 public:
  Recorder(Arena& arena, League& league) : arena_(arena), league_(league) {}
  Sample take(int games_done) {
    Sample s;
    s.at_s = int(
        std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - start_)
            .count());
    s.games_done = games_done;
    s.of["server"] = sample_process(arena_.server_pid());
    for (const std::string& name : league_.bots())
      s.of[name] = sample_process(league_.daemon(name).pid());
    if (samples_.empty()) std::cout << header(s);
    std::cout << row(s) << std::flush;  // as it goes, for the long form
    samples_.push_back(s);
    return s;
  }
  std::size_t count() const { return samples_.size(); }
  // One row per sample: seconds, games finished, then RSS MB / fds / threads per process.
  std::string table() const {
    std::string out = header(samples_.front());
    for (const Sample& s : samples_) out += row(s);
    return out;
  }

 private:
  static std::string header(const Sample& first) {
    std::ostringstream out;
    out << "| s | games |";
    for (const auto& [name, v] : first.of) out << " " << name << " |";
    out << "\n|---|---|";
    for (std::size_t i = 0; i < first.of.size(); ++i) out << "---|";
    out << "\n";
    return out.str();
  }
  static std::string row(const Sample& s) {
    std::ostringstream out;
    out << "| " << s.at_s << " | " << s.games_done << " |";
    for (const auto& [name, v] : s.of) out << " " << describe(v) << " |";
    out << "\n";
    return out.str();
  }

  Arena& arena_;
  League& league_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::vector<Sample> samples_;
};

// A daemon's idle curl handles (bounded, reused last-in first-out) each hold a wakeup
// socket pair and may hold one idle connection the server has since closed, so its fd count
// at two quiet points differs by a few either way without any leak (measured: -2..+3).
constexpr int kIdleHandleFds = 4;

int finished(const League& league) {
  return league.started() - league.running();
}

TEST(Soak, DaemonsPlayManyGamesUnderRandomFaultsAndStayFlat) {
  const int games = env_int("PAXBOT_SOAK_GAMES", 30, 1, 100000);
  const int warmup =
      env_int("PAXBOT_SOAK_WARMUP", std::min(games, std::max(15, games / 4)), 1, games);
  const auto sample_every = std::chrono::seconds(env_int("PAXBOT_SOAK_SAMPLE_S", 2, 1, 3600));
  const int daemons = env_int("PAXBOT_SOAK_DAEMONS", 3, 3, 12);
  std::mt19937 rng(env_int("PAXBOT_SOAK_SEED", 1, 1, 1 << 30));

  std::vector<std::string> bots = {"alice", "bob", "dave"};
  for (int i = 3; i < daemons; ++i) bots.push_back("bot" + std::to_string(i));
  // The server keeps few finished games (the cap is reached during warm-up), so its own
  // memory must stay flat too; as many as can be in flight at once, so a game that ends is
  // still there when the driver next looks (once a second).
  const int keep_finished = std::max(5, daemons * 4 / 2);
  Arena arena({"--test-hooks", "--keep-finished", std::to_string(keep_finished)},
              std::vector<std::string>(bots.begin() + 3, bots.end()));
  League league(arena, bots, 4);
  ASSERT_LE(games, league.capacity())
      << "PAXBOT_SOAK_GAMES=" << games << " is more than " << daemons
      << " daemons accept in a day; set PAXBOT_SOAK_DAEMONS higher";
  Recorder recorder(arena, league);
  recorder.take(0);

  // "<time>: <rule>", the time as the daemons' logs print theirs, for a failure report.
  std::vector<std::string> injected;
  auto play_until = [&](int target, bool faults) {
    auto next_sample = std::chrono::steady_clock::now() + sample_every;
    auto next_fault = std::chrono::steady_clock::now() + 2s;
    const bool done = wait_until(
        [&] {
          league.step(target);
          const auto now = std::chrono::steady_clock::now();
          if (now >= next_sample) {
            recorder.take(finished(league));
            next_sample = now + sample_every;
          }
          if (faults && now >= next_fault) {
            injected.push_back(base::iso_timestamp(std::chrono::system_clock::now()) + ": " +
                               league.inject_fault(rng, league.started() < target));
            next_fault = now + std::chrono::milliseconds(
                                   std::uniform_int_distribution<int>(1000, 5000)(rng));
          }
          return league.started() == target && league.running() == 0;
        },
        std::chrono::hours(48), 250ms);
    EXPECT_TRUE(done);
  };

  // A quiet point: no game in flight, idle keep-alive connections timed out (5 s). There
  // PAXBOT_SOAK_QUIET_CMD, when set, runs with NAME=PID arguments for every process (e.g.
  // scripts/memory-map.sh: where the resident memory is, by kind of mapping).
  const char* quiet_cmd = std::getenv("PAXBOT_SOAK_QUIET_CMD");
  auto quiet_point = [&](const char* which) {
    std::this_thread::sleep_for(7s);
    const Sample s = recorder.take(finished(league));
    if (quiet_cmd && *quiet_cmd) {
      std::string cmd = quiet_cmd;
      cmd += " server=" + std::to_string(arena.server_pid());
      for (const std::string& name : league.bots())
        cmd += " " + name + "=" + std::to_string(league.daemon(name).pid());
      std::cout << "quiet point " << which << ": " << cmd << "\n" << std::flush;
      EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
    }
    return s;
  };

  play_until(warmup, true);
  ASSERT_TRUE(league.slots_released(60s)) << "after warm-up";
  const Sample baseline = quiet_point("after warm-up");
  play_until(games, true);
  EXPECT_TRUE(league.slots_released(60s)) << "at the end";
  const Sample last = quiet_point("at the end");

  std::cout << "soak: " << league.started() << " games, " << injected.size() << " faults injected\n"
            << recorder.table() << "challenges per daemon:";
  for (const std::string& name : bots) std::cout << " " << name << " " << league.challenged(name);
  std::cout << "\n";
  const std::vector<std::string> problems = league.problems();
  for (const std::string& p : problems) ADD_FAILURE() << p;
  if (!problems.empty())
    for (const std::string& f : injected) std::cout << "fault at " << f << "\n";
  for (const auto& [name, before] : baseline.of) {
    const auto& after = last.of.at(name);
    ASSERT_TRUE(before && after) << name << " is gone";
    // RSS rises and falls with the games in flight; what must not rise is its high-water
    // mark (VmHWM, every peak counted, not only the sampled ones) once warm-up has reached
    // it, nor the RSS at the quiet points.
    EXPECT_LT(after->hwm_kib - before->hwm_kib, 5 * 1024) << name << " RSS high-water mark grew";
    EXPECT_LT(after->rss_kib - before->rss_kib, 5 * 1024) << name << " RSS at quiet points grew";
    EXPECT_LE(after->fds, before->fds + kIdleHandleFds)
        << name << " open file descriptors, now: "
        << describe_fds(name == "server" ? arena.server_pid() : league.daemon(name).pid());
    EXPECT_EQ(after->threads, before->threads) << name << " threads";
  }
  for (const std::string& name : bots) EXPECT_TRUE(league.daemon(name).running()) << name;
}

}  // namespace
}  // namespace paxbot_test
