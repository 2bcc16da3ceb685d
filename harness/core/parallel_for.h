// Splits [0, count) into contiguous chunks run on up to
// std::thread::hardware_concurrency() threads (one thread below
// 2 * min_chunk, where spawning costs more than it saves).
#pragma once

#include <cstddef>
#include <functional>

namespace fuselab {

void parallel_for(std::size_t count, std::size_t min_chunk,
                  const std::function<void(std::size_t begin, std::size_t end)>& body);

}  // namespace fuselab
