#include "harness/gpu/executor.h"

#include <cstring>
#include <stdexcept>

#include "harness/core/op_registry.h"
#include "harness/gpu/device_buffer.h"

namespace fuselab {
namespace {

std::size_t output_elements(const CaseSpec& c) { return std::size_t(c.out_rows() * c.D); }

// The version's launch as its op binds it; the case must be of that op.
LaunchBinding binding_for(const Experiment& e, const CaseSpec& c) {
  LaunchBinding binding = launch_binding_of(e);
  if (binding.op != c.op)
    throw std::runtime_error(e.id() + " computes op " + binding.op + ", but case " + c.id() + " is op " + c.op +
                             ". Fix: run it on cases of its own op");
  return binding;
}

class CudaExecutor final : public Executor {
 public:
  CudaExecutor(const Experiment& e, const ReferenceCase& ref) {
    const CaseSpec& c = ref.spec;
    const LaunchBinding binding = binding_for(e, c);
    tensors_.spec = &c;
    for (const TensorDeclaration* t : op_named(c.op).inputs()) {
      inputs_.emplace_back(upload(ref.input_bytes(t->name)));
      tensors_.inputs[t->name] = inputs_.back().get();
    }
    out_ = DeviceBuffer(output_elements(c) * sizeof(float));
    tensors_.out = out_.get<float>();
    const std::size_t ws = binding.workspace ? binding.workspace(tensors_) : 0;
    launch_ = binding.bind(tensors_);
    workspace_ = DeviceBuffer(ws);
    // The workspace is zero before a version's first launch. A version may
    // keep sums or counts there that its launch leaves zero again (attention
    // v049); the check runs it twice to hold it to that.
    if (ws) FUSELAB_CUDA_CHECK(cudaMemset(workspace_.get(), 0, ws));
    // cudaMemcpy from pageable memory may return before the copy lands, and
    // the run's stream does not wait for the legacy stream: finish it here.
    FUSELAB_CUDA_CHECK(cudaDeviceSynchronize());
  }

  void launch(cudaStream_t s) override { launch_(workspace_.get(), s); }
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
    for (const DeviceBuffer& b : inputs_)
      if (b.bytes()) out.emplace_back(b.get(), b.bytes());
    for (const DeviceBuffer* b : {&out_, &workspace_})
      if (b->bytes()) out.emplace_back(b->get(), b->bytes());
    return out;
  }

  static DeviceBuffer upload(std::pair<const void*, std::size_t> host) {
    DeviceBuffer d(host.second);
    if (host.second) FUSELAB_CUDA_CHECK(cudaMemcpy(d.get(), host.first, d.bytes(), cudaMemcpyHostToDevice));
    return d;
  }

  CaseTensors tensors_;
  BoundLaunch launch_;
  std::vector<DeviceBuffer> inputs_;  // in the op's order
  DeviceBuffer out_, workspace_;
};

class CpuExecutor final : public Executor {
 public:
  CpuExecutor(const Experiment& e, const ReferenceCase& ref)
      : out_(output_elements(ref.spec)), tensors_(host_tensors_of(ref)) {
    const LaunchBinding binding = binding_for(e, ref.spec);
    tensors_.out = out_.data();
    launch_ = binding.bind(tensors_);
  }
  void launch(cudaStream_t) override { launch_(nullptr, nullptr); }
  void poison(cudaStream_t) override {
    std::memset(out_.data(), 0xFF, out_.size() * sizeof(float));
  }
  std::vector<float> output(cudaStream_t) override { return out_; }

 private:
  std::vector<float> out_;
  CaseTensors tensors_;
  BoundLaunch launch_;
};

}  // namespace

std::unique_ptr<Executor> make_executor(const Experiment& e, const ReferenceCase& ref) {
  if (e.backend_value == Backend::Cpu) return std::make_unique<CpuExecutor>(e, ref);
  return std::make_unique<CudaExecutor>(e, ref);
}

}  // namespace fuselab
