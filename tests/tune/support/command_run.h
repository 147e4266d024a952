// SPDX-License-Identifier: GPL-3.0-or-later
// The tune tests' way to run a subcommand in process (`paxbot tune`, `paxbot train-net`) and
// capture its exit code and output, and to read back a file it wrote. Pure helpers; any
// thread.
#pragma once

#include <filesystem>
#include <fstream>
#include <iterator>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

namespace paxbot_test {

struct CommandRun {
  int code;
  std::string out, err;
};

using Subcommand = int (*)(const std::vector<std::string>&, std::ostream&, std::ostream&);

inline CommandRun run_subcommand(Subcommand command, const std::vector<std::string>& args) {
  std::ostringstream out, err;
  const int code = command(args, out, err);
  return {code, out.str(), err.str()};
}

// The file's bytes (empty when it cannot be read).
inline std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace paxbot_test
