#include "harness/core/parallel_for.h"

#include <algorithm>
#include <thread>
#include <vector>

namespace fuselab {

void parallel_for(std::size_t count, std::size_t min_chunk,
                  const std::function<void(std::size_t, std::size_t)>& body) {
  const std::size_t hardware = std::max(1u, std::thread::hardware_concurrency());
  const std::size_t threads = std::min(hardware, count / std::max<std::size_t>(min_chunk, 1));
  if (threads <= 1) {
    if (count) body(0, count);
    return;
  }
  const std::size_t chunk = (count + threads - 1) / threads;
  std::vector<std::thread> pool;
  for (std::size_t begin = chunk; begin < count; begin += chunk)
    pool.emplace_back(body, begin, std::min(count, begin + chunk));
  body(0, std::min(count, chunk));
  for (auto& t : pool) t.join();
}

}  // namespace fuselab
