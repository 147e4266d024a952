// SPDX-License-Identifier: GPL-3.0-or-later
// An output stream for tests that read what other threads write (a search thread's UCI
// output, a session's or a refresher's log): an std::ostream whose text is appended and read
// under one mutex, so a test may call str() at any time. Thread-safe.
#pragma once

#include <mutex>
#include <ostream>
#include <streambuf>
#include <string>

namespace paxbot_test {

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

class LockedStream final : private detail::LockedTextHolder, public std::ostream {
 public:
  LockedStream() : std::ostream(&buffer) {}
  // Everything written so far (the name of std::ostringstream's reader).
  std::string str() const { return buffer.text(); }
};

}  // namespace paxbot_test
