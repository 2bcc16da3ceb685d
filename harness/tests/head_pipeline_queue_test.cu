// attention v067's queue (kernels/attention/v067_head_pipeline.cuh), run on
// the CPU: every item of every head comes exactly once, and each item comes
// after every item it waits on (a head's softmax rows after all its phase-1
// items, its phase-3 steps after all its rows). That order is what keeps the
// ticketed launch free of deadlock.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "kernels/attention/v067_head_pipeline.cuh"

namespace {

namespace v067 = fuselab::kernels::attention::v067;
using Kind = v067::Kind;

TEST(HeadPipelineQueue, EveryItemOnceAfterWhatItWaitsOn) {
  for (int bhs : {1, 2, 3, 4, 8})
    for (int n1 : {1, 4, 64, 128})
      for (int n3 : {1, 16, 128}) {
        const int n2 = 64, total = bhs * (n1 + n2 + n3);
        SCOPED_TRACE("heads " + std::to_string(bhs) + " n1 " + std::to_string(n1) + " n3 " + std::to_string(n3));
        std::vector<std::vector<int>> seen(3 * bhs);
        std::vector<int> last1(bhs, -1), first2(bhs, total), last2(bhs, -1), first3(bhs, total);
        for (int t = 0; t < total; ++t) {
          const v067::Item it = v067::item_at(t, bhs, n1, n2, n3);
          ASSERT_GE(it.bh, 0);
          ASSERT_LT(it.bh, bhs);
          const int kind = int(it.kind), n = kind == 0 ? n1 : kind == 1 ? n2 : n3;
          ASSERT_GE(it.index, 0);
          ASSERT_LT(it.index, n);
          std::vector<int>& s = seen[kind * bhs + it.bh];
          if (s.empty()) s.assign(n, 0);
          ++s[it.index];
          if (it.kind == Kind::kScores) last1[it.bh] = t;
          if (it.kind == Kind::kSoftmax) {
            first2[it.bh] = std::min(first2[it.bh], t);
            last2[it.bh] = t;
          }
          if (it.kind == Kind::kProducts) first3[it.bh] = std::min(first3[it.bh], t);
        }
        for (const std::vector<int>& s : seen)
          for (int c : s) EXPECT_EQ(c, 1);
        for (int h = 0; h < bhs; ++h) {
          EXPECT_LT(last1[h], first2[h]);
          EXPECT_LT(last2[h], first3[h]);
        }
      }
}

TEST(HeadPipelineQueue, SoftmaxComesTwoHeadsOfPhaseOneLater) {
  // 4 heads: P1(0) P1(1) P1(2) S(0) P1(3) S(1) P3(0) S(2) P3(1) S(3) P3(2) P3(3).
  const int n1 = 2, n2 = 1, n3 = 1;
  const Kind s = Kind::kScores, m = Kind::kSoftmax, o = Kind::kProducts;
  const std::vector<std::pair<Kind, int>> want = {{s, 0}, {s, 0}, {s, 1}, {s, 1}, {s, 2}, {s, 2}, {m, 0}, {s, 3},
                                                  {s, 3}, {m, 1}, {o, 0}, {m, 2}, {o, 1}, {m, 3}, {o, 2}, {o, 3}};
  for (int t = 0; t < int(want.size()); ++t) {
    const v067::Item it = v067::item_at(t, 4, n1, n2, n3);
    EXPECT_EQ(int(it.kind), int(want[t].first)) << "ticket " << t;
    EXPECT_EQ(it.bh, want[t].second) << "ticket " << t;
  }
}

}  // namespace
