#include "warpsim/config/gpgpusim/CacheString.h"

#include <vector>

#include "warpsim/config/ConfigSchema.h"
#include "warpsim/config/ValueText.h"

namespace warpsim::gpgpusim {
namespace {

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (;;) {
    const auto pos = text.find(sep, start);
    parts.push_back(config::trim(text.substr(start, pos - start)));
    if (pos == std::string::npos) return parts;
    start = pos + 1;
  }
}

class Parser {
 public:
  Parser(const std::string& text, const std::string& where) : text_(text), where_(where) {}

  [[noreturn]] void fail(const std::string& why) const {
    throw ConfigError(where_ + " = '" + text_ + "': " + why + "; allowed: " + cacheStringFormat());
  }

  std::uint32_t number(const std::string& field, const char* what, bool zeroOk = false) const {
    std::uint64_t v = 0;
    if (!config::parseUInt(field, v) || v > 0xffffffffu)
      fail(std::string(what) + " '" + field + "' is not a whole number");
    if (v == 0 && !zeroOk) fail(std::string(what) + " is 0");
    return static_cast<std::uint32_t>(v);
  }

  char letter(const std::string& field, const char* what, const char* allowed) const {
    if (field.size() != 1 || std::string(allowed).find(field[0]) == std::string::npos)
      fail(std::string(what) + " '" + field + "' is not one of " + allowed);
    return field[0];
  }

 private:
  const std::string& text_;
  const std::string& where_;
};

}  // namespace

const char* cacheStringFormat() {
  return "[N|S:]<sets>:<line bytes>:<ways>,<L|F>:<R|B|T|E|L>:<m|f|s>[:<N|W|F|L>[:<L|H|P|X|C>]],"
         "<A|F|T|S>:<MSHR entries>:<max merge>,<miss queue>[:<fifo>][,<data port bytes>], or "
         "none (e.g. N:64:128:6,L:L:m:N:H,A:128:8,8)";
}

CacheGeometry parseCacheString(const std::string& text, const std::string& where) {
  const Parser p(text, where);
  CacheGeometry g;
  if (config::trim(text) == "none") {
    g.none = true;
    return g;
  }
  const std::vector<std::string> groups = split(text, ',');
  if (groups.size() < 4 || groups.size() > 5)
    p.fail(std::to_string(groups.size()) + " comma-separated group" +
           (groups.size() == 1 ? "" : "s") + ", expected 4 or 5");
  std::vector<std::string> geometry = split(groups[0], ':');
  if (geometry.size() == 4) {
    g.type = p.letter(geometry[0], "cache type", "NS");
    geometry.erase(geometry.begin());
  }
  if (geometry.size() != 3) p.fail("the first group must be [N|S:]<sets>:<line bytes>:<ways>");
  g.sets = p.number(geometry[0], "sets");
  g.lineSize = p.number(geometry[1], "line size");
  g.ways = p.number(geometry[2], "ways");

  const std::vector<std::string> policy = split(groups[1], ':');
  if (policy.size() < 3 || policy.size() > 5)
    p.fail("the second group must be <rep>:<write>:<alloc>[:<write alloc>[:<set index>]]");
  g.replacement = p.letter(policy[0], "replacement", "LF");
  g.write = p.letter(policy[1], "write policy", "RBTEL");
  g.alloc = p.letter(policy[2], "allocation", "mfs");
  if (policy.size() > 3) g.writeAlloc = p.letter(policy[3], "write allocation", "NWFL");
  if (policy.size() > 4) g.setIndex = p.letter(policy[4], "set index function", "LHPXC");

  const std::vector<std::string> mshr = split(groups[2], ':');
  if (mshr.size() != 3) p.fail("the third group must be <mshr type>:<entries>:<max merge>");
  g.mshrType = p.letter(mshr[0], "MSHR type", "AFTS");
  g.mshrEntries = p.number(mshr[1], "MSHR entries");
  g.mshrMerges = p.number(mshr[2], "MSHR max merge");

  const std::vector<std::string> queue = split(groups[3], ':');
  if (queue.size() > 2) p.fail("the fourth group must be <miss queue>[:<fifo entries>]");
  g.missQueue = p.number(queue[0], "miss queue");
  if (queue.size() == 2) g.resultFifo = p.number(queue[1], "fifo entries", true);
  if (groups.size() == 5) g.dataPortWidth = p.number(groups[4], "data port width", true);
  return g;
}

}  // namespace warpsim::gpgpusim
