// SPDX-License-Identifier: GPL-3.0-or-later
// Replays fuzz inputs without libFuzzer: every file of the directories (or files) named on
// the command line goes through the target's LLVMFuzzerTestOneInput once. A broken
// invariant aborts, so the CTest test fails; a missing directory (a target without any
// regression yet) is skipped, but at least one input must have been replayed.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

void replay(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  std::cout << "replaying " << file.string() << " (" << bytes.size() << " bytes)" << std::endl;
  LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
}

}  // namespace

int main(int argc, char** argv) {
  std::size_t replayed = 0;
  for (int i = 1; i < argc; ++i) {
    const std::filesystem::path path(argv[i]);
    std::vector<std::filesystem::path> files;
    if (std::filesystem::is_directory(path)) {
      for (const auto& entry : std::filesystem::directory_iterator(path))
        if (entry.is_regular_file()) files.push_back(entry.path());
      std::sort(files.begin(), files.end());
    } else if (std::filesystem::is_regular_file(path)) {
      files.push_back(path);
    } else {
      std::cout << "no inputs at " << path.string() << " (skipped)" << std::endl;
    }
    for (const auto& file : files) replay(file);
    replayed += files.size();
  }
  std::cout << replayed << " inputs replayed" << std::endl;
  if (replayed == 0) {
    std::cerr << "no input found: the corpus directory is missing" << std::endl;
    return 1;
  }
  return 0;
}
