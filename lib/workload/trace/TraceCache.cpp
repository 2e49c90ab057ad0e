#include "warpsim/workload/trace/TraceCache.h"

#include <lzma.h>
#include <sys/stat.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <type_traits>

#include "warpsim/workload/trace/SassOpcodes.h"

namespace warpsim::trace {
namespace {

constexpr char kMagic[8] = {'W', 'S', 'B', 'C', '0', '0', '0', '2'};  // the format's version
// The trailer: the index's offset and size, its CRC-32, the magic.
constexpr std::size_t kTrailerBytes = 8 + 8 + 4 + sizeof kMagic;

// Writes the fields fields() lists.
class Writer {
 public:
  template <class T>
  void operator()(const T& v) {
    static_assert(std::is_arithmetic_v<T>);
    const auto* p = reinterpret_cast<const std::uint8_t*>(&v);
    bytes.insert(bytes.end(), p, p + sizeof(T));
  }
  void operator()(const std::string& s) {
    (*this)(static_cast<std::uint32_t>(s.size()));
    bytes.insert(bytes.end(), s.begin(), s.end());
  }
  template <class T>
  void operator()(const std::vector<T>& v) {
    (*this)(static_cast<std::uint64_t>(v.size()));
    for (const T& e : v) fields(*this, e);
  }
  std::vector<std::uint8_t> bytes;
};

// Reads them back; a read past the end, or a bool other than 0 or 1, leaves ok false.
class Reader {
 public:
  Reader(const std::uint8_t* p, std::size_t n) : p_(p), end_(p + n) {}
  template <class T>
  void operator()(T& v) {
    static_assert(std::is_arithmetic_v<T>);
    if (static_cast<std::size_t>(end_ - p_) < sizeof(T)) {
      ok = false;
      return;
    }
    if constexpr (std::is_same_v<T, bool>) {
      ok &= *p_ <= 1;
      v = *p_ != 0;
    } else {
      std::memcpy(&v, p_, sizeof(T));
    }
    p_ += sizeof(T);
  }
  void operator()(std::string& s) {
    std::uint32_t n = 0;
    (*this)(n);
    if (!ok || static_cast<std::size_t>(end_ - p_) < n) {
      ok = false;
      return;
    }
    s.assign(reinterpret_cast<const char*>(p_), n);
    p_ += n;
  }
  template <class T>
  void operator()(std::vector<T>& v) {
    std::uint64_t n = 0;
    (*this)(n);
    v.clear();
    for (std::uint64_t i = 0; ok && i < n; ++i) fields(*this, v.emplace_back());
  }
  bool atEnd() const { return p_ == end_; }
  bool ok = true;

 private:
  const std::uint8_t* p_;
  const std::uint8_t* end_;
};

// Each field of the index once, for Writer (K const) and Reader alike.
template <class IO>
void fields(IO& io, std::string& s) {
  io(s);
}
template <class IO>
void fields(IO& io, const std::string& s) {
  io(s);
}
template <class IO, class B>
auto fields(IO& io, B& b) -> decltype(b.spilled, void()) {  // BlockIndex
  io(b.offset);
  io(b.lineBefore);
  io(b.id);
  io(b.idLine);
  io(b.spilled.offset);
  io(b.spilled.bytes);
  io(b.crc);
}
template <class IO, class K>
auto fields(IO& io, K& k) -> decltype(k.warnings, void()) {  // KernelIndex
  auto& h = k.header;
  io(h.kernelName);
  io(h.kernelId);
  for (auto* d : {&h.grid, &h.block}) {
    io(d->x);
    io(d->y);
    io(d->z);
  }
  io(h.shmem);
  io(h.nregs);
  io(h.binaryVersion);
  io(h.streamId);
  io(h.shmemBase);
  io(h.localBase);
  io(h.nvbitVersion);
  io(h.tracerVersion);
  io(h.lineinfo);
  io(k.warpsPerCta);
  io(k.warpInsts);
  io(k.threadInsts);
  io(k.warnings);
  io(k.blocks);
}

std::uint64_t fnv1a(const std::string& s) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (const char c : s) h = (h ^ static_cast<std::uint8_t>(c)) * 0x100000001b3ull;
  return h;
}

// Size and modification time of a file, "" if it cannot be examined.
std::string identity(const char* path) {
  struct stat st;
  if (::stat(path, &st) != 0) return {};
  return std::to_string(st.st_size) + "|" +
         std::to_string(static_cast<long long>(st.st_mtim.tv_sec) * 1000000000LL +
                        st.st_mtim.tv_nsec);
}

// What a check that passed guarantees, checked again on an index read back (a file that
// passes its CRC but was written by a faulty build must not reach the timing model).
bool consistent(const KernelIndex& k) {
  const TraceHeader& h = k.header;
  if (h.block.count() == 0 || h.block.count() > 1024 || !sassIsaFor(h.binaryVersion) ||
      k.warpsPerCta != (h.block.count() + kWarpSize - 1) / kWarpSize ||
      h.grid.count() != k.blocks.size())
    return false;
  for (std::size_t i = 0; i < k.blocks.size(); ++i)
    if (k.blocks[i].id != i) return false;
  return true;
}

}  // namespace

