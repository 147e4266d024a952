// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/tablebase/table_paths.h"

#include <algorithm>
#include <filesystem>
#include <system_error>

#include "engine/text.h"

namespace engine::tablebase {
namespace {

std::vector<std::string> split_path_list(std::string_view path) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (start <= path.size()) {
    const std::size_t end = std::min(path.find_first_of(":;", start), path.size());
    if (end > start) parts.emplace_back(path.substr(start, end - start));
    start = end + 1;
  }
  return parts;
}

}  // namespace

std::vector<TableDirectory> scan_table_directories(std::string_view what, std::string_view path,
                                                   const std::vector<std::string>& suffixes,
                                                   std::vector<std::string>& messages) {
  namespace fs = std::filesystem;
  std::vector<TableDirectory> found;
  for (const std::string& dir : split_path_list(path)) {
    std::error_code ec;
    const fs::file_status status = fs::status(dir, ec);
    if (ec || !fs::exists(status)) {
      messages.push_back(cat(what, " tablebase path '", dir, "': no such directory"));
      continue;
    }
    if (!fs::is_directory(status)) {
      messages.push_back(cat(what, " tablebase path '", dir, "': not a directory"));
      continue;
    }
    TableDirectory entry{dir, {}};
    fs::directory_iterator it(dir, ec);
    if (ec) {
      messages.push_back(
          cat(what, " tablebase path '", dir, "': cannot read (", ec.message(), ")"));
      continue;
    }
    for (; it != fs::directory_iterator(); it.increment(ec)) {
      if (ec) break;
      const std::string name = it->path().filename().string();
      if (std::ranges::any_of(suffixes, [&](const std::string& s) { return name.ends_with(s); }))
        entry.files.push_back(it->path().string());
    }
    std::ranges::sort(entry.files);
    found.push_back(std::move(entry));
  }
  return found;
}

}  // namespace engine::tablebase
