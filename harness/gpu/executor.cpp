#include "harness/gpu/executor.h"

#include <cstring>
#include <limits>

#include "harness/gpu/device_buffer.h"

namespace fuselab {
namespace {

// The harness-side view of a case: the problem structs with the pointers
// left empty; each executor fills them with where its copies live.
AttentionProblem attention_shape(const CaseSpec& c) {
  AttentionProblem p;
  p.B = int(c.B); p.Hq = int(c.Hq); p.Hkv = int(c.Hkv);
  p.Sq = int(c.Sq); p.Sk = int(c.Sk); p.D = int(c.D);
  p.q_offset = int(c.q_offset); p.k_offset = int(c.k_offset);
  p.causal = c.causal; p.scale = float(c.scale); p.pe = c.pe;
  return p;
}

RopeProblem rope_shape(const CaseSpec& c) {
  RopeProblem p;
  p.N = int(c.N); p.S = int(c.S); p.D = int(c.D); p.offset = int(c.offset); p.pe = c.pe;
  return p;
}

std::size_t output_elements(const CaseSpec& c) { return std::size_t(c.out_rows() * c.D); }

class CudaExecutor final : public Executor {
 public:
  CudaExecutor(const Experiment& e, const ReferenceCase& ref) : e_(e) {
    const CaseSpec& c = ref.spec;
    inv_freq_ = upload(ref.input("inv_freq"));
    out_ = DeviceBuffer(output_elements(c) * sizeof(float));
    std::size_t ws = 0;
    if (e.attention_launch) {
      attention_ = attention_shape(c);
      q_ = upload(ref.input("q")); k_ = upload(ref.input("k")); v_ = upload(ref.input("v"));
      attention_.q = q_.get<float>(); attention_.k = k_.get<float>();
      attention_.v = v_.get<float>(); attention_.inv_freq = inv_freq_.get<float>();
      attention_.out = out_.get<float>();
      if (e.attention_workspace) ws = e.attention_workspace(attention_);
    } else {
      rope_ = rope_shape(c);
      x_ = upload(ref.input("x"));
      rope_.x = x_.get<float>(); rope_.inv_freq = inv_freq_.get<float>();
      rope_.out = out_.get<float>();
      if (e.rope_workspace) ws = e.rope_workspace(rope_);
    }
    workspace_ = DeviceBuffer(ws);
    // The workspace is zero before a version's first launch. A version may
    // keep sums or counts there that its launch leaves zero again (attention
    // v049); the check runs it twice to hold it to that.
    if (ws) FUSELAB_CUDA_CHECK(cudaMemset(workspace_.get(), 0, ws));
    // cudaMemcpy from pageable memory may return before the copy lands, and
    // the run's stream does not wait for the legacy stream: finish it here.
    FUSELAB_CUDA_CHECK(cudaDeviceSynchronize());
  }

  void launch(cudaStream_t s) override {
    if (e_.attention_launch) e_.attention_launch(attention_, workspace_.get(), s);
    else e_.rope_launch(rope_, workspace_.get(), s);
  }
  void poison(cudaStream_t s) override {
    FUSELAB_CUDA_CHECK(cudaMemsetAsync(out_.get(), 0xFF, out_.bytes(), s));
  }
  std::vector<float> output(cudaStream_t s) override {
    std::vector<float> host(out_.bytes() / sizeof(float));
    FUSELAB_CUDA_CHECK(cudaMemcpyAsync(host.data(), out_.get(), out_.bytes(),
                                       cudaMemcpyDeviceToHost, s));
    FUSELAB_CUDA_CHECK(cudaStreamSynchronize(s));
    return host;
  }

 private:
  std::vector<std::pair<const void*, std::size_t>> device_buffers() const override {
    std::vector<std::pair<const void*, std::size_t>> out;
    for (const DeviceBuffer* b : {&q_, &k_, &v_, &x_, &inv_freq_, &out_, &workspace_})
      if (b->bytes()) out.emplace_back(b->get(), b->bytes());
    return out;
  }

  static DeviceBuffer upload(const std::vector<float>& h) {
    DeviceBuffer d(h.size() * sizeof(float));
    if (!h.empty())
      FUSELAB_CUDA_CHECK(cudaMemcpy(d.get(), h.data(), d.bytes(), cudaMemcpyHostToDevice));
    return d;
  }

  const Experiment& e_;
  AttentionProblem attention_;
  RopeProblem rope_;
  DeviceBuffer q_, k_, v_, x_, inv_freq_, out_, workspace_;
};

class CpuExecutor final : public Executor {
 public:
  CpuExecutor(const Experiment& e, const ReferenceCase& ref)
      : e_(e), ref_(ref), out_(output_elements(ref.spec)) {
    if (e.attention_launch) {
      attention_ = attention_shape(ref.spec);
      attention_.q = ref_.input("q").data(); attention_.k = ref_.input("k").data();
      attention_.v = ref_.input("v").data(); attention_.inv_freq = ref_.input("inv_freq").data();
      attention_.out = out_.data();
    } else {
      rope_ = rope_shape(ref.spec);
      rope_.x = ref_.input("x").data(); rope_.inv_freq = ref_.input("inv_freq").data(); rope_.out = out_.data();
    }
  }
  void launch(cudaStream_t) override {
    if (e_.attention_launch) e_.attention_launch(attention_, nullptr, nullptr);
    else e_.rope_launch(rope_, nullptr, nullptr);
  }
  void poison(cudaStream_t) override {
    std::memset(out_.data(), 0xFF, out_.size() * sizeof(float));
  }
  std::vector<float> output(cudaStream_t) override { return out_; }

 private:
  const Experiment& e_;
  const ReferenceCase& ref_;
  std::vector<float> out_;
  AttentionProblem attention_;
  RopeProblem rope_;
};

}  // namespace

std::unique_ptr<Executor> make_executor(const Experiment& e, const ReferenceCase& ref) {
  if (e.backend_value == Backend::Cpu) return std::make_unique<CpuExecutor>(e, ref);
  return std::make_unique<CudaExecutor>(e, ref);
}

}  // namespace fuselab
