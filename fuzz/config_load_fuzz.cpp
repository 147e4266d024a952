// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz target: the YAML config loader (config/load.h) as `paxbot check-config` runs it:
// load_string, then validation, locations and the effective-config printer. Invariants:
// nothing throws, and every diagnostic says something.
#include <string>

#include "config/describe.h"
#include "config/load.h"
#include "config/validate.h"
#include "fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  config::LoadResult loaded = config::load_string(text);
  std::vector<config::Diagnostic> findings = config::validate(loaded.config);
  config::attach_locations(findings, loaded.locations);
  for (const auto& list : {loaded.diagnostics, findings})
    for (const config::Diagnostic& d : list) FUZZ_CHECK(!d.message.empty(), "empty diagnostic");
  if (loaded.ok()) FUZZ_CHECK(!config::describe(loaded.config).empty(), "empty description");
  return 0;
}
