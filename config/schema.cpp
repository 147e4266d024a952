// SPDX-License-Identifier: GPL-3.0-or-later
#include "config/schema.h"

#include <string_view>

namespace config {
namespace {

// Records the dotted path of every key visit_config() names.
class KeyCollector {
 public:
  template <class T>
  void field(std::string_view key, const T&) {
    paths_.push_back(path(key));
  }
  template <class T>
  void required(std::string_view key, const T& value) {
    field(key, value);
  }
  template <class F>
  void section(std::string_view key, F body) {
    paths_.push_back(path(key));
    enter(path(key), body);
  }
  template <class E, class F>
  void list(std::string_view key, const std::vector<E>&, F body) {
    paths_.push_back(path(key));
    const E entry{};
    enter(path(key) + "[]", [&] { body(entry); });
  }

  std::vector<std::string> take() { return std::move(paths_); }

 private:
  std::string path(std::string_view key) const {
    return prefix_.empty() ? std::string(key) : prefix_ + "." + std::string(key);
  }
  template <class F>
  void enter(std::string prefix, F body) {
    std::swap(prefix_, prefix);
    body();
    std::swap(prefix_, prefix);
  }

  std::string prefix_;
  std::vector<std::string> paths_;
};

}  // namespace

std::vector<std::string> key_paths() {
  KeyCollector collector;
  const Config config{};
  visit_config(collector, config);
  return collector.take();
}

}  // namespace config
