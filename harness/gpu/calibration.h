// The timing self-test: shows the numbers can be trusted on this machine.
//  - a plain float4 copy kernel at 1 GiB reaches >= 90 % of the copy ceiling;
//  - a ~1 us kernel timed by the cold method with the caches left warm is
//    within 20 % of its graph-replay time (launch latency is not in the
//    number); its flushed, truly cold time is reported beside it;
//  - two separate series of the same launch give medians within 3 %.
#pragma once

#include <nlohmann/json.hpp>

namespace fuselab {

nlohmann::json run_calibration(const nlohmann::json& ceilings);

}  // namespace fuselab
