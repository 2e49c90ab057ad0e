#include "warpsim/config/gpgpusim/OptionFile.h"

#include <cctype>
#include <filesystem>
#include <sstream>

#include "warpsim/config/Config.h"
#include "warpsim/config/ConfigSchema.h"
#include "warpsim/config/ValueText.h"

namespace warpsim::gpgpusim {
namespace {

constexpr int kMaxIncludeDepth = 8;

struct Word {
  std::string text;
  int line = 0;
  bool quoted = false;
};

[[noreturn]] void fail(const std::string& file, int line, const std::string& message) {
  throw ConfigError(file + ":" + std::to_string(line) + ": " + message);
}

bool isBlank(char c) {
  return std::isspace(static_cast<unsigned char>(c)) != 0;
}

// An option is an unquoted word "-name"; "-1" and "-.5" are (negative) values.
bool isOption(const Word& w) {
  if (w.quoted || w.text.size() < 2 || w.text[0] != '-') return false;
  const char c = w.text[1];
  return !std::isdigit(static_cast<unsigned char>(c)) && c != '.';
}

// The file's words: '#' ends a line, blanks separate words, "..." joins words over lines.
std::vector<Word> words(const std::string& text, const std::string& sourceName) {
  std::vector<Word> tokens;
  std::istringstream in(text);
  int lineNo = 0;
  for (std::string line; std::getline(in, line);) {
    ++lineNo;
    line = line.substr(0, line.find('#'));
    std::size_t i = 0;
    while (i < line.size()) {
      while (i < line.size() && isBlank(line[i])) ++i;
      const std::size_t start = i;
      while (i < line.size() && !isBlank(line[i])) ++i;
      if (i > start) tokens.push_back({line.substr(start, i - start), lineNo, false});
    }
  }
  std::vector<Word> out;
  for (std::size_t t = 0; t < tokens.size(); ++t) {
    Word w = tokens[t];
    if (w.text[0] != '"') {
      out.push_back(w);
      continue;
    }
    // A quoted value: up to the first word that closes it, joined with single blanks.
    std::string value = w.text.substr(1);
    bool closed = !value.empty() && value.back() == '"';
    while (!closed && t + 1 < tokens.size()) {
      value += " " + tokens[++t].text;
      closed = value.back() == '"';
    }
    if (!closed)
      fail(sourceName, w.line, "unterminated quote: " + w.text + " ... has no closing '\"'");
    value.pop_back();
    out.push_back({value, w.line, true});
  }
  return out;
}

std::vector<OptionEntry> parseOptions(const std::string& text, const std::string& sourceName,
                                      int depth);

std::vector<OptionEntry> readOptions(const std::string& path, int depth) {
  return parseOptions(readConfigFile(path, "config file"), path, depth);
}

std::vector<OptionEntry> parseOptions(const std::string& text, const std::string& sourceName,
                                      int depth) {
  const std::vector<Word> ws = words(text, sourceName);
  std::vector<OptionEntry> entries;
  for (std::size_t i = 0; i < ws.size(); ++i) {
    const Word& w = ws[i];
    if (!isOption(w)) {
      fail(sourceName, w.line,
           "unexpected '" + w.text +
               "': expected an option (a word starting with '-', followed by its value)");
    }
    OptionEntry e{w.text, "", false, sourceName, w.line};
    if (i + 1 < ws.size() && !isOption(ws[i + 1])) {
      e.value = ws[++i].text;
      e.hasValue = true;
    }
    if (e.option == "-config") {
      if (!e.hasValue) fail(sourceName, w.line, "-config: missing the file name after it");
      if (depth >= kMaxIncludeDepth)
        fail(sourceName, w.line,
             "-config " + e.value + ": files included more than " +
                 std::to_string(kMaxIncludeDepth) + " deep (does a file include itself?)");
      const std::vector<OptionEntry> inner =
          readOptions(resolveBeside(sourceName, e.value), depth + 1);
      entries.insert(entries.end(), inner.begin(), inner.end());
      continue;
    }
    entries.push_back(std::move(e));
  }
  return entries;
}

}  // namespace

std::string OptionEntry::source() const {
  return file + ":" + std::to_string(line) + " (" + option + ")";
}

std::string OptionEntry::where() const {
  return file + ":" + std::to_string(line) + ": " + option;
}

std::vector<OptionEntry> parseOptionText(const std::string& text, const std::string& sourceName) {
  return parseOptions(text, sourceName, 0);
}

std::vector<OptionEntry> readOptionFile(const std::string& path) {
  return readOptions(path, 0);
}

std::vector<BooksimEntry> parseBooksimText(const std::string& text, const std::string& sourceName) {
  std::vector<BooksimEntry> entries;
  std::string statement;
  int line = 1, statementLine = 0, depth = 0;
  auto finish = [&] {
    const std::string s = config::trim(statement);
    if (!s.empty()) {
      const auto eq = s.find('=');
      const std::string key = eq == std::string::npos ? "" : config::trim(s.substr(0, eq));
      if (key.empty()) fail(sourceName, statementLine, "expected 'name = value;', got '" + s + "'");
      entries.push_back({key, config::trim(s.substr(eq + 1)), statementLine});
    }
    statement.clear();
    statementLine = 0;
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
      while (i + 1 < text.size() && text[i + 1] != '\n') ++i;
      continue;
    }
    if (c == '/' && i + 1 < text.size() && text[i + 1] == '*') {
      const auto end = text.find("*/", i + 2);
      if (end == std::string::npos) fail(sourceName, line, "unterminated /* comment");
      for (std::size_t j = i; j < end; ++j) line += text[j] == '\n';
      i = end + 1;
      continue;
    }
    if (c == '\n') ++line;
    if (c == '{') ++depth;
    if (c == '}') --depth;
    if (c == ';' && depth <= 0) {
      finish();
      depth = 0;
      continue;
    }
    if (statementLine == 0 && !isBlank(c)) statementLine = line;
    statement += c;
  }
  if (!config::trim(statement).empty())
    fail(sourceName, statementLine, "'" + config::trim(statement) + "' has no closing ';'");
  return entries;
}

std::vector<BooksimEntry> readBooksimFile(const std::string& path) {
  return parseBooksimText(readConfigFile(path, "interconnect config file"), path);
}

std::string resolveBeside(const std::string& includingFile, const std::string& path) {
  const std::filesystem::path p(path);
  if (p.is_absolute()) return path;
  const std::filesystem::path folder = std::filesystem::path(includingFile).parent_path();
  return folder.empty() ? path : (folder / p).string();
}

}  // namespace warpsim::gpgpusim
