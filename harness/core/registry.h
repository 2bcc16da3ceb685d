// The registry of experiments. Each module registers one declaration with
//
//   FUSELAB_EXPERIMENT(attention, v001_online_softmax) {
//     return fuselab::Experiment{}
//         .parent("attention/v000_cublas_unfused")
//         .hypothesis("...")
//         .prediction(fuselab::faster_than("attention/v000_cublas_unfused", 3.0))
//         .limits({...})
//         .kernel("online_softmax", (const void*)&kernel)
//         .launch(&launch);
//   }
//
// validate() refuses, with one message naming the module and the fix: a file
// name that does not match the version, a malformed version, a duplicate id,
// an empty hypothesis, an unknown parent, a prediction naming an unknown
// version or case, a module without a launch.
#pragma once

#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "harness/core/experiment.h"

namespace fuselab {

class Registry {
 public:
  static Registry& global();

  void add(Experiment e);
  const std::vector<Experiment>& all() const { return experiments_; }

  // Throws std::runtime_error on the first problem found. `cases_of(family)`
  // lists a family's case names (from its cases.yaml); `peer_ids` are the ids
  // a prediction may name besides experiments (PyTorch peers); `known_outside`
  // are versions that exist but are not in this build (modules of the tree
  // left out of a FUSELAB_ONLY build, archived versions): a parent or a
  // baseline may be one of them. The rules are the same whatever is built.
  // Where `cases_of` throws (a malformed cases.yaml), the case names of that
  // family's predictions are not checked here: the commands that read the
  // family refuse the file, and the other families still work.
  void validate(const std::function<std::vector<std::string>(const std::string&)>& cases_of,
                const std::vector<std::string>& peer_ids = {},
                const std::set<std::string>& known_outside = {}) const;

  const Experiment* find(const std::string& id) const;
  // Accepts family/vNNN_slug, family/vN (short), family (all of it) and
  // globs (* and ?). Throws with the list of known ids when nothing matches.
  std::vector<const Experiment*> resolve(const std::string& pattern) const;

 private:
  std::vector<Experiment> experiments_;
};

namespace detail {
struct Registrar {
  Registrar(const char* family, const char* version, const char* file, Experiment (*make)());
};
}  // namespace detail

}  // namespace fuselab

#define FUSELAB_EXPERIMENT(family, version)                                        \
  static ::fuselab::Experiment fuselab_make_##family##_##version();                \
  static const ::fuselab::detail::Registrar fuselab_registrar_##family##_##version{ \
      #family, #version, __FILE__, &fuselab_make_##family##_##version};            \
  static ::fuselab::Experiment fuselab_make_##family##_##version()
