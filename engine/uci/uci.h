// SPDX-License-Identifier: GPL-3.0-or-later
// The UCI adapter: a thin text protocol layer over one Engine. It reads
// commands from an istream and writes replies to an ostream, so tests can
// script whole sessions.
//
// Commands: uci, isready, ucinewgame, setoption, position, go (depth, nodes,
// movetime, wtime/btime/winc/binc/movestogo, infinite, ponder, mate, perft),
// stop, ponderhit, quit, plus "d" (print the board). Options: Hash, Threads,
// Move Overhead, Ponder, UCI_Chess960, UCI_Variant (chess, pacifist), SyzygyPath,
// SyzygyProbeLimit, GaviotaTbPath, GaviotaTbCache (the tables are reopened when one
// changes; problems are reported as "info string"), and the book options of
// engine/uci/uci_book.h (OwnBook, BookFile, ...): with OwnBook on, go answers a book
// move at once, without searching (except go infinite and go ponder, which always search).
// EvalFile (a network file of engine/nnue/network.h; empty: the classical evaluation) is
// loaded when set; a file that does not load is reported and the evaluation stays as it was.
// Lines it cannot use are answered with "info string" and otherwise ignored.
//
// Thread contract: run() (or handle()) on one thread; the engine's search thread
// writes info and bestmove lines; all output goes through one mutex. The adapter
// unties `in` from any output stream (reads must not flush `out` behind the mutex).
#pragma once

#include <iosfwd>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "engine/engine.h"
#include "engine/notation.h"
#include "engine/tablebase/tablebases.h"
#include "engine/uci/uci_book.h"
#include "engine/uci/uci_parse.h"

namespace engine::uci {

class UciAdapter {
 public:
  UciAdapter(std::istream& in, std::ostream& out);
  ~UciAdapter();

  // Reads commands until "quit" or the end of input; returns the exit code.
  int run();
  // Handles one command line; false after "quit".
  bool handle(std::string_view line);

 private:
  void send(std::string_view line);
  void identify();
  void set_option(const std::vector<std::string>& tokens);
  void set_position(const std::vector<std::string>& tokens);
  void go(const std::vector<std::string>& tokens);
  // Answers go with a book move when OwnBook is on and the book knows root.
  bool play_book_move(const Position& root);
  void perft(int depth);
  void show_board();
  Variant variant() const;
  CastlingNotation castling_notation() const {
    return chess960_ ? CastlingNotation::KingTakesRook : CastlingNotation::KingDestination;
  }
  // The start position again, after a variant change.
  void reset_position();
  // SyzygyPath, SyzygyProbeLimit, GaviotaTbPath, GaviotaTbCache; false for other options.
  bool set_tablebase_option(const SetOption& option);
  // Closes the tables and opens them again from tb_settings_.
  void reopen_tablebases();
  // EvalFile: loads the network at path (empty: back to the classical evaluation).
  void set_eval_file(const std::string& path);

  std::istream& in_;
  std::ostream& out_;
  std::mutex out_mutex_;
  Engine engine_;
  UciBook book_;
  int move_overhead_ms_ = 10;
  bool chess960_ = false;
  bool pacifist_ = false;
  tablebase::Settings tb_settings_;
};

}  // namespace engine::uci
