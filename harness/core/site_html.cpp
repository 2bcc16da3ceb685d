#include "harness/core/site_html.h"

#include <algorithm>

#include "harness/core/format_number.h"

namespace fuselab::site {
namespace {

using nlohmann::json;

bool plain(const json& v) { return !v.is_object() && !v.is_array(); }

void lay_out(const json& v, int depth, std::string& out) {
  const std::string pad(2 * (depth + 1), ' '), close_pad(2 * depth, ' ');
  const bool flat = v.is_array() && std::all_of(v.begin(), v.end(), plain);
  if (plain(v) || v.empty() || flat) {
    out += v.dump();
    return;
  }
  out += v.is_object() ? "{\n" : "[\n";
  bool first = true;
  for (auto it = v.begin(); it != v.end(); ++it) {
    if (!first) out += ",\n";
    first = false;
    out += pad;
    if (v.is_object()) out += json(it.key()).dump() + ": ";
    lay_out(*it, depth + 1, out);
  }
  out += "\n" + close_pad + (v.is_object() ? "}" : "]");
}

}  // namespace

std::string html_escape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string link(const std::string& href, const std::string& text) {
  return "<a href=\"" + html_escape(href) + "\">" + html_escape(text) + "</a>";
}

Cell text_cell(const std::string& text) { return {html_escape(text), text}; }

Cell number_cell(const std::string& shown, double value) {
  return {html_escape(shown), format_number("%.17g", value)};
}

Cell missing_cell(const std::string& word) {
  return {"<span class=\"missing\">" + html_escape(word) + "</span>", word};
}

std::string table(const std::string& id, const std::vector<std::string>& headings,
                  const std::vector<std::vector<Cell>>& rows) {
  std::string out = "<div class=\"table\">\n<input type=\"search\" class=\"filter\" data-table=\"" +
                    html_escape(id) + "\" placeholder=\"Filter these " + std::to_string(rows.size()) +
                    " rows\" aria-label=\"Filter the table\">\n<table id=\"" + html_escape(id) +
                    "\" class=\"sortable\">\n<thead><tr>";
  for (const auto& h : headings) out += "<th title=\"Sort by this column\">" + html_escape(h) + "</th>";
  out += "</tr></thead>\n<tbody>\n";
  for (const auto& row : rows) {
    out += "<tr>";
    for (const Cell& c : row)
      out += "<td data-sort=\"" + html_escape(c.sort_key) + "\">" + c.html + "</td>";
    out += "</tr>\n";
  }
  return out + "</tbody>\n</table>\n</div>\n";
}

std::string facts(const std::vector<std::pair<std::string, std::string>>& rows) {
  std::string out = "<table class=\"facts\">\n";
  for (const auto& [name, value] : rows)
    out += "<tr><th>" + html_escape(name) + "</th><td>" + html_escape(value) + "</td></tr>\n";
  return out + "</table>\n";
}

std::string page(const std::string& title, const std::string& root, const std::string& crumbs,
                 const std::string& body) {
  return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>" +
         html_escape(title) + " · fuselab</title>\n<link rel=\"stylesheet\" href=\"" + root +
         "site.css\">\n<script src=\"" + root + "site.js\" defer></script>\n</head>\n<body>\n<nav>" + crumbs +
         "</nav>\n<h1>" + html_escape(title) + "</h1>\n" + body + "</body>\n</html>\n";
}

std::string json_block(const nlohmann::json& value) {
  std::string out;
  lay_out(value, 0, out);
  return "<pre class=\"json\">" + html_escape(out) + "</pre>\n";
}

}  // namespace fuselab::site
