// SPDX-License-Identifier: GPL-3.0-or-later
// The bridge from a Lichess variant key (lichess/variant.h owns them) to the engine rule set
// the server plays it with. Pure function; safe to use from any thread.
#pragma once

#include "engine/types.h"
#include "lichess/variant.h"

namespace server {

// Standard -> Standard, chess960 and fromPosition -> Chess960, pacifist -> Pacifist.
engine::Variant engine_rules(lichess::Variant variant);

}  // namespace server
