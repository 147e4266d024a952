// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/tablebase/syzygy.h"

#include <array>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <system_error>

#include "engine/movegen.h"
#include "engine/tablebase/probe_input.h"
#include "engine/tablebase/table_paths.h"
#include "engine/text.h"

#if PAXBOT_HAVE_FATHOM
#include <tbprobe.h>
#endif

namespace engine::tablebase {
namespace {

// The Syzygy file format: a table file is 16 bytes of header plus whole 64-byte blocks and
// starts with a 4-byte magic number (WDL and DTZ files differ).
constexpr std::array<unsigned char, 4> kWdlMagic{0x71, 0xE8, 0x23, 0x5D};
constexpr std::array<unsigned char, 4> kDtzMagic{0xD7, 0x66, 0x0C, 0xA5};

// Checks a table file's size and magic number; an empty string when it looks sound.
[[maybe_unused]] std::string file_problem(const std::string& file) {
  std::error_code ec;
  const std::uintmax_t size = std::filesystem::file_size(file, ec);
  if (ec) return cat("cannot read (", ec.message(), ")");
  if (size % 64 != 16) return cat("truncated or not a Syzygy table (", size, " bytes)");
  std::ifstream in(file, std::ios::binary);
  std::array<unsigned char, 4> magic{};
  if (!in.read(reinterpret_cast<char*>(magic.data()), magic.size())) return "cannot read";
  const bool wdl = file.ends_with(".rtbw");
  if (magic != (wdl ? kWdlMagic : kDtzMagic))
    return cat("not a Syzygy ", wdl ? "WDL" : "DTZ", " table (wrong magic number)");
  return {};
}

}  // namespace

#if PAXBOT_HAVE_FATHOM

namespace {

Wdl to_wdl(unsigned v) {
  switch (v) {
    case TB_LOSS:
      return Wdl::Loss;
    case TB_BLESSED_LOSS:
      return Wdl::BlessedLoss;
    case TB_DRAW:
      return Wdl::Draw;
    case TB_CURSED_WIN:
      return Wdl::CursedWin;
    default:
      return Wdl::Win;
  }
}

PieceType promotion_of(unsigned promotes) {
  switch (promotes) {
    case TB_PROMOTES_QUEEN:
      return Queen;
    case TB_PROMOTES_ROOK:
      return Rook;
    case TB_PROMOTES_BISHOP:
      return Bishop;
    case TB_PROMOTES_KNIGHT:
      return Knight;
    default:
      return NoPieceType;
  }
}

}  // namespace

bool SyzygyTables::compiled_in() {
  return true;
}

std::unique_ptr<SyzygyTables> SyzygyTables::open(const std::string& path,
                                                 std::vector<std::string>& messages) {
  const auto dirs = scan_table_directories("Syzygy", path, {".rtbw", ".rtbz"}, messages);
  // Fathom crashes on a damaged file (it frees a table twice after its magic-number check
  // fails), so a directory holding one is not passed to it at all.
  std::string usable;
  std::size_t files = 0;
  for (const TableDirectory& dir : dirs) {
    bool damaged = false;
    for (const std::string& file : dir.files)
      if (std::string problem = file_problem(file); !problem.empty()) {
        messages.push_back(cat("Syzygy table '", file, "': ", problem));
        damaged = true;
      }
    if (damaged) {
      messages.push_back(
          cat("Syzygy tablebase path '", dir.path, "' not used: it holds a damaged table file"));
      continue;
    }
    files += dir.files.size();
    if (!usable.empty()) usable += ':';
    usable += dir.path;
  }
  if (dirs.empty() || usable.empty()) return nullptr;
  if (files == 0) {
    messages.push_back(cat("Syzygy tablebase path '", path, "': no table files (*.rtbw, *.rtbz)"));
    return nullptr;
  }
  if (TB_LARGEST > 0) {
    messages.push_back(
        cat("Syzygy tablebase path '", path, "' ignored: tables are already open in this process"));
    return nullptr;
  }
  if (!tb_init(usable.c_str())) {
    messages.push_back(cat("Syzygy tablebase path '", path, "': Fathom could not open it"));
    return nullptr;
  }
  if (TB_LARGEST == 0) {
    tb_free();
    messages.push_back(cat("Syzygy tablebase path '", path, "': no usable tables"));
    return nullptr;
  }
  return std::unique_ptr<SyzygyTables>(new SyzygyTables(int(TB_LARGEST)));
}

SyzygyTables::~SyzygyTables() {
  tb_free();
}

std::optional<Wdl> SyzygyTables::probe_wdl(const Position& pos) const {
  if (!probe_allowed(pos) || piece_count(pos) > max_pieces_ || pos.rule50() != 0)
    return std::nullopt;
  const FathomInput in = to_fathom(pos);
  const unsigned v =
      tb_probe_wdl(in.white, in.black, in.kings, in.queens, in.rooks, in.bishops, in.knights,
                   in.pawns, in.rule50, in.castling, in.ep, in.white_to_move);
  if (v == TB_RESULT_FAILED) return std::nullopt;
  return to_wdl(v);
}

std::optional<SyzygyRootMove> SyzygyTables::probe_root(const Position& pos) const {
  if (!probe_allowed(pos) || piece_count(pos) > max_pieces_) return std::nullopt;
  const FathomInput in = to_fathom(pos);
  unsigned v = 0;
  {
    std::lock_guard lock(root_mutex_);
    v = tb_probe_root(in.white, in.black, in.kings, in.queens, in.rooks, in.bishops, in.knights,
                      in.pawns, in.rule50, in.castling, in.ep, in.white_to_move, nullptr);
  }
  if (v == TB_RESULT_FAILED || v == TB_RESULT_CHECKMATE || v == TB_RESULT_STALEMATE)
    return std::nullopt;
  const Square from = Square(TB_GET_FROM(v)), to = Square(TB_GET_TO(v));
  const PieceType promotion = promotion_of(TB_GET_PROMOTES(v));
  for (Move m : legal_moves(pos)) {
    if (m.from() != from || m.to() != to) continue;
    const bool promotes = m.kind() == MoveKind::Promotion;
    if (promotes != (promotion != NoPieceType) || (promotes && m.promotion() != promotion))
      continue;
    return SyzygyRootMove{m, to_wdl(TB_GET_WDL(v)), int(TB_GET_DTZ(v))};
  }
  return std::nullopt;
}

#else

bool SyzygyTables::compiled_in() {
  return false;
}

std::unique_ptr<SyzygyTables> SyzygyTables::open(const std::string& path,
                                                 std::vector<std::string>& messages) {
  messages.push_back(cat("Syzygy tablebase path '", path,
                         "' ignored: paxbot was built without Fathom (libfathom-dev)"));
  return nullptr;
}

SyzygyTables::~SyzygyTables() = default;

std::optional<Wdl> SyzygyTables::probe_wdl(const Position&) const {
  return std::nullopt;
}

std::optional<SyzygyRootMove> SyzygyTables::probe_root(const Position&) const {
  return std::nullopt;
}

#endif

}  // namespace engine::tablebase
