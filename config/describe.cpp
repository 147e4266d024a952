// SPDX-License-Identifier: GPL-3.0-or-later
#include "config/describe.h"

#include <yaml-cpp/yaml.h>

#include <optional>
#include <vector>

#include "config/schema.h"

namespace config {
namespace {

// Emits visit_config() as YAML: sections as block maps, scalar lists and list entries in
// flow style so that each key stays on one line.
class Printer {
 public:
  explicit Printer(YAML::Emitter& out) : out_(out) {}

  template <class T>
  void field(std::string_view key, const T& value) {
    out_ << YAML::Key << std::string(key) << YAML::Value;
    emit(value);
  }
  // An absent optional setting is left out, as the file would leave it out.
  template <class T>
  void field(std::string_view key, const std::optional<T>& value) {
    if (value) field(key, *value);
  }
  template <class T>
  void required(std::string_view key, const T& value) {
    field(key, value);
  }
  template <class F>
  void section(std::string_view key, F body) {
    out_ << YAML::Key << std::string(key) << YAML::Value << YAML::BeginMap;
    body();
    out_ << YAML::EndMap;
  }
  template <class E, class F>
  void list(std::string_view key, const std::vector<E>& entries, F body) {
    out_ << YAML::Key << std::string(key) << YAML::Value << YAML::BeginSeq;
    for (const E& entry : entries) {
      out_ << YAML::Flow << YAML::BeginMap;
      body(entry);
      out_ << YAML::EndMap;
    }
    out_ << YAML::EndSeq;
  }

 private:
  void emit(bool value) { out_ << value; }
  void emit(int value) { out_ << value; }
  void emit(double value) { out_ << value; }
  void emit(const std::string& value) { out_ << YAML::DoubleQuoted << value; }
  template <NamedEnum E>
  void emit(E value) {
    out_ << std::string(to_string(value));
  }
  template <class T>
  void emit(const std::vector<T>& values) {
    out_ << YAML::Flow << YAML::BeginSeq;
    for (const T& value : values) emit(value);
    out_ << YAML::EndSeq;
  }

  YAML::Emitter& out_;
};

}  // namespace

std::string describe(const Config& config, std::string_view token_source) {
  YAML::Emitter out;
  out << YAML::BeginMap;
  Printer printer(out);
  visit_config(printer, config);
  out << YAML::EndMap;
  std::string text;
  if (!token_source.empty()) {
    text = "# token: ******** (found in " + std::string(token_source) + ")\n";
  }
  return text + out.c_str() + "\n";
}

}  // namespace config
