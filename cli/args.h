// SPDX-License-Identifier: GPL-3.0-or-later
// The command-line parser of every paxbot subcommand: options with and without values,
// positional arguments, --help (also -h), usage text and integer arguments. Standard
// library only, so every layer (the engine's tools included) may use it.
// Pure functions; errors are values; safe to use from any thread.
#pragma once

#include <expected>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace cli {

struct OptionSpec {
  std::string name;        // "--fen"
  std::string value_name;  // "FEN"; empty for a flag without a value
  std::string help;
};

struct ParsedArgs {
  std::map<std::string, std::string> values;  // options with values, by name
  std::vector<std::string> flags;             // flags that were given
  std::vector<std::string> positional;

  bool has(const std::string& flag) const;
  std::optional<std::string> value(const std::string& name) const;
};

// Why a command line did not parse.
struct ArgError {
  enum class Kind { kUnknownOption, kMissingValue, kUnexpectedValue };
  Kind kind = Kind::kUnknownOption;
  std::string option;      // "--fen"
  std::string value_name;  // kMissingValue: what the option needs ("FEN")
  // "unknown option '--x'", "option '--fen' needs a value (FEN)",
  // "option '--quiet' takes no value".
  std::string text() const;
};

// Accepts "--name VALUE", "--name=VALUE" and flags; "--help" and "-h" are always known
// (both appear as the flag "--help"). Unknown options and missing values are errors naming
// the option.
std::expected<ParsedArgs, ArgError> parse(const std::vector<std::string>& args,
                                          const std::vector<OptionSpec>& options);
// parse() with the error as its text().
std::expected<ParsedArgs, std::string> parse_args(const std::vector<std::string>& args,
                                                  const std::vector<OptionSpec>& options);

// "usage: paxbot <command> <synopsis>", a blank line, the description, then one line per
// option and --help.
std::string usage_text(const std::string& command, const std::string& synopsis,
                       const std::string& description, const std::vector<OptionSpec>& options);

// The start every subcommand without positional arguments shares: parses args; on a bad
// option or a stray argument writes "paxbot <command>: <what>" and the usage to err and
// returns exit code 2; on --help writes the usage to out and returns 0; otherwise returns
// the parsed options.
std::expected<ParsedArgs, int> parse_command_line(const std::string& command,
                                                  const std::vector<std::string>& args,
                                                  const std::vector<OptionSpec>& options,
                                                  const std::string& usage, std::ostream& out,
                                                  std::ostream& err);

// Parses a whole decimal integer in [min, max]; an error names the option.
std::expected<long long, std::string> parse_integer(const std::string& text,
                                                    const std::string& what, long long min,
                                                    long long max);

// Parses a decimal number (as std::from_chars reads it) in [min, max]; an error names the
// option.
std::expected<double, std::string> parse_decimal(const std::string& text, const std::string& what,
                                                 double min, double max);

}  // namespace cli
