// SPDX-License-Identifier: GPL-3.0-or-later
// Runs a shell command line and captures its standard output, standard error and exit code.
// Used by tests of the paxbot command-line contracts (a process boundary).
#pragma once

#include <sys/wait.h>

#include <unistd.h>
#include <array>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

namespace paxbot_test {

struct CommandResult {
  std::string out;
  std::string err;
  int exit_code = -1;
};

inline CommandResult run_command(const std::string& command_line) {
  char err_path[] = "/tmp/paxbot-test-stderr-XXXXXX";
  int fd = mkstemp(err_path);
  if (fd >= 0) close(fd);
  CommandResult result;
  std::string full = command_line + " 2>" + err_path;
  FILE* pipe = popen(full.c_str(), "r");
  if (!pipe) return result;
  std::array<char, 4096> buffer;
  std::size_t n;
  while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0)
    result.out.append(buffer.data(), n);
  int status = pclose(pipe);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::ifstream err(err_path);
  std::stringstream ss;
  ss << err.rdbuf();
  result.err = ss.str();
  unlink(err_path);
  return result;
}

// Wraps a single argument in single quotes for the shell.
inline std::string quoted(const std::string& arg) {
  std::string out = "'";
  for (char c : arg) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace paxbot_test
