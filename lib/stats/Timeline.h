#pragma once
// A Chrome/Perfetto trace-event file of a window of a run (--timeline, doc/observability.md):
// blocks name their tracks (a process per block, a thread per track) and report spans and
// instants in picoseconds; the file gives times in core cycles (the viewer's "microseconds" are
// core cycles). Only events inside the window are kept, clipped to it, and the file never
// exceeds its size limit: at 90% of it the window is cut at the current cycle and what is
// still open is closed there. Blocks that keep no Timeline pointer pay nothing.
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace warpsim {

class Timeline {
 public:
  using Track = std::uint32_t;

  // The core cycles [startCycle, endCycle) with a core clock of `corePeriodPs`; at most
  // `maxBytes` of JSON.
  Timeline(std::uint64_t corePeriodPs, std::uint64_t startCycle, std::uint64_t endCycle,
           std::uint64_t maxBytes);

  // A track `thread` of block `process` (e.g. "gpu.sm3", "warp slot 5"), made on first use.
  Track track(const std::string& process, const std::string& thread);
  // A span [startPs, endPs) on `track`; `name`, `argName` must outlive the Timeline (literals).
  void span(Track track, const char* name, std::uint64_t startPs, std::uint64_t endPs,
            const char* argName = nullptr, std::uint64_t arg = 0);
  void instant(Track track, const char* name, std::uint64_t ps, const char* argName = nullptr,
               std::uint64_t arg = 0);
  // Whether anything from `ps` on can still be recorded (before the window's end, not closed).
  bool recordsAfter(std::uint64_t ps) const { return !closed_ && ps < endPs_; }

  // A block's spans still open at the end: called by close() with the time they end at.
  void onClose(std::function<void(std::uint64_t endPs)> closer);
  // The run ended at `ps`: closes what is open (clipped to the window); later events are ignored.
  void close(std::uint64_t ps);
  // Writes the file (events sorted by track, then time) atomically (AtomicFileWriter).
  // Throws std::runtime_error naming the path.
  void write(const std::string& path) const;

  std::uint64_t events() const { return events_.size(); }
  std::uint64_t bytes() const { return bytes_; }
  // Where the size limit cut the window (core cycle), or 0 if it did not.
  std::uint64_t cutAtCycle() const { return cut_ ? endPs_ / periodPs_ : 0; }
  std::uint64_t maxBytes() const { return maxBytes_; }

 private:
  struct Event {
    Track track;
    char ph;  // 'X' span, 'i' instant
    const char* name;
    std::uint64_t ps, durPs;
    const char* argName;
    std::uint64_t arg;
  };
  struct TrackInfo {
    std::uint32_t pid, tid;
    std::string thread;
  };
  void add(const Event& e);
  // The event as one line of JSON into `out`; returns its length.
  std::size_t format(const Event& e, char* out, std::size_t room) const;
  std::size_t formatTime(std::uint64_t ps, char* out, std::size_t room) const;

  std::uint64_t periodPs_, startPs_, endPs_, maxBytes_;
  std::map<std::string, std::uint32_t> pids_;
  std::vector<std::string> processes_;  // by pid - 1
  std::map<std::pair<std::uint32_t, std::string>, Track> trackIds_;
  std::vector<TrackInfo> tracks_;
  std::vector<Event> events_;
  std::vector<std::function<void(std::uint64_t)>> closers_;
  std::uint64_t bytes_ = 0;
  std::uint64_t latestPs_ = 0;  // the latest time an event reached: about the simulation's now
  bool cut_ = false, closed_ = false;
};

}  // namespace warpsim
