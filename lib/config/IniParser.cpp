#include "warpsim/config/IniParser.h"

#include <algorithm>
#include <cstring>

#include "warpsim/config/ConfigSchema.h"
#include "warpsim/config/ValueText.h"

namespace warpsim::config {
namespace {

bool isBlank(char c) {
  return c == ' ' || c == '\t';
}
bool isCommentStart(char c) {
  return c == '#' || c == ';';
}

// Text before a comment that starts the text or follows a blank ("a#b" keeps its '#').
std::string withoutComment(const std::string& text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (isCommentStart(text[i]) && (i == 0 || isBlank(text[i - 1]))) return text.substr(0, i);
  }
  return text;
}

class LineReader {
 public:
  LineReader(const std::string& sourceName, int line) : sourceName_(sourceName), line_(line) {}

  [[noreturn]] void fail(const std::string& message) const {
    throw ConfigError(sourceName_ + ":" + std::to_string(line_) + ": " + message);
  }

  // "[section]" with an optional trailing comment.
  std::string section(const std::string& text) const {
    const auto close = text.find(']');
    if (close == std::string::npos) fail("unterminated section header '" + text + "'");
    const std::string rest = trim(text.substr(close + 1));
    if (!rest.empty() && !isCommentStart(rest[0])) {
      fail("unexpected text '" + rest + "' after section header");
    }
    std::string name = trim(text.substr(1, close - 1));
    if (name.empty()) fail("empty section name '" + text + "'");
    return name;
  }

  // The value after '=': quoted, or bare up to a trailing comment.
  std::string value(const std::string& text) const {
    const std::string raw = trim(text);
    if (raw.empty() || raw[0] != '"') return trim(withoutComment(raw));
    std::string out;
    std::size_t i = 1;
    for (; i < raw.size() && raw[i] != '"'; ++i) {
      if (raw[i] != '\\' || i + 1 == raw.size()) {
        out += raw[i];
        continue;
      }
      const char e = raw[++i];
      out += e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e;
    }
    if (i == raw.size()) fail("unterminated quoted value " + raw);
    const std::string rest = trim(raw.substr(i + 1));
    if (!rest.empty() && !isCommentStart(rest[0])) {
      fail("unexpected text '" + rest + "' after quoted value");
    }
    return out;
  }

 private:
  const std::string& sourceName_;
  int line_;
};

}  // namespace

void parseIni(const std::string& text, const std::string& sourceName,
              const std::function<void(const std::string&, const std::string&, int)>& onEntry) {
  std::string section;
  std::size_t pos = text.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;  // UTF-8 byte-order mark
  for (int line = 1; pos <= text.size(); ++line) {
    const auto newline = std::min(text.find('\n', pos), text.size());
    const std::string content = trim(text.substr(pos, newline - pos));
    pos = newline + 1;
    if (content.empty() || isCommentStart(content[0])) continue;
    const LineReader reader(sourceName, line);
    if (content[0] == '[') {
      section = reader.section(content);
      continue;
    }
    const auto eq = content.find('=');
    if (eq == std::string::npos) {
      reader.fail("malformed line '" + content + "': expected 'key = value' or '[section]'");
    }
    const std::string key = trim(content.substr(0, eq));
    if (key.empty()) reader.fail("missing option name before '=' in '" + content + "'");
    std::string fullKey = section;
    if (!fullKey.empty()) fullKey += '.';
    fullKey += key;
    onEntry(fullKey, reader.value(content.substr(eq + 1)), line);
  }
}

std::string iniQuote(const std::string& value) {
  // parseIni trims every character trim() does (not only blanks) around a bare value.
  const auto trimmed = [](char c) { return c != '\0' && std::strchr(" \t\r\n\f\v", c); };
  const bool plain =
      value.empty() || (value.find_first_of("#;\n\r") == std::string::npos &&
                        value.front() != '"' && !trimmed(value.front()) && !trimmed(value.back()));
  if (plain) return value;
  std::string out = "\"";
  for (char c : value) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        out += c;
    }
  }
  return out + "\"";
}

}  // namespace warpsim::config
