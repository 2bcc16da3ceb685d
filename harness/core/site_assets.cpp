#include "harness/core/site_assets.h"

namespace fuselab::site {

const std::string& site_css() {
  static const std::string css = R"css(body { font: 15px/1.45 system-ui, sans-serif; margin: 1.5em auto; max-width: 84em; padding: 0 1em; color: #1b1b1b; }
nav { font-size: 0.9em; color: #555; }
h1 { font-size: 1.5em; margin: 0.3em 0 0.6em; }
h2 { font-size: 1.2em; margin-top: 1.6em; border-bottom: 1px solid #ddd; }
table { border-collapse: collapse; margin: 0.4em 0 1em; font-size: 0.9em; }
th, td { border: 1px solid #ddd; padding: 0.2em 0.5em; text-align: left; vertical-align: top; }
table.sortable th { cursor: pointer; background: #f3f3f3; white-space: nowrap; }
table.sortable th.asc::after { content: " ▲"; }
table.sortable th.desc::after { content: " ▼"; }
table.facts th { background: #f7f7f7; font-weight: 600; width: 12em; }
tr[hidden] { display: none; }
td a { white-space: nowrap; }
input.filter { width: 22em; padding: 0.25em 0.4em; }
.table { overflow-x: auto; }
.verdict-CONFIRMED { background: #d8f0d8; }
.verdict-REFUTED { background: #f6dada; }
.verdict-INCONCLUSIVE { background: #e6e6e6; }
.missing { color: #777; font-style: italic; }
img.plot { max-width: 100%; border: 1px solid #eee; margin: 0.3em 0; }
pre { background: #f7f7f7; padding: 0.6em; overflow-x: auto; font-size: 0.85em; }
.note { color: #555; }
)css";
  return css;
}

const std::string& site_js() {
  static const std::string js = R"js(// fuselab site: sorts a table by a clicked heading (again: the other way),
// filters a table's rows by the text typed in the box above it.
"use strict";

function sortKey(row, column) {
  const cell = row.cells[column];
  if (!cell) return "";
  return cell.dataset.sort !== undefined ? cell.dataset.sort : cell.textContent;
}

function isNumber(text) {
  return text.trim() !== "" && Number.isFinite(Number(text));
}

// Numbers first (by value), then words; a second click reverses.
function sortTable(table, column) {
  const heading = table.tHead.rows[0].cells[column];
  const ascending = !heading.classList.contains("asc");
  for (const th of table.tHead.rows[0].cells) th.classList.remove("asc", "desc");
  heading.classList.add(ascending ? "asc" : "desc");
  const body = table.tBodies[0];
  const rows = Array.from(body.rows);
  rows.sort((a, b) => {
    const x = sortKey(a, column), y = sortKey(b, column);
    const xn = isNumber(x), yn = isNumber(y);
    let order;
    if (xn && yn) order = Number(x) - Number(y);
    else if (xn !== yn) return xn ? -1 : 1;
    else order = x.localeCompare(y);
    return ascending ? order : -order;
  });
  for (const row of rows) body.appendChild(row);
}

// Hides the rows whose text does not hold what is typed (case ignored).
function filterTable(input) {
  const table = document.getElementById(input.dataset.table);
  const wanted = input.value.trim().toLowerCase();
  let shown = 0;
  for (const row of table.tBodies[0].rows) {
    const keep = row.textContent.toLowerCase().includes(wanted);
    row.hidden = !keep;
    if (keep) shown += 1;
  }
  input.title = shown + " of " + table.tBodies[0].rows.length + " rows shown";
}

document.addEventListener("DOMContentLoaded", () => {
  for (const table of document.querySelectorAll("table.sortable")) {
    Array.from(table.tHead.rows[0].cells).forEach((th, column) => {
      th.addEventListener("click", () => sortTable(table, column));
    });
  }
  for (const input of document.querySelectorAll("input.filter")) {
    input.addEventListener("input", () => filterTable(input));
  }
});
)js";
  return js;
}

}  // namespace fuselab::site
