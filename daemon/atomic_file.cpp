// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <string>
#include <system_error>
#include <vector>

namespace bot {
namespace {

namespace fs = std::filesystem;

std::string reason(int error) {
  return std::generic_category().message(error);
}

std::string failure(std::string_view what, const fs::path& path, int error) {
  std::string out(what);
  out += " '";
  out += path.string();
  out += "': ";
  out += reason(error);
  return out;
}

// Writes all of `data` to fd, retrying after interrupted or partial writes.
// Returns 0 or the errno of the failure.
int write_all(int fd, std::string_view data) {
  while (!data.empty()) {
    const ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    if (n == 0) return EIO;
    data.remove_prefix(std::size_t(n));
  }
  return 0;
}

// Makes the rename durable; failures here do not undo a completed rename, so
// they are ignored (some file systems refuse fsync on directories).
void sync_directory(const fs::path& dir) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

fs::path directory_of(const fs::path& path) {
  fs::path dir = path.parent_path();
  return dir.empty() ? fs::path(".") : dir;
}

}  // namespace

std::expected<void, std::string> write_file_atomically(const fs::path& path,
                                                       std::string_view content) {
  const fs::path dir = directory_of(path);
  const std::string pattern = (dir / ("." + path.filename().string() + ".tmp.XXXXXX")).string();
  std::vector<char> temp_name(pattern.begin(), pattern.end());
  temp_name.push_back('\0');

  const int fd = ::mkostemp(temp_name.data(), O_CLOEXEC);
  if (fd < 0)
    return std::unexpected(failure("cannot create a temporary file in", dir, errno) +
                           " (writing '" + path.string() + "')");
  const fs::path temp(temp_name.data());

  struct stat existing {};
  const mode_t mode = ::stat(path.c_str(), &existing) == 0 ? (existing.st_mode & 07777) : 0644;

  int error = ::fchmod(fd, mode) == 0 ? 0 : errno;
  std::string_view step = "cannot set the mode of";
  if (error == 0) {
    error = write_all(fd, content);
    step = "cannot write";
  }
  if (error == 0 && ::fsync(fd) != 0) {
    error = errno;
    step = "cannot flush";
  }
  if (::close(fd) != 0 && error == 0) {
    error = errno;
    step = "cannot write";
  }
  if (error == 0 && ::rename(temp.c_str(), path.c_str()) != 0) {
    error = errno;
    step = "cannot replace";
  }
  if (error != 0) {
    ::unlink(temp.c_str());
    return std::unexpected(failure(step, path, error));
  }
  sync_directory(dir);
  return {};
}

std::expected<std::string, std::string> read_whole_file(const fs::path& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::unexpected(failure("cannot open", path, errno));
  std::string content;
  char buffer[65536];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0) {
      if (errno == EINTR) continue;
      const int error = errno;
      ::close(fd);
      return std::unexpected(failure("cannot read", path, error));
    }
    if (n == 0) break;
    content.append(buffer, std::size_t(n));
  }
  ::close(fd);
  return content;
}

std::expected<void, std::string> append_file_atomically(const fs::path& path,
                                                        std::string_view content) {
  std::string whole;
  struct stat existing {};
  if (::stat(path.c_str(), &existing) == 0) {
    auto old = read_whole_file(path);
    if (!old) return std::unexpected(old.error());
    whole = std::move(*old);
  } else if (errno != ENOENT) {
    return std::unexpected(failure("cannot inspect", path, errno));
  }
  whole += content;
  return write_file_atomically(path, whole);
}

}  // namespace bot
