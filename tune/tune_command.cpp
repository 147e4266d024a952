// SPDX-License-Identifier: GPL-3.0-or-later
#include "tune/tune_command.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "cli/args.h"
#include "engine/eval/weight_schema.h"
#include "engine/eval/weights_pacifist.h"
#include "engine/eval/weights_standard.h"
#include "tune/training_set.h"
#include "tune/tuner.h"
#include "tune/weights_writer.h"

namespace tune {
namespace {

using cli::OptionSpec;
using cli::parse_decimal;

constexpr int kChangesShown = 20;

std::vector<int> initial_weights(bool pacifist) {
  if (pacifist) {
    const auto flat = engine::eval::flatten(engine::eval::kPacifistWeights);
    return {flat.begin(), flat.end()};
  }
  const auto flat = engine::eval::flatten(engine::eval::kStandardWeights);
  return {flat.begin(), flat.end()};
}

// --out names a directory (the header gets its usual name there) or a file.
std::filesystem::path output_path(const std::string& out, bool pacifist) {
  const std::filesystem::path path(out);
  if (std::filesystem::is_directory(path)) return path / weights_file_name(pacifist);
  return path;
}

}  // namespace

int tune_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const TuneOptions defaults;
  const std::vector<OptionSpec> options = {
      {"--variant", "standard|pacifist", "rule set whose weights are tuned (default standard)"},
      {"--out", "DIR|FILE",
       "where to write the weights header (a directory gets weights_<variant>.h); required"},
      {"--epochs", "N", "passes over the data (default " + std::to_string(defaults.epochs) + ")"},
      {"--learning-rate", "X", "Adam step size in centipawns (default 1)"},
      {"--lambda", "X", "weight of the SCORE column in the target, 0..1 (default 0)"},
      {"--l2", "X",
       "pull toward the starting weights, added to each gradient as X * (w - w0) (default 0)"},
      {"--validation-percent", "P",
       "hold P percent of the positions out of the fit and report their loss (default 0)"},
      {"--batch-size", "N",
       "positions per step (default " + std::to_string(defaults.batch_size) + ")"},
      {"--threads", "N", "threads for the gradient (default 1)"},
      {"--seed", "N", "seed for shuffling the batches (default 1)"},
      {"--k", "X", "sigmoid scale K to use instead of fitting it"},
      {"--skip-bad-lines", "", "skip and count malformed lines instead of stopping at the first"},
  };
  const std::string usage = cli::usage_text(
      "tune", "[options] DATA_FILE...",
      "Texel-tunes every evaluation weight of one rule set to data files of lines\n"
      "FEN<TAB>RESULT<TAB>SCORE (RESULT: White's score 1, 0.5 or 0; SCORE: centipawns, White's\n"
      "view, or '-') and writes the weights header.",
      options);
  auto parsed = cli::parse_args(args, options);
  if (!parsed) {
    err << "paxbot tune: " << parsed.error() << "\n\n" << usage;
    return 2;
  }
  if (parsed->has("--help")) {
    out << usage;
    return 0;
  }
  auto fail = [&err, &usage](const std::string& what) {
    err << "paxbot tune: " << what << "\n\n" << usage;
    return 2;
  };
  const std::string variant = parsed->value("--variant").value_or("standard");
  if (variant != "standard" && variant != "pacifist")
    return fail("--variant '" + variant + "' is neither standard nor pacifist");
  const bool pacifist = variant == "pacifist";
  if (parsed->positional.empty()) return fail("no data file given");
  const auto out_option = parsed->value("--out");
  if (!out_option) return fail("--out is required");

  TuneOptions tune = defaults;
  struct IntOption {
    const char* name;
    int* target;
    long long min, max;
  };
  int seed = 1;
  for (IntOption o :
       {IntOption{"--epochs", &tune.epochs, 0, 1000000},
        IntOption{"--batch-size", &tune.batch_size, 1, 1 << 30},
        IntOption{"--threads", &tune.threads, 1, 256}, IntOption{"--seed", &seed, 0, 2147483647},
        IntOption{"--validation-percent", &tune.validation_percent, 0, 50}}) {
    if (auto text = parsed->value(o.name)) {
      auto v = cli::parse_integer(*text, o.name, o.min, o.max);
      if (!v) return fail(v.error());
      *o.target = int(*v);
    }
  }
  tune.seed = unsigned(seed);
  if (auto text = parsed->value("--learning-rate")) {
    auto v = parse_decimal(*text, "--learning-rate", 1e-6, 1e6);
    if (!v) return fail(v.error());
    tune.learning_rate = *v;
  }
  if (auto text = parsed->value("--k")) {
    auto v = parse_decimal(*text, "--k", 1e-3, 100);
    if (!v) return fail(v.error());
    tune.k = *v;
  }
  if (auto text = parsed->value("--l2")) {
    auto v = parse_decimal(*text, "--l2", 0, 1);
    if (!v) return fail(v.error());
    tune.l2 = *v;
  }
  if (auto text = parsed->value("--lambda")) {
    auto v = parse_decimal(*text, "--lambda", 0, 1);
    if (!v) return fail(v.error());
    tune.lambda = *v;
  }
  const std::filesystem::path path = output_path(*out_option, pacifist);
  if (path.has_parent_path() && !std::filesystem::is_directory(path.parent_path()))
    return fail("--out: directory " + path.parent_path().string() + " does not exist");

