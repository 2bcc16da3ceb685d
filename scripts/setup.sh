#!/usr/bin/env bash
# Installs what fuselab needs from apt where it is missing; does nothing where
# everything is present (the GPU machine has no network and needs nothing).
# The CUDA toolkit (nvcc) is not an apt package here: it must already be there.
#   scripts/setup.sh [--tests]
# --tests (scripts/test.sh passes it): also what only the tests need, a
# single-node Slurm for ctest cli.slurm_live (installing these starts no
# daemon the test uses: it starts its own munged, slurmctld and slurmd), and
# on Debian a headless Chromium and its Selenium driver for the site's
# browser test (harness/site_tests; Ubuntu's chromium is a snap: skipped).
set -euo pipefail
cd "$(dirname "$0")/.."
case ${1:-} in
  "") tests=0 ;;
  --tests) tests=1 ;;
  *) echo "setup: unknown argument '$1'. Fix: scripts/setup.sh, or scripts/setup.sh --tests" >&2; exit 2 ;;
esac

debian_packages=(
  cmake g++ make pkg-config
  libhdf5-dev libyaml-cpp-dev libspdlog-dev libbenchmark-dev libgtest-dev
  nlohmann-json3-dev libcli11-dev libssl-dev zlib1g-dev jq python3-jsonschema
  graphviz  # `fuselab report` draws each family's lineage with its dot
)
python_packages=(python3-torch python3-h5py python3-numpy python3-yaml python3-pytest python3-matplotlib)
test_packages=(munge slurmctld slurmd slurm-client)
if grep -qx 'ID=debian' /etc/os-release 2>/dev/null; then
  test_packages+=(chromium chromium-driver python3-selenium python3-pil)
fi
if ((tests)); then debian_packages+=("${test_packages[@]}"); fi

missing=()
for p in "${debian_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ! scripts/find_python.sh >/dev/null 2>&1; then
  missing+=("${python_packages[@]}")
elif ! python3 -c 'import matplotlib' 2>/dev/null && ! /usr/bin/python3 -c 'import matplotlib' 2>/dev/null; then
  missing+=(python3-matplotlib)  # `fuselab report` draws its plots with it
fi

if ((${#missing[@]})); then
  echo "setup: installing from apt: ${missing[*]}"
  if [[ $(id -u) -ne 0 ]]; then sudo=sudo; else sudo=; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  echo "setup: every package is present, nothing to install"
fi

if ! command -v nvcc >/dev/null 2>&1 && [[ ! -x /usr/local/cuda/bin/nvcc ]]; then
  echo "setup: nvcc (the CUDA toolkit) is not installed; fuselab needs it to build, also without a GPU" >&2
  exit 1
fi
scripts/find_python.sh >/dev/null
