#include "harness/core/extent_expression.h"

#include <algorithm>
#include <cctype>
#include <stdexcept>

namespace fuselab {
namespace {

struct Term {
  int sign = 1;
  std::string key;     // empty: a constant
  int64_t number = 0;  // the constant, or the divisor of the key (1: none)
};

bool all_digits(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c); });
}

// The terms of `expression`, or the reason it has none.
std::vector<Term> terms_of(const std::string& expression, std::string& problem) {
  std::vector<Term> terms;
  std::size_t start = 0;
  int sign = 1;
  while (start <= expression.size()) {
    const std::size_t end = std::min(expression.find_first_of("+-", start), expression.size());
    const std::string text = expression.substr(start, end - start);
    Term term;
    term.sign = sign;
    const std::size_t slash = text.find('/');
    const std::string head = text.substr(0, slash);
    if (all_digits(head) && slash == std::string::npos) {
      term.number = std::stoll(head);
    } else if (!head.empty() && std::all_of(head.begin(), head.end(), [](unsigned char c) { return std::isalnum(c) || c == '_'; })) {
      term.key = head;
      term.number = 1;
      if (slash != std::string::npos) {
        const std::string divisor = text.substr(slash + 1);
        if (!all_digits(divisor) || std::stoll(divisor) < 1) {
          problem = "'" + text + "' divides by something other than a positive integer";
          return {};
        }
        term.number = std::stoll(divisor);
      }
    } else {
      problem = "'" + text + "' is not a shape key, an integer or key/integer";
      return {};
    }
    terms.push_back(term);
    if (end == expression.size()) break;
    sign = expression[end] == '-' ? -1 : 1;
    start = end + 1;
  }
  return terms;
}

}  // namespace

std::string extent_expression_problem(const std::string& expression, const std::vector<std::string>& keys) {
  std::string problem;
  const std::vector<Term> terms = terms_of(expression, problem);
  if (!problem.empty()) return "extent \"" + expression + "\": " + problem;
  for (const Term& t : terms)
    if (!t.key.empty() && std::find(keys.begin(), keys.end(), t.key) == keys.end())
      return "extent \"" + expression + "\" names '" + t.key + "', which is not one of its shape keys";
  return "";
}

int64_t evaluate_extent(const std::string& expression, const std::map<std::string, int64_t>& values) {
  std::string problem;
  const std::vector<Term> terms = terms_of(expression, problem);
  if (!problem.empty()) throw std::invalid_argument("extent \"" + expression + "\": " + problem);
  int64_t total = 0;
  for (const Term& t : terms) {
    int64_t value = t.number;
    if (!t.key.empty()) {
      const auto it = values.find(t.key);
      if (it == values.end())
        throw std::invalid_argument("extent \"" + expression + "\" names '" + t.key + "', which the case does not set");
      value = it->second / t.number;
    }
    total += t.sign * value;
  }
  return total;
}

}  // namespace fuselab
