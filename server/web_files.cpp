// SPDX-License-Identifier: GPL-3.0-or-later
#include "server/web_files.h"

#include <filesystem>

namespace server {

WebFiles web_files_in(const std::string& dir) {
  WebFiles files;
  files.searched.push_back(dir);
  std::error_code error;
  if (std::filesystem::is_regular_file(std::filesystem::path(dir) / "index.html", error))
    files.dir = dir;
  return files;
}

WebFiles find_web_files(const std::string& executable) {
  WebFiles files;
  if (executable.empty()) return files;
  const std::filesystem::path bin = std::filesystem::path(executable).parent_path();
  for (const std::filesystem::path& candidate :
       {bin / "web", bin.parent_path() / "share" / "paxbot" / "web"}) {
    WebFiles found = web_files_in(candidate.lexically_normal().string());
    files.searched.push_back(found.searched.front());
    if (!found.dir.empty()) {
      files.dir = found.dir;
      break;
    }
  }
  return files;
}

std::string missing_web_files_message(const WebFiles& files) {
  std::string text = "the web pages are not installed";
  if (!files.searched.empty()) {
    text += " (looked in ";
    for (std::size_t i = 0; i < files.searched.size(); ++i)
      text += (i ? ", " : "") + files.searched[i];
    text += ")";
  }
  return text;
}

}  // namespace server
