// SPDX-License-Identifier: GPL-3.0-or-later
// Variant names as used on the command line, in UCI and on the wire.
#pragma once

#include <expected>
#include <string>
#include <string_view>

#include "engine/types.h"

namespace engine {

// "standard" (also "chess"), "chess960", "pacifist"; anything else is an error naming the choices.
std::expected<Variant, std::string> parse_variant(std::string_view name);
std::string_view variant_name(Variant v);

}  // namespace engine
