// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/uci/uci_book.h"

#include <charconv>
#include <random>

#include "engine/text.h"

namespace engine::uci {
namespace {

constexpr int kMaxWeight = 65535;  // the format's weight field is 16 bits
constexpr int kMaxBookDepth = 1000;

std::optional<int> whole_number(const std::string& text, int min, int max) {
  int v = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (error != std::errc() || end != text.data() + text.size() || v < min || v > max)
    return std::nullopt;
  return v;
}

}  // namespace

UciBook::UciBook() : random_(std::random_device{}()) {}

std::vector<std::string> UciBook::option_lines() const {
  std::string selection = cat("option name BookSelection type combo default ",
                              book::kSelectionNames[std::size_t(options_.selection)]);
  for (std::string_view name : book::kSelectionNames) selection += cat(" var ", name);
  return {"option name OwnBook type check default false",
          "option name BookFile type string default <empty>", selection,
          cat("option name BookMinWeight type spin default ", options_.min_weight, " min 0 max ",
              kMaxWeight),
          cat("option name BookDepth type spin default ", options_.max_depth, " min 0 max ",
              kMaxBookDepth)};
}

std::optional<std::vector<std::string>> UciBook::set_option(const SetOption& option) {
  const std::string& name = option.name;
  const std::string& value = option.value;
  if (same_name(name, "OwnBook")) {
    if (!same_name(value, "true") && !same_name(value, "false"))
      return std::vector<std::string>{
          cat("info string option OwnBook: '", value, "' is not true or false")};
    own_book_ = same_name(value, "true");
    if (own_book_ && book_.empty())
      return std::vector<std::string>{"info string OwnBook is on but no BookFile is loaded"};
    return std::vector<std::string>{};
  }
  if (same_name(name, "BookFile")) {
    file_ = value == "<empty>" ? "" : value;
    book_ = {};
    if (file_.empty()) return std::vector<std::string>{};
    auto opened = book::OpeningBook::open({file_}, options_);
    if (!opened) return std::vector<std::string>{cat("info string ", opened.error())};
    book_ = std::move(*opened);
    return std::vector<std::string>{
        cat("info string book ", file_, ": ", book_.files().front().size(), " entries")};
  }
  if (same_name(name, "BookSelection")) {
    for (std::size_t i = 0; i < book::kSelectionNames.size(); ++i)
      if (same_name(value, book::kSelectionNames[i])) options_.selection = book::Selection(i);
    if (!same_name(value, book::kSelectionNames[std::size_t(options_.selection)]))
      return std::vector<std::string>{cat("info string BookSelection '", value,
                                          "' is not one of best, weighted_random, uniform_random")};
  } else if (same_name(name, "BookMinWeight") || same_name(name, "BookDepth")) {
    const bool weight = same_name(name, "BookMinWeight");
    auto v = whole_number(value, 0, weight ? kMaxWeight : kMaxBookDepth);
    if (!v)
      return std::vector<std::string>{cat("info string option ", name, ": '", value,
                                          "' is not a whole number in 0..",
                                          weight ? kMaxWeight : kMaxBookDepth)};
    (weight ? options_.min_weight : options_.max_depth) = *v;
  } else {
    return std::nullopt;
  }
  book_ = book::OpeningBook(book_.files(), options_);
  return std::vector<std::string>{};
}

std::optional<book::BookProbe> UciBook::probe(const Position& pos) {
  if (!own_book_ || book_.empty()) return std::nullopt;
  return book_.probe(pos, random_);
}

}  // namespace engine::uci
