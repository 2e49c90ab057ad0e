#include "warpsim/cache/AccessTrace.h"

#include <cstring>
#include <fstream>
#include <iterator>

namespace warpsim {
namespace {
constexpr char kMagic[8] = {'W', 'S', 'A', 'C', 'T', 'R', 'C', '1'};
constexpr char kEnd[8] = {'W', 'S', 'A', 'C', 'T', 'E', 'N', 'D'};
constexpr std::size_t kHeader = 24, kRecord = 12;
constexpr std::uint8_t kKinds = 5;

void put(std::vector<unsigned char>& out, std::uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(static_cast<unsigned char>(v >> (8 * i)));
}

std::uint64_t get(const std::vector<unsigned char>& in, std::size_t at, int bytes) {
  std::uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) v |= std::uint64_t{in[at + i]} << (8 * i);
  return v;
}
}  // namespace

AccessTraceWriter::AccessTraceWriter(const std::string& path, TraceGeometry g)
    : path_(path), sms_(g.sms) {
  file_ = std::fopen(path.c_str(), "wb");
  if (!file_) throw std::runtime_error(path + ": cannot create the access trace");
  std::vector<unsigned char> h(kMagic, kMagic + 8);
  for (std::uint32_t v : {g.sms, g.sets, g.ways, g.lineSize}) put(h, v, 4);
  std::fwrite(h.data(), 1, h.size(), file_);
}

AccessTraceWriter::~AccessTraceWriter() {
  if (file_) std::fclose(file_);  // no footer: readers report the file as truncated
}

void AccessTraceWriter::record(SmId sm, Addr line, Cache::AccessKind kind) {
  if (!file_) return;
  unsigned char r[kRecord] = {};
  for (int i = 0; i < 8; ++i) r[i] = static_cast<unsigned char>(line >> (8 * i));
  r[8] = static_cast<unsigned char>(sm.value());
  r[9] = static_cast<unsigned char>(sm.value() >> 8);
  r[10] = static_cast<unsigned char>(kind);
  std::fwrite(r, 1, kRecord, file_);
  ++records_;
}

void AccessTraceWriter::finish(const std::vector<std::uint64_t>& threadInstructions) {
  if (!file_) return;
  std::vector<unsigned char> f(kEnd, kEnd + 8);
  put(f, records_, 8);
  for (std::uint32_t i = 0; i < sms_; ++i)
    put(f, i < threadInstructions.size() ? threadInstructions[i] : 0, 8);
  std::fwrite(f.data(), 1, f.size(), file_);
  const bool ok = std::fclose(file_) == 0;
  file_ = nullptr;
  if (!ok) throw std::runtime_error(path_ + ": cannot write the access trace");
}

AccessTrace readAccessTrace(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw TraceError(path + ": cannot open the access trace");
  const std::vector<unsigned char> b((std::istreambuf_iterator<char>(in)),
                                     std::istreambuf_iterator<char>());
  auto fail = [&](std::size_t offset, const std::string& what) {
    return TraceError(path + ": offset " + std::to_string(offset) + ": " + what);
  };
  if (b.size() < kHeader) throw fail(b.size(), "truncated header (24 bytes expected)");
  if (std::memcmp(b.data(), kMagic, 8) != 0)
    throw fail(0, "not a warpsim access trace (bad magic)");
  AccessTrace t;
  t.geometry = TraceGeometry{
      static_cast<std::uint32_t>(get(b, 8, 4)), static_cast<std::uint32_t>(get(b, 12, 4)),
      static_cast<std::uint32_t>(get(b, 16, 4)), static_cast<std::uint32_t>(get(b, 20, 4))};
  const TraceGeometry& g = t.geometry;
  if (g.sms == 0 || g.sms > 65536 || g.sets == 0 || g.ways == 0 || g.lineSize == 0 ||
      (g.sets & (g.sets - 1)) != 0 || (g.lineSize & (g.lineSize - 1)) != 0)
    throw fail(8, "bad geometry (sms, sets, ways, line size)");
  const std::size_t footer = 16 + 8 * std::size_t{g.sms};
  const bool hasFooter = b.size() >= kHeader + footer &&
                         (b.size() - kHeader - footer) % kRecord == 0 &&
                         std::memcmp(b.data() + b.size() - footer, kEnd, 8) == 0;
  if (!hasFooter) {  // read as records to the end: where the stream stops
    const std::size_t whole = (b.size() - kHeader) / kRecord;
    const std::size_t at = kHeader + whole * kRecord;
    throw fail(at, at == b.size() ? "truncated: no footer after " + std::to_string(whole) +
                                        " records (the run did not finish)"
                                  : "truncated record");
  }
  const std::size_t end = b.size() - footer;
  const std::size_t body = end - kHeader;
  const std::uint64_t n = get(b, end + 8, 8);
  if (n != body / kRecord)
    throw fail(end + 8, "footer counts " + std::to_string(n) + " records, the file holds " +
                            std::to_string(body / kRecord));
  t.records.reserve(n);
  for (std::size_t at = kHeader; at < end; at += kRecord) {
    TraceRecord r{get(b, at, 8), static_cast<std::uint16_t>(get(b, at + 8, 2)),
                  static_cast<Cache::AccessKind>(b[at + 10])};
    if (r.sm >= g.sms) throw fail(at + 8, "SM " + std::to_string(r.sm) + " out of range");
    if (b[at + 10] >= kKinds || b[at + 11] != 0) throw fail(at + 10, "bad access kind");
    t.records.push_back(r);
  }
  for (std::uint32_t i = 0; i < g.sms; ++i)
    t.threadInstructions.push_back(get(b, end + 16 + 8 * i, 8));
  return t;
}

}  // namespace warpsim
