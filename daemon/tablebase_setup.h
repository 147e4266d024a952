// SPDX-License-Identifier: GPL-3.0-or-later
// The daemon's start-up step for endgame tablebases: engine.tablebases -> the engine's
// tablebase settings, opened once for the whole process, every problem logged as a warning
// naming its path (play goes on without the tables that failed).
//
// Thread contract: call once, on the main thread, before any game starts; the result is
// immutable and shared by every game's engine.
#pragma once

#include <memory>

#include "base/logging.h"
#include "config/config.h"
#include "engine/tablebase/tablebases.h"

namespace bot {

engine::tablebase::Settings tablebase_settings(const config::Tablebases& config);

// Null when no table is configured or none is usable.
std::shared_ptr<const engine::tablebase::Tablebases> open_tablebases(
    const config::Tablebases& config, base::Logger& log);

}  // namespace bot
