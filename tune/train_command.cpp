// SPDX-License-Identifier: GPL-3.0-or-later
#include "tune/train_command.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iomanip>
#include <optional>
#include <ostream>
#include <type_traits>

#include "cli/args.h"
#include "engine/nnue/network.h"
#include "tune/net_data.h"
#include "tune/net_model.h"
#include "tune/net_trainer.h"
#include "tune/tuner.h"

namespace tune {
namespace {

using cli::OptionSpec;
namespace nnue = engine::nnue;

constexpr int kDefaultHidden = 128;
constexpr int kDefaultScale = 400;
// A fitted K this close to the ends of fit_k_to_results' range [0.01, 10] means the scores
// hardly predict the results.
constexpr double kKLowWarning = 0.02, kKHighWarning = 9.9;
// Positions on which the quantised network's evaluations are compared with the float one's.
constexpr std::size_t kQuantisationSample = 100000;

struct Settings {
  NetTrainOptions train;
  std::optional<int> hidden, scale;
  std::optional<double> k;
  std::optional<std::string> init;
  std::string out;
  bool skip_bad = false;
};

// "E1,E2,...": epochs in [1, epochs].
std::expected<std::vector<int>, std::string> parse_epoch_list(const std::string& text, int epochs) {
  std::vector<int> list;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    auto v = cli::parse_integer(text.substr(start, comma - start), "--lr-decay-at", 1, epochs);
    if (!v)
      return std::unexpected(v.error() + " (a list of epochs 1.." + std::to_string(epochs) +
                             " separated by commas)");
    list.push_back(int(*v));
    start = comma + 1;
  }
  return list;
}

std::expected<Settings, std::string> read_settings(const cli::ParsedArgs& args) {
  Settings s;
  NetTrainOptions& t = s.train;
  auto integer = [&args](const char* name, long long min, long long max,
                         auto& target) -> std::expected<void, std::string> {
    if (auto text = args.value(name)) {
      auto v = cli::parse_integer(*text, name, min, max);
      if (!v) return std::unexpected(v.error());
      target = static_cast<std::remove_reference_t<decltype(target)>>(*v);
    }
    return {};
  };
  auto decimal = [&args](const char* name, double min, double max,
                         auto& target) -> std::expected<void, std::string> {
    if (auto text = args.value(name)) {
      auto v = cli::parse_decimal(*text, name, min, max);
      if (!v) return std::unexpected(v.error());
      target = *v;
    }
    return {};
  };
  int hidden = 0, scale = 0;
  double k = 0;
  for (auto done :
       {integer("--epochs", 0, 1000000, t.epochs), integer("--batch", 1, 1 << 24, t.batch_size),
        integer("--threads", 1, 256, t.threads), integer("--seed", 0, 4294967295LL, t.seed),
        integer("--validation-percent", 0, 50, t.validation_percent),
        integer("--hidden", nnue::kHiddenStep, nnue::kMaxHidden, hidden),
        integer("--scale", 1, 100000, scale), decimal("--lr", 1e-9, 10, t.learning_rate),
        decimal("--lr-decay", 1e-6, 1, t.lr_decay), decimal("--lambda", 0, 1, t.lambda),
        decimal("--k", 1e-3, 100, k)})
    if (!done) return std::unexpected(done.error());
  if (args.value("--hidden")) {
    if (hidden % nnue::kHiddenStep != 0)
      return std::unexpected("--hidden " + std::to_string(hidden) + " is not a multiple of " +
                             std::to_string(nnue::kHiddenStep));
    s.hidden = hidden;
  }
  if (args.value("--scale")) s.scale = scale;
  if (args.value("--k")) s.k = k;
  if (auto text = args.value("--lr-decay-at")) {
    auto list = parse_epoch_list(*text, std::max(1, t.epochs));
    if (!list) return std::unexpected(list.error());
    t.lr_decay_epochs = *list;
  }
  s.init = args.value("--init");
  s.skip_bad = args.has("--skip-bad-lines");
  if (args.positional.empty()) return std::unexpected("no data file given");
  const auto out = args.value("--out");
  if (!out) return std::unexpected("--out is required");
  s.out = *out;
  const std::filesystem::path path(s.out);
  if (std::filesystem::is_directory(path))
    return std::unexpected("--out " + s.out + " is a directory, not a file name");
  if (path.has_parent_path() && !std::filesystem::is_directory(path.parent_path()))
    return std::unexpected("--out: directory " + path.parent_path().string() + " does not exist");
  return s;
}

// The starting network: --init's, dequantised (its shape must agree with --hidden and
// --scale when they are given), or a random one from the seed.
std::expected<FloatNet, std::string> starting_net(const Settings& s) {
  if (!s.init)
    return random_net(s.hidden.value_or(kDefaultHidden), s.scale.value_or(kDefaultScale),
                      s.train.seed);
  auto loaded = nnue::load_network(*s.init);
  if (!loaded) return std::unexpected("--init: " + loaded.error());
  if (s.hidden && *s.hidden != loaded->hidden)
    return std::unexpected("--hidden " + std::to_string(*s.hidden) + " differs from " + *s.init +
                           "'s " + std::to_string(loaded->hidden) + " hidden units");
  if (s.scale && *s.scale != loaded->output_scale)
    return std::unexpected("--scale " + std::to_string(*s.scale) + " differs from " + *s.init +
                           "'s output scale " + std::to_string(loaded->output_scale));
  return dequantise(*loaded);
}

struct Split {
  std::vector<std::uint32_t> train, held_out;
};

Split split(const NetDataSet& data, int validation_percent) {
  Split out;
  for (std::uint32_t i = 0; i < std::uint32_t(data.size()); ++i)
    (is_held_out(i, validation_percent) ? out.held_out : out.train).push_back(i);
  return out;
}

// The loss of the file's network (through the float model of its rounded weights, which the
// engine's inference matches) and how far its evaluations are from the float network's.
void report_quantised(const FloatNet& net, const nnue::Network& quantised, const NetDataSet& data,
                      const NetTrainOptions& train, std::ostream& out) {
  const FloatNet rounded = dequantise(quantised);
  const Split parts = split(data, train.validation_percent);
  out << std::setprecision(6) << "quantised: loss "
      << net_loss(rounded, data, parts.train, train.k, train.lambda, train.threads);
  if (!parts.held_out.empty())
    out << ", held-out loss "
        << net_loss(rounded, data, parts.held_out, train.k, train.lambda, train.threads);
  const std::size_t n = std::min(data.size(), kQuantisationSample);
  double difference = 0;
  for (std::size_t i = 0; i < n; ++i)
    difference += std::abs(evaluate(rounded, data.sample(i)) - evaluate(net, data.sample(i)));
  out << ", mean |quantised - float| " << std::setprecision(3) << difference / double(n)
      << " cp (first " << n << " positions)\n";
}

// The K whose sigmoid of the search scores best predicts the results.
double fit_k_to_data(const NetDataSet& data) {
  std::vector<double> scores(data.size()), results(data.size());
  for (std::size_t i = 0; i < data.size(); ++i) {
    scores[i] = data.sample(i).score;
    results[i] = data.sample(i).result;
  }
  return fit_k_to_results(scores, results);
}

}  // namespace

