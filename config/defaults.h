// SPDX-License-Identifier: GPL-3.0-or-later
// Every default value of the configuration, in one place (defaults.cpp). A key missing from
// the YAML file keeps the value given here; docs/configuration.md and paxbot.example.yml
// show the same values, and a test keeps the example file equal to default_config().
#pragma once

#include "config/config.h"

namespace config {

// The configuration the daemon runs with when the file is empty.
Config default_config();

// Starting value of one entry of a list section (matchmaking.time_controls[i],
// matchmaking.variants[i]) before its keys are read.
template <class Entry>
Entry default_entry();
template <>
TimeControlEntry default_entry<TimeControlEntry>();
template <>
VariantEntry default_entry<VariantEntry>();
template <>
EngineOverride default_entry<EngineOverride>();

}  // namespace config
