// SPDX-License-Identifier: GPL-3.0-or-later
// Challenges: validating the form of POST /api/challenge/{username}, choosing the
// start position, and the challenge record the server state keeps until it is
// accepted, declined, canceled or expires. Pure functions and plain values; the
// server state owns the records and guards them with its lock.
#pragma once

#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "engine/types.h"
#include "lichess/decline_reason.h"
#include "server/clocks.h"
#include "server/errors.h"
#include "server/variants.h"

namespace server {

// Request fields by name: query parameters, form fields or a flattened JSON body.
using FormFields = std::map<std::string, std::string>;

enum class ColorChoice { kRandom, kWhite, kBlack };
std::string_view color_choice_name(ColorChoice c);

struct ChallengeRequest {
  TimeControl time_control;
  bool rated = false;
  ColorChoice color = ColorChoice::kRandom;
  lichess::Variant variant = lichess::Variant::kStandard;
  std::string fen;              // empty: the variant's usual start
  bool chess960_start = false;  // pacifist only (paxbot extension): a random Chess960 start
  bool keep_alive_stream = false;
  std::vector<std::string> rules;
};

// Checks every field (clock.limit, clock.increment, days, rated, color, variant, fen,
// keepAliveStream, rules, chess960). any_clock lifts the Lichess clock value list.
Result<ChallengeRequest> parse_challenge_request(const FormFields& fields, bool any_clock);

enum class ChallengeStatus { kCreated, kOffline, kCanceled, kDeclined, kAccepted };
std::string_view challenge_status_name(ChallengeStatus s);

struct Challenge {
  std::string id;
  std::string challenger;  // account ids
  std::string dest;
  ChallengeRequest request;
  lichess::Variant variant =
      lichess::Variant::kStandard;       // standard with a FEN becomes fromPosition
  std::string initial_fen = "startpos";  // "startpos" or the FEN the game starts from
  bool rated = false;                    // a FEN forces a casual game
  engine::Color challenger_color = engine::White;
  ChallengeStatus status = ChallengeStatus::kCreated;
  lichess::DeclineReason decline_reason = lichess::DeclineReason::kGeneric;
  std::int64_t created_at = 0;

  std::string speed() const { return request.time_control.speed(); }
  bool pending() const { return status == ChallengeStatus::kCreated; }
};

// Builds a challenge: resolves the variant, the start position (a random Chess960
// start where needed) and the challenger's colour. An unusable FEN is a 400.
Result<Challenge> make_challenge(std::string id, std::string challenger, std::string dest,
                                 ChallengeRequest request, std::int64_t now, std::mt19937_64& rng);

// A random id of letters and digits (8 for games and challenges, 4 for players).
std::string random_id(std::mt19937_64& rng, int length);

// "true"/"false" (also "1"/"0"); anything else is an error naming the field.
Result<bool> parse_bool_field(const FormFields& fields, const std::string& name, bool fallback);

}  // namespace server
