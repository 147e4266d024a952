// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/tablebase_setup.h"

#include <algorithm>

namespace bot {

engine::tablebase::Settings tablebase_settings(const config::Tablebases& config) {
  auto uses = [&](config::TablebaseKind kind) {
    return std::ranges::find(config.use, kind) != config.use.end();
  };
  engine::tablebase::Settings s;
  s.syzygy_path = config.syzygy_path;
  s.gaviota_path = config.gaviota_path;
  s.gaviota_cache_mb = config.gaviota_cache_mb;
  s.max_pieces = config.max_pieces;
  s.use_syzygy = uses(config::TablebaseKind::kSyzygy);
  s.use_gaviota = uses(config::TablebaseKind::kGaviota);
  return s;
}

std::shared_ptr<const engine::tablebase::Tablebases> open_tablebases(
    const config::Tablebases& config, base::Logger& log) {
  const engine::tablebase::Settings settings = tablebase_settings(config);
  if (settings.syzygy_path.empty() && settings.gaviota_path.empty()) return nullptr;
  auto opened = engine::tablebase::Tablebases::open(settings);
  for (const std::string& message : opened.messages)
    log.warning("engine.tablebases: ", message, "; playing on without it");
  if (opened.tables) log.info("tablebases: ", opened.tables->summary());
  return std::move(opened.tables);
}

}  // namespace bot