  TrainingSet set(pacifist);
  long long lines = 0, skipped = 0;
  for (const std::string& file : parsed->positional) {
    ReadStats stats;
    auto read = read_data_file(
        file, parsed->has("--skip-bad-lines"),
        [&set](const DataLine& line, const std::string&) { return set.add(line); }, stats);
    if (!read) {
      err << "paxbot tune: " << read.error() << "\n";
      return 1;
    }
    lines += stats.lines;
    skipped += stats.skipped;
    if (stats.skipped > 0)
      err << "paxbot tune: skipped " << stats.skipped << " bad lines in " << file
          << ", the first: " << stats.first_skipped << "\n";
  }
  set.finish();
  const SetStats& s = set.stats();
  out << "read " << lines << " lines (bad lines skipped: " << skipped << "): " << s.added
      << " quiet positions, " << s.duplicates << " repeats merged, " << s.not_quiet
      << " not quiet, " << s.drawn << " drawn by material\n";
  if (set.size() == 0) {
    err << "paxbot tune: no quiet positions to tune on\n";
    return 1;
  }

  const std::vector<int> initial = initial_weights(pacifist);
  const TuneResult result = tune_weights(set, initial, tune, &out);
  if (!tune.k && (result.k < 0.02 || result.k > 9.9))
    err << "paxbot tune: warning: K " << result.k
        << " is at the edge of its search range: the evaluation hardly predicts the results\n";
  std::vector<int> rounded(initial.size());
  for (std::size_t i = 0; i < rounded.size(); ++i) rounded[i] = int(std::lround(result.weights[i]));
  std::vector<double> rounded_real(rounded.begin(), rounded.end());
  const double loss_rounded = target_error(set, rounded_real, result.k, tune.lambda);
  out << std::setprecision(6) << "K " << result.k << "\nloss before " << result.loss_before
      << "\nloss after " << result.loss_after << " (with the rounded weights " << loss_rounded
      << ")\n";
  if (tune.validation_percent > 0)
    out << "held-out loss before " << result.validation_before << ", after "
        << result.validation_after << "\n";

  std::vector<std::size_t> changed;
  for (std::size_t i = 0; i < rounded.size(); ++i)
    if (rounded[i] != initial[i]) changed.push_back(i);
  std::stable_sort(changed.begin(), changed.end(), [&](std::size_t a, std::size_t b) {
    return std::abs(rounded[a] - initial[a]) > std::abs(rounded[b] - initial[b]);
  });
  out << changed.size() << " weights changed; the largest changes:\n";
  const auto fields = engine::eval::weight_fields(pacifist);
  for (std::size_t j = 0; j < changed.size() && j < std::size_t(kChangesShown); ++j) {
    const std::size_t i = changed[j];
    out << "  " << engine::eval::weight_name(fields, int(i)) << ": " << initial[i] << " -> "
        << rounded[i] << "\n";
  }

  std::ostringstream provenance;
  provenance << "Tuned by: paxbot tune --variant " << variant << " --epochs " << tune.epochs
             << " --learning-rate " << tune.learning_rate << "\n    --lambda " << tune.lambda
             << " --batch-size " << tune.batch_size << " --seed " << tune.seed;
  if (tune.l2 > 0) provenance << " --l2 " << tune.l2;
  if (tune.validation_percent > 0)
    provenance << " --validation-percent " << tune.validation_percent;
  if (tune.k) provenance << " --k " << *tune.k;
  provenance << "\non " << set.size() << " quiet positions from:";
  for (const std::string& file : parsed->positional)
    provenance << "\n  " << std::filesystem::path(file).filename().string();
  provenance << "\nK " << result.k << ", mean squared error " << result.loss_before << " -> "
             << loss_rounded << ".";
  std::ofstream file(path);
  file << weights_header(pacifist, rounded, provenance.str());
  if (!file) {
    err << "paxbot tune: cannot write " << path.string() << "\n";
    return 1;
  }
  out << "wrote " << path.string() << "\n";
  return 0;
}

}  // namespace tune
