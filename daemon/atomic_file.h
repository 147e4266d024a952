// SPDX-License-Identifier: GPL-3.0-or-later
// Whole-file writes that never leave a half-written file behind: the content goes
// to a temporary file in the target's directory, is flushed to disk (fsync), and
// the temporary file is renamed over the target. A reader sees the old file or the
// new one, never a mixture, even after a crash or a full disk.
//
// Errors are values: one line naming the path, the step that failed and the
// system's reason ("cannot write '/var/lib/paxbot/games.pgn': No space left on
// device"). Nothing throws.
//
// Thread contract: the functions keep no state. Calls on different paths may run
// concurrently; calls that append to the same path must be serialised by the
// caller (read-modify-write: two concurrent appends could lose one of them).
#pragma once

#include <expected>
#include <filesystem>
#include <string>
#include <string_view>

namespace bot {

// Replaces the file at `path` with `content` atomically. The directory must exist.
// A new file gets mode 0644; an existing file keeps its mode.
std::expected<void, std::string> write_file_atomically(const std::filesystem::path& path,
                                                       std::string_view content);

// Appends `content` to the file at `path` (created when missing) by writing the old
// content plus the new one to a temporary file and renaming it over the target, so
// the file is always either the old version or the complete new one.
std::expected<void, std::string> append_file_atomically(const std::filesystem::path& path,
                                                        std::string_view content);

// The whole content of the file at `path`; an error when it cannot be read
// (a missing file is an error too: callers check existence first when that is normal).
std::expected<std::string, std::string> read_whole_file(const std::filesystem::path& path);

}  // namespace bot
