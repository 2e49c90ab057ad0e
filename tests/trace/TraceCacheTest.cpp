// The persistent cache of checked kernel files (trace.cache_dir): a second load skips the check
// and gives the same instructions and warnings; a changed file or option, a damaged cache file
// or one past its limit is not used; a cache folder that cannot be made is an error.
#include <fcntl.h>
#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "TraceFixtures.h"
#include "warpsim/workload/trace/TraceCache.h"
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
  // The warnings so far: the loading's, and those its blocks give when they launch.
  std::shared_ptr<std::vector<std::string>> log = std::make_shared<std::vector<std::string>>();
  const std::vector<std::string>& warnings() const { return *log; }
};

Loaded load(const TempDir& d, const std::string& cache, trace::TraceOptions o = {}) {
  Loaded l;
  o.cacheDir = cache;
  o.warn = [log = l.log](const std::string& m) { log->push_back(m); };
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
  CHECK(second.warnings() == first.warnings());  // the check's warning, repeated
  REQUIRE(second.warnings().size() == 1);
  CHECK_THAT(second.warnings()[0], Catch::Contains("unknown header key '-new key'"));
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

  // The check is really skipped: a cache hit does not read the text. Here the text changes
  // (another stride, same size) and gets its old time back, which keeps the key: the cache
  // still gives the old addresses.
  const std::string text = d.path() + "/kernel-1.traceg";
  struct stat st;
  REQUIRE(::stat(text.c_str(), &st) == 0);
  d.write("kernel-1.traceg", kernelText("9"));
  const struct timespec times[2] = {st.st_atim, st.st_mtim};
  REQUIRE(::utimensat(AT_FDCWD, text.c_str(), times, 0) == 0);
  const Loaded third = load(d, c.path());
  CHECK(third.summary.cachedKernels == 1);
  const std::vector<WarpInst> old = drain(third.workload);
  REQUIRE(old.size() == 4);
  CHECK(old[0].addr[1] - old[0].addr[0] == 8);
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

TEST_CASE("trace cache: every byte of the index and trailer is covered: one flipped is a miss",
          "[trace]") {
  TempDir d, c;
  setup(d, kernelText());
  load(d, c.path());
  const fs::path file = cacheFiles(c.path())[0];
  const auto size = fs::file_size(file);
  std::uint64_t indexAt = 0;  // the trailer's first field
  {
    std::ifstream f(file, std::ios::binary);
    f.seekg(static_cast<std::streamoff>(size - 28));
    f.read(reinterpret_cast<char*>(&indexAt), 8);
  }
  REQUIRE(indexAt > 0);
  REQUIRE(indexAt < size - 28);
  int misses = 0;
  for (std::uint64_t at = indexAt; at < size; ++at) {
    {
      std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
      f.seekg(static_cast<std::streamoff>(at));
      const char b = static_cast<char>(f.get());
      f.seekp(static_cast<std::streamoff>(at));
      f.put(static_cast<char>(b ^ 0x10));
    }
    const Loaded l = load(d, c.path());  // a miss rewrites the file whole
    misses += l.summary.cachedKernels == 0 && drain(l.workload).size() == 4;
  }
  CHECK(misses == static_cast<int>(size - indexAt));
  CHECK(load(d, c.path()).summary.cachedKernels == 1);
}

TEST_CASE("trace cache: a damaged or removed block falls back to the text, with one warning",
          "[trace]") {
  TempDir d, c;
  setup(d, kernelText());
  const std::vector<WarpInst> want = drain(load(d, c.path()).workload);
  const fs::path file = cacheFiles(c.path())[0];
  Loaded l = load(d, c.path());
  REQUIRE(l.summary.cachedKernels == 1);
  SECTION("a byte of the first block flipped (its CRC no longer matches)") {
    std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
    f.seekg(40);  // in the first instruction
    const char b = static_cast<char>(f.get());
    f.seekp(40);
    f.put(static_cast<char>(b ^ 0x10));
  }
  SECTION("the file removed before the blocks launch") {
    fs::remove(file);
  }
  const std::vector<WarpInst> got = drain(l.workload);
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    CHECK(got[i].pc == want[i].pc);
    CHECK(got[i].addr == want[i].addr);
  }
  REQUIRE(l.warnings().size() == 2);  // the repeated header warning, then this one
  CHECK_THAT(l.warnings()[1], Catch::Contains("thread block 0 of the cache file"));
  CHECK_THAT(l.warnings()[1], Catch::Contains("is missing or damaged"));
}

