// SPDX-License-Identifier: GPL-3.0-or-later
#include "tests/soak/process_sample.h"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>

namespace paxbot_test {
namespace {

std::optional<int> count_entries(const std::string& dir) {
  std::error_code error;
  std::filesystem::directory_iterator it(dir, error);
  if (error) return std::nullopt;
  return int(std::distance(it, std::filesystem::directory_iterator()));
}

}  // namespace

std::optional<ProcessSample> sample_process(int pid) {
  if (pid <= 0) return std::nullopt;
  const std::string proc = "/proc/" + std::to_string(pid);
  ProcessSample s;
  std::ifstream status(proc + "/status");
  bool found = false;
  for (std::string line; std::getline(status, line);) {
    if (line.starts_with("VmRSS:")) {
      std::istringstream in(line.substr(6));
      found = bool(in >> s.rss_kib);
    } else if (line.starts_with("RssAnon:")) {
      std::istringstream in(line.substr(8));
      in >> s.anon_kib;
    } else if (line.starts_with("VmHWM:")) {
      std::istringstream in(line.substr(6));
      in >> s.hwm_kib;
    }
  }
  auto fds = count_entries(proc + "/fd");
  auto threads = count_entries(proc + "/task");
  if (!found || !fds || !threads) return std::nullopt;
  s.fds = *fds;
  s.threads = *threads;
  return s;
}

std::string describe(const std::optional<ProcessSample>& s) {
  if (!s) return "gone";
  std::ostringstream out;
  out.precision(1);
  out << std::fixed << double(s->rss_kib) / 1024.0 << " MB (anon " << double(s->anon_kib) / 1024.0
      << ", peak " << double(s->hwm_kib) / 1024.0 << ") / " << s->fds << " fds / " << s->threads
      << " thr";
  return out.str();
}

std::string describe_fds(int pid) {
  std::map<std::string, int> kinds;
  std::error_code error;
  for (const auto& fd :
       std::filesystem::directory_iterator("/proc/" + std::to_string(pid) + "/fd", error)) {
    std::string target = std::filesystem::read_symlink(fd.path(), error).string();
    if (auto colon = target.find(':'); colon != std::string::npos && target[0] != '/')
      target.resize(colon);  // socket:[123] -> socket
    ++kinds[target];
  }
  std::string out;
  for (const auto& [kind, n] : kinds)
    out += (out.empty() ? "" : ", ") + kind + " " + std::to_string(n);
  return out;
}

}  // namespace paxbot_test
