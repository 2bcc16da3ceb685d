// A phase-1 PE hook marked to evaluate the PE once for a Q and a K element at
// the same position and dims (self-attention with q_offset == k_offset):
// the sinusoidal values, or RoPE's sin and cos, are the same for both, so a
// consumer holding both calls both() (unpaired) or both2() (neox) instead of
// q() and k(). Consumers check SharesQk<Pe>; hooks without the mark are
// called as before.
#pragma once

#include <type_traits>

namespace fuselab::kernels {

template <class Pe>
struct QkShared : Pe {
  static constexpr bool kShareQk = true;
};

template <class T, class = void>
struct SharesQk : std::false_type {};
template <class T>
struct SharesQk<T, std::void_t<decltype(T::kShareQk)>> : std::bool_constant<T::kShareQk> {};

}  // namespace fuselab::kernels
