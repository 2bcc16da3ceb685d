// The HTML pieces the site (`fuselab report --html DIR`, site.h) is built
// from: escaping, links, sortable and filterable tables, the page frame, a
// record's JSON laid out to read. Every text that comes from a record goes
// through html_escape here, so a record cannot inject markup.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace fuselab::site {

// The words shown where a number or a link is missing (issue 39: a clear
// word, never a blank cell).
inline constexpr const char* kNotTimed = "not timed";
inline constexpr const char* kNoPeer = "no PyTorch peer on record";
inline constexpr const char* kNoPassing = "no passing version";
inline constexpr const char* kNoParent = "none on record";
inline constexpr const char* kNoCeiling = "no ceiling on record";
inline constexpr const char* kNone = "none";

// & < > " ' as entities; safe in text and in quoted attributes.
std::string html_escape(const std::string& text);

// <a href="HREF">TEXT</a>, both escaped.
std::string link(const std::string& href, const std::string& text);

// One table cell: `html` is markup (escape what it holds); `sort_key`, when
// set, is what the column sorts by (a number sorts numerically).
struct Cell {
  std::string html;
  std::string sort_key;
};
Cell text_cell(const std::string& text);  // escaped text, sorts by it
Cell number_cell(const std::string& shown, double value);
// One of the words above, in place of a number (greyed; sorts last).
Cell missing_cell(const std::string& word);

// A table the page script sorts (click a heading) and filters (the box above
// it hides the rows whose text lacks what is typed). `id` must be unique on
// its page.
std::string table(const std::string& id, const std::vector<std::string>& headings,
                  const std::vector<std::vector<Cell>>& rows);

// A two-column table of names and values (escaped text).
std::string facts(const std::vector<std::pair<std::string, std::string>>& rows);

// The whole page: `root` is the site's top relative to the page ("", "../"),
// `crumbs` the trail of links above the title (markup).
std::string page(const std::string& title, const std::string& root, const std::string& crumbs,
                 const std::string& body);

// A JSON value laid out to read (objects one key a line, arrays of plain
// values on one line), escaped, in a <pre>.
std::string json_block(const nlohmann::json& value);

}  // namespace fuselab::site
