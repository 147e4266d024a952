// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/engine.h"

#include "engine/fen.h"
#include "engine/game.h"
#include "engine/search/search_pool.h"

namespace engine {

Engine::Engine(EngineOptions options)
    : options_(options),
      position_(*parse_fen(kStartFen, Variant::Standard)),
      pool_(std::make_unique<search::SearchPool>(options.hash_mb, options.threads)) {
  pool_->set_tablebases(options_.tablebases.get());
  pool_->set_network(options_.network.get());
}

Engine::~Engine() {
  stop();
  wait();
}

void Engine::set_options(EngineOptions options) {
  stop();
  wait();
  options_ = options;
  // configure() clears the table, so no evaluation of another network survives in it.
  pool_->configure(options.hash_mb, options.threads);
  pool_->set_tablebases(options_.tablebases.get());
  pool_->set_network(options_.network.get());
}

std::expected<void, std::string> Engine::set_position(Variant variant, std::string_view start,
                                                      const std::vector<std::string>& uci_moves) {
  auto game = replay(variant, start, uci_moves);
  if (!game) return std::unexpected(game.error());
  position_ = std::move(game->position);
  return {};
}

void Engine::set_position(Position position) {
  position_ = std::move(position);
}

void Engine::new_game() {
  stop();
  wait();
  pool_->clear();
}

void Engine::go(const SearchLimits& limits, SearchCallbacks callbacks) {
  stop();
  wait();
  pool_->prepare(limits, position_.side_to_move());
  searching_.store(true);
  thread_ = std::thread([this, root = position_, callbacks = std::move(callbacks)] {
    SearchResult result = pool_->search(root, callbacks.on_info);
    if (callbacks.on_best_move) callbacks.on_best_move(result);
    searching_.store(false);
  });
}

// Both forward to the pool, whose flags are atomics and mutex-guarded, so they are safe
// from any thread; without a running search they are harmless (go() resets the flags).
void Engine::stop() {
  pool_->stop();
}

void Engine::ponderhit() {
  pool_->ponderhit();
}

void Engine::wait() {
  if (thread_.joinable()) thread_.join();
}

SearchResult Engine::search(const SearchLimits& limits) {
  SearchResult result;
  go(limits, {nullptr, [&result](const SearchResult& r) { result = r; }});
  wait();
  return result;
}

}  // namespace engine
