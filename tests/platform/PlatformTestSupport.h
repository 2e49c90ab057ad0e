#pragma once
// Runs the real platform executables (built into WARPSIM_BIN_DIR) and collects their exit code,
// stdout and stderr; a scratch directory per test for the files they write.
#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

namespace warpsim::test {

namespace fs = std::filesystem;

// A fresh directory, removed with everything in it when the object goes.
class ScratchDir {
 public:
  ScratchDir() {
    std::string pattern = (fs::temp_directory_path() / "warpsim-test-XXXXXX").string();
    if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ~ScratchDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  std::string file(const std::string& name) const { return (path_ / name).string(); }
  // Names of the entries in the directory, sorted.
  std::vector<std::string> entries() const {
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(path_)) out.push_back(e.path().filename());
    std::sort(out.begin(), out.end());
    return out;
  }

 private:
  fs::path path_;
};

inline std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::ostringstream os;
  os << in.rdbuf();
  return os.str();
}

inline void writeFile(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
}

inline nlohmann::json readJson(const std::string& path) {
  return nlohmann::json::parse(readFile(path));
}

struct ToolRun {
  int exitCode = -1;
  std::string out, err;
};

// Runs the shell command `command`.
inline ToolRun runCommand(const std::string& command) {
  ScratchDir scratch;
  const std::string errPath = scratch.file("stderr");
  const std::string cmd = command + " 2>'" + errPath + "'";
  ToolRun r;
  FILE* pipe = popen(cmd.c_str(), "r");
  if (!pipe) throw std::runtime_error("popen failed: " + cmd);
  char buf[4096];
  std::size_t n;
  while ((n = fread(buf, 1, sizeof buf, pipe)) > 0) r.out.append(buf, n);
  const int status = pclose(pipe);
  r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.err = readFile(errPath);
  return r;
}

// Runs `tool` (e.g. "warpsim-fermi") from the build's bin directory with `args` (shell words).
inline ToolRun runTool(const std::string& tool, const std::string& args) {
  return runCommand(std::string(WARPSIM_BIN_DIR) + "/" + tool + " " + args);
}

// fermi with a small GPU and workload size 1: fast.
inline ToolRun runFermi(const std::string& args) {
  return runTool("warpsim-fermi", "--set workload.size=1 --set gpu.sms=2 " + args);
}

// The lines of `text`.
inline std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// The real Accel-Sim traces of the development setup, in a shared/traces folder beside the
// checkout; a user's clone has none.
inline std::string sharedTraces() {
  return std::string(WARPSIM_SOURCE_DIR) + "/../shared/traces";
}

// Whether trace folder `name` is there; if not, the test says it is skipped.
inline bool haveSharedTrace(const std::string& name) {
  if (fs::exists(sharedTraces() + "/" + name + "/kernelslist.g")) return true;
  WARN("skipped: " << sharedTraces() << "/" << name
                   << " is absent (the shared Accel-Sim traces sit beside the checkout)");
  return false;
}

}  // namespace warpsim::test
