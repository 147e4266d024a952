// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/args.h"

#include <algorithm>
#include <charconv>
#include <sstream>

namespace cli {

bool ParsedArgs::has(const std::string& flag) const {
  return std::find(flags.begin(), flags.end(), flag) != flags.end();
}

std::optional<std::string> ParsedArgs::value(const std::string& name) const {
  auto it = values.find(name);
  if (it == values.end()) return std::nullopt;
  return it->second;
}

std::string ArgError::text() const {
  switch (kind) {
    case Kind::kMissingValue:
      return "option '" + option + "' needs a value (" + value_name + ")";
    case Kind::kUnexpectedValue:
      return "option '" + option + "' takes no value";
    case Kind::kUnknownOption:
      break;
  }
  return "unknown option '" + option + "'";
}

std::expected<ParsedArgs, std::string> parse_args(const std::vector<std::string>& args,
                                                  const std::vector<OptionSpec>& options) {
  auto parsed = parse(args, options);
  if (!parsed) return std::unexpected(parsed.error().text());
  return std::move(*parsed);
}

std::expected<ParsedArgs, ArgError> parse(const std::vector<std::string>& args,
                                          const std::vector<OptionSpec>& options) {
  using Kind = ArgError::Kind;
  ParsedArgs parsed;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "-h") {
      parsed.flags.push_back("--help");
      continue;
    }
    if (arg.size() < 3 || arg.compare(0, 2, "--") != 0) {
      parsed.positional.push_back(arg);
      continue;
    }
    std::string name = arg, inline_value;
    bool has_inline = false;
    if (auto eq = arg.find('='); eq != std::string::npos) {
      name = arg.substr(0, eq);
      inline_value = arg.substr(eq + 1);
      has_inline = true;
    }
    if (name == "--help") {
      parsed.flags.push_back(name);
      continue;
    }
    auto spec = std::find_if(options.begin(), options.end(),
                             [&name](const OptionSpec& o) { return o.name == name; });
    if (spec == options.end()) return std::unexpected(ArgError{Kind::kUnknownOption, name, ""});
    if (spec->value_name.empty()) {
      if (has_inline) return std::unexpected(ArgError{Kind::kUnexpectedValue, name, ""});
      parsed.flags.push_back(name);
    } else if (has_inline) {
      parsed.values[name] = inline_value;
    } else if (i + 1 < args.size()) {
      parsed.values[name] = args[++i];
    } else {
      return std::unexpected(ArgError{Kind::kMissingValue, name, spec->value_name});
    }
  }
  return parsed;
}

std::string usage_text(const std::string& command, const std::string& synopsis,
                       const std::string& description, const std::vector<OptionSpec>& options) {
  std::string out = "usage: paxbot " + command + " " + synopsis + "\n\n" + description + "\n";
  if (!options.empty()) out += "\noptions:\n";
  for (const OptionSpec& o : options) {
    std::string left = "  " + o.name + (o.value_name.empty() ? "" : " " + o.value_name);
    if (left.size() < 28) left.resize(28, ' ');
    out += left + " " + o.help + "\n";
  }
  out += "  --help                     show this help\n";
  return out;
}

std::expected<ParsedArgs, int> parse_command_line(const std::string& command,
                                                  const std::vector<std::string>& args,
                                                  const std::vector<OptionSpec>& options,
                                                  const std::string& usage, std::ostream& out,
                                                  std::ostream& err) {
  auto parsed = parse_args(args, options);
  if (!parsed || !parsed->positional.empty()) {
    err << "paxbot " << command << ": "
        << (parsed ? "unexpected argument '" + parsed->positional[0] + "'" : parsed.error()) << "\n"
        << usage;
    return std::unexpected(2);
  }
  if (parsed->has("--help")) {
    out << usage;
    return std::unexpected(0);
  }
  return std::move(*parsed);
}

std::expected<long long, std::string> parse_integer(const std::string& text,
                                                    const std::string& what, long long min,
                                                    long long max) {
  long long value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || text.empty())
    return std::unexpected(what + " '" + text + "' is not a whole number");
  if (value < min || value > max)
    return std::unexpected(what + " " + text + " is out of range " + std::to_string(min) + ".." +
                           std::to_string(max));
  return value;
}

std::expected<double, std::string> parse_decimal(const std::string& text, const std::string& what,
                                                 double min, double max) {
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc{} || end != text.data() + text.size())
    return std::unexpected(what + " '" + text + "' is not a number");
  if (!(value >= min && value <= max)) {
    std::ostringstream range;
    range << what << " " << text << " is out of range " << min << ".." << max;
    return std::unexpected(range.str());
  }
  return value;
}

}  // namespace cli
