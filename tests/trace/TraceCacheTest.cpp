// The persistent cache of checked kernel files (trace.cache_dir): a second load skips the check
// and gives the same instructions and warnings; a changed file or option, a damaged cache file
// or one past its limit is not used; a cache folder that cannot be made is an error.
#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "TraceFixtures.h"
#include "warpsim/workload/trace/TraceError.h"
#include "warpsim/workload/trace/TraceWorkload.h"

using namespace warpsim;
using namespace warpsim::testing;
namespace fs = std::filesystem;

namespace {

// Two blocks; the header has a key the reader does not know (a warning).
std::string kernelText(const std::string& stride = "8") {
  std::string k = traceHeader("(2,1,1)", "(32,1,1)", 5, 80, "-new key = 1\n");
  for (int id = 0; id < 2; ++id)
    k += traceBlock(std::to_string(id) + ",0,0",
                    {{"0000 ffffffff 1 R1 LDG.E.64 1 R2 8 1 0x7f00000010" + std::to_string(id) +
                          "0 " + stride + " 0",
                      "0010 ffffffff 0 EXIT 0 0 0"}});
  return k;
}

struct Loaded {
  Workload workload;
  trace::TraceSummary summary;
  std::vector<std::string> warnings;
};

Loaded load(const TempDir& d, const std::string& cache, trace::TraceOptions o = {}) {
  Loaded l;
  o.cacheDir = cache;
  o.warn = [&l](const std::string& m) { l.warnings.push_back(m); };
  l.workload = trace::loadTrace(d.path(), o, &l.summary);
  return l;
}

std::vector<fs::path> cacheFiles(const std::string& dir) {
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(dir)) files.push_back(e.path());
  return files;
}

void setup(const TempDir& d, const std::string& kernel) {
  d.write("kernel-1.traceg", kernel);
  d.write("kernelslist.g", "kernel-1.traceg\n");
}

}  // namespace

TEST_CASE("trace cache: a second load reads the cache file instead of checking", "[trace]") {
  TempDir d, c;
  setup(d, kernelText());
  const Loaded first = load(d, c.path());
  CHECK(first.summary.cachedKernels == 0);
  REQUIRE(cacheFiles(c.path()).size() == 1);
  const fs::path file = cacheFiles(c.path())[0];
  CHECK(file.extension() == ".wsbc");
  CHECK(file.filename().string().rfind("kernel-1.traceg-", 0) == 0);

  const Loaded second = load(d, c.path());
  CHECK(second.summary.cachedKernels == 1);
  CHECK(second.summary.kernels == 1);
  CHECK(second.summary.warpInstructions == 4);
  CHECK(second.summary.threadInstructions == 4 * 32);
  CHECK(second.warnings == first.warnings);  // the check's warning, repeated
  REQUIRE(second.warnings.size() == 1);
  CHECK_THAT(second.warnings[0], Catch::Contains("unknown header key '-new key'"));
  const KernelDesc& k = second.workload.kernels[0];
  CHECK(k.name == "fixture");
  CHECK(k.grid.x == 2);
  CHECK(k.regsPerThread == 16);
  const std::vector<WarpInst> a = drain(first.workload), b = drain(second.workload);
  REQUIRE(a.size() == 4);
  REQUIRE(b.size() == 4);
  for (std::size_t i = 0; i < a.size(); ++i) {
    CHECK(a[i].pc == b[i].pc);
    CHECK(a[i].op == b[i].op);
    CHECK(a[i].addr == b[i].addr);
    CHECK(a[i].last == b[i].last);
  }
  CHECK(b[2].addr[31] == 0x7f0000001010 + 31 * 8);

  // The check is really skipped: a cache hit does not read the text (here: made unreadable
  // after its size and time were taken, which keeps the key).
  const std::string text = d.path() + "/kernel-1.traceg";
  ::chmod(text.c_str(), 0);
  if (std::ifstream(text).good()) {
    ::chmod(text.c_str(), 0644);
    WARN("running as a user who reads any file: the unreadable-text check is skipped");
  } else {
    const Loaded third = load(d, c.path());
    ::chmod(text.c_str(), 0644);
    CHECK(third.summary.cachedKernels == 1);
    CHECK(drain(third.workload).size() == 4);
  }
}

