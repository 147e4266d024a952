// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/run_command.h"

#include <malloc.h>

#include <iostream>

#include "cli/args.h"
#include "config/book_files.h"
#include "config/load.h"
#include "config/token.h"
#include "config/validate.h"
#include "daemon/bot.h"
#include "daemon/http/curl_http_client.h"
#include "daemon/signals.h"

namespace bot {
namespace {

using cli::OptionSpec;

// glibc serves blocks from this size on with their own mappings, returned to the kernel when
// freed. Its default, but fixed: left alone, glibc raises the threshold to the size of each
// larger mapped block freed (up to 32 MiB) and from then on serves blocks of that size from
// its heaps, where freed ones stay resident. Every game makes and drops a transposition
// table (engine.hash_mb) and search histories of several MiB, so the daemon's RSS then
// climbs by such blocks as games come and go (measured in the soak test, tests/soak/).
constexpr int kMmapThresholdBytes = 128 * 1024;

const std::vector<OptionSpec> kRunOptions = {
    {"--config", "FILE", std::string("configuration file (default ") + kDefaultConfigPath + ")"},
};

const std::vector<OptionSpec> kUpgradeOptions = {
    {"--config", "FILE", std::string("configuration file (default ") + kDefaultConfigPath + ")"},
    {"--confirm", "", "really upgrade: irreversible, only for accounts that never played"},
};

// Everything both subcommands need before talking to the server.
struct Startup {
  config::Config config;
  std::string token;
  config::BooksByVariant books;
};

std::optional<Startup> load_startup(const cli::ParsedArgs& args, std::ostream& err) {
  const std::string path = args.value("--config").value_or(kDefaultConfigPath);
  config::LoadResult loaded = config::load_and_validate(path);
  for (const auto& d : loaded.diagnostics) err << config::format_diagnostic(d, path) << "\n";
  if (!loaded.ok()) {
    err << "paxbot: " << path << " has errors; nothing started ('paxbot check-config " << path
        << "' shows them all)\n";
    return std::nullopt;
  }
  auto token = config::resolve_token(loaded.config, config::process_environment());
  if (!token) {
    err << "paxbot: " << token.error() << "\n";
    return std::nullopt;
  }
  auto books = config::open_books(loaded.config.engine.book);
  if (!books) {
    config::attach_locations(books.error(), loaded.locations);
    for (const auto& d : books.error()) err << config::format_diagnostic(d, path) << "\n";
    err << "paxbot: an opening book of " << path << " cannot be used; nothing started\n";
    return std::nullopt;
  }
  return Startup{std::move(loaded.config), std::move(*token), std::move(*books)};
}

// Checks the token's scope and the account's BOT title; returns the account.
std::optional<User> check_account(LichessClient& client, const std::string& token,
                                  base::Logger& log, bool need_bot_title) {
  auto info = client.test_token(token);
  if (!info) {
    log.error("cannot check the token: ", info.error().describe());
    return std::nullopt;
  }
  if (!*info) {
    log.error("the server does not know this token (revoked or mistyped?)");
    return std::nullopt;
  }
  if (!(*info)->can_play_as_bot()) {
    log.error(
        "the token lacks the bot:play scope; create a token with 'Play games with the bot API'");
    return std::nullopt;
  }
  auto account = client.account();
  if (!account) {
    log.error("cannot read the account: ", account.error().describe());
    return std::nullopt;
  }
  if (need_bot_title && !account->is_bot()) {
    log.error("account ", account->username,
              " is not a bot account; run 'paxbot upgrade --config FILE --confirm' once "
              "(irreversible, and only possible for accounts that never played a game)");
    return std::nullopt;
  }
  return *account;
}

}  // namespace

int run_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const std::string usage = cli::usage_text(
      "run", "[--config FILE]",
      "Plays as a bot account on a server with the Lichess Bot API, until SIGTERM.\n"
      "The token comes from LICHESS_BOT_TOKEN, the config's token_file, or the systemd\n"
      "credential 'token' ($CREDENTIALS_DIRECTORY/token); never from the command line.",
      kRunOptions);
  auto parsed = cli::parse_command_line("run", args, kRunOptions, usage, out, err);
  if (!parsed) return parsed.error();
  block_signals();  // before any thread starts
  mallopt(M_MMAP_THRESHOLD, kMmapThresholdBytes);
  auto startup = load_startup(*parsed, err);
  if (!startup) return 1;

  base::SystemClock clock;
  base::Logger log(std::cerr, startup->config.log_level, base::detect_log_format(), &clock);
  log.add_secret(startup->token);
  for (const auto& [variant, book] : startup->books) {
    std::size_t entries = 0;
    for (const auto& file : book->files()) entries += file.size();
    log.info("opening book for ", lichess::to_string(variant), ": ", book->files().size(),
             " file(s), ", entries, " entries");
  }
  CurlHttpClient http({.base_url = startup->config.url, .token = startup->token, .user_name = ""});
  LichessClient client(http, clock, log);
  auto account = check_account(client, startup->token, log, true);
  if (!account) return 1;
  http.set_user_name(account->username);

  auto notifier = SystemdNotifier::from_environment();
  // The block lists' hosts are not Lichess: their clients never carry the token.
  const HttpClientFactory list_clients = [](const std::string& base_url) {
    return std::make_unique<CurlHttpClient>(
        CurlHttpClient::Options{.base_url = base_url, .token = "", .user_name = ""});
  };
  Bot bot(startup->config, client, clock, log, *notifier, {account->id, account->username},
          std::move(startup->books), list_clients);
  const std::string config_path = parsed->value("--config").value_or(kDefaultConfigPath);
  SignalWatcher signals([&bot] { bot.request_shutdown(); },
                        [&bot, &log, config_path] {
                          config::LoadResult reloaded = config::load_and_validate(config_path);
                          if (!reloaded.ok()) {
                            log.error("reload: ", config_path,
                                      " has errors; keeping the old policy");
                            return;
                          }
                          bot.request_reload(reloaded.config.challenge);
                        });
  return bot.run();
}

int upgrade_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const std::string usage = cli::usage_text(
      "upgrade", "[--config FILE] --confirm",
      "Turns the token's account into a bot account. This cannot be undone, and works only\n"
      "for accounts that never played a game.",
      kUpgradeOptions);
  auto parsed = cli::parse_command_line("upgrade", args, kUpgradeOptions, usage, out, err);
  if (!parsed) return parsed.error();
  if (!parsed->has("--confirm")) {
    err << "paxbot upgrade: upgrading is irreversible; add --confirm to do it\n";
    return 2;
  }
  auto startup = load_startup(*parsed, err);
  if (!startup) return 1;
  base::SystemClock clock;
  base::Logger log(std::cerr, base::LogLevel::kInfo, base::detect_log_format(), &clock);
  log.add_secret(startup->token);
  CurlHttpClient http({.base_url = startup->config.url, .token = startup->token, .user_name = ""});
  LichessClient client(http, clock, log);
  auto account = check_account(client, startup->token, log, false);
  if (!account) return 1;
  if (account->is_bot()) {
    out << account->username << " is already a bot account\n";
    return 0;
  }
  if (auto r = client.upgrade_to_bot(); !r) {
    log.error("upgrade refused: ", r.error().describe());
    return 1;
  }
  out << account->username << " is now a bot account\n";
  return 0;
}

}  // namespace bot