TEST_CASE("trace cache: the run that writes a cache file falls back too if it goes", "[trace]") {
  TempDir d, c;
  setup(d, kernelText());
  Loaded first = load(d, c.path());  // checks, writes the cache file, reads its blocks from it
  REQUIRE(first.summary.cachedKernels == 0);
  REQUIRE(cacheFiles(c.path()).size() == 1);
  fs::remove(cacheFiles(c.path())[0]);
  const std::vector<WarpInst> got = drain(first.workload);
  REQUIRE(got.size() == 4);
  CHECK(got[2].addr[31] == 0x7f0000001010 + 31 * 8);
  REQUIRE(first.warnings().size() == 2);
  CHECK_THAT(first.warnings()[1], Catch::Contains("is missing or damaged"));
}

TEST_CASE("trace cache: an index that contradicts what a check guarantees is refused", "[trace]") {
  TempDir c;
  trace::KernelIndex k;
  k.header.grid = {2, 1, 1};
  k.header.block = {64, 1, 1};
  k.header.binaryVersion = 80;
  k.warpsPerCta = 2;
  k.blocks.resize(2);
  k.blocks[1].id = 1;
  for (auto& b : k.blocks) b.spilled = {0, 1};
  auto written = [&](const trace::KernelIndex& index) {
    std::string why;
    auto f = trace::BlockSpill::createNamed(c.path(), 1 << 20, nullptr, why);
    REQUIRE(f);
    const std::uint8_t block = 0;
    f->store(&block, 1);
    REQUIRE(trace::appendIndex(*f, "key", index));
    trace::KernelIndex back;
    return trace::readIndex(*f, "key", back);
  };
  CHECK(written(k));
  auto broken = k;
  broken.warpsPerCta = 3;
  CHECK_FALSE(written(broken));
  broken = k;
  broken.blocks[1].id = 0;  // ids out of place
  CHECK_FALSE(written(broken));
  broken = k;
  broken.blocks.pop_back();  // fewer blocks than the grid
  CHECK_FALSE(written(broken));
  broken = k;
  broken.header.block = {2048, 1, 1};
  broken.warpsPerCta = 64;  // agrees with the block: refused for its size alone
  CHECK_FALSE(written(broken));
  broken = k;
  broken.header.binaryVersion = 1;  // no SASS table
  CHECK_FALSE(written(broken));
}

TEST_CASE("trace cache: a kernel past the size limit leaves no cache file", "[trace]") {
  TempDir d, c;
  setup(d, kernelText());
  trace::TraceOptions small;
  small.spillLimitBytes = 100;  // less than the two blocks
  const auto openFiles = [] {
    return std::distance(fs::directory_iterator("/proc/self/fd"), fs::directory_iterator());
  };
  const auto before = openFiles();
  {
    const Loaded l = load(d, c.path(), small);
    CHECK(l.summary.cachedKernels == 0);
    CHECK(cacheFiles(c.path()).empty());  // the partial file is removed at once
    CHECK(drain(l.workload).size() == 4);
    // The last block's launch closes it (and the trace text), though the workload lives on.
    CHECK(openFiles() == before);
    REQUIRE(l.warnings().size() == 2);
    CHECK_THAT(l.warnings()[1], Catch::Contains("a cache file of decoded thread blocks reached"));
  }
  CHECK(cacheFiles(c.path()).empty());
}

TEST_CASE("trace cache: with no spill file (limit 0) the cache is off, with one warning",
          "[trace]") {
  TempDir d, c;
  setup(d, kernelText());
  trace::TraceOptions none;
  none.spillLimitBytes = 0;
  const Loaded l = load(d, c.path(), none);
  REQUIRE(l.warnings().size() == 2);  // this one, then the header key's
  CHECK_THAT(l.warnings()[0], Catch::Contains("trace.cache_dir is ignored"));
  CHECK(cacheFiles(c.path()).empty());
  CHECK(drain(l.workload).size() == 4);
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
  REQUIRE(l.warnings().size() == 2);  // this one, then the header key's
  CHECK_THAT(l.warnings()[0], Catch::Contains("cannot create a cache file in /proc ("));
}
