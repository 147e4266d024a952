// SPDX-License-Identifier: GPL-3.0-or-later
// Helpers shared by the config tests: where the data files are, temporary directories, and
// a compact text form of diagnostics for exact comparisons.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "config/diagnostic.h"
#include "config/token.h"

namespace config::testing {

inline std::filesystem::path data_file(std::string_view name) {
  return std::filesystem::path(PAXBOT_TEST_DATA_DIR) / "config" / name;
}

inline std::filesystem::path source_file(std::string_view relative) {
  return std::filesystem::path(PAXBOT_SOURCE_DIR) / relative;
}

inline std::string read_text(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// "18:3 error challenge.max_base: must be ...; fix: ..." (no location: "- error ...").
inline std::string line_of(const Diagnostic& d) {
  std::string where = "-";
  if (d.location)
    where = std::to_string(d.location->line) + ":" + std::to_string(d.location->column);
  return where + (d.severity == Severity::kError ? " error " : " warning ") + to_string(d);
}

inline std::vector<std::string> lines_of(const std::vector<Diagnostic>& diagnostics) {
  std::vector<std::string> lines;
  for (const Diagnostic& d : diagnostics) lines.push_back(line_of(d));
  return lines;
}

// A fresh directory under the test temp dir, removed at the end of the test.
class TempDir {
 public:
  TempDir() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = std::filesystem::path(::testing::TempDir()) /
            ("paxbot_config_" + std::string(info->test_suite_name()) + "_" + info->name());
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }

  std::filesystem::path write(std::string_view name, std::string_view contents) const {
    const std::filesystem::path file = path_ / name;
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary) << contents;
    return file;
  }

 private:
  std::filesystem::path path_;
};

// An environment holding exactly `variables`.
inline EnvLookup fake_env(std::map<std::string, std::string> variables) {
  return [variables = std::move(variables)](const std::string& name) -> std::optional<std::string> {
    const auto it = variables.find(name);
    if (it == variables.end()) return std::nullopt;
    return it->second;
  };
}

}  // namespace config::testing
