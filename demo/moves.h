// SPDX-License-Identifier: GPL-3.0-or-later
// How the demo players pick their moves: the built-in engine (engine/engine.h)
// with a short fixed think time. One MoveChooser per game; not thread-safe.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/types.h"

namespace engine {
class Engine;
}

namespace demo {

class MoveChooser {
 public:
  explicit MoveChooser(int movetime_ms);
  ~MoveChooser();
  MoveChooser(const MoveChooser&) = delete;
  MoveChooser& operator=(const MoveChooser&) = delete;

  // The move to play in UCI (king-takes-rook castling) after `moves` from `initial_fen`
  // ("startpos" or a FEN); "" when there is no legal move or the record is unreadable.
  std::string choose(engine::Variant variant, const std::string& initial_fen,
                     const std::vector<std::string>& moves);

 private:
  std::unique_ptr<engine::Engine> engine_;
  int movetime_ms_;
};

}  // namespace demo
