#include "harness/core/log_notes.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace fuselab {
namespace {

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

std::vector<LogNote> load_log_notes(const std::string& notes_dir) {
  namespace fs = std::filesystem;
  std::vector<LogNote> notes;
  if (!fs::is_directory(notes_dir)) return notes;
  for (const auto& entry : fs::directory_iterator(notes_dir)) {
    if (!entry.is_regular_file() || entry.path().extension() != ".md") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    if (!in && !in.eof())
      throw std::runtime_error("cannot read note " + entry.path().string() +
                               ". Fix: check the file's permissions");
    notes.push_back({entry.path().stem().string(), text.str()});
  }
  std::sort(notes.begin(), notes.end(),
            [](const LogNote& a, const LogNote& b) { return a.key < b.key; });
  return notes;
}

std::string note_title(const LogNote& note) {
  std::istringstream in(note.text);
  std::string line;
  while (std::getline(in, line)) {
    std::size_t start = line.find_first_not_of("# \t");
    if (start == std::string::npos) continue;
    line = line.substr(start);
    const std::string marker = "Note: ";
    if (const auto at = line.find(marker); at != std::string::npos && at <= 16) line = line.substr(at + marker.size());
    while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back()))) line.pop_back();
    return line;
  }
  return note.key;
}

bool note_concerns(const LogNote& note, const std::string& family) {
  const std::string text = lower(note.text), word = lower(family);
  for (auto at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) {
    const std::size_t end = at + word.size();
    if ((at == 0 || !word_char(text[at - 1])) && (end == text.size() || !word_char(text[end]))) return true;
  }
  return false;
}

std::vector<const LogNote*> notes_about(const std::vector<LogNote>& notes, const std::string& family) {
  std::vector<const LogNote*> out;
  for (const auto& n : notes)
    if (note_concerns(n, family)) out.push_back(&n);
  return out;
}

}  // namespace fuselab
