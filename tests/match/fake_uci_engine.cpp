// SPDX-License-Identifier: GPL-3.0-or-later
// A fake UCI engine for the match runner's tests (a process boundary): it plays seeded random
// legal moves with our rules engine and, on request, misbehaves after a number of its own
// moves. Arguments (key=value):
//   mode=random|crash|hang|illegal|slow|silent   what to do once `after` moves were played
//        (crash: exit at the next go; hang: never answer the go; illegal: name a move of the
//        opponent's piece; slow: sleep 300 ms past its own clock, then move; silent: never
//        answer "uci")
//   after=N   own moves played normally first (default 0)
//   score=CP  the score reported before every bestmove (default 0)
//   seed=S    seed of the move choice (default 1)
//   strict-castling=1  exit with code 3 when a standard game's castling move arrives in
//        king-takes-rook notation (the runner must send e1g1 there)
//   ponder-seed=S  offer the Ponder option and name, after each bestmove, the reply a fake
//        with seed S would play. "go ponder" waits for "ponderhit" or "stop", then answers.
//        Exits with code 5 on a protocol error: position, go or ponderhit out of turn.
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <map>
#include <random>
#include <string>
#include <thread>

#include "engine/fen.h"
#include "engine/game.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/uci/uci_parse.h"

namespace {

using namespace engine;

// The seeded random legal move of a fake with `seed`, or none.
Move random_move(const Position& pos, unsigned seed) {
  const MoveList moves = legal_moves(pos);
  if (moves.empty()) return Move::none();
  std::mt19937 rng(seed ^ unsigned(pos.key()) ^ unsigned(pos.key() >> 32));
  return moves[rng() % moves.size()];
}

std::string opponent_move(const Position& pos) {
  const Bitboard theirs = pos.pieces(~pos.side_to_move());
  const Square from = lsb(theirs);
  const Square to = from == 0 ? 1 : from - 1;
  return move_to_uci(pos, Move(from, to));
}

}  // namespace

int main(int argc, char** argv) {
  std::map<std::string, std::string> args;
  for (int i = 1; i < argc; ++i) {
    std::string word = argv[i];
    const auto eq = word.find('=');
    args[word.substr(0, eq)] = eq == std::string::npos ? "" : word.substr(eq + 1);
  }
  auto get = [&](const std::string& key, const std::string& fallback) {
    auto it = args.find(key);
    return it == args.end() ? fallback : it->second;
  };
  const std::string mode = get("mode", "random");
  const int after = std::atoi(get("after", "0").c_str());
  const std::string score = get("score", "0");
  const unsigned seed = unsigned(std::atoi(get("seed", "1").c_str()));
  const bool strict_castling = get("strict-castling", "0") == "1";
  const std::string ponder_seed = get("ponder-seed", "");

  bool chess960 = false, pacifist = false, pondering = false;
  Position pos = *parse_fen("startpos", Variant::Standard);
  int played = 0;
  auto answer = [&] {
    std::cout << "info depth 1 score cp " << score << " nodes 1 pv" << std::endl;
    const Move m = random_move(pos, seed);
    if (m == Move::none()) {
      std::cout << "bestmove 0000" << std::endl;
      return;
    }
    const auto notation =
        chess960 || pacifist ? CastlingNotation::KingTakesRook : CastlingNotation::KingDestination;
    std::cout << "bestmove " << move_to_uci(pos, m, notation);
    if (!ponder_seed.empty()) {
      Position after = pos;
      UndoRecord undo;
      after.make_move(m, undo);
      const Move reply = random_move(after, unsigned(std::atoi(ponder_seed.c_str())));
      if (reply != Move::none()) std::cout << " ponder " << move_to_uci(after, reply, notation);
    }
    std::cout << std::endl;
  };
  std::string line;
  while (std::getline(std::cin, line)) {
    const auto t = uci::tokenize(line);
    if (t.empty()) continue;
    if (t[0] == "uci") {
      if (mode == "silent") continue;
      std::cout << "id name fake\noption name UCI_Chess960 type check default false\n"
                << "option name UCI_Variant type combo default chess var chess var pacifist\n";
      if (!ponder_seed.empty()) std::cout << "option name Ponder type check default false\n";
      std::cout << "uciok" << std::endl;
    } else if (t[0] == "isready") {
      std::cout << "readyok" << std::endl;
    } else if (t[0] == "setoption") {
      auto option = uci::parse_setoption(t);
      if (!option) continue;
      if (option->name == "UCI_Chess960") chess960 = option->value == "true";
      if (option->name == "UCI_Variant") pacifist = option->value == "pacifist";
    } else if (t[0] == "position") {
      if (pondering) return 5;
      auto command = uci::parse_position(t);
      const Variant variant = pacifist   ? Variant::Pacifist
                              : chess960 ? Variant::Chess960
                                         : Variant::Standard;
      if (!command) return 4;
      auto start = parse_fen(command->start, variant);
      if (!start) return 4;
      pos = *start;
      for (const std::string& text : command->moves) {
        auto move = parse_uci_move(pos, text);
        if (!move) return 4;
        if (strict_castling && variant == Variant::Standard && move->kind() == MoveKind::Castling &&
            text != move_to_uci(pos, *move, CastlingNotation::KingDestination))
          return 3;
        UndoRecord undo;
        pos.make_move(*move, undo);
      }
    } else if (t[0] == "go") {
      if (pondering) return 5;
      if (t.size() > 1 && t[1] == "ponder") {
        pondering = true;
        continue;
      }
      const bool misbehave = mode != "random" && played >= after;
      ++played;
      if (misbehave && mode == "crash") return 1;
      if (misbehave && mode == "hang") continue;
      if (misbehave && mode == "slow") {
        const std::string own = pos.side_to_move() == White ? "wtime" : "btime";
        int clock_ms = 1000;
        for (std::size_t i = 1; i + 1 < t.size(); ++i)
          if (t[i] == own) clock_ms = std::atoi(t[i + 1].c_str());
        std::this_thread::sleep_for(std::chrono::milliseconds(clock_ms + 300));
      }
      if (misbehave && mode == "illegal") {
        std::cout << "info depth 1 score cp " << score << " nodes 1 pv" << std::endl;
        std::cout << "bestmove " << opponent_move(pos) << std::endl;
        continue;
      }
      answer();
    } else if (t[0] == "ponderhit" || t[0] == "stop") {
      if (!pondering) {
        if (t[0] == "ponderhit") return 5;
        continue;
      }
      pondering = false;
      answer();
    } else if (t[0] == "quit") {
      return 0;
    }
  }
  return 0;
}
