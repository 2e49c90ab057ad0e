#pragma once
// The progress line of a long run, on stderr, rewritten in place about twice a second:
//   [warpsim] cycle 1.25M | 3.40M warp inst | 1.10M inst/s | 42% of CTAs done
// Shown only on a terminal and without --quiet; it reads the wall clock, never changes the run.
#include <chrono>
#include <cstdint>
#include <ostream>
#include <string>

namespace warpsim {

class Gpu;

class ProgressLine {
 public:
  // Hooks itself into `gpu`'s clock engine.
  ProgressLine(Gpu& gpu, std::ostream& out);
  // Erases the line (before the summary is printed).
  void finish();

  // The text of one line (without the carriage return); `rate` in warp instructions per second.
  static std::string format(std::uint64_t cycles, std::uint64_t warpInsts, double rate,
                            double shareDone);

 private:
  void update();

  using Clock = std::chrono::steady_clock;
  Gpu& gpu_;
  std::ostream& out_;
  Clock::time_point start_, last_;
  bool shown_ = false;
};

}  // namespace warpsim
