// The launch of a lane-group kernel: the pairing (neox or interleaved) and
// the group size G (the power of two >= D/8: 8, 16 or 32 lanes) are template
// arguments of the kernel, chosen here from the problem, so a version's
// launch names its kernel once:
//   by_pairing_and_group(p, [&](auto neox, auto group) {
//     my_kernel<decltype(neox)::value, decltype(group)::value><<<...>>>(p, rows);
//   });
// Limits: D <= 256 (G <= 32, a warp).
#pragma once

#include <type_traits>

#include "kernels/qk_norm_rope/problem.h"

namespace fuselab::kernels::qk_norm_rope {

template <typename LaunchOne>
void by_pairing_and_group(const QkNormRopeProblem& p, LaunchOne launch_one) {
  const int units = p.D / 8;
  const auto with_group = [&](auto neox) {
    if (units <= 8)
      launch_one(neox, std::integral_constant<int, 8>{});
    else if (units <= 16)
      launch_one(neox, std::integral_constant<int, 16>{});
    else
      launch_one(neox, std::integral_constant<int, 32>{});
  };
  if (p.pe == PeKind::RopeNeox)
    with_group(std::true_type{});
  else
    with_group(std::false_type{});
}

// Blocks of 256 threads for `items` lane groups of `group` lanes each.
inline unsigned group_blocks(long items, int group) { return unsigned((items * group + 255) / 256); }

}  // namespace fuselab::kernels::qk_norm_rope
