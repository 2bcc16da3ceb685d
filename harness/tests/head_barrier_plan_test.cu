// attention v060's plan (kernels/attention/v060_ffma_head_barrier.cuh), run on
// the CPU: the blocks of a head split D evenly in whole units, and the grid
// never exceeds the blocks that fit at once (its head barrier spins, so a
// block that is not resident would never arrive).
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "kernels/attention/v060_ffma_head_barrier.cuh"

namespace {

namespace v060 = fuselab::kernels::attention::v060;
using fuselab::kernels::AttentionProblem;

AttentionProblem shape(int heads, int D) {
  AttentionProblem p;
  p.B = 1;
  p.Hq = p.Hkv = heads;
  p.Sq = p.Sk = 64;
  p.D = D;
  return p;
}

constexpr int kH100TwoPerSm = 264;

TEST(HeadBarrierPlan, D2048FillsTheResidentBlocks) {
  const v060::Plan a = v060::make_plan<64>(shape(4, 2048), kH100TwoPerSm);
  EXPECT_EQ(a.chunks, 32);
  EXPECT_EQ(a.dims, 64);
  EXPECT_EQ(a.nqk, 2);
  EXPECT_EQ(a.nv, 1);
  const v060::Plan b = v060::make_plan<32>(shape(4, 2048), kH100TwoPerSm);  // v061
  EXPECT_EQ(b.chunks, 64);
  EXPECT_EQ(b.dims, 32);
  EXPECT_EQ(b.nqk, 1);
  EXPECT_EQ(b.nv, 1);
}

TEST(HeadBarrierPlan, ChunksDivideTheUnitsAndFit) {
  for (int vdims : {32, 64})
    for (int heads : {1, 2, 4, 8, 33})
      for (int D : {64, 96, 512, 2048, 4096, 8192, 16384}) {
        const int unit = vdims == 64 ? v060::kUnit<64> : v060::kUnit<32>;
        if (D % unit != 0) continue;
        const AttentionProblem p = shape(heads, D);
        const v060::Plan pl = vdims == 64 ? v060::make_plan<64>(p, kH100TwoPerSm) : v060::make_plan<32>(p, kH100TwoPerSm);
        SCOPED_TRACE("vdims " + std::to_string(vdims) + " heads " + std::to_string(heads) + " D " + std::to_string(D));
        EXPECT_LE(heads * pl.chunks, kH100TwoPerSm);
        EXPECT_EQ(pl.chunks * pl.dims, D);
        EXPECT_EQ(pl.dims % unit, 0);
        EXPECT_EQ(pl.nqk * v060::kQkDims, pl.dims);
        EXPECT_EQ(pl.nv * vdims, pl.dims);
      }
}

TEST(HeadBarrierPlan, RefusesMoreHeadsThanResidentBlocks) {
  try {
    v060::make_plan<64>(shape(300, 2048), kH100TwoPerSm);
    FAIL() << "a grid of more heads than resident blocks was planned";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("v039"), std::string::npos) << e.what();
  }
}

}  // namespace
