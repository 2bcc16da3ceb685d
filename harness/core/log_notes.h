// A researcher's notes: reports/notes/<UTC stamp>-<slug>.md, written by hand
// (findings, analyses that span runs). Each joins the dated log file of its
// stamp's day as a linked entry, the front page's index and the reports of
// the families it concerns.
#pragma once

#include <string>
#include <vector>

namespace fuselab {

struct LogNote {
  std::string key;   // the file name without ".md": "20261121T0300Z-sinusoidal-fusion"
  std::string text;  // the file's bytes
};

// Every *.md under `notes_dir` sorted by name; none when the folder is absent.
std::vector<LogNote> load_log_notes(const std::string& notes_dir);

// The note's title: its first non-empty line without the heading's '#'s and a
// leading "<date> — Note: " ("## 2026-11-21 — Note: RoPE fusion" gives "RoPE
// fusion"); the key when the note is empty.
std::string note_title(const LogNote& note);

// Whether the note concerns `family`: its text names the family as a whole
// word, case aside ("RoPE" names rope; "rope_standalone" names rope_standalone,
// not rope: letters, digits and '_' join a word).
bool note_concerns(const LogNote& note, const std::string& family);

// The notes that concern `family`, in stamp order.
std::vector<const LogNote*> notes_about(const std::vector<LogNote>& notes, const std::string& family);

}  // namespace fuselab
