// SPDX-License-Identifier: GPL-3.0-or-later
// The one place that reads a tablebase path setting: directories separated by ':'
// (or ';'), each checked to exist and be readable, and the table files found in them.
// Problems become messages that name the path. Pure functions over the file system;
// thread-safe.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace engine::tablebase {

struct TableDirectory {
  std::string path;
  std::vector<std::string> files;  // full paths of the files whose names end in a suffix asked for
};

// `what` names the setting in messages ("Syzygy", "Gaviota"). Directories that are missing,
// not directories or unreadable are left out with a message each.
std::vector<TableDirectory> scan_table_directories(std::string_view what, std::string_view path,
                                                   const std::vector<std::string>& suffixes,
                                                   std::vector<std::string>& messages);

}  // namespace engine::tablebase
