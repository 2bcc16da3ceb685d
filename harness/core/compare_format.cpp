// The renderings of a compare matrix: markdown, JSON, CSV, Google Benchmark
// JSON. Fixed ordering (the matrix's) and fixed number formats.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "harness/core/format_number.h"
#include "harness/core/compare.h"

namespace fuselab {
namespace {

using nlohmann::json;

constexpr auto format = &format_number;

// Three significant digits, never in exponent form: 123, 12.3, 1.23, 0.123, 0.0123.
std::string sig3(double v) {
  if (!std::isfinite(v)) return "n/a";
  if (v == 0) return "0";
  const int magnitude = static_cast<int>(std::floor(std::log10(std::fabs(v))));
  const int decimals = std::min(6, std::max(0, 2 - magnitude));
  char fmt[16];
  std::snprintf(fmt, sizeof fmt, "%%.%df", decimals);
  return format(fmt, v);
}

std::string us(double v) { return format("%.2f", v); }
std::string percent(double fraction) { return format("%.1f", fraction * 100.0) + " %"; }

// The label as a table header: the family prefix is implied.
std::string short_label(const CompareMatrix& m, const Column& c) {
  const std::string prefix = m.family + "/";
  return !c.peer && c.label.rfind(prefix, 0) == 0 ? c.label.substr(prefix.size()) : c.label;
}

std::string speedup_text(const Speedup& s) {
  return "×" + sig3(s.ratio.mid) + " [" + sig3(s.ratio.low) + ", " + sig3(s.ratio.high) + "] " +
         call_name(s.call);
}

// What a cell without the wanted number says.
std::string missing(const Cell& cell) { return cell.present ? cell.status : "—"; }

std::string flag(const Cell& cell) { return cell.env_mismatch.empty() ? "" : " †"; }

std::string timing_cell(const Cell& cell, bool hot) {
  const auto& stats = hot ? cell.hot : cell.cold;
  const auto& speedup = hot ? cell.hot_speedup : cell.cold_speedup;
  if (!stats) return missing(cell) + flag(cell);
  std::string out = us(stats->median);
  if (speedup) out += " · " + speedup_text(*speedup);
  if (cell.present && !cell.pass) out += " (" + cell.status + ")";
  return out + flag(cell);
}

std::string check_cell(const Cell& cell) {
  if (!cell.present) return "—";
  const bool checked = cell.status == "passed" || cell.status == "failed" || cell.status == "error";
  if (!checked) return cell.status + flag(cell);  // unsupported, not run: no claim either way
  std::string out = (cell.max_abs_err ? format("%.1e", *cell.max_abs_err) : std::string("n/a")) +
                    " " + (cell.pass ? "pass" : "FAIL (" + cell.status + ")");
  if (cell.copy_fraction) out += " · " + percent(*cell.copy_fraction);
  if (cell.fp32_fraction) out += " · " + percent(*cell.fp32_fraction);
  return out + flag(cell);
}

// Rows where `keep` holds for some column (timing tables: a timed cell).
template <typename CellText, typename Keep>
std::string matrix_table(const CompareMatrix& m, CellText text, Keep keep) {
  std::string out = "| case |";
  std::string rule = "|---|";
  for (const auto& c : m.columns) {
    out += " " + short_label(m, c) + " |";
    rule += "---:|";
  }
  out += "\n" + rule + "\n";
  for (std::size_t row = 0; row < m.cases.size(); ++row) {
    if (std::none_of(m.cells[row].begin(), m.cells[row].end(), keep)) continue;
    out += "| " + m.cases[row] + " |";
    for (const auto& cell : m.cells[row]) out += " " + text(cell) + " |";
    out += "\n";
  }
  return out;
}

json interval_json(const Interval& i) { return {{"low", i.low}, {"mid", i.mid}, {"high", i.high}}; }

json speedup_json(const std::optional<Speedup>& s) {
  if (!s) return nullptr;
  return {{"ratio", interval_json(s->ratio)}, {"call", call_name(s->call)}};
}

json optional_json(const std::optional<double>& v) { return v ? json(*v) : json(nullptr); }

json env_json(const std::vector<EnvField>& fields) {
  json out = json::array();
  for (const auto& f : fields)
    out.push_back({{"field", f.field}, {"baseline", f.old_value}, {"value", f.new_value}});
  return out;
}

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string csv_number(const std::optional<double>& v) {
  return v && std::isfinite(*v) ? format("%.6g", *v) : std::string();
}

}  // namespace

std::string gbench_file_name(const std::string& label) {
  std::string out;
  for (char c : label) out += c == '/' ? '.' : c;
  return out + ".json";
}

std::string render_markdown(const CompareMatrix& m) {
  const std::string base = short_label(m, m.columns[0]);
  std::string runs;
  for (const auto& r : m.runs) runs += (runs.empty() ? "" : ", ") + r;
  std::string out = "## compare: " + m.family + " (baseline " + m.columns[0].label + ")\n\n";
  out += "Records: " + runs + ". Speedup = baseline median / this median, with its " +
         format("%.0f", m.confidence * 100) +
         " % bootstrap interval; SAME when the interval contains 1 or the speedup is within " +
         format("%.0f", m.floor * 100) + " % of 1.\n\n";
  out += "| # | id | runs | environment vs column 1 |\n|---|---|---|---|\n";
  bool any_mismatch = false;
  for (std::size_t i = 0; i < m.columns.size(); ++i) {
    const Column& c = m.columns[i];
    std::string run_list;
    for (const auto& r : c.run_ids) run_list += (run_list.empty() ? "" : " ") + r;
    std::string env = i == 0 && c.env_mismatch.empty() ? "baseline" : "same";
    if (!c.env_mismatch.empty()) {
      any_mismatch = true;
      env = "† DIFFERENT:";
      for (const auto& d : c.env_mismatch) env += " " + d + ";";
      env.pop_back();
    }
    out += "| " + std::to_string(i + 1) + " | " + c.label + (c.peer ? " (peer)" : "") + " | " +
           run_list + " | " + env + " |\n";
  }
  out += "\n### Cold (L2 flushed): median µs · speedup [interval] call\n\n";
  out += matrix_table(
      m, [](const Cell& c) { return timing_cell(c, false); },
      [](const Cell& c) { return c.cold.has_value(); });
  out += "\n### Hot (L2 warm): median µs · speedup [interval] call\n\n";
  out += matrix_table(
      m, [](const Cell& c) { return timing_cell(c, true); },
      [](const Cell& c) { return c.hot.has_value(); });
  out +=
      "\n### Check (every case, timed or not): max abs error · % of copy ceiling · "
      "% of FP32 ceiling\n\n";
  out += matrix_table(m, check_cell, [](const Cell& c) { return c.present; });
  if (any_mismatch)
    out += "\n† measured on another GPU, driver, CUDA runtime or build than column 1 (" + base +
           "): the ratio mixes machines.\n";
  return out;
}

json to_json(const CompareMatrix& m) {
  json columns = json::array();
  for (const auto& c : m.columns)
    columns.push_back({{"label", c.label},
                       {"id", c.id},
                       {"pinned_run", c.pinned_run},
                       {"peer", c.peer},
                       {"run_ids", c.run_ids},
                       {"env_mismatch", c.env_mismatch}});
  json rows = json::array();
  for (std::size_t row = 0; row < m.cases.size(); ++row) {
    json cells = json::array();
    for (std::size_t col = 0; col < m.columns.size(); ++col) {
      const Cell& c = m.cells[row][col];
      if (!c.present) {
        cells.push_back({{"column", m.columns[col].label}, {"present", false}});
        continue;
      }
      cells.push_back({{"column", m.columns[col].label},
                       {"present", true},
                       {"run_id", c.run_id},
                       {"status", c.status},
                       {"pass", c.pass},
                       {"cold", c.cold ? to_json(*c.cold) : json(nullptr)},
                       {"hot", c.hot ? to_json(*c.hot) : json(nullptr)},
                       {"cold_speedup", speedup_json(c.cold_speedup)},
                       {"hot_speedup", speedup_json(c.hot_speedup)},
                       {"max_abs_err", optional_json(c.max_abs_err)},
                       {"copy_fraction", optional_json(c.copy_fraction)},
                       {"fp32_fraction", optional_json(c.fp32_fraction)},
                       {"env_mismatch", env_json(c.env_mismatch)}});
    }
    rows.push_back({{"case", m.cases[row]}, {"cells", cells}});
  }
  return {{"family", m.family},
          {"baseline", m.columns[0].label},
          {"runs", m.runs},
          {"unit", "us"},
          {"speedup", "median(baseline) / median(this)"},
          {"confidence", m.confidence},
          {"noise_floor", m.floor},
          {"columns", columns},
          {"cases", rows}};
}

std::string render_csv(const CompareMatrix& m) {
  std::string out =
      "case,column,id,run_id,status,pass,cold_median_us,cold_n,hot_median_us,hot_n,"
      "cold_speedup,cold_speedup_low,cold_speedup_high,cold_call,"
      "hot_speedup,hot_speedup_low,hot_speedup_high,hot_call,"
      "max_abs_err,copy_fraction,fp32_fraction,env_mismatch\n";
  for (std::size_t row = 0; row < m.cases.size(); ++row)
    for (std::size_t col = 0; col < m.columns.size(); ++col) {
      const Cell& c = m.cells[row][col];
      if (!c.present) continue;
      auto median = [](const std::optional<Stats>& s) {
        return s ? csv_number(s->median) : std::string();
      };
      auto n = [](const std::optional<Stats>& s) {
        return s ? std::to_string(s->n) : std::string();
      };
      auto speed = [](const std::optional<Speedup>& s) {
        if (!s) return std::string(",,,");
        return csv_number(s->ratio.mid) + "," + csv_number(s->ratio.low) + "," +
               csv_number(s->ratio.high) + "," + call_name(s->call);
      };
      out += csv_field(m.cases[row]) + "," + csv_field(m.columns[col].label) + "," +
             csv_field(m.columns[col].id) + "," + c.run_id + "," + csv_field(c.status) + "," +
             (c.pass ? "true" : "false") + "," + median(c.cold) + "," + n(c.cold) + "," +
             median(c.hot) + "," + n(c.hot) + "," + speed(c.cold_speedup) + "," +
             speed(c.hot_speedup) + "," + csv_number(c.max_abs_err) + "," +
             csv_number(c.copy_fraction) + "," + csv_number(c.fp32_fraction) + "," +
             csv_field(describe(c.env_mismatch)) + "\n";
    }
  return out;
}

std::map<std::string, json> render_gbench(const CompareMatrix& m) {
  std::map<std::string, json> out;
  for (std::size_t col = 0; col < m.columns.size(); ++col) {
    const Column& column = m.columns[col];
    json benchmarks = json::array();
    int family_index = 0;
    for (std::size_t row = 0; row < m.cases.size(); ++row) {
      const Cell& cell = m.cells[row][col];
      for (const char* mode : {"cold", "hot"}) {
        const auto& stats = std::string(mode) == "cold" ? cell.cold : cell.hot;
        if (!cell.present || !stats) continue;
        const std::string name = m.cases[row] + "/" + mode;
        const auto& raw = std::string(mode) == "cold" ? cell.cold_samples : cell.hot_samples;
        const int64_t n = static_cast<int64_t>(raw.size());
        for (int64_t i = 0; i < n; ++i)
          benchmarks.push_back({{"name", name},
                                {"family_index", family_index},
                                {"per_family_instance_index", 0},
                                {"run_name", name},
                                {"run_type", "iteration"},
                                {"repetitions", n},
                                {"repetition_index", i},
                                {"threads", 1},
                                {"iterations", 1},
                                {"real_time", raw[static_cast<std::size_t>(i)]},
                                {"cpu_time", raw[static_cast<std::size_t>(i)]},
                                {"time_unit", "us"}});
        const std::pair<const char*, double> aggregates[] = {
            {"median", stats->median}, {"mean", stats->mean}, {"stddev", stats->sd}};
        for (const auto& [agg, value] : aggregates)
          benchmarks.push_back({{"name", name + "_" + agg},
                                {"family_index", family_index},
                                {"per_family_instance_index", 0},
                                {"run_name", name},
                                {"run_type", "aggregate"},
                                {"repetitions", n},
                                {"threads", 1},
                                {"aggregate_name", agg},
                                {"aggregate_unit", "time"},
                                {"iterations", n},
                                {"real_time", value},
                                {"cpu_time", value},
                                {"time_unit", "us"}});
        ++family_index;
      }
    }
    json context = {{"json_schema_version", 1},
                    {"date", column.run_ids.empty() ? "" : column.run_ids.back()},
                    {"host_name", ""},
                    {"executable", "fuselab compare"},
                    {"num_cpus", 0},
                    {"mhz_per_cpu", 0},
                    {"cpu_scaling_enabled", false},
                    {"caches", json::array()},
                    {"load_avg", json::array()},
                    {"library_build_type", "release"},
                    {"fuselab",
                     {{"family", m.family},
                      {"column", column.label},
                      {"id", column.id},
                      {"baseline", m.columns[0].label},
                      {"run_ids", column.run_ids},
                      {"env_mismatch", column.env_mismatch},
                      {"note",
                       "real_time and cpu_time are both the GPU time "
                       "of one sample; one repetition per sample"}}}};
    out[gbench_file_name(column.label)] = {{"context", context}, {"benchmarks", benchmarks}};
  }
  return out;
}

}  // namespace fuselab
