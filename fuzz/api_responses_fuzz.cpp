// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz target: the REST answers the daemon reads (daemon/lichess/responses.h), the Lichess
// error body (lichess/error_body.h) and how an error answer feeds the retry policy
// (daemon/lichess/lichess_error.h: status, Retry-After header and body together). The first
// byte picks the reader, the second the HTTP status for the retry decision, the rest is the
// body. Invariants: nothing throws, refusals say why, and a 429 always cools down for a
// time within the policy's bounds.
#include "daemon/lichess/lichess_error.h"
#include "daemon/lichess/responses.h"
#include "fuzz/fuzz_check.h"
#include "lichess/error_body.h"

namespace {

template <typename T>
void check(const std::expected<T, bot::ParseError>& parsed) {
  if (!parsed) FUZZ_CHECK(!parsed.error().problem.empty(), parsed.error().describe());
}

void retry_decision(int status, std::string_view body) {
  // The body's first line doubles as the Retry-After header value.
  const std::string retry_after(body.substr(0, body.find('\n')));
  const bot::HttpResult result =
      bot::HttpResult::response(status, std::string(body), {{"retry-after", retry_after}});
  const bot::RetryParams params;
  const auto decision = bot::decide_lichess_retry(result, 1, 0.5, params);
  if (status == 429) {
    FUZZ_CHECK(decision.action == bot::RetryAction::kCoolDown, decision.reason);
    FUZZ_CHECK(decision.delay >= params.min_cooldown && decision.delay <= params.max_cooldown,
               decision.reason);
  }
  FUZZ_CHECK(decision.delay.count() >= 0, decision.reason);
  if (status >= 400) {
    const bot::LichessError error = bot::error_from_result(bot::Endpoint::kAccount, result, 1);
    FUZZ_CHECK(!error.describe().empty(), "an error describes itself");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  paxbot_fuzz::Input input(data, size);
  const int reader = input.byte() % 8;
  static constexpr int kStatuses[] = {200, 400, 401, 404, 429, 500, 502, 503};
  const int status = kStatuses[input.byte() % 8];
  const std::string_view body = input.rest();
  switch (reader) {
    case 0:
      check(bot::parse_user(body));
      break;
    case 1:
      check(bot::parse_token_test(body, "lip_token"));
      break;
    case 2:
      check(bot::parse_playing(body));
      break;
    case 3:
      check(bot::parse_users_status(body));
      break;
    case 4:
      check(bot::parse_challenge(body));
      break;
    case 5:
      check(bot::parse_challenge_list(body));
      break;
    case 6:
      check(bot::parse_chat(body));
      break;
    default: {
      if (auto error = lichess::parse_error_body(body); error && error->ratelimit)
        FUZZ_CHECK(error->ratelimit->seconds.count() >= 0, error->ratelimit->key);
      break;
    }
  }
  retry_decision(status, body);
  return 0;
}