TEST_CASE("trace cache: a changed file or a decoding option is a miss", "[trace]") {
  TempDir d, c;
  setup(d, kernelText("8"));
  load(d, c.path());
  setup(d, kernelText("16"));  // another size: another key
  const Loaded changed = load(d, c.path());
  CHECK(changed.summary.cachedKernels == 0);
  CHECK(drain(changed.workload)[0].addr[1] - drain(changed.workload)[0].addr[0] == 16);
  trace::TraceOptions quirks;
  quirks.accelsimQuirks = true;
  CHECK(load(d, c.path(), quirks).summary.cachedKernels == 0);
  CHECK(load(d, c.path(), quirks).summary.cachedKernels == 1);
  CHECK(load(d, c.path()).summary.cachedKernels == 1);  // the latest file without quirks
  CHECK(cacheFiles(c.path()).size() == 3);
}

TEST_CASE("trace cache: a damaged cache file is checked again and rewritten", "[trace]") {
  TempDir d, c;
  setup(d, kernelText());
  load(d, c.path());
  const fs::path file = cacheFiles(c.path())[0];
  const auto size = fs::file_size(file);
  SECTION("truncated") {
    fs::resize_file(file, size - 5);
  }
  SECTION("its index damaged") {
    std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(size - 40));
    f.put('\x7f');
  }
  SECTION("empty") {
    fs::resize_file(file, 0);
  }
  const Loaded again = load(d, c.path());
  CHECK(again.summary.cachedKernels == 0);
  CHECK(drain(again.workload).size() == 4);
  CHECK(fs::file_size(file) == size);  // written again
  CHECK(load(d, c.path()).summary.cachedKernels == 1);
}

TEST_CASE("trace cache: a kernel past the size limit leaves no cache file", "[trace]") {
  TempDir d, c;
  setup(d, kernelText());
  trace::TraceOptions small;
  small.spillLimitBytes = 100;  // less than the two blocks
  {
    const Loaded l = load(d, c.path(), small);
    CHECK(l.summary.cachedKernels == 0);
    CHECK(drain(l.workload).size() == 4);
    for (const fs::path& f : cacheFiles(c.path())) CHECK(f.extension() != ".wsbc");
    REQUIRE(l.warnings.size() == 2);
    CHECK_THAT(l.warnings[1], Catch::Contains("a cache file of decoded thread blocks reached"));
  }
  CHECK(cacheFiles(c.path()).empty());  // the partial file goes with the run
}

TEST_CASE("trace cache: a cache folder that cannot be made is an error naming it", "[trace]") {
  TempDir d;
  setup(d, kernelText());
  const std::string notAFolder = d.path() + "/kernelslist.g/cache";
  try {
    load(d, notAFolder);
    FAIL("no error");
  } catch (const trace::TraceError& e) {
    CHECK_THAT(e.what(), Catch::StartsWith(notAFolder + ": trace.cache_dir: cannot create"));
  }
}

TEST_CASE("trace cache: a cache folder that cannot be written to gives one warning", "[trace]") {
  // /proc exists, and no user, root included, can create a file in it.
  const std::string readOnly = "/proc";
  if (!fs::is_directory(readOnly) || std::ofstream(readOnly + "/warpsim-probe").good()) {
    WARN("no /proc to try a folder that cannot be written to");
    return;
  }
  TempDir d;
  setup(d, kernelText());
  const Loaded l = load(d, readOnly);
  CHECK(l.summary.cachedKernels == 0);
  CHECK(l.summary.spillBytes > 0);  // the run's own spill file instead
  CHECK(drain(l.workload).size() == 4);
  REQUIRE(l.warnings.size() == 2);  // this one, then the header key's
  CHECK_THAT(l.warnings[0], Catch::Contains("cannot create a cache file in /proc ("));
}
