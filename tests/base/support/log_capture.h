// SPDX-License-Identifier: GPL-3.0-or-later
// A log sink for tests that read the log while other threads write to it (a session thread,
// a refresher): an std::ostream whose text is appended and read under one mutex, so a test
// may call str() at any time. base::Logger writes each line whole under its own mutex; this
// sink makes the test's reads safe as well. Thread-safe.
#pragma once

#include <mutex>
#include <ostream>
#include <streambuf>
#include <string>

namespace base::test {

namespace detail {

class LockedText final : public std::streambuf {
 public:
  std::string text() const {
    std::lock_guard lock(mutex_);
    return text_;
  }

 protected:
  int_type overflow(int_type c) override {
    if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
    std::lock_guard lock(mutex_);
    text_ += traits_type::to_char_type(c);
    return c;
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    std::lock_guard lock(mutex_);
    text_.append(s, std::size_t(n));
    return n;
  }

 private:
  mutable std::mutex mutex_;
  std::string text_;
};

// Holds the buffer in a base class, so it is built before the std::ostream that uses it.
struct LockedTextHolder {
  LockedText buffer;
};

}  // namespace detail

class LogCapture final : private detail::LockedTextHolder, public std::ostream {
 public:
  LogCapture() : std::ostream(&buffer) {}
  // Everything written so far (the name of std::ostringstream's reader).
  std::string str() const { return buffer.text(); }
};

}  // namespace base::test
