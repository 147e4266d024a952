// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/uci/uci.h"

#include <charconv>
#include <istream>
#include <ostream>

#include "engine/fen.h"
#include "engine/movegen.h"
#include "engine/nnue/network.h"
#include "engine/perft.h"
#include "engine/text.h"
#include "engine/uci/uci_format.h"
#include "engine/uci/uci_parse.h"
#include "paxbot_version.h"

namespace engine::uci {
namespace {

constexpr int kMaxHashMb = 65536;
constexpr int kMaxThreads = 256;
constexpr int kMaxTablebasePieces = 7;
constexpr int kMaxGaviotaCacheMb = 4096;

// UCI GUIs send "<empty>" for an empty string option.
std::string string_value(const SetOption& option) {
  return option.value == "<empty>" ? std::string() : option.value;
}

// Reads a spin option value within [min, max], or says why not.
std::expected<int, std::string> spin_value(const SetOption& option, int min, int max) {
  long long v = 0;
  const std::string& text = option.value;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (error == std::errc() && end == text.data() + text.size() && v >= min && v <= max)
    return int(v);
  return std::unexpected(cat("option ", option.name, ": '", option.value,
                             "' is not a whole number in ", min, "..", max));
}

std::expected<bool, std::string> check_value(const SetOption& option) {
  if (same_name(option.value, "true")) return true;
  if (same_name(option.value, "false")) return false;
  return std::unexpected(
      cat("option ", option.name, ": '", option.value, "' is not true or false"));
}

}  // namespace

UciAdapter::UciAdapter(std::istream& in, std::ostream& out) : in_(in), out_(out) {
  // std::cin is tied to std::cout: every read would flush the output from the reading
  // thread, outside out_mutex_, racing with the search thread's writes (lines came out
  // twice). All output is flushed explicitly by send().
  in_.tie(nullptr);
}

UciAdapter::~UciAdapter() {
  engine_.stop();
  engine_.wait();
}

void UciAdapter::send(std::string_view line) {
  std::lock_guard lock(out_mutex_);
  out_ << line << '\n';
  out_.flush();
}

int UciAdapter::run() {
  std::string line;
  while (std::getline(in_, line))
    if (!handle(line)) return 0;
  // End of input counts as quit: finish (and report) a running search first.
  engine_.stop();
  engine_.wait();
  return 0;
}

bool UciAdapter::handle(std::string_view line) {
  const std::vector<std::string> tokens = tokenize(line);
  if (tokens.empty()) return true;
  const std::string& command = tokens[0];
  if (command == "uci") {
    identify();
  } else if (command == "isready") {
    send("readyok");
  } else if (command == "ucinewgame") {
    engine_.new_game();
  } else if (command == "setoption") {
    set_option(tokens);
  } else if (command == "position") {
    set_position(tokens);
  } else if (command == "go") {
    go(tokens);
  } else if (command == "stop") {
    engine_.stop();
  } else if (command == "ponderhit") {
    engine_.ponderhit();
  } else if (command == "quit") {
    engine_.stop();
    engine_.wait();
    return false;
  } else if (command == "d") {
    show_board();
  } else if (command == "debug" || command == "register") {
    // Accepted and ignored, as the protocol allows.
  } else {
    send(cat("info string unknown command '", command, "' ignored"));
  }
  return true;
}

void UciAdapter::identify() {
  send(cat("id name paxbot ", PAXBOT_VERSION));
  send("id author the paxbot authors");
  const EngineOptions& o = engine_.options();
  send(cat("option name Hash type spin default ", o.hash_mb, " min 1 max ", kMaxHashMb));
  send(cat("option name Threads type spin default ", o.threads, " min 1 max ", kMaxThreads));
  send(cat("option name Move Overhead type spin default ", move_overhead_ms_, " min 0 max 10000"));
  send("option name Ponder type check default false");
  send("option name UCI_Chess960 type check default false");
  send("option name UCI_Variant type combo default chess var chess var pacifist");
  for (const std::string& line : book_.option_lines()) send(line);
  send("option name SyzygyPath type string default <empty>");
  send(cat("option name SyzygyProbeLimit type spin default ", tb_settings_.max_pieces,
           " min 0 max ", kMaxTablebasePieces));
  send("option name GaviotaTbPath type string default <empty>");
  send(cat("option name GaviotaTbCache type spin default ", tb_settings_.gaviota_cache_mb,
           " min 1 max ", kMaxGaviotaCacheMb));
  send("option name EvalFile type string default <empty>");
  send("uciok");
}

void UciAdapter::set_option(const std::vector<std::string>& tokens) {
  auto option = parse_setoption(tokens);
  if (!option) return send("info string " + option.error());
  // Before anything holds a copy of the engine's options (and so of the open tables).
  if (set_tablebase_option(*option)) return;
  const std::string& name = option->name;
  EngineOptions engine_options = engine_.options();
  std::expected<void, std::string> outcome;
  if (same_name(name, "Hash")) {
    auto v = spin_value(*option, 1, kMaxHashMb);
    if (!v) return send("info string " + v.error());
    engine_options.hash_mb = *v;
    engine_.set_options(engine_options);
  } else if (same_name(name, "Threads")) {
    auto v = spin_value(*option, 1, kMaxThreads);
    if (!v) return send("info string " + v.error());
    engine_options.threads = *v;
    engine_.set_options(engine_options);
  } else if (same_name(name, "Move Overhead")) {
    auto v = spin_value(*option, 0, 10000);
    if (!v) return send("info string " + v.error());
    move_overhead_ms_ = *v;
  } else if (same_name(name, "Ponder")) {
    if (auto v = check_value(*option); !v) return send("info string " + v.error());
  } else if (same_name(name, "UCI_Chess960")) {
    auto v = check_value(*option);
    if (!v) return send("info string " + v.error());
    chess960_ = *v;
    reset_position();
  } else if (same_name(name, "UCI_Variant")) {
    if (same_name(option->value, "chess") || same_name(option->value, "standard"))
      pacifist_ = false;
    else if (same_name(option->value, "pacifist"))
      pacifist_ = true;
    else
      return send(cat("info string UCI_Variant '", option->value,
                      "' is not supported; expected chess or pacifist"));
    reset_position();
  } else if (same_name(name, "EvalFile")) {
    set_eval_file(string_value(*option));
  } else if (auto replies = book_.set_option(*option)) {
    for (const std::string& line : *replies) send(line);
  } else {
    send(cat("info string unknown option '", name, "' ignored"));
  }
}

void UciAdapter::set_eval_file(const std::string& path) {
  EngineOptions options = engine_.options();
  if (path.empty()) {
    options.network = nullptr;
    engine_.set_options(options);
    return send("info string EvalFile: the classical evaluation");
  }
  auto network = nnue::load_network(path);
  if (!network) {
    const std::string kept = options.network ? "the network loaded before" : "the classical one";
    return send(cat("info string EvalFile ", network.error(), "; the evaluation stays ", kept));
  }
  const int hidden = network->hidden;
  options.network = std::make_shared<const nnue::Network>(std::move(*network));
  engine_.set_options(options);
  send(cat("info string EvalFile ", path, ": a network with ", hidden, " hidden units"));
}

bool UciAdapter::set_tablebase_option(const SetOption& option) {
  const std::string& name = option.name;
  if (same_name(name, "SyzygyPath")) {
    tb_settings_.syzygy_path = string_value(option);
  } else if (same_name(name, "GaviotaTbPath")) {
    tb_settings_.gaviota_path = string_value(option);
  } else if (same_name(name, "SyzygyProbeLimit") || same_name(name, "GaviotaTbCache")) {
    const bool limit = same_name(name, "SyzygyProbeLimit");
    auto v = limit ? spin_value(option, 0, kMaxTablebasePieces)
                   : spin_value(option, 1, kMaxGaviotaCacheMb);
    if (!v) {
      send("info string " + v.error());
      return true;
    }
    (limit ? tb_settings_.max_pieces : tb_settings_.gaviota_cache_mb) = *v;
  } else {
    return false;
  }
  reopen_tablebases();
  return true;
}

void UciAdapter::reopen_tablebases() {
  EngineOptions options = engine_.options();
  // The old tables close first (the libraries hold one set per process).
  options.tablebases = nullptr;
  engine_.set_options(options);
  auto opened = tablebase::Tablebases::open(tb_settings_);
  for (const std::string& message : opened.messages) send("info string " + message);
  if (!opened.tables) return;
  send("info string tablebases: " + opened.tables->summary());
  options.tablebases = std::move(opened.tables);
  engine_.set_options(options);
}

Variant UciAdapter::variant() const {
  if (pacifist_) return Variant::Pacifist;
  return chess960_ ? Variant::Chess960 : Variant::Standard;
}

void UciAdapter::reset_position() {
  if (auto set = engine_.set_position(variant(), "startpos", {}); !set)
    send("info string " + set.error());
}

void UciAdapter::set_position(const std::vector<std::string>& tokens) {
  auto command = parse_position(tokens);
  if (!command) return send("info string " + command.error() + "; position unchanged");
  if (auto set = engine_.set_position(variant(), command->start, command->moves); !set)
    send("info string " + set.error() + "; position unchanged");
}

void UciAdapter::go(const std::vector<std::string>& tokens) {
  GoCommand command = parse_go(tokens);
  for (const std::string& problem : command.problems) send("info string " + problem);
  if (command.perft_depth) return perft(*command.perft_depth);
  command.limits.move_overhead_ms = move_overhead_ms_;
  const Position root = engine_.position();
  const CastlingNotation notation = castling_notation();
  if (!command.limits.infinite && !command.limits.ponder && play_book_move(root)) return;
  SearchCallbacks callbacks;
  callbacks.on_info = [this, root, notation](const SearchInfo& info) {
    send(format_info(root, info, notation));
  };
  callbacks.on_best_move = [this, root, notation](const SearchResult& result) {
    send(format_best_move(root, result, notation));
  };
  engine_.go(command.limits, std::move(callbacks));
}

bool UciAdapter::play_book_move(const Position& root) {
  auto probe = book_.probe(root);
  if (!probe) return false;
  for (const std::string& line : probe->ignored) send("info string " + line);
  if (!probe->move) return false;
  engine_.stop();
  engine_.wait();  // a finished search's bestmove goes out before ours
  const std::string move = move_to_uci(root, *probe->move, castling_notation());
  send(cat("info string book move ", move, " weight ", probe->weight));
  send("bestmove " + move);
  return true;
}

void UciAdapter::perft(int depth) {
  engine_.stop();
  engine_.wait();
  Position pos = engine_.position();
  std::uint64_t total = depth == 0 ? 1 : 0;
  if (depth > 0)
    for (auto [move, count] : perft_divide(pos, depth)) {
      send(cat(move_to_uci(pos, move, castling_notation()), ": ", count));
      total += count;
    }
  send("");
  send(cat("Nodes searched: ", total));
}

void UciAdapter::show_board() {
  const Position& pos = engine_.position();
  send(pos.to_text() + "fen " + to_fen(pos));
}

}  // namespace engine::uci
