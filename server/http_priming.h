// SPDX-License-Identifier: GPL-3.0-or-later
// Priming of libcpp-httplib's function-local statics before any HTTP worker thread starts.
//
// Debian's libcpp-httplib.so is not built with ThreadSanitizer. Its chunked writer ends a
// stream (DataSink::done) by sending a function-local `static const std::string` ("0\r\n\r\n").
// The first done() constructs it under the C++ ABI guard (__cxa_guard_acquire/release, which
// TSan sees); every later done() only tests the guard byte with an acquire load inside the
// library, which TSan cannot see, so it reported the construction (memcpy) and a later
// send() of the string from another worker as a data race. The program was correct; TSan
// only lacked the ordering. Running one chunked response through httplib on the thread that
// later starts the workers constructs the static before them, and thread creation orders it
// for TSan too: no report and no suppression, which would have hidden every race in our own
// handlers (they are all called from inside the library).
//
// Thread contract: call before starting the threads that serve requests; any thread.
#pragma once

namespace server {

// Writes one chunked response into memory (httplib needs a bound server socket for that:
// one on a free loopback port, closed again); true when it was complete.
bool prime_httplib_statics();

}  // namespace server
