#include "warpsim/stats/Timeline.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <numeric>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "warpsim/stats/StatsRegistry.h"

namespace warpsim {
namespace {

constexpr std::size_t kLine = 512;           // room for one event's JSON
constexpr std::uint64_t kFrameBytes = 4096;  // the file's head and tail, with room to spare

// A metadata event naming a process or a thread.
std::string nameEvent(const char* what, std::uint32_t pid, std::uint32_t tid,
                      const std::string& name) {
  return nlohmann::json{{"name", what}, {"ph", "M"},  {"ts", 0},
                        {"pid", pid},   {"tid", tid}, {"args", {{"name", name}}}}
      .dump();
}

}  // namespace

Timeline::Timeline(std::uint64_t corePeriodPs, std::uint64_t startCycle, std::uint64_t endCycle,
                   std::uint64_t maxBytes)
    : periodPs_(corePeriodPs),
      startPs_(startCycle * corePeriodPs),
      endPs_(endCycle * corePeriodPs),
      maxBytes_(maxBytes),
      bytes_(kFrameBytes) {}

Timeline::Track Timeline::track(const std::string& process, const std::string& thread) {
  auto [p, newProcess] = pids_.try_emplace(process, static_cast<std::uint32_t>(pids_.size() + 1));
  if (newProcess) {
    processes_.push_back(process);
    bytes_ += nameEvent("process_name", p->second, 0, process).size() + 2;
  }
  auto [t, newTrack] =
      trackIds_.try_emplace({p->second, thread}, static_cast<Track>(tracks_.size()));
  if (newTrack) {
    const auto tid = static_cast<std::uint32_t>(tracks_.size() + 1);
    tracks_.push_back({p->second, tid, thread});
    bytes_ += nameEvent("thread_name", p->second, tid, thread).size() + 2;
  }
  return t->second;
}

void Timeline::span(Track track, const char* name, std::uint64_t startPs, std::uint64_t endPs,
                    const char* argName, std::uint64_t arg) {
  if (closed_) return;
  latestPs_ = std::max(latestPs_, endPs);
  startPs = std::max(startPs, startPs_);
  endPs = std::min(endPs, endPs_);
  if (startPs >= endPs) return;  // outside the window, or empty
  add({track, 'X', name, startPs, endPs - startPs, argName, arg});
}

void Timeline::instant(Track track, const char* name, std::uint64_t ps, const char* argName,
                       std::uint64_t arg) {
  if (closed_) return;
  latestPs_ = std::max(latestPs_, ps);
  if (ps < startPs_ || ps >= endPs_) return;
  add({track, 'i', name, ps, 0, argName, arg});
}

void Timeline::add(const Event& e) {
  char line[kLine];
  const std::size_t n = format(e, line, sizeof line) + 2;  // and ",\n"
  if (bytes_ + n > maxBytes_) return;  // past the limit (only spans closing at the cut)
  events_.push_back(e);
  bytes_ += n;
  // At 90% of the limit, the window ends now: what is open closes here, nothing new starts.
  if (!cut_ && bytes_ > maxBytes_ / 10 * 9) {
    cut_ = true;
    endPs_ = std::max(std::min(endPs_, latestPs_), startPs_ + 1);
  }
}

void Timeline::onClose(std::function<void(std::uint64_t)> closer) {
  closers_.push_back(std::move(closer));
}

void Timeline::close(std::uint64_t ps) {
  if (closed_) return;
  for (auto& c : closers_) c(ps);
  closed_ = true;
}

std::size_t Timeline::formatTime(std::uint64_t ps, char* out, std::size_t room) const {
  const std::uint64_t whole = ps / periodPs_, part = ps % periodPs_;
  const int n = part == 0 ? std::snprintf(out, room, "%" PRIu64, whole)
                          : std::snprintf(out, room, "%" PRIu64 ".%03" PRIu64, whole,
                                          part * 1000 / periodPs_);
  return static_cast<std::size_t>(n);
}

std::size_t Timeline::format(const Event& e, char* out, std::size_t room) const {
  char ts[48], dur[48], args[96] = "";
  formatTime(e.ps, ts, sizeof ts);
  if (e.ph == 'X')
    formatTime(e.durPs, dur, sizeof dur);
  else
    std::snprintf(dur, sizeof dur, "\"t\"");  // an instant's scope: its thread
  if (e.argName)
    std::snprintf(args, sizeof args, ",\"args\":{\"%s\":%" PRIu64 "}", e.argName, e.arg);
  const TrackInfo& t = tracks_[e.track];
  const int n = std::snprintf(out, room,
                              "{\"name\":\"%s\",\"ph\":\"%c\",\"ts\":%s,\"%s\":%s,\"pid\":%" PRIu32
                              ",\"tid\":%" PRIu32 "%s}",
                              e.name, e.ph, ts, e.ph == 'X' ? "dur" : "s", dur, t.pid, t.tid, args);
  return std::min(static_cast<std::size_t>(n), room - 1);
}

void Timeline::write(const std::string& path) const {
  AtomicFileWriter file(path);
  std::ostream& out = file.stream();
  out << "{\"traceEvents\":[\n";
  bool first = true;
  auto line = [&](const std::string& s) {
    out << (first ? "" : ",\n") << s;
    first = false;
  };
  for (std::uint32_t pid = 1; pid <= processes_.size(); ++pid)
    line(nameEvent("process_name", pid, 0, processes_[pid - 1]));
  for (const TrackInfo& t : tracks_) line(nameEvent("thread_name", t.pid, t.tid, t.thread));
  // Per track in time order (spans are reported when they end, after what they contain).
  std::vector<std::uint32_t> order(events_.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [this](std::uint32_t a, std::uint32_t b) {
    const Event &x = events_[a], &y = events_[b];
    if (x.track != y.track) return x.track < y.track;
    return x.ps != y.ps ? x.ps < y.ps : x.durPs > y.durPs;  // the enclosing span first
  });
  char buf[kLine];
  for (std::uint32_t i : order) {
    format(events_[i], buf, sizeof buf);
    line(buf);
  }
  const nlohmann::json other{{"time_unit", "core cycles (shown as microseconds)"},
                             {"window", {startPs_ / periodPs_, endPs_ / periodPs_}},
                             {"cut_at_cycle", cutAtCycle()},
                             {"max_bytes", maxBytes_}};
  out << "\n],\"displayTimeUnit\":\"ns\",\"otherData\":" << other.dump() << "}\n";
  file.commit();
}

}  // namespace warpsim
