#pragma once
// Reading a whole input file (a config, a PTX module, a launch record and its data) with a limit,
// so that a path naming a device (/dev/zero) or a huge file gives a clear error instead of
// exhausting memory (doc/reliability.md, "Limits"). Pipes (`--config <(...)`) read as files do.
#include <cstdint>
#include <string>

namespace warpsim {

enum class FileRead : std::uint8_t {
  Ok,
  CannotOpen,
  ReadError,
  TooLarge,  // more than the limit: `out` holds the first maxBytes + 1 bytes
};

// Reads the file at `path` into `out`, at most `maxBytes` bytes.
FileRead readFileText(const std::string& path, std::uint64_t maxBytes, std::string& out);

// What went wrong reading `what` ("config file") at `path`, as a message; empty when `result`
// is Ok. `maxBytes` is the limit the read used.
std::string fileReadProblem(FileRead result, const std::string& what, const std::string& path,
                            std::uint64_t maxBytes);

// The limit as words for messages ("16 MiB", "1 GiB", "300 bytes").
std::string byteLimitText(std::uint64_t bytes);

}  // namespace warpsim
