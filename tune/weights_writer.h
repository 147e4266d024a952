// SPDX-License-Identifier: GPL-3.0-or-later
// Writes the generated weights headers (engine/eval/weights_standard.h and
// weights_pacifist.h) from a flat weight vector, one designated initializer per
// field of eval_params.h's weight structs. Pure functions; thread-safe.
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace tune {

// The header's file name: "weights_standard.h" or "weights_pacifist.h".
std::string_view weights_file_name(bool pacifist);

// The whole header. `provenance` (one or more lines) says how the values were produced.
std::string weights_header(bool pacifist, std::span<const int> weights,
                           std::string_view provenance);

}  // namespace tune
