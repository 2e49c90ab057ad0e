#include "warpsim/common/Progress.h"

#include <fmt/format.h>

#include "warpsim/gpu/Gpu.h"

namespace warpsim {

namespace {

constexpr auto kInterval = std::chrono::milliseconds(500);
constexpr std::uint64_t kEveryIterations = 4096;  // engine steps between wall-clock reads

std::string si(double v) {
  if (v >= 1e9) return fmt::format("{:.2f}G", v / 1e9);
  if (v >= 1e6) return fmt::format("{:.2f}M", v / 1e6);
  if (v >= 1e3) return fmt::format("{:.1f}K", v / 1e3);
  return fmt::format("{:.0f}", v);
}

}  // namespace

ProgressLine::ProgressLine(Gpu& gpu, std::ostream& out)
    : gpu_(gpu), out_(out), start_(Clock::now()), last_(start_) {
  gpu.engine().setProgressHook([this] { update(); }, kEveryIterations);
}

std::string ProgressLine::format(std::uint64_t cycles, std::uint64_t warpInsts, double rate,
                                 double shareDone) {
  return fmt::format("[warpsim] cycle {} | {} warp inst | {} inst/s | {:.0f}% of CTAs done",
                     si(double(cycles)), si(double(warpInsts)), si(rate), 100.0 * shareDone);
}

void ProgressLine::update() {
  const Clock::time_point now = Clock::now();
  if (now - last_ < kInterval) return;
  last_ = now;
  const std::uint64_t insts = gpu_.warpInstructions();
  const double seconds = std::chrono::duration<double>(now - start_).count();
  out_ << "\r" << format(gpu_.coreClock().cycle(), insts, insts / seconds, gpu_.shareDone())
       << "\033[K" << std::flush;
  shown_ = true;
}

void ProgressLine::finish() {
  if (shown_) out_ << "\r\033[K" << std::flush;
  shown_ = false;
}

}  // namespace warpsim
