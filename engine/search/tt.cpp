// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/search/tt.h"

#include <algorithm>

namespace engine::search {
namespace {

constexpr std::uint64_t pack(Move move, int score, int eval, int depth, Bound bound,
                             std::uint8_t generation) {
  return std::uint64_t(move.raw()) | std::uint64_t(std::uint16_t(std::int16_t(score))) << 16 |
         std::uint64_t(std::uint16_t(std::int16_t(eval))) << 32 |
         std::uint64_t(std::uint8_t(depth)) << 48 | std::uint64_t(bound) << 56 |
         std::uint64_t(generation) << 58;
}

constexpr int depth_of(std::uint64_t data) {
  return int((data >> 48) & 0xFF);
}
constexpr std::uint8_t generation_of(std::uint64_t data) {
  return std::uint8_t(data >> 58);
}
constexpr Bound bound_of(std::uint64_t data) {
  return Bound((data >> 56) & 3);
}

}  // namespace

TranspositionTable::TranspositionTable(std::size_t megabytes) {
  resize(megabytes);
}

void TranspositionTable::resize(std::size_t megabytes) {
  std::size_t count = std::max<std::size_t>(1, (megabytes << 20) / sizeof(Cluster));
  if (count != cluster_count_) {
    clusters_ = std::make_unique<Cluster[]>(count);
    cluster_count_ = count;
  }
  clear();
}

void TranspositionTable::clear() {
  for (std::size_t i = 0; i < cluster_count_; ++i)
    for (Slot& slot : clusters_[i].slots) {
      slot.check.store(0, std::memory_order_relaxed);
      slot.data.store(0, std::memory_order_relaxed);
    }
  generation_ = 0;
}

bool TranspositionTable::probe(Key key, TTData& out) const {
  const Cluster& cluster = clusters_[index(key)];
  for (const Slot& slot : cluster.slots) {
    std::uint64_t data = slot.data.load(std::memory_order_relaxed);
    std::uint64_t check = slot.check.load(std::memory_order_relaxed);
    if ((check ^ data) != key || bound_of(data) == Bound::None) continue;
    out.move = Move::from_raw(std::uint16_t(data));
    out.score = std::int16_t(std::uint16_t(data >> 16));
    out.eval = std::int16_t(std::uint16_t(data >> 32));
    out.depth = depth_of(data) - kDepthOffset;
    out.bound = bound_of(data);
    return true;
  }
  return false;
}

void TranspositionTable::store(Key key, Move move, int score, int eval, int depth, Bound bound) {
  Cluster& cluster = clusters_[index(key)];
  // Replace the slot of the same position, else the least valuable one: shallow and old.
  Slot* victim = &cluster.slots[0];
  int victim_worth = 1 << 30;
  std::uint64_t victim_data = 0;
  bool same = false;
  for (Slot& slot : cluster.slots) {
    std::uint64_t data = slot.data.load(std::memory_order_relaxed);
    std::uint64_t check = slot.check.load(std::memory_order_relaxed);
    if ((check ^ data) == key) {
      victim = &slot;
      victim_data = data;
      same = true;
      break;
    }
    int age = (generation_ - generation_of(data)) & 63;
    int worth = depth_of(data) - 8 * age;
    if (worth < victim_worth) {
      victim_worth = worth;
      victim = &slot;
      victim_data = data;
    }
  }
  // Keep a deeper result of the same position unless the new one is exact or the old is stale.
  if (same && bound != Bound::Exact && depth + 2 < depth_of(victim_data) - kDepthOffset &&
      generation_of(victim_data) == generation_)
    return;
  if (same && move == Move::none()) move = Move::from_raw(std::uint16_t(victim_data));
  int stored_depth = std::clamp(depth + kDepthOffset, 0, 255);
  std::uint64_t data = pack(move, score, eval, stored_depth, bound, generation_);
  victim->data.store(data, std::memory_order_relaxed);
  victim->check.store(key ^ data, std::memory_order_relaxed);
}

int TranspositionTable::hashfull() const {
  const std::size_t sample = std::min<std::size_t>(cluster_count_, 250);
  int used = 0;
  for (std::size_t i = 0; i < sample; ++i)
    for (const Slot& slot : clusters_[i].slots) {
      std::uint64_t data = slot.data.load(std::memory_order_relaxed);
      if (bound_of(data) != Bound::None && generation_of(data) == generation_) ++used;
    }
  return int(used * 1000 / (sample * kClusterSize));
}

}  // namespace engine::search
