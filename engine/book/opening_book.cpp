// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/book/opening_book.h"

#include <cstdio>

#include "engine/book/polyglot_key.h"
#include "engine/text.h"

namespace engine::book {
namespace {

struct Candidate {
  Move move;
  int weight;
};

// The raw move as squares and bits, e.g. "e1g1 (0x0106)": it may name no move at all.
std::string describe_raw_move(std::uint16_t raw) {
  char text[24];
  const int from = (raw >> 6) & 63, to = raw & 63;
  std::snprintf(text, sizeof text, "%c%c%c%c (0x%04x)", 'a' + from % 8, '1' + from / 8,
                'a' + to % 8, '1' + to / 8, unsigned(raw));
  return text;
}

std::size_t choose(const std::vector<Candidate>& candidates, Selection selection,
                   BookRandom& random) {
  switch (selection) {
    case Selection::best: {
      std::size_t best = 0;
      for (std::size_t i = 1; i < candidates.size(); ++i)
        if (candidates[i].weight > candidates[best].weight) best = i;
      return best;
    }
    case Selection::weighted_random: {
      std::uint64_t total = 0;
      for (const Candidate& c : candidates) total += std::uint64_t(c.weight);
      // All weights zero (min_weight 0): every move alike.
      if (total == 0) break;
      std::uint64_t pick = std::uniform_int_distribution<std::uint64_t>(0, total - 1)(random);
      for (std::size_t i = 0; i < candidates.size(); ++i) {
        if (pick < std::uint64_t(candidates[i].weight)) return i;
        pick -= std::uint64_t(candidates[i].weight);
      }
      return candidates.size() - 1;
    }
    case Selection::uniform_random:
      break;
  }
  return std::uniform_int_distribution<std::size_t>(0, candidates.size() - 1)(random);
}

}  // namespace

std::expected<OpeningBook, std::string> OpeningBook::open(const std::vector<std::string>& paths,
                                                          BookOptions options) {
  std::vector<PolyglotBook> files;
  for (const std::string& path : paths) {
    auto book = PolyglotBook::open(path);
    if (!book) return std::unexpected(book.error());
    files.push_back(std::move(*book));
  }
  return OpeningBook(std::move(files), options);
}

BookProbe OpeningBook::probe(const Position& pos, BookRandom& random) const {
  BookProbe probe;
  if (options_.max_depth > 0 && pos.game_ply() >= options_.max_depth) return probe;
  const std::uint64_t key = polyglot_key(pos);
  for (const PolyglotBook& file : files_) {
    std::vector<Candidate> candidates;
    for (const BookEntry& entry : file.find(key)) {
      const std::optional<Move> move = decode_polyglot_move(pos, entry.move);
      if (!move) {
        probe.ignored.push_back(cat("book ", file.path(), ": move ", describe_raw_move(entry.move),
                                    " is not legal in this position; ignored"));
        continue;
      }
      if (entry.weight >= options_.min_weight) candidates.push_back({*move, entry.weight});
    }
    if (candidates.empty()) continue;
    const Candidate& chosen = candidates[choose(candidates, options_.selection, random)];
    probe.move = chosen.move;
    probe.weight = chosen.weight;
    probe.file = file.path();
    return probe;
  }
  return probe;
}

}  // namespace engine::book
