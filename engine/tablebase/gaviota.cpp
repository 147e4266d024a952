// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/tablebase/gaviota.h"

#include <algorithm>
#include <array>
#include <cstddef>

#include "engine/tablebase/probe_input.h"
#include "engine/tablebase/table_paths.h"
#include "engine/text.h"

#if PAXBOT_HAVE_GAVIOTA
#include <gtb-probe.h>

// Gaviota's tb_init under the name the build gives it (Fathom exports a tb_init too; see
// engine/CMakeLists.txt).
extern "C" char* paxbot_gaviota_tb_init(int verbosity, int compression_scheme, const char** paths);
#endif

namespace engine::tablebase {

#if PAXBOT_HAVE_GAVIOTA

static_assert(kGaviotaWhiteToMove == tb_WHITE_TO_MOVE && kGaviotaBlackToMove == tb_BLACK_TO_MOVE);
static_assert(kGaviotaNoSquare == tb_NOSQUARE && kGaviotaNoPiece == tb_NOPIECE);
static_assert(kGaviotaNoCastling == tb_NOCASTLE);
static_assert(gaviota_piece(Pawn) == tb_PAWN && gaviota_piece(Knight) == tb_KNIGHT &&
              gaviota_piece(Bishop) == tb_BISHOP && gaviota_piece(Rook) == tb_ROOK &&
              gaviota_piece(Queen) == tb_QUEEN && gaviota_piece(King) == tb_KING);
static_assert(tb_A1 == 0 && tb_H1 == 7 && tb_A8 == 56 && tb_H8 == 63);

namespace {

constexpr int kWdlCachePercent = 96;  // share of the cache for win/draw/loss bits (library advice)

// The compression scheme of the files found (one scheme per set of paths), 0 for none.
int compression_scheme(const std::vector<TableDirectory>& dirs) {
  for (int scheme = tb_CP4; scheme >= tb_CP1; --scheme) {
    const std::string suffix = cat(".gtb.cp", scheme);
    for (const TableDirectory& dir : dirs)
      if (std::ranges::any_of(dir.files, [&](const std::string& f) { return f.ends_with(suffix); }))
        return scheme;
  }
  return 0;
}

}  // namespace

bool GaviotaTables::compiled_in() {
  return true;
}

std::unique_ptr<GaviotaTables> GaviotaTables::open(const std::string& path, int cache_mb,
                                                   std::vector<std::string>& messages) {
  const auto dirs = scan_table_directories(
      "Gaviota", path, {".gtb.cp1", ".gtb.cp2", ".gtb.cp3", ".gtb.cp4"}, messages);
  if (dirs.empty()) return nullptr;
  const int scheme = compression_scheme(dirs);
  if (scheme == 0) {
    messages.push_back(cat("Gaviota tablebase path '", path, "': no table files (*.gtb.cp1-4)"));
    return nullptr;
  }
  if (tb_is_initialized()) {
    messages.push_back(cat("Gaviota tablebase path '", path,
                           "' ignored: tables are already open in this process"));
    return nullptr;
  }
  const char** paths = tbpaths_init();
  for (const TableDirectory& dir : dirs) paths = tbpaths_add(paths, dir.path.c_str());
  paxbot_gaviota_tb_init(0, scheme, paths);
  tbcache_init(std::size_t(std::max(1, cache_mb)) << 20, kWdlCachePercent);
  const unsigned available = tb_availability();
  const int pieces = available & 16 ? 5 : available & 4 ? 4 : available & 1 ? 3 : 0;
  if (!tb_is_initialized() || pieces == 0) {
    tbcache_done();
    tb_done();
    tbpaths_done(paths);
    messages.push_back(cat("Gaviota tablebase path '", path, "': no usable tables"));
    return nullptr;
  }
  return std::unique_ptr<GaviotaTables>(new GaviotaTables(pieces, paths));
}

GaviotaTables::~GaviotaTables() {
  tbcache_done();
  tb_done();
  tbpaths_done(paths_);
}

std::optional<Dtm> GaviotaTables::probe(const Position& pos) const {
  if (!probe_allowed(pos) || piece_count(pos) > max_pieces_) return std::nullopt;
  const GaviotaInput in = to_gaviota(pos);
  unsigned info = tb_UNKNOWN, plies = 0;
  const int ok = tb_probe_hard(in.side_to_move, in.ep_square, in.castling, in.white_squares.data(),
                               in.black_squares.data(), in.white_pieces.data(),
                               in.black_pieces.data(), &info, &plies);
  if (!ok) return std::nullopt;
  if (info == tb_DRAW) return Dtm{Dtm::Outcome::Draw, 0};
  if (info != tb_WMATE && info != tb_BMATE) return std::nullopt;
  const bool white_wins = info == tb_WMATE;
  const bool we_win = white_wins == (pos.side_to_move() == White);
  return Dtm{we_win ? Dtm::Outcome::Win : Dtm::Outcome::Loss, int(plies)};
}

#else

bool GaviotaTables::compiled_in() {
  return false;
}

std::unique_ptr<GaviotaTables> GaviotaTables::open(const std::string& path, int,
                                                   std::vector<std::string>& messages) {
  messages.push_back(cat("Gaviota tablebase path '", path,
                         "' ignored: paxbot was built without libgaviotatb (libgaviotatb-dev)"));
  return nullptr;
}

GaviotaTables::~GaviotaTables() = default;

std::optional<Dtm> GaviotaTables::probe(const Position&) const {
  return std::nullopt;
}

#endif

}  // namespace engine::tablebase
