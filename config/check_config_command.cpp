#include "config/check_config_command.h"

#include <algorithm>

#include "config/describe.h"
#include "config/diagnostic.h"
#include "config/validate.h"

namespace config {
namespace {

constexpr std::string_view kUsage =
    "usage: paxbot check-config FILE\n"
    "\n"
    "Checks a paxbot configuration file and prints the configuration the daemon would run\n"
    "with (defaults included) on stdout, then every warning and error on stderr as\n"
    "FILE:LINE:COLUMN: SEVERITY: KEY: PROBLEM; fix: WHAT TO DO.\n"
    "The token is looked up as the daemon would (LICHESS_BOT_TOKEN, token_file,\n"
    "$CREDENTIALS_DIRECTORY/token) and never printed.\n"
    "\n"
    "Exit status: 0 valid (warnings allowed), 1 errors found, 2 usage error.\n"
    "See docs/configuration.md for every key.\n";

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
  if (std::ranges::any_of(args, [](const std::string& a) { return a == "--help" || a == "-h"; })) {
    out << kUsage;
    return 0;
  }
  std::vector<std::string> files;
  for (const std::string& arg : args) {
    if (arg.starts_with('-')) return usage_error(err, "unknown option " + arg);
    files.push_back(arg);
  }
  if (files.size() != 1) return usage_error(err, "expected exactly one FILE");
  const std::string& file = files.front();

  LoadResult result = load_and_validate(file);
  std::string token_source;
  if (const auto token = find_token(result.config, env)) {
    token_source = token->source;
  } else {
    // A broken token_file is this file's fault; the environment of this shell may differ
    // from the daemon's.
    const Severity severity =
        token.error().starts_with("token_file ") ? Severity::error : Severity::warning;
    result.diagnostics.push_back({severity, "token", token.error(), "", std::nullopt});
  }

  const bool valid = result.ok();
  if (valid) {
    out << "# effective configuration of " << file << "\n" << describe(result.config, token_source);
  }
  for (const Diagnostic& diagnostic : result.diagnostics) {
    err << format_diagnostic(diagnostic, file) << "\n";
  }
  const int errors = count(result.diagnostics, Severity::error);
  const int warnings = count(result.diagnostics, Severity::warning);
  if (valid) {
    err << file << ": valid (" << plural(warnings, "warning") << ")\n";
  } else {
    err << file << ": " << plural(errors, "error") << ", " << plural(warnings, "warning")
        << "; the daemon would refuse to start\n";
  }
  return valid ? 0 : 1;
}

}  // namespace config
