// SPDX-License-Identifier: GPL-3.0-or-later
#include "config/check_config_command.h"

#include <algorithm>

#include "cli/args.h"
#include "config/book_files.h"
#include "config/describe.h"
#include "config/diagnostic.h"
#include "config/validate.h"

namespace config {
namespace {

const std::string kUsage = cli::usage_text(
    "check-config", "FILE",
    "Checks a paxbot configuration file and prints the configuration the daemon would run\n"
    "with (defaults included) on stdout, then every warning and error on stderr as\n"
    "FILE:LINE:COLUMN: SEVERITY: KEY: PROBLEM; fix: WHAT TO DO.\n"
    "The token is looked up as the daemon would (LICHESS_BOT_TOKEN, token_file,\n"
    "$CREDENTIALS_DIRECTORY/token) and never printed; the opening books of engine.book\n"
    "are read and checked as at start-up.\n"
    "\n"
    "Exit status: 0 valid (warnings allowed), 1 errors found, 2 usage error.\n"
    "See docs/configuration.md for every key.",
    {});

int usage_error(std::ostream& err, std::string_view problem) {
  err << "paxbot check-config: " << problem << "\n\n" << kUsage;
  return 2;
}

std::string plural(int n, std::string_view word) {
  return std::to_string(n) + " " + std::string(word) + (n == 1 ? "" : "s");
}

}  // namespace

int check_config_command(const std::vector<std::string>& args, std::ostream& out,
                         std::ostream& err) {
  return check_config_command(args, out, err, process_environment());
}

int check_config_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
                         const EnvLookup& env) {
  const auto parsed = cli::parse(args, {});
  if (parsed && parsed->has("--help")) {
    out << kUsage;
    return 0;
  }
  // This command's contract names an unknown option without quotes.
  if (!parsed && parsed.error().kind == cli::ArgError::Kind::kUnknownOption) {
    return usage_error(err, "unknown option " + parsed.error().option);
  }
  if (!parsed) return usage_error(err, parsed.error().text());
  if (parsed->positional.size() != 1) return usage_error(err, "expected exactly one FILE");
  const std::string& file = parsed->positional.front();

  LoadResult result = load_and_validate(file);
  // The opening books are read as the daemon would read them at start-up.
  if (result.ok()) {
    if (auto books = open_books(result.config.engine.book); !books) {
      result.diagnostics.insert(result.diagnostics.end(), books.error().begin(),
                                books.error().end());
      attach_locations(result.diagnostics, result.locations);
    }
  }
  std::string token_source;
  if (const auto token = find_token(result.config, env)) {
    token_source = token->source;
  } else {
    // A broken token_file is this file's fault; the environment of this shell may differ
    // from the daemon's.
    const Severity severity =
        token.error().starts_with("token_file ") ? Severity::kError : Severity::kWarning;
    result.diagnostics.push_back({severity, "token", token.error(), "", std::nullopt});
  }

  const bool valid = result.ok();
  if (valid) {
    out << "# effective configuration of " << file << "\n" << describe(result.config, token_source);
  }
  for (const Diagnostic& diagnostic : result.diagnostics) {
    err << format_diagnostic(diagnostic, file) << "\n";
  }
  const int errors = count(result.diagnostics, Severity::kError);
  const int warnings = count(result.diagnostics, Severity::kWarning);
  if (valid) {
    err << file << ": valid (" << plural(warnings, "warning") << ")\n";
  } else {
    err << file << ": " << plural(errors, "error") << ", " << plural(warnings, "warning")
        << "; the daemon would refuse to start\n";
  }
  return valid ? 0 : 1;
}

}  // namespace config
