#include "harness/core/device_code.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>

#include "harness/core/elf_sections.h"
#include "harness/core/fatbin.h"
#include "harness/core/sha256.h"

namespace fuselab {
namespace {

using nlohmann::json;

const std::string kUnavailable = "unavailable: ";

std::string joined(const std::set<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out.empty() ? "none" : out;
}

// The cubins for the running GPU's architecture (every variant of it:
// sm_90 and sm_90a alike), or a throw saying why there are none usable.
std::vector<FatbinImage> cubins_for(const std::vector<FatbinImage>& images, int arch, const std::string& gpu) {
  std::vector<FatbinImage> out;
  std::set<std::string> cubins, ptx;
  for (const FatbinImage& i : images) {
    if (i.kind == FatbinImage::Kind::Ptx) ptx.insert(i.arch_name());
    if (i.kind != FatbinImage::Kind::Cubin) continue;
    cubins.insert(i.arch_name());
    if (i.arch != arch) continue;
    if (i.compressed()) {
      std::ostringstream flags;
      flags << std::hex << i.flags;
      throw std::runtime_error("the executable's " + i.arch_name() + " cubin is compressed (fat binary flags 0x" +
                               flags.str() + "), which this reader does not decompress; nvcc compresses only PTX "
                               "by default: build without -G, --compress-mode or -Xfatbin=-compress-all");
    }
    out.push_back(i);
  }
  if (out.empty())
    throw std::runtime_error("the executable holds no cubin for the GPU's compute capability " + gpu +
                             " (cubins: " + joined(cubins) + "; PTX: " + joined(ptx) +
                             "); code the driver compiles from PTX at load time is not in the binary");
  return out;
}

// The sha256 of `symbol`'s .text section in `cubins`, or "unavailable: why".
std::string kernel_hash(const std::vector<FatbinImage>& cubins, const std::string& symbol, std::set<std::string>& archs) {
  const std::string section = ".text." + symbol;
  std::set<std::string> hashes, held_by;
  for (const FatbinImage& c : cubins) {
    std::optional<std::string_view> text;
    try {
      text = elf_section(c.payload, section);
    } catch (const std::exception& e) {
      throw std::runtime_error("an " + c.arch_name() + " cubin in the executable is unreadable: " + e.what());
    }
    if (!text) continue;
    hashes.insert(sha256_hex(text->data(), text->size()));
    held_by.insert(c.arch_name());
  }
  if (hashes.empty()) {
    std::set<std::string> searched;
    for (const FatbinImage& c : cubins) searched.insert(c.arch_name());
    return kUnavailable + "no " + joined(searched) + " cubin in the executable holds " + section +
           " (a kernel of a shared library, such as cuBLAS's, is not in the executable)";
  }
  if (hashes.size() > 1)
    return kUnavailable + std::to_string(hashes.size()) + " different codes for " + section + " in the executable's " +
           joined(held_by) + " cubins; which one the runtime loaded is not known";
  archs.insert(held_by.begin(), held_by.end());
  return *hashes.begin();
}

}  // namespace

json device_code_unavailable(const std::string& why) { return {{"unavailable", why}}; }

json device_code_of(std::string_view executable, int major, int minor, const std::vector<KernelSymbol>& kernels) {
  if (kernels.empty()) return device_code_unavailable("the experiment declares no kernels (Experiment::kernel)");
  const std::string gpu = std::to_string(major) + "." + std::to_string(minor);
  try {
    const std::optional<std::string_view> fatbin = elf_section(executable, ".nv_fatbin");
    if (!fatbin) return device_code_unavailable("the executable has no .nv_fatbin section (no embedded device code)");
    const std::vector<FatbinImage> cubins = cubins_for(fatbin_images(*fatbin), major * 10 + minor, gpu);
    json hashes = json::object();
    std::set<std::string> archs;
    for (const KernelSymbol& k : kernels)
      hashes[k.name] = k.symbol.empty() ? kUnavailable + k.no_symbol : kernel_hash(cubins, k.symbol, archs);
    if (archs.empty())
      for (const FatbinImage& c : cubins) archs.insert(c.arch_name());
    return {{"arch", joined(archs)}, {"kernels", hashes}};
  } catch (const std::exception& e) {
    return device_code_unavailable(e.what());
  }
}

std::string_view running_executable(std::string* why) {
  static std::once_flag once;
  static std::string_view bytes;
  static std::string error;
  std::call_once(once, [] {
    const int fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
    struct stat st {};
    void* map = MAP_FAILED;
    errno = 0;
    if (fd >= 0 && fstat(fd, &st) == 0 && st.st_size > 0)
      map = mmap(nullptr, static_cast<std::size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
    const int failure = errno;
    if (fd >= 0) close(fd);
    if (map == MAP_FAILED)
      error = "cannot read the running executable (/proc/self/exe): " +
              std::string(failure ? std::strerror(failure) : "empty file");
    else
      bytes = std::string_view(static_cast<const char*>(map), static_cast<std::size_t>(st.st_size));  // kept mapped
  });
  if (why) *why = error;
  return bytes;
}

std::string device_code_digest(const json& device_code) {
  if (!device_code.is_object() || !device_code.contains("kernels") || !device_code["kernels"].is_object() ||
      device_code["kernels"].empty())
    return "";
  std::string manifest = "arch " + device_code.value("arch", std::string()) + "\n";
  for (const auto& [name, hash] : device_code["kernels"].items()) {
    if (!hash.is_string() || hash.get<std::string>().rfind(kUnavailable, 0) == 0) return "";
    manifest += name + " " + hash.get<std::string>() + "\n";
  }
  return sha256_hex(manifest.data(), manifest.size()).substr(0, 12);
}

}  // namespace fuselab
