// SPDX-License-Identifier: GPL-3.0-or-later
// The files a match test writes: a path in gtest's temporary directory and a whole file read
// back. Shared by match_test.cpp and match_real_engines_test.cpp.
//
// Thread contract: free functions, no state.
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

namespace match::test_files {

inline std::string temp_path(const std::string& name) {
  return testing::TempDir() + "match_test_" + name;
}

inline std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace match::test_files