int train_net_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const NetTrainOptions defaults;
  const std::vector<OptionSpec> options = {
      {"--out", "FILE", "the network file to write; required"},
      {"--hidden", "N",
       "hidden units per perspective, a multiple of " + std::to_string(nnue::kHiddenStep) +
           " (default " + std::to_string(kDefaultHidden) + ")"},
      {"--scale", "N",
       "centipawns per unit of the network's output (default " + std::to_string(kDefaultScale) +
           ")"},
      {"--init", "FILE", "start from this network file instead of random weights"},
      {"--epochs", "N", "passes over the data (default " + std::to_string(defaults.epochs) + ")"},
      {"--batch", "N", "positions per step (default " + std::to_string(defaults.batch_size) + ")"},
      {"--lr", "X", "Adam step size (default 0.001)"},
      {"--lr-decay-at", "E,E,...",
       "epochs at whose start the step size is multiplied by --lr-decay"},
      {"--lr-decay", "X", "factor of --lr-decay-at (default 0.1)"},
      {"--lambda", "X", "weight of the SCORE column in the target, 0..1 (default 1)"},
      {"--k", "X",
       "sigmoid scale K (default: fitted so that sigmoid(K * SCORE) best predicts RESULT)"},
      {"--validation-percent", "P",
       "hold P percent of the positions out of the fit and report their loss (default 0)"},
      {"--threads", "N", "threads for the gradient (default 1; the result does not depend on it)"},
      {"--seed", "N", "seed of the initial weights and of the batches' order (default 1)"},
      {"--skip-bad-lines", "", "skip and count malformed lines instead of stopping at the first"},
  };
  const std::string usage = cli::usage_text(
      "train-net", "[options] DATA_FILE... --out FILE",
      "Trains the evaluation network (768 -> 2 x hidden -> 1) on data files of lines\n"
      "FEN<TAB>RESULT<TAB>SCORE of standard and Chess960 games (RESULT: White's score 1, 0.5\n"
      "or 0; SCORE: centipawns, White's view, or '-') and writes the quantised network.",
      options);
  auto parsed = cli::parse_args(args, options);
  if (!parsed) {
    err << "paxbot train-net: " << parsed.error() << "\n\n" << usage;
    return 2;
  }
  if (parsed->has("--help")) {
    out << usage;
    return 0;
  }
  auto settings = read_settings(*parsed);
  if (!settings) {
    err << "paxbot train-net: " << settings.error() << "\n\n" << usage;
    return 2;
  }
  auto fail = [&err](const std::string& what) {
    err << "paxbot train-net: " << what << "\n";
    return 1;
  };
  auto start = starting_net(*settings);
  if (!start) return fail(start.error());
  FloatNet net = std::move(*start);

  NetDataSet data;
  long long lines = 0, skipped = 0;
  for (const std::string& file : parsed->positional) {
    ReadStats stats;
    auto read = read_data_file(
        file, settings->skip_bad,
        [&data](const DataLine& line, const std::string&) { return data.add(line); }, stats);
    if (!read) return fail(read.error());
    lines += stats.lines;
    skipped += stats.skipped;
    if (stats.skipped > 0)
      err << "paxbot train-net: skipped " << stats.skipped << " bad lines in " << file
          << ", the first: " << stats.first_skipped << "\n";
  }
  data.finish();
  const NetDataStats& c = data.stats();
  out << "read " << lines << " lines (bad lines skipped: " << skipped << "): " << c.kept
      << " positions kept, " << c.duplicates << " repeats merged, " << c.not_quiet << " not quiet, "
      << c.no_score << " without a score\n";
  if (data.size() == 0) return fail("no positions left after filtering");

  NetTrainOptions& train = settings->train;
  if (split(data, train.validation_percent).train.empty())
    return fail("--validation-percent " + std::to_string(train.validation_percent) +
                " holds out all " + std::to_string(data.size()) +
                " positions (blocks of consecutive positions are held out together)");

  train.k = settings->k ? *settings->k : fit_k_to_data(data);
  if (!settings->k && (train.k < kKLowWarning || train.k > kKHighWarning))
    err << "paxbot train-net: warning: K " << train.k
        << " is at the edge of its search range: the scores hardly predict the results\n";
  out << std::setprecision(6) << "K " << train.k << (settings->k ? " (given)" : " (fitted)")
      << ", lambda " << train.lambda << ", hidden " << net.hidden << ", scale " << net.output_scale
      << ", " << net.params.size() << " parameters, "
      << (settings->init ? "from " + *settings->init : "random start") << "\n";

  const auto result = train_network(net, data, train, [&](const NetEpochReport& r) {
    out << "epoch " << r.epoch << "/" << train.epochs << ": train loss " << std::setprecision(6)
        << r.train_loss;
    if (train.validation_percent > 0) out << ", held-out loss " << r.validation_loss;
    out << ", lr " << r.learning_rate << ", " << std::setprecision(3) << r.seconds << " s\n";
    out.flush();  // a progress line, also when out is a file or a pipe
  });
  out << std::setprecision(6) << "positions: " << result.train_positions << " trained on, "
      << result.validation_positions << " held out\nloss before " << result.train_loss_before
      << ", after " << result.train_loss_after;
  if (train.validation_percent > 0)
    out << "\nheld-out loss before " << result.validation_loss_before << ", after "
        << result.validation_loss_after;
  if (result.train_seconds > 0 && train.epochs > 0)
    out << "\n"
        << long(std::lround(double(result.train_positions) * train.epochs / result.train_seconds /
                            train.threads))
        << " positions per second per thread";
  out << "\n";

  const nnue::Network quantised = quantise(net);
  report_quantised(net, quantised, data, train, out);
  if (auto saved = nnue::save_network(quantised, settings->out); !saved) return fail(saved.error());
  out << "wrote " << settings->out << "\n";
  return 0;
}

}  // namespace tune
