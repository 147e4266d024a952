// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz target: the local server's request handlers (server/routes.h: paths, query strings,
// form and JSON bodies, headers) over a fresh server state per input, without sockets: the
// input is raw HTTP/1.1 requests, one after another, each run through httplib's own request
// processing (Server::process_request on an in-memory stream) into the registered routes.
// Accounts alice, bob (bots) and human, with the tokens alice_token, bob_token and
// human_token; test hooks are on, the client is loopback.
//
// Bounded by the harness: streams have a 1 ms keep-alive and the in-memory client stops
// reading after a few writes (as a client that hangs up), and a Slow test hook is rewritten
// to wait 0 ms after each request (sleeping is its whole purpose).
// Invariants: every request gets an HTTP/1.1 answer with a valid status, nothing escapes the
// handlers, and once every request is done no stream is left open in the state.
#include <algorithm>
#include <string>

#include <httplib.h>

#include "fuzz/fuzz_check.h"
#include "server/memory_stream.h"
#include "server/routes.h"

namespace {

constexpr int kMaxWrites = 8;

class FuzzServer final : public httplib::Server {
 public:
  // Handles the next request of `stream`; false when nothing more was read.
  bool handle_next(server::MemoryStream& stream) {
    const std::size_t before = stream.consumed();
    bool closed = false;
    process_request(stream, false, closed, nullptr);
    return stream.consumed() > before;
  }
};

void check_answer(const std::string& output) {
  if (output.empty()) return;  // httplib answers nothing to a request line it cannot read
  FUZZ_CHECK(output.starts_with("HTTP/1.1 "), output.substr(0, 40));
  const int status = std::atoi(output.c_str() + 9);
  FUZZ_CHECK(status >= 100 && status <= 599, output.substr(0, 40));
}

// Slow rules sleep for real; the harness keeps them but makes them wait 0 ms.
void unslow(server::TestHooks& hooks) {
  std::vector<server::HookRule> rules = hooks.rules();
  if (std::none_of(rules.begin(), rules.end(), [](const server::HookRule& r) {
        return r.action == server::HookAction::kSlow && r.ms > 0;
      }))
    return;
  hooks.clear();
  for (server::HookRule& rule : rules) {
    if (rule.action == server::HookAction::kSlow) rule.ms = 0;
    hooks.add(rule);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const auto accounts = server::Accounts::parse(
      "alice:alice_token:bot\nbob:bob_token:bot\nhuman:human_token\n", "fuzz accounts");
  FUZZ_CHECK(accounts.has_value(), "accounts");
  base::ManualClock clock(base::Clock::SystemTime(std::chrono::milliseconds(1'767'225'600'000)));
  server::StateOptions options;
  options.seed = 1;
  server::ServerState state(*accounts, clock, options);
  server::TestHooks hooks;
  {
    FuzzServer http;
    http.set_payload_max_length(1 << 16);
    server::RouteOptions routes;
    routes.keepalive = std::chrono::milliseconds(1);
    routes.test_hooks = true;
    routes.manual_clock = &clock;
    server::register_routes(http, state, hooks, routes);
    // The in-memory client stops reading after a few writes (as a client that hangs up).
    server::MemoryStream stream(std::string_view(reinterpret_cast<const char*>(data), size),
                                kMaxWrites);
    while (http.handle_next(stream)) {
      check_answer(stream.take_output());
      unslow(hooks);
    }
  }
  FUZZ_CHECK(state.open_stream_count() == 0, "every stream released");
  return 0;
}
