// SPDX-License-Identifier: GPL-3.0-or-later
// Where the web pages' static files are: next to the binary in the build tree
// (<build>/web) or under the install prefix (<prefix>/share/paxbot/web). Pure
// filesystem lookups; thread-safe.
#pragma once

#include <string>
#include <vector>

namespace server {

struct WebFiles {
  std::string dir;                    // the directory holding index.html; "" when not found
  std::vector<std::string> searched;  // every directory looked at, for the message
};

// Looks for the pages relative to the executable (base::self_executable()).
WebFiles find_web_files(const std::string& executable);
// An explicit directory (--web-dir): found when it holds index.html.
WebFiles web_files_in(const std::string& dir);
// "the web pages are not installed (looked in A, B)".
std::string missing_web_files_message(const WebFiles& files);

}  // namespace server