std::uint32_t checksum(const std::uint8_t* bytes, std::size_t n) {
  return lzma_crc32(bytes, n, 0);
}

std::string cacheKey(const std::string& tracePath, const TraceOptions& options) {
  std::error_code ec;
  const std::filesystem::path canonical = std::filesystem::canonical(tracePath, ec);
  const std::string file = identity(tracePath.c_str()), self = identity("/proc/self/exe");
  if (ec || file.empty() || self.empty()) return {};
  // The running program's own size and time: a rebuilt simulator may decode or encode a line
  // differently under the same format version, so it does not trust an older build's files.
  return std::string(kMagic, sizeof kMagic) + "|" + canonical.string() + "|" + file + "|exe " +
         self + "|quirks " + std::to_string(options.accelsimQuirks) + "|unknown " +
         (options.unknownOpcodes ? std::to_string(static_cast<int>(*options.unknownOpcodes))
                                 : std::string("error"));
}

std::string cacheFileName(const std::string& dir, const std::string& tracePath,
                          const std::string& key) {
  char hash[17];
  std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(fnv1a(key)));
  return dir + "/" + std::filesystem::path(tracePath).filename().string() + "-" + hash + ".wsbc";
}

bool appendIndex(BlockSpill& file, const std::string& key, const KernelIndex& k) {
  Writer w;
  w(key);
  fields(w, k);
  const std::uint64_t at = file.size(), n = w.bytes.size();
  const std::uint32_t crc = checksum(w.bytes.data(), w.bytes.size());
  w(at);
  w(n);
  w(crc);
  for (const char c : kMagic) w(c);
  return file.complete() && file.store(w.bytes.data(), w.bytes.size()).bytes != 0 &&
         file.complete();
}

bool readIndex(BlockSpill& file, const std::string& key, KernelIndex& k) {
  if (file.size() < kTrailerBytes) return false;
  std::vector<std::uint8_t> t, m;
  if (!file.load({file.size() - kTrailerBytes, kTrailerBytes}, t) ||
      std::memcmp(t.data() + 20, kMagic, sizeof kMagic) != 0)
    return false;
  std::uint64_t at = 0, n = 0;
  std::uint32_t crc = 0;
  Reader trailer(t.data(), t.size());
  trailer(at);
  trailer(n);
  trailer(crc);
  if (at > file.size() - kTrailerBytes || n != file.size() - kTrailerBytes - at) return false;
  if (!file.load({at, n}, m) || checksum(m.data(), m.size()) != crc) return false;
  Reader r(m.data(), m.size());
  std::string stored;
  r(stored);
  if (!r.ok || stored != key) return false;
  fields(r, k);
  if (!r.ok || !r.atEnd() || !consistent(k)) return false;
  k.header.hasGrid = k.header.hasBlock = k.header.hasBinaryVersion = true;
  for (const BlockIndex& b : k.blocks)  // every block in the file, before its index
    if (b.spilled.bytes == 0 || b.spilled.offset > at || b.spilled.bytes > at - b.spilled.offset)
      return false;
  return true;
}

}  // namespace warpsim::trace
