// SPDX-License-Identifier: GPL-3.0-or-later
#include "config/diagnostic.h"

#include <algorithm>

namespace config {

std::string to_string(const Diagnostic& diagnostic) {
  std::string text;
  if (!diagnostic.key.empty()) text = diagnostic.key + ": ";
  text += diagnostic.message;
  if (!diagnostic.fix.empty()) text += "; fix: " + diagnostic.fix;
  return text;
}

std::string format_diagnostic(const Diagnostic& diagnostic, std::string_view file_name) {
  std::string text(file_name);
  if (diagnostic.location) {
    text += ':' + std::to_string(diagnostic.location->line) + ':' +
            std::to_string(diagnostic.location->column);
  }
  text += diagnostic.severity == Severity::kError ? ": error: " : ": warning: ";
  return text + to_string(diagnostic);
}

bool has_errors(std::span<const Diagnostic> diagnostics) {
  return count(diagnostics, Severity::kError) > 0;
}

int count(std::span<const Diagnostic> diagnostics, Severity severity) {
  return static_cast<int>(std::ranges::count(diagnostics, severity, &Diagnostic::severity));
}

}  // namespace config
