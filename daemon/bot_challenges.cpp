// SPDX-License-Identifier: GPL-3.0-or-later
// The Bot's incoming challenges: deciding each one with the challenge policy
// (daemon/challenge_policy.h), accepting or declining it, and offering free slots to the
// queued ones. Runs on the main loop, like all of Bot.
#include "daemon/bot.h"

namespace bot {
namespace {

ChallengeFacts facts_of(const ChallengeInfo& c) {
  ChallengeFacts f;
  if (c.challenger) {
    f.challenger = c.challenger->name;
    f.challenger_is_bot = c.challenger->is_bot();
    f.challenger_rating = c.challenger->rating;
  }
  f.variant = lichess::parse_variant(c.variant);
  f.rated = c.rated;
  switch (c.time_control.type) {
    case TimeControl::Type::kClock:
      f.kind = ChallengeFacts::Kind::kClock;
      f.limit_s = c.time_control.limit_s.value_or(0);
      f.increment_s = c.time_control.increment_s.value_or(0);
      break;
    case TimeControl::Type::kCorrespondence:
      f.kind = ChallengeFacts::Kind::kCorrespondence;
      f.days = c.time_control.days_per_turn.value_or(0);
      break;
    case TimeControl::Type::kUnlimited:
      f.kind = ChallengeFacts::Kind::kUnlimited;
      break;
  }
  return f;
}

}  // namespace

void Bot::on_challenge(const ChallengeInfo& challenge) {
  if (challenge.challenger && challenge.challenger->id == me_.id) return;    // one of ours
  if (!seen_challenges_.emplace(challenge.id, clock_.now()).second) return;  // a replay
  const std::string who = challenge.challenger ? challenge.challenger->name : "?";
  if (shutting_down_) {
    log_.info("challenge ", challenge.id, " from ", who, ": declined (shutting down)");
    if (auto r = client_.decline_challenge(challenge.id, DeclineReason::kLater); !r)
      log_.warning("decline ", challenge.id, ": ", r.error().describe());
    return;
  }
  const ChallengeDecision d = decide_challenge(config_.challenge, facts_for(challenge),
                                               load_for(challenge, int(waiting_.size())));
  if (d.action == ChallengeDecision::Action::kQueue) {
    log_.info("challenge ", challenge.id, " from ", who, ": queued (", d.why, ")");
    waiting_.push_back(challenge);
    return;
  }
  act_on(challenge, d);
}

// The challenge's facts with the ones only the Bot knows (the online block lists).
ChallengeFacts Bot::facts_for(const ChallengeInfo& challenge) const {
  ChallengeFacts facts = facts_of(challenge);
  facts.on_online_block_list = block_lists_ && config_.online_block_list.challenges &&
                               challenge.challenger &&
                               block_lists_->contains(challenge.challenger->id);
  return facts;
}

BotLoad Bot::load_for(const ChallengeInfo& challenge, int others_queued) {
  BotLoad load{slots_used(), others_queued, bot_games_today(), {}, 0};
  load.correspondence_games = correspondence_used();
  load.correspondence_slots = config_.correspondence.max_games;
  for (const auto& [id, holder] : holders_) load.holders.push_back(holder);
  if (challenge.challenger && challenge.challenger->is_bot())
    load.recent_from_challenger = recent_bot_challenges_.count(
        challenge.challenger->name, clock_.now(),
        std::chrono::minutes(config_.challenge.fairness.recent_bot_challenge_age_min));
  return load;
}

// Accepts or declines as decided (a queue decision is the caller's to keep).
void Bot::act_on(const ChallengeInfo& challenge, const ChallengeDecision& d) {
  const std::string who = challenge.challenger ? challenge.challenger->name : "?";
  switch (d.action) {
    case ChallengeDecision::Action::kAccept:
      log_.info("challenge ", challenge.id, " from ", who, " (", challenge.variant, ", ",
                challenge.speed, "): accepted");
      accept(challenge);
      return;
    case ChallengeDecision::Action::kQueue:
      return;
    case ChallengeDecision::Action::kDecline:
      log_.info("challenge ", challenge.id, " from ", who, ": declined ", to_string(d.reason), " (",
                d.why, ")");
      if (auto r = client_.decline_challenge(challenge.id, d.reason); !r)
        log_.warning("decline ", challenge.id, ": ", r.error().describe());
      return;
  }
}

void Bot::accept(const ChallengeInfo& challenge) {
  auto accepted = client_.accept_challenge(challenge.id);
  if (!accepted) {
    log_.warning("accept ", challenge.id, ": ", accepted.error().describe());
    return;
  }
  if (!sessions_.count(challenge.id)) accepted_[challenge.id] = clock_.now();
  // On Lichess an accepted challenge's game has the challenge's id.
  if (challenge.time_control.type == TimeControl::Type::kCorrespondence)
    correspondence_.insert(challenge.id);
  if (challenge.challenger) {
    holders_[challenge.id] = {challenge.challenger->name, challenge.challenger->is_bot(),
                              is_correspondence_game(challenge.id)};
    if (challenge.challenger->is_bot()) {
      bot_game_starts_.push_back(clock_.now());
      recent_bot_challenges_.record(challenge.challenger->name, clock_.now());
    }
  }
}

// While slots are free, offers them to the queued challenges in the policy's order; each is
// decided again (the policy may have been reloaded, the bot's quota used meanwhile) and stays
// queued while no slot it may take is free (the challenger may have left meanwhile).
void Bot::serve_queue() {
  bool changed = true;
  while (changed && !shutting_down_ && !waiting_.empty() &&
         (slots_used() < config_.challenge.concurrency ||
          correspondence_used() < config_.correspondence.max_games)) {
    changed = false;
    std::vector<ChallengeFacts> facts;
    for (const ChallengeInfo& c : waiting_) facts.push_back(facts_for(c));
    for (std::size_t i : queue_order(config_.challenge.fairness, facts)) {
      const ChallengeInfo next = waiting_[i];
      const ChallengeDecision d =
          decide_challenge(config_.challenge, facts[i], load_for(next, int(waiting_.size()) - 1));
      if (d.action == ChallengeDecision::Action::kQueue) continue;
      waiting_.erase(waiting_.begin() + std::ptrdiff_t(i));
      if (d.action == ChallengeDecision::Action::kAccept)
        log_.info("challenge ", next.id, ": a slot is free");
      act_on(next, d);
      changed = true;
      break;
    }
  }
}

}  // namespace bot
