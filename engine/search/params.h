// SPDX-License-Identifier: GPL-3.0-or-later
// Every tunable constant of the search and of time management, named, in one
// place. Each heuristic that uses one has a one-line intent comment at the use
// site; the comment here says what the number means. Compile-time constants only.
#pragma once

namespace engine::search::params {

// --- Iterative deepening and aspiration windows ---
// First depth searched with a window around the previous score instead of a full window.
inline constexpr int kAspirationMinDepth = 4;
// Half-width of the first aspiration window, in centipawns.
inline constexpr int kAspirationWindow = 16;
// Each failed window grows by this factor (percent).
inline constexpr int kAspirationGrowthPercent = 170;

// --- Reverse futility pruning (static null move) ---
inline constexpr int kReverseFutilityMaxDepth = 7;
// Static eval must beat beta by this much per remaining ply.
inline constexpr int kReverseFutilityMargin = 75;

// --- Razoring ---
inline constexpr int kRazorMaxDepth = 3;
// Static eval this far below alpha (per ply) drops straight into quiescence.
inline constexpr int kRazorMargin = 220;

// --- Null-move pruning ---
inline constexpr int kNullMoveMinDepth = 3;
inline constexpr int kNullMoveBaseReduction = 3;
// One more ply of reduction per this many plies of depth.
inline constexpr int kNullMoveDepthDivisor = 4;
// One more ply of reduction per this many centipawns of static eval above beta (at most 3).
inline constexpr int kNullMoveEvalDivisor = 200;
// Pacifist: at this depth and beyond, a null-move cutoff is verified by a reduced search
// without null moves (zugzwang-like blockades are more common than in chess).
inline constexpr int kNullMoveVerifyDepth = 10;

// --- Internal iterative reduction ---
// Nodes without a transposition-table move at this depth or more search one ply shallower.
inline constexpr int kIirMinDepth = 4;

// --- Late move pruning and futility pruning of quiet moves ---
inline constexpr int kLateMovePruningMaxDepth = 7;
// Quiet moves tried at depth d before the rest are skipped: kLmpBase + d*d (halved if not
// improving).
inline constexpr int kLateMovePruningBase = 3;
inline constexpr int kFutilityMaxDepth = 7;
// Quiet moves are skipped when static eval + kFutilityBase + kFutilityPerDepth*d <= alpha.
inline constexpr int kFutilityBase = 90;
inline constexpr int kFutilityPerDepth = 85;
// Chess: quiet moves whose static exchange loses more than this per ply are skipped.
inline constexpr int kSeeQuietMarginPerDepth = -60;
// Chess: captures whose static exchange loses more than this per ply squared are skipped.
inline constexpr int kSeeNoisyMarginPerDepthSq = -25;
inline constexpr int kSeePruningMaxDepth = 8;
// Quiet moves with history below this per ply of depth are skipped at low depth.
inline constexpr int kHistoryPruningPerDepth = -2500;
inline constexpr int kHistoryPruningMaxDepth = 3;

// --- Late move reductions ---
inline constexpr int kLmrMinDepth = 3;
// Moves tried before the first reduced one (at PV nodes one more).
inline constexpr int kLmrMinMoves = 2;
// Reduction = kLmrBase/100 + ln(depth) * ln(moves) / (kLmrDivisor/100).
inline constexpr int kLmrBase = 80;
inline constexpr int kLmrDivisor = 230;
// Plies of extra reduction at an expected cut node.
inline constexpr int kLmrCutNodeReduction = 2;
// History score per ply of reduction removed or added.
inline constexpr int kLmrHistoryDivisor = 6000;

// --- Extensions ---
// Chess singular extensions: from this depth, a table move whose stored lower bound is at
// most kSingularTtDepthSlack plies shallower than the node is tested for being the only
// good move, by a search of the other moves at (depth - 1) / 2 against the stored score
// minus kSingularMarginPerDepth per ply.
inline constexpr int kSingularMinDepth = 6;
inline constexpr int kSingularTtDepthSlack = 3;
inline constexpr int kSingularMarginPerDepth = 2;
// Extensions stop once ply exceeds this multiple of the root depth (runaway guard).
inline constexpr int kExtensionPlyFactor = 2;

// --- Quiescence ---
// Chess: a capture that cannot lift the score within this margin of alpha is skipped.
inline constexpr int kDeltaMargin = 180;
// Pacifist: conversions can flow back and forth, so quiescence stops this many plies deep.
inline constexpr int kPacifistQuiescenceMaxPly = 6;
// Chess: quiescence stops this many plies deep (captures run out anyway; a guard).
inline constexpr int kChessQuiescenceMaxPly = 24;

// --- History heuristics ---
// History values saturate at +-kHistoryMax (gravity formula).
inline constexpr int kHistoryMax = 16384;
// Bonus for a move that caused a cutoff at depth d: min(kHistoryBonusMax, d*d*k + ...).
inline constexpr int kHistoryBonusPerDepthSq = 16;
inline constexpr int kHistoryBonusPerDepth = 32;
inline constexpr int kHistoryBonusMax = 1600;

// --- Move ordering scores (bands; larger first) ---
inline constexpr int kOrderTtMove = 1 << 30;
inline constexpr int kOrderGoodNoisy = 1 << 28;
inline constexpr int kOrderKiller = 1 << 26;
inline constexpr int kOrderCounter = (1 << 26) - 1;
inline constexpr int kOrderBadNoisy = -(1 << 28);
// Chess ordering of quiet moves: a minor (rook: twice, queen: three times) leaving a square a
// cheaper enemy piece attacks gains this much history; one moving onto such a square loses it.
inline constexpr int kOrderThreatPerUnit = 8192;
// Pacifist ordering: each enemy piece a move may convert is worth this many history points.
inline constexpr int kOrderPacifistConversionTarget = 1 << 20;

// --- Polling ---
// The main search thread reads the clock and node budget every this many nodes (power of 2).
inline constexpr int kPollIntervalNodes = 256;

// --- Time management (milliseconds) ---
// Moves the rest of the clock should last when the GUI gives no movestogo (the share of
// each move; the clock lasts longer, as each move's share shrinks with the clock).
inline constexpr int kDefaultMovesToGo = 25;
// In sudden death, the clock keeps back one move overhead for this many moves, so a
// long game whose every move really loses the overhead does not flag.
inline constexpr int kOverheadReserveMoves = 75;
// Never plan for more than this many moves ahead when movestogo is given.
inline constexpr int kMaxMovesToGo = 50;
// Soft target = this percent of the per-move share of the time.
inline constexpr int kSoftTimePercent = 100;
// Hard limit = this multiple of the soft target ...
inline constexpr int kHardTimeFactor = 4;
// ... but never more than this percent of the remaining clock after overheads.
inline constexpr int kHardTimeMaxPercent = 35;
// Always keep this much on the clock beyond the move overhead.
inline constexpr int kClockSafetyMs = 5;
// A new iteration starts only while elapsed < soft * this percent (scaled by stability).
inline constexpr int kNewIterationPercent = 60;
// Soft-target scale (percent) by how many iterations the best move has been stable: 0,1,2,3+.
inline constexpr int kStabilityScalePercent[4] = {160, 120, 95, 75};

// --- Pondering (the daemon's engine.ponder) ---
// No pondering while our clock holds less than this: each move's budget is then a few tens
// of milliseconds, too little for the opponent's time to add much, and a missed ponder
// search costs a stop and a thread join on the move path.
inline constexpr int kPonderMinClockMs = 2000;

// --- Endgame tablebases ---
// A probe result is stored in the table as if searched this many plies deeper than asked.
inline constexpr int kTablebaseDepthBonus = 6;

}  // namespace engine::search::params
