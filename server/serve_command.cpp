// SPDX-License-Identifier: GPL-3.0-or-later
#include "server/serve_command.h"

#include <csignal>
#include <functional>
#include <iostream>
#include <mutex>

#include "base/child_process.h"
#include "cli/args.h"
#include "server/local_server.h"
#include "server/routes.h"

namespace server {
namespace {

using cli::OptionSpec;

const std::vector<OptionSpec> kOptions = {
    {"--listen", "HOST:PORT", "address to listen on (default 127.0.0.1:8080; port 0 = any free)"},
    {"--public", "", "allow a non-loopback listen address"},
    {"--accounts", "FILE", "accounts file: one name:token[:bot] per line"},
    {"--account", "NAME:TOKEN[:bot]", "an account (repeatable)"},
    {"--keepalive-ms", "MS", "empty keep-alive line on idle streams (default 6000)"},
    {"--challenge-expiry-ms", "MS", "realtime challenges expire after (default 20000)"},
    {"--first-move-ms", "MS", "first-move deadline (default: Lichess's table, 20-35 s)"},
    {"--gone-ms", "MS", "opponentGone after a player left its game stream (default 5000)"},
    {"--claim-ms", "MS", "claim-victory allowed this long after opponentGone (default 15000)"},
    {"--any-clock", "", "accept any clock.limit (and UltraBullet for bots)"},
    {"--threads", "N", "HTTP worker threads; each open stream holds one (default 128)"},
    {"--seed", "N", "seed for ids, colours and Chess960 positions (default random)"},
    {"--keep-finished", "N",
     "finished games and ended challenges kept in memory; older ones are forgotten (default "
     "1000)"},
    {"--test-hooks", "", "enable fault hooks and the loopback-only /_test/ endpoints"},
    {"--hook", "SPEC", "a fault hook, e.g. action=drop,path=/api/stream/event,after=3"},
    {"--manual-clock", "", "time stands still until POST /_test/clock/advance?ms=N"},
    {"--web-dir", "DIR",
     "the web pages' files (default: next to the binary or its install prefix)"},
    {"--verbose", "", "print one line per request"},
};

std::expected<long long, std::string> integer_option(const cli::ParsedArgs& parsed,
                                                     const std::string& name, long long fallback,
                                                     long long min, long long max) {
  auto text = parsed.value(name);
  if (!text) return fallback;
  return cli::parse_integer(*text, name, min, max);
}

// Fills options from the parsed flags; the error names the flag.
std::expected<void, std::string> read_options(const cli::ParsedArgs& parsed,
                                              ServerOptions& options) {
  struct IntOption {
    const char* name;
    long long min, max;
    std::function<void(long long)> set;
  };
  const IntOption ints[] = {
      {"--keepalive-ms", 10, 600000,
       [&](long long v) { options.keepalive = std::chrono::milliseconds(v); }},
      {"--challenge-expiry-ms", 1, 86400000,
       [&](long long v) { options.state.challenge_expiry_ms = v; }},
      {"--first-move-ms", 1, 86400000, [&](long long v) { options.state.first_move_ms = v; }},
      {"--gone-ms", 0, 86400000, [&](long long v) { options.state.gone_after_ms = v; }},
      {"--claim-ms", 0, 86400000, [&](long long v) { options.state.claim_after_ms = v; }},
      {"--threads", 4, 4096, [&](long long v) { options.threads = int(v); }},
      {"--seed", 1, (1LL << 62), [&](long long v) { options.state.seed = std::uint64_t(v); }},
      {"--keep-finished", 0, 1000000, [&](long long v) { options.state.keep_finished = int(v); }},
  };
  for (const IntOption& o : ints) {
    if (!parsed.value(o.name)) continue;
    auto v = integer_option(parsed, o.name, 0, o.min, o.max);
    if (!v) return std::unexpected(v.error());
    o.set(*v);
  }
  options.state.any_clock = parsed.has("--any-clock");
  options.test_hooks = parsed.has("--test-hooks") || parsed.has("--manual-clock");
  return {};
}

}  // namespace

std::expected<std::pair<std::string, int>, std::string> parse_listen_address(
    const std::string& text) {
  std::size_t colon = text.rfind(':');
  if (colon == std::string::npos || colon == 0)
    return std::unexpected("--listen '" + text + "' is not HOST:PORT");
  std::string host = text.substr(0, colon);
  if (host.size() > 2 && host.front() == '[' && host.back() == ']')
    host = host.substr(1, host.size() - 2);
  auto port = cli::parse_integer(text.substr(colon + 1), "port", 0, 65535);
  if (!port) return std::unexpected("--listen '" + text + "': " + port.error());
  return std::pair{host, int(*port)};
}

std::expected<std::vector<std::string>, std::string> take_repeated_option(
    std::vector<std::string>& args, const std::string& name) {
  std::vector<std::string> values, rest;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == name) {
      if (i + 1 >= args.size()) return std::unexpected("option '" + name + "' needs a value");
      values.push_back(args[++i]);
    } else if (args[i].starts_with(name + "=")) {
      values.push_back(args[i].substr(name.size() + 1));
    } else {
      rest.push_back(args[i]);
    }
  }
  args = std::move(rest);
  return values;
}

