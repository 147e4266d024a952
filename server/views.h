// SPDX-License-Identifier: GPL-3.0-or-later
// The JSON shapes of the Lichess Bot API (shared/docs/lichess-api.md): game
// stream lines, event stream lines, challenges and users. Pure functions of the
// server's records; callers hold the server state's lock while calling them.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include <nlohmann/json.hpp>

#include "server/accounts.h"
#include "server/challenges.h"
#include "server/games.h"

namespace server {

using json = nlohmann::json;
// Whether an account is online (holds an event stream).
using OnlineFn = std::function<bool(const std::string& account_id)>;

constexpr int kDefaultRating = 1500;

// "white" or "black", as every JSON shape spells colours.
const char* color_name(engine::Color c);
json variant_json(lichess::Variant v, bool with_short = true);
// gameState: moves, clocks in ms, status, winner and pending offers.
json game_state_json(const Game& game, std::int64_t now);
// gameFull: the game's setup and players, with the current gameState.
json game_full_json(const Game& game, const Accounts& accounts, std::int64_t now);
// The `game` object of gameStart/gameFinish events and of /api/account/playing.
json game_event_json(const Game& game, engine::Color pov, const Accounts& accounts,
                     std::int64_t now);
json chat_line_json(const ChatLine& line);
// ChallengeJson; direction is "in", "out" or empty (event stream lines carry none).
json challenge_json(const Challenge& c, const Accounts& accounts, const std::string& base_url,
                    const OnlineFn& online, const std::string& direction = "");
// The User shape of /api/account, /api/user/{name} and /api/bot/online.
json user_json(const Account& account, const std::string& base_url, bool online, int playing);

}  // namespace server
