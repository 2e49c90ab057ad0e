#pragma once
// Readers of the files GPGPU-Sim and Accel-Sim users have: the flat `-option value` files
// (gpgpusim.config, trace.config) and BookSim's `key = value;` interconnect files
// (-inter_config_file). Both return what the file says, in file order; lib/config/gpgpusim's
// importer decides what it means for warpsim.
#include <string>
#include <vector>

namespace warpsim::gpgpusim {

// One `-option value` of a GPGPU-Sim file.
struct OptionEntry {
  std::string option;  // with its leading '-': "-gpgpu_n_clusters"
  std::string value;   // without quotes; a quoted value over several lines is joined with blanks
  bool hasValue = true;
  std::string file;  // as given (or resolved, for included files)
  int line = 0;      // where the option is written

  // "FILE:LINE (-option)": the source recorded for the warpsim values it sets.
  std::string source() const;
  // "FILE:LINE: -option": the start of a message about it.
  std::string where() const;
};

// GPGPU-Sim's file syntax, as its option parser reads it: '#' ends the line (even inside
// quotes); the rest is a stream of blank-separated words; a word that starts with '"' runs to
// the next word that ends with '"' (so a quoted value may span lines); an option is a word
// starting with '-' and takes the next word as its value, unless that word is another option
// (then it has none). Several options may share a line. `-config FILE` inside a file includes
// FILE (relative to the including file's folder) at that point. Throws ConfigError naming the
// file and line for a stray word, an unterminated quote or an unreadable file.
std::vector<OptionEntry> parseOptionText(const std::string& text, const std::string& sourceName);
std::vector<OptionEntry> readOptionFile(const std::string& path);

// One `key = value;` of a BookSim config file.
struct BooksimEntry {
  std::string key, value;
  int line = 0;
};

// BookSim's syntax: statements `key = value;`, `//` line and `/* */` block comments; values may
// be braced lists (`{{1,2},{3}}`). Throws ConfigError naming the file and line of a statement
// without '=' or a missing ';'.
std::vector<BooksimEntry> parseBooksimText(const std::string& text, const std::string& sourceName);
std::vector<BooksimEntry> readBooksimFile(const std::string& path);

// `path` as written in `includingFile`: relative paths are taken from that file's folder.
std::string resolveBeside(const std::string& includingFile, const std::string& path);

}  // namespace warpsim::gpgpusim
