// What the site's pages share: where a page lives, the way back to the top,
// a result's timing cells.
#include "harness/core/site_pages.h"

#include <algorithm>
#include <optional>

#include "harness/core/format_number.h"

namespace fuselab::site {

std::string path_part(const std::string& name) {
  std::string out;
  for (const char c : name) {
    const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
                      c == '-' || c == '/' || c == '.';
    out += keep ? c : '_';
  }
  // No climbing out, no absolute path, no empty folder name.
  for (std::string::size_type at; (at = out.find("..")) != std::string::npos;) out.replace(at, 2, "__");
  while (!out.empty() && out.front() == '/') out.erase(0, 1);
  for (std::string::size_type at; (at = out.find("//")) != std::string::npos;) out.replace(at, 2, "/_");
  return out.empty() ? "_" : out;
}

std::string root_of(const std::string& href) {
  std::string root;
  for (const char c : href)
    if (c == '/') root += "../";
  return root;
}

std::vector<Cell> timing_cells(const nlohmann::json& c) {
  const nlohmann::json* cold = nullptr;
  if (c.contains("timing") && c["timing"].is_object() && c["timing"].contains("cold") &&
      c["timing"]["cold"].is_object())
    cold = &c["timing"]["cold"];
  const nlohmann::json* stats = cold && cold->contains("stats") && (*cold)["stats"].is_object() ? &(*cold)["stats"] : nullptr;
  const auto number = [&](const char* key) -> std::optional<double> {
    if (stats && stats->contains(key) && (*stats)[key].is_number()) return (*stats)[key].get<double>();
    return std::nullopt;
  };
  const auto median = number("median"), q1 = number("q1"), q3 = number("q3"), iqr = number("iqr"), n = number("n");
  if (!median) {
    const Cell word = missing_cell(kNotTimed);
    return {word, word, word, word, word};
  }
  std::vector<Cell> out = {number_cell(format_number("%.2f", *median), *median)};
  out.push_back(q1 && q3 ? number_cell(format_number("%.2f", *q1) + "–" + format_number("%.2f", *q3), *q1)
                         : text_cell("no quartiles on record"));
  out.push_back(iqr && *median > 0 ? number_cell(format_number("%.2f%%", 100 * *iqr / *median), *iqr / *median)
                                   : text_cell("no spread on record"));
  std::vector<double> samples;
  if (cold->contains("samples") && (*cold)["samples"].is_array())
    for (const auto& s : (*cold)["samples"])
      if (s.is_number()) samples.push_back(s.get<double>());
  if (samples.empty()) {
    out.push_back(text_cell("no samples on record"));
  } else {
    const auto [lo, hi] = std::minmax_element(samples.begin(), samples.end());
    out.push_back(number_cell(format_number("%.2f", *lo) + "–" + format_number("%.2f", *hi), *lo));
  }
  out.push_back(n ? number_cell(format_number("%.0f", *n), *n) : number_cell(std::to_string(samples.size()), samples.size()));
  return out;
}

}  // namespace fuselab::site
