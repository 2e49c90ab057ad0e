#pragma once
// A trace that cannot be read: the message names the file, the line and what is wrong.
#include <cstdint>
#include <stdexcept>
#include <string>

namespace warpsim::trace {

class TraceError : public std::runtime_error {
 public:
  explicit TraceError(const std::string& what) : std::runtime_error(what) {}
  // "FILE:LINE: what" (LINE 0: the file as a whole).
  TraceError(const std::string& file, std::uint64_t line, const std::string& what)
      : std::runtime_error(file + (line ? ":" + std::to_string(line) : std::string()) + ": " +
                           what) {}
};

}  // namespace warpsim::trace
