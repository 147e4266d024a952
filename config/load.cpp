// SPDX-License-Identifier: GPL-3.0-or-later
#include "config/load.h"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <cerrno>
#include <cstdint>
#include <fstream>
#include <optional>
#include <sstream>
#include <system_error>

#include "config/defaults.h"
#include "config/yaml_reader.h"

namespace config {
namespace {

constexpr std::uintmax_t kMaxFileBytes = 1 << 20;  // a config file is a few kilobytes

void make_absolute(std::string& path, const std::filesystem::path& base) {
  if (path.empty() || std::filesystem::path(path).is_absolute()) return;
  path = (base / path).lexically_normal().string();
}

// yaml-cpp 0.7 (Debian 12) never ends YAML::LoadAll on some malformed text (a ',' at the
// top level, e.g. "[1],"): each HandleNextDocument call reports a document without consuming
// a token, so LoadAll collects empty documents until memory runs out (found by fuzz_config_load).
// This pass runs the same parser over the text with an event handler that only remembers
// where each document starts; a document starting where the previous one started consumed
// nothing. Returns where the parser got stuck, or nothing when LoadAll will finish.
class DocumentStarts final : public YAML::EventHandler {
 public:
  void OnDocumentStart(const YAML::Mark& mark) override {
    stuck_ = started_ && mark.pos == last_.pos;
    last_ = mark;
    started_ = true;
  }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark&, YAML::anchor_t) override {}
  void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t,
                const std::string&) override {}
  void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                       YAML::EmitterStyle::value) override {}
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                  YAML::EmitterStyle::value) override {}
  void OnMapEnd() override {}

  bool stuck() const { return stuck_; }
  const YAML::Mark& last() const { return last_; }

 private:
  YAML::Mark last_ = YAML::Mark::null_mark();
  bool started_ = false;
  bool stuck_ = false;
};

// Throws YAML::Exception for syntax errors, like LoadAll.
std::optional<YAML::Mark> stuck_parser_mark(const std::string& text) {
  std::istringstream in(text);
  YAML::Parser parser(in);
  DocumentStarts starts;
  while (parser.HandleNextDocument(starts))
    if (starts.stuck()) return starts.last();
  return std::nullopt;
}

}  // namespace

LoadResult load_string(std::string_view yaml_text) {
  LoadResult result{.config = default_config(), .diagnostics = {}, .locations = {}};
  std::vector<YAML::Node> documents;
  try {
    const std::string text(yaml_text);
    if (const auto stuck = stuck_parser_mark(text)) {
      result.diagnostics.push_back(
          {Severity::kError, "", "YAML syntax error: unexpected text at the top level",
           "remove the stray ',', ']' or '}' at this line", location_of(*stuck)});
      return result;
    }
    documents = YAML::LoadAll(text);
  } catch (const YAML::Exception& e) {
    result.diagnostics.push_back({Severity::kError, "", "YAML syntax error: " + e.msg,
                                  "check the indentation, colons and quotes at this line and "
                                  "the one before it",
                                  location_of(e.mark)});
    return result;
  }
  if (documents.empty() || documents.front().IsNull()) return result;  // empty file: defaults
  if (documents.size() > 1) {
    result.diagnostics.push_back({Severity::kError, "",
                                  "the file holds " + std::to_string(documents.size()) +
                                      " YAML documents; only the first is read",
                                  "keep one document: remove the '---' separators", std::nullopt});
  }
  const YAML::Node& root = documents.front();
  if (!root.IsMap()) {
    result.diagnostics.push_back(
        {Severity::kError, "", "the top level must be a map of keys, got " + quoted(root),
         "start from config/paxbot.example.yml", location_of(root.Mark())});
    return result;
  }
  read_config(root, result.config, result.diagnostics, result.locations);

  // A token pasted where its file's path belongs: report it without echoing it, and drop it
  // so that no printer of the config ever shows it.
  std::string& token_file = result.config.token_file;
  if (looks_like_token(token_file) && token_file.find('/') == std::string::npos) {
    token_file.clear();
    result.diagnostics.push_back(
        {Severity::kError, "token_file", "looks like a token, not the path of a file holding one",
         "put the token in a file readable only by paxbot and give that file's path here; "
         "revoke the token on the server if this config was shared",
         find_location(result.locations, "token_file")});
  }

  std::string& url = result.config.url;
  while (url.ends_with('/') && !url.ends_with("//")) url.pop_back();
  return result;
}

LoadResult load_file(const std::filesystem::path& file) {
  std::error_code ec;
  const auto size = std::filesystem::file_size(file, ec);
  std::string text;
  if (!ec && size > kMaxFileBytes) {
    ec = std::make_error_code(std::errc::file_too_large);
  } else if (!ec) {
    std::ifstream in(file, std::ios::binary);
    if (!in.is_open()) {
      ec = std::error_code(errno, std::generic_category());
    } else {
      std::ostringstream contents;
      contents << in.rdbuf();
      text = std::move(contents).str();
    }
  }
  if (ec) {
    LoadResult result{.config = default_config(), .diagnostics = {}, .locations = {}};
    result.diagnostics.push_back(
        {Severity::kError, "", "cannot read " + file.string() + ": " + ec.message(),
         "check the path and that paxbot may read the file", std::nullopt});
    return result;
  }
  LoadResult result = load_string(text);
  const std::filesystem::path base = std::filesystem::absolute(file, ec).parent_path();
  make_absolute(result.config.token_file, base);
  make_absolute(result.config.matchmaking.state_file, base);
  make_absolute(result.config.pgn.directory, base);
  make_absolute(result.config.online_block_list.cache_file, base);
  for (std::vector<std::string>* files :
       {&result.config.engine.book.standard, &result.config.engine.book.chess960,
        &result.config.engine.book.from_position})
    for (std::string& file : *files) make_absolute(file, base);
  return result;
}

void attach_locations(std::vector<Diagnostic>& diagnostics, const Locations& locations) {
  for (Diagnostic& diagnostic : diagnostics) {
    if (!diagnostic.location) diagnostic.location = find_location(locations, diagnostic.key);
  }
}

}  // namespace config
