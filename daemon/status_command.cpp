// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/status_command.h"

#include <chrono>
#include <ostream>

#include <nlohmann/json.hpp>

#include "cli/args.h"
#include "config/validate.h"
#include "daemon/http/curl_http_client.h"
#include "daemon/run_command.h"
#include "daemon/status_report.h"

namespace bot {
namespace {

const std::vector<cli::OptionSpec> kStatusOptions = {
    {"--config", "FILE",
     std::string("configuration file naming the status page (default ") + kDefaultConfigPath + ")"},
    {"--url", "URL", "ask this status page instead, e.g. http://127.0.0.1:8077"},
    {"--json", "", "print the report as JSON"},
};

// The page's base URL from --url or from the configuration's status_http section.
std::expected<std::string, std::string> page_url(const cli::ParsedArgs& args) {
  if (auto url = args.value("--url")) return *url;
  const std::string path = args.value("--config").value_or(kDefaultConfigPath);
  config::LoadResult loaded = config::load_and_validate(path);
  if (!loaded.ok())
    return std::unexpected(path + " has errors ('paxbot check-config " + path +
                           "' shows them); or give --url");
  if (!loaded.config.status_http.enabled)
    return std::unexpected("the status page is off in " + path +
                           ": set status_http.enabled: true and restart the daemon");
  return "http://" + loaded.config.status_http.listen;
}

}  // namespace

int status_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const std::string usage = cli::usage_text(
      "status", "[--config FILE | --url URL] [--json]",
      "Shows a running daemon's games, challenge queue, matchmaking, today's bot games and "
      "rate-limit cooldowns (from its status page: config section status_http).",
      kStatusOptions);
  auto parsed = cli::parse_command_line("status", args, kStatusOptions, usage, out, err);
  if (!parsed) return parsed.error();
  auto url = page_url(*parsed);
  if (!url) {
    err << "paxbot status: " << url.error() << "\n";
    return 2;
  }
  CurlHttpClient::Options options;
  options.base_url = *url;
  CurlHttpClient http(options);
  HttpRequest request = HttpRequest::get("/status");
  request.timeout = std::chrono::seconds(5);
  const HttpResult answer = http.request(request);
  if (!answer.transport_ok()) {
    err << "paxbot status: no answer from " << *url << " (" << answer.error_message
        << "): is the daemon running with status_http enabled?\n";
    return 1;
  }
  if (!answer.ok()) {
    err << "paxbot status: " << *url << "/status answered HTTP " << answer.status << "\n";
    return 1;
  }
  auto report = nlohmann::json::parse(answer.body, nullptr, false);
  if (report.is_discarded()) {
    err << "paxbot status: " << *url << "/status did not answer JSON\n";
    return 1;
  }
  if (parsed->has("--json")) {
    out << report.dump(2) << "\n";
    return 0;
  }
  const auto now = std::chrono::duration_cast<std::chrono::seconds>(
                       std::chrono::system_clock::now().time_since_epoch())
                       .count();
  auto text = format_status(report, now);
  if (!text) {
    err << "paxbot status: " << *url << ": " << text.error() << "\n";
    return 1;
  }
  out << *text;
  return 0;
}

}  // namespace bot