int serve_command(const std::vector<std::string>& raw_args, std::ostream& out, std::ostream& err) {
  const std::string usage =
      cli::usage_text("serve", "--accounts FILE | --account NAME:TOKEN[:bot] ... [options]",
                      "Runs a local server that speaks the Lichess Bot API (standard, chess960,\n"
                      "fromPosition and pacifist games) until interrupted.",
                      kOptions);
  std::vector<std::string> args = raw_args;
  auto account_specs = take_repeated_option(args, "--account");
  auto hook_specs = account_specs ? take_repeated_option(args, "--hook") : account_specs;
  auto parsed = hook_specs ? cli::parse_args(args, kOptions) : std::unexpected(hook_specs.error());
  if (!account_specs || !parsed) {
    err << "paxbot serve: " << (account_specs ? parsed.error() : account_specs.error()) << "\n"
        << usage;
    return 2;
  }
  if (parsed->has("--help")) {
    out << usage;
    return 0;
  }
  if (!parsed->positional.empty()) {
    err << "paxbot serve: unexpected argument '" << parsed->positional[0] << "'\n" << usage;
    return 2;
  }
  auto fail = [&err](const std::string& message) {
    err << "paxbot serve: " << message << "\n";
    return 2;
  };

  ServerOptions options;
  auto listen = parse_listen_address(parsed->value("--listen").value_or("127.0.0.1:8080"));
  if (!listen) return fail(listen.error());
  options.host = listen->first;
  options.port = listen->second;
  if (!is_loopback_address(options.host) && !parsed->has("--public"))
    return fail("refusing to listen on non-loopback address " + options.host + " without --public");
  if (auto ok = read_options(*parsed, options); !ok) return fail(ok.error());
  for (const std::string& spec : *hook_specs) {
    auto rule = parse_hook_rule(spec);
    if (!rule) return fail("--hook '" + spec + "': " + rule.error());
    options.hooks.push_back(*rule);
  }

  if (auto dir = parsed->value("--web-dir")) {
    options.web_files = web_files_in(*dir);
    if (options.web_files.dir.empty()) return fail("--web-dir " + *dir + ": no index.html there");
  } else {
    options.web_files = find_web_files(base::self_executable());
  }

  Accounts accounts;
  if (auto file = parsed->value("--accounts")) {
    auto loaded = Accounts::load_file(*file);
    if (!loaded) return fail(loaded.error());
    accounts = std::move(*loaded);
  }
  for (const std::string& spec : *account_specs) {
    auto account = parse_account_spec(spec);
    if (!account) return fail("--account: " + account.error());
    if (auto added = accounts.add(std::move(*account)); !added)
      return fail("--account: " + added.error());
  }
  if (accounts.empty()) return fail("no accounts: give --accounts FILE or --account NAME:TOKEN");

  // Block the stop signals before any thread starts, then wait for one of them here.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);

  base::SystemClock system_clock;
  base::ManualClock manual_clock;
  const bool manual = parsed->has("--manual-clock");
  const std::size_t account_count = accounts.size();
  std::mutex log_mutex;
  if (parsed->has("--verbose")) {
    options.logger = [&out, &log_mutex](const std::string& line) {
      std::lock_guard lock(log_mutex);
      out << line << std::endl;
    };
  }
  LocalServer local(std::move(accounts), options,
                    manual ? static_cast<const base::Clock&>(manual_clock) : system_clock,
                    manual ? &manual_clock : nullptr);
  auto port = local.start();
  if (!port) return fail(port.error());
  out << "paxbot serve: listening on " << local.base_url() << " (" << account_count << " accounts"
      << (options.test_hooks || !options.hooks.empty() ? ", test hooks on" : "")
      << (manual ? ", manual clock" : "") << ")" << std::endl;
  if (options.web_files.dir.empty())
    out << "paxbot serve: " << missing_web_files_message(options.web_files)
        << "; the JSON API works without them" << std::endl;
  else
    out << "paxbot serve: pages at " << local.base_url() << "/" << std::endl;
  int signal = 0;
  sigwait(&stop_signals, &signal);
  out << "paxbot serve: stopping" << std::endl;
  local.stop();
  return 0;
}

}  // namespace server
