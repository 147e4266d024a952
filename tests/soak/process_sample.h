// SPDX-License-Identifier: GPL-3.0-or-later
// What the soak tests watch of a running process, read from /proc/<pid>: resident memory,
// open file descriptors and threads. One test thread uses it.
#pragma once

#include <optional>
#include <string>

namespace paxbot_test {

struct ProcessSample {
  long rss_kib = 0;   // VmRSS
  long anon_kib = 0;  // RssAnon: the heap, stacks and other private memory (the rest of
                      // VmRSS is mapped files, mostly the binary's code as it is paged in)
  long hwm_kib = 0;   // VmHWM: the highest VmRSS so far (kept by the kernel, so no peak is
                      // missed between samples)
  int fds = 0;        // entries of /proc/<pid>/fd
  int threads = 0;    // entries of /proc/<pid>/task
};

// nullopt when the process is gone or /proc cannot be read.
std::optional<ProcessSample> sample_process(int pid);

// "41.2 MB (anon 30.1, peak 44.0) / 23 fds / 9 thr", or "gone".
std::string describe(const std::optional<ProcessSample>& s);
// What the open fds are, counted by kind: "socket 12, pipe 4, /dev/null 1, ...".
std::string describe_fds(int pid);

}  // namespace paxbot_test
