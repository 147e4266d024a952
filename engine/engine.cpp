#include "engine/engine.h"

#include "engine/fen.h"
#include "engine/notation.h"
#include "engine/search/search_pool.h"
#include "engine/text.h"

namespace engine {

Engine::Engine(EngineOptions options)
    : options_(options),
      position_(*parse_fen(kStartFen, Variant::Standard)),
      pool_(std::make_unique<search::SearchPool>(options.hash_mb, options.threads)) {}

Engine::~Engine() {
  stop();
  wait();
}

void Engine::set_options(EngineOptions options) {
  stop();
  wait();
  options_ = options;
  pool_->configure(options.hash_mb, options.threads);
}

std::expected<void, std::string> Engine::set_position(Variant variant, std::string_view start,
                                                      const std::vector<std::string>& uci_moves) {
  auto pos = parse_fen(start.empty() ? std::string_view("startpos") : start, variant);
  if (!pos) return std::unexpected(cat("start position: ", pos.error()));
  int number = 0;
  for (const std::string& text : uci_moves) {
    ++number;
    auto move = parse_uci_move(*pos, text);
    if (!move) return std::unexpected(cat("move ", number, ": ", move.error()));
    UndoRecord undo;
    pos->make_move(*move, undo);
  }
  position_ = std::move(*pos);
  return {};
}

void Engine::new_game() {
  stop();
  wait();
  pool_->clear();
}

void Engine::go(const SearchLimits& limits, SearchCallbacks callbacks) {
  stop();
  wait();
  pool_->prepare(limits);
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
