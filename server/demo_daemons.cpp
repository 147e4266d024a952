#include "server/demo_daemons.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <fstream>
#include <thread>

extern char** environ;

namespace server {
namespace {

std::string config_text(const std::string& base_url, int movetime_ms) {
  const std::string think = std::to_string(std::max(10, movetime_ms));
  return "# written by paxbot demo\n"
         "url: \"" +
         base_url +
         "\"\n"
         "log_level: info\n"
         "engine:\n"
         "  hash_mb: 16\n"
         "  max_think_ms: " +
         think +
         "\n"
         "  first_move_max_ms: " +
         think +
         "\n"
         "  move_overhead_ms: 50\n"
         "challenge:\n"
         "  concurrency: 2\n"
         "shutdown:\n"
         "  on_sigterm: resign\n";
}

// fork + exec with stdout/stderr to log_path and one extra environment variable.
// Everything the child touches is prepared before fork (the parent has threads).
int spawn(const std::vector<std::string>& argv, const std::string& env_entry,
          const std::string& log_path) {
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  std::vector<char*> env;
  for (char** e = environ; e && *e; ++e)
    if (std::string_view(*e).substr(0, 18) != "LICHESS_BOT_TOKEN=") env.push_back(*e);
  env.push_back(const_cast<char*>(env_entry.c_str()));
  env.push_back(nullptr);
  const pid_t pid = fork();
  if (pid != 0) return pid;
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
  int fd = open(log_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (fd >= 0) {
    dup2(fd, 1);
    dup2(fd, 2);
    close(fd);
  }
  execve(args[0], args.data(), env.data());
  _exit(127);
}

bool wait_exit(int pid, std::chrono::milliseconds timeout) {
  const auto end = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < end) {
    int status = 0;
    pid_t r = waitpid(pid, &status, WNOHANG);
    if (r == pid || r < 0) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return false;
}

}  // namespace

std::string self_executable() {
  std::error_code error;
  auto path = std::filesystem::read_symlink("/proc/self/exe", error);
  return error ? "" : path.string();
}

std::expected<std::unique_ptr<DemoDaemons>, std::string> DemoDaemons::start(
    const std::string& paxbot, const std::string& base_url,
    const std::vector<DaemonAccount>& accounts, int movetime_ms) {
  std::unique_ptr<DemoDaemons> daemons(new DemoDaemons());
  std::string pattern = (std::filesystem::temp_directory_path() / "paxbot-demo-XXXXXX").string();
  if (!mkdtemp(pattern.data())) return std::unexpected("cannot create a temporary directory");
  daemons->dir_ = pattern;
  for (const DaemonAccount& account : accounts) {
    const std::string config = daemons->dir_ + "/" + account.name + ".yml";
    std::ofstream(config) << config_text(base_url, movetime_ms);
    const int pid = spawn({paxbot, "run", "--config", config}, "LICHESS_BOT_TOKEN=" + account.token,
                          daemons->dir_ + "/" + account.name + ".log");
    if (pid < 0) return std::unexpected("cannot start " + paxbot + " run");
    daemons->names_.push_back(account.name);
    daemons->pids_.push_back(pid);
    daemons->exited_.push_back(false);
  }
  return daemons;
}

DemoDaemons::~DemoDaemons() {
  for (std::size_t i = 0; i < pids_.size(); ++i)
    if (!exited_[i]) kill(pids_[i], SIGTERM);
  for (std::size_t i = 0; i < pids_.size(); ++i) {
    if (!exited_[i] && !wait_exit(pids_[i], std::chrono::seconds(10))) {
      kill(pids_[i], SIGKILL);
      waitpid(pids_[i], nullptr, 0);
    }
  }
  std::error_code error;
  if (!dir_.empty()) std::filesystem::remove_all(dir_, error);
}

bool DemoDaemons::running() {
  bool all = true;
  for (std::size_t i = 0; i < pids_.size(); ++i) {
    int status = 0;
    if (!exited_[i] && waitpid(pids_[i], &status, WNOHANG) != 0) exited_[i] = true;
    all = all && !exited_[i];
  }
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

}  // namespace server
