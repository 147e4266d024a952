// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/bench.h"

#include <chrono>
#include <ostream>

#include "engine/engine.h"
#include "engine/notation.h"
#include "engine/variant.h"

namespace engine {

const std::vector<BenchPosition>& bench_positions() {
  static const std::vector<BenchPosition> positions = {
      // Standard chess: openings, middlegames, endgames.
      {Variant::Standard, "startpos"},
      {Variant::Standard, "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"},
      {Variant::Standard, "rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R w KQkq - 1 5"},
      {Variant::Standard, "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2PP1N2/PP3PPP/RNBQ1RK1 w - - 0 7"},
      {Variant::Standard, "r2q1rk1/pp1bbppp/2n1pn2/3p4/2PP4/2N1PN2/PP1BBPPP/R2Q1RK1 w - - 4 10"},
      {Variant::Standard, "2rq1rk1/pp3ppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/2RQ1RK1 b - - 3 14"},
      {Variant::Standard, "r4rk1/1b2qppp/p3pn2/1p6/3N4/P1B1P3/1P2QPPP/2R2RK1 w - - 2 19"},
      {Variant::Standard, "6k1/5pp1/4p2p/3pP3/1r1P4/5N2/5PPP/2R3K1 w - - 0 30"},
      {Variant::Standard, "8/5k2/3p4/1p1Pp2p/pP2Pp1P/P4P1K/8/8 b - - 0 50"},
      {Variant::Standard, "8/8/1p2k3/p3p3/P1P1P3/1P2K3/8/8 w - - 0 45"},
      {Variant::Standard, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
      {Variant::Standard, "4r1k1/pp3ppp/2p5/8/2P1n3/1P2B1P1/P3PP1P/3R2K1 w - - 0 25"},
      {Variant::Standard, "3r2k1/p4p1p/1p4p1/2pRb3/2P5/1P2B1P1/P4P1P/6K1 b - - 0 28"},
      {Variant::Standard, "8/3k4/8/2K5/8/8/5Q2/8 w - - 0 1"},
      // Chess960 starts with castling rights on inner rook files.
      {Variant::Chess960, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"},
      {Variant::Chess960, "nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKRN w GBgb - 0 1"},
      // Pacifist: the start, the rules' diagrams and positions from play.
      {Variant::Pacifist, "startpos"},
      {Variant::Pacifist, "rkqn1rb1/ppppppbp/P7/1n4p1/8/4N3/1PPPPPPP/RNK1BBQR w - - 0 1"},
      {Variant::Pacifist, "1rknn1br/p1pp1p1p/3bp1p1/1p1q2n1/5p2/2P4B/pP1PP1PP/B1RKR1QN w - - 0 1"},
      {Variant::Pacifist, "nbr1b1qr/ppppKppp/7n/4pN2/K3P3/P7/QPPP1PPP/B1R1RBN1 b - - 0 1"},
      {Variant::Pacifist, "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"},
      {Variant::Pacifist, "rnbqkbnr/ppp2ppp/8/3pp3/4P3/3P1N2/PPP2PPP/RNBQKB1R w KQkq - 0 3"},
  };
  return positions;
}

BenchResult run_bench(const BenchOptions& options, std::ostream* progress) {
  Engine engine(EngineOptions{options.hash_mb, 1, nullptr, options.network});
  BenchResult total;
  const auto start = std::chrono::steady_clock::now();
  int index = 0;
  for (const BenchPosition& p : bench_positions()) {
    ++index;
    engine.new_game();
    if (auto set = engine.set_position(p.variant, p.fen, {}); !set) {
      if (progress) *progress << "position " << index << ": " << set.error() << "\n";
      continue;
    }
    SearchLimits limits;
    limits.depth = p.variant == Variant::Pacifist ? options.pacifist_depth : options.chess_depth;
    const SearchResult result = engine.search(limits);
    total.nodes += result.info.nodes;
    if (progress)
      *progress << "position " << index << " (" << variant_name(p.variant) << "): bestmove "
                << move_to_uci(engine.position(), result.best) << " nodes " << result.info.nodes
                << "\n";
  }
  total.time_ms = int(std::chrono::duration_cast<std::chrono::milliseconds>(
                          std::chrono::steady_clock::now() - start)
                          .count());
  total.nodes_per_second = total.nodes * 1000 / std::uint64_t(std::max(1, total.time_ms));
  return total;
}

}  // namespace engine
