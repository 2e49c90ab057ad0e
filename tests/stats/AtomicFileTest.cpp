#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "warpsim/stats/StatsRegistry.h"

using warpsim::writeFileAtomically;
namespace fs = std::filesystem;

namespace {

// A fresh directory per test process (ctest runs test cases in parallel processes).
struct TempDir {
  fs::path path;
  explicit TempDir(const std::string& name)
      : path(fs::temp_directory_path() /
             ("warpsim-stats-" + name + "-" + std::to_string(::getpid()))) {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() { fs::remove_all(path); }
};

std::string readAll(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_CASE("writeFileAtomically writes the text and leaves no .tmp file", "[file]") {
  TempDir dir("write");
  const fs::path target = dir.path / "stats.json";
  writeFileAtomically(target.string(), "{\"a\":1}\n");
  REQUIRE(readAll(target) == "{\"a\":1}\n");
  REQUIRE_FALSE(fs::exists(target.string() + ".tmp"));
}

TEST_CASE("writeFileAtomically replaces an existing file", "[file]") {
  TempDir dir("replace");
  const fs::path target = dir.path / "stats.csv";
  writeFileAtomically(target.string(), "a much longer old content\n");
  writeFileAtomically(target.string(), "new\n");
  REQUIRE(readAll(target) == "new\n");
}

TEST_CASE("writeFileAtomically names the path and the reason when it cannot write", "[file]") {
  REQUIRE_THROWS_AS(writeFileAtomically("/nonexistent-dir/x.json", "{}"), std::runtime_error);
  REQUIRE_THROWS_WITH(writeFileAtomically("/nonexistent-dir/x.json", "{}"),
                      Catch::Matchers::Contains("'/nonexistent-dir/x.json'") &&
                          Catch::Matchers::Contains(std::strerror(ENOENT)));
}

TEST_CASE("writeFileAtomically removes the .tmp file when the rename fails", "[file]") {
  TempDir dir("rename");
  const fs::path target = dir.path / "busy";
  fs::create_directories(target / "child");  // a non-empty directory cannot be replaced
  REQUIRE_THROWS_WITH(writeFileAtomically(target.string(), "x"),
                      Catch::Matchers::Contains("'" + target.string() + "'"));
  REQUIRE_FALSE(fs::exists(target.string() + ".tmp"));
  REQUIRE(fs::is_directory(target / "child"));
}
