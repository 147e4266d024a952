// SPDX-License-Identifier: GPL-3.0-or-later
// What the tablebase tests share: where the Gaviota test tables are, whether they can be
// used, and short ways to write settings and limits. Pure functions.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <string>

#include "engine/search/limits.h"
#include "engine/tablebase/gaviota.h"
#include "engine/tablebase/tablebases.h"

namespace engine::tablebase::testing {

// Where Debian's gaviotatb package puts its 3-piece tables (compression scheme 4);
// PAXBOT_GAVIOTA_DIR overrides it.
inline std::string gaviota_dir() {
  const char* env = std::getenv("PAXBOT_GAVIOTA_DIR");
  return env && *env ? env : "/usr/share/gaviotatb/gtb4";
}

// Empty when the Gaviota tables can be used, else why not (for GTEST_SKIP).
inline std::string gaviota_unavailable() {
  if (!GaviotaTables::compiled_in())
    return "built without libgaviotatb (install libgaviotatb-dev and reconfigure)";
  if (!std::filesystem::exists(gaviota_dir() + "/kqk.gtb.cp4"))
    return "Gaviota 3-piece tables not found in " + gaviota_dir() +
           " (install the gaviotatb package)";
  return {};
}

inline Settings syzygy_at(const std::string& path) {
  Settings s;
  s.syzygy_path = path;
  return s;
}

inline Settings gaviota_at(const std::string& path) {
  Settings s;
  s.gaviota_path = path;
  return s;
}

inline SearchLimits to_depth(int depth) {
  SearchLimits limits;
  limits.depth = depth;
  return limits;
}

}  // namespace engine::tablebase::testing
