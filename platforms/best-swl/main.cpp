// warpsim-best-swl: CCWS §5.1's Best-SWL. Runs a platform with static wavefront limiting
// (sched.policy=swl) at every limit from 1 to the SM's warp slots, and reports the limit with
// the highest IPC ("All possible limitation values (32 to 1) were run and the best performing
// case is picked").
//   warpsim-best-swl [--platform ccws30] [--max N | --limits 1,2,4] [--json FILE]
//                    [platform options...]
// Each run is a separate process of warpsim-<platform> (found next to this executable), since
// SystemC elaborates once per process. Exit code 1 when a run fails (its stderr is shown).
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace {
std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

std::string selfDir() {
  std::array<char, 4096> buf{};
  const ssize_t n = readlink("/proc/self/exe", buf.data(), buf.size() - 1);
  std::string p(buf.data(), n > 0 ? static_cast<std::size_t>(n) : 0);
  const auto slash = p.rfind('/');
  return slash == std::string::npos ? "." : p.substr(0, slash);
}

// Runs `cmd`, returning its stdout and exit status.
int run(const std::string& cmd, std::string& out) {
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(cmd.c_str(), "r"), pclose);
  if (!pipe) return -1;
  std::array<char, 4096> buf{};
  out.clear();
  std::size_t n;
  while ((n = std::fread(buf.data(), 1, buf.size(), pipe.get())) > 0) out.append(buf.data(), n);
  const int status = pclose(pipe.release());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}
}  // namespace

int main(int argc, char* argv[]) {
  std::string platform = "ccws30", jsonPath;
  unsigned maxWarps = 0;
  std::vector<unsigned> limits;  // --limits: only these (a coarse sweep); default 1..max
  std::string args;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--platform" && i + 1 < argc)
      platform = argv[++i];
    else if (a == "--max" && i + 1 < argc)
      maxWarps = static_cast<unsigned>(std::stoul(argv[++i]));
    else if (a == "--json" && i + 1 < argc)
      jsonPath = argv[++i];
    else if (a == "--limits" && i + 1 < argc) {
      std::istringstream is(argv[++i]);
      std::string v;
      while (std::getline(is, v, ',')) {
        const unsigned l = static_cast<unsigned>(std::strtoul(v.c_str(), nullptr, 10));
        if (l == 0) {
          std::cerr << "warpsim-best-swl: error: --limits '" << argv[i]
                    << "': limits are numbers from 1, comma-separated\n";
          return 1;
        }
        limits.push_back(l);
      }
    } else if (a == "--help" || a == "-h") {
      std::cout << "usage: warpsim-best-swl [--platform ccws30] [--max N | --limits L1,L2,..] "
                   "[--json FILE] [platform options...]\n"
                   "  Runs sched.policy=swl with sched.swl_limit = 1..N (N: sm.max_warps) and "
                   "reports the limit with the best IPC (CCWS 5.1 Best-SWL).\n";
      return 0;
    } else if (a == "--stats" || a == "--csv")
      ++i;  // each run writes its own
    else
      args += " " + quote(a);
  }
  const std::string exe = selfDir() + "/warpsim-" + platform;
  if (access(exe.c_str(), X_OK) != 0) {
    std::cerr << "warpsim-best-swl: error: --platform '" << platform << "': no executable " << exe
              << "\n";
    return 1;
  }
  std::string out;
  if (maxWarps == 0 && limits.empty()) {
    if (run(quote(exe) + args + " --dump-config", out) != 0) {
      std::cerr << "warpsim-best-swl: error: " << exe << args << " --dump-config failed\n";
      return 1;
    }
    std::istringstream is(out);
    std::string line, section;
    while (std::getline(is, line)) {
      if (!line.empty() && line[0] == '[') section = line;
      if (section == "[sm]" && line.rfind("max_warps", 0) == 0)
        maxWarps = static_cast<unsigned>(std::stoul(line.substr(line.find('=') + 1)));
    }
    if (maxWarps == 0) {
      std::cerr << "warpsim-best-swl: error: sm.max_warps not found in --dump-config\n";
      return 1;
    }
  }
  char tmpl[] = "/tmp/warpsim-best-swl-XXXXXX";
  if (!mkdtemp(tmpl)) {
    std::cerr << "warpsim-best-swl: error: cannot create a temporary directory\n";
    return 1;
  }
  const std::string stats = std::string(tmpl) + "/stats.json";
  nlohmann::json runs = nlohmann::json::array();
  unsigned best = 0;
  double bestIpc = -1;
  if (limits.empty())
    for (unsigned l = 1; l <= maxWarps; ++l) limits.push_back(l);
  for (unsigned limit : limits) {
    const std::string cmd = quote(exe) + args + " --set sched.policy=swl --set sched.swl_limit=" +
                            std::to_string(limit) + " --stats " + quote(stats) + " 2>&1";
    const int rc = run(cmd, out);
    if (rc != 0) {
      std::cerr << "warpsim-best-swl: error: swl_limit " << limit << " exited " << rc << ":\n"
                << out;
      return 1;
    }
    std::ifstream f(stats);
    const auto s = nlohmann::json::parse(f);
    const double ipc = s["ipc"].get<double>();
    runs.push_back({{"limit", limit}, {"ipc", ipc}, {"cycles", s["cycles"]}});
    std::cout << fmt::format("swl_limit {:2} ipc {:.4f} cycles {}\n", limit, ipc,
                             s["cycles"].get<std::uint64_t>());
    if (ipc > bestIpc) bestIpc = ipc, best = limit;
  }
  std::remove(stats.c_str());
  rmdir(tmpl);
  std::cout << fmt::format("best swl_limit {} ipc {:.4f}\n", best, bestIpc);
  if (!jsonPath.empty()) {
    std::ofstream j(jsonPath);
    j << nlohmann::json{{"platform", platform},
                        {"best_limit", best},
                        {"best_ipc", bestIpc},
                        {"runs", runs}}
             .dump(1)
      << "\n";
    if (!j) {
      std::cerr << "warpsim-best-swl: error: cannot write " << jsonPath << "\n";
      return 1;
    }
  }
  return 0;
}
