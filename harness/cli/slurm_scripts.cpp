#include "harness/cli/slurm_scripts.h"

#include "harness/cli/subprocess.h"

namespace fuselab::cli {
namespace {

std::string header(const SlurmSweep& s, const std::string& name, const std::string& output) {
  std::string out = "#!/bin/bash\n";
  out += "#SBATCH --job-name=" + name + "\n";
  out += "#SBATCH --ntasks=1\n";
  if (!s.partition.empty()) out += "#SBATCH --partition=" + s.partition + "\n";
  if (!s.time_limit.empty()) out += "#SBATCH --time=" + s.time_limit + "\n";
  out += "#SBATCH --output=" + s.logs_dir + "/" + output + "\n";
  return out;
}

}  // namespace

std::string shards_script(const SlurmSweep& s) {
  const std::string n = std::to_string(s.shards);
  std::string out = header(s, "fuselab-sweep", "shard-%a-of-" + n + ".log");
  out += "#SBATCH --array=0-" + std::to_string(s.shards - 1) + "\n";
  out += "#SBATCH --gres=gpu:" + std::to_string(s.gpus_per_task) + "\n";
  out += "# Written by `fuselab sweep --slurm` at " + s.stamp + ": shard $SLURM_ARRAY_TASK_ID of " + n +
         " on the GPU Slurm gives this task.\n";
  out += "# Every shard plans from the records that started before " + s.stamp +
         " (--costs-before), so all get the same partition.\n";
  out += "set -euo pipefail\n";
  out += "echo \"shard ${SLURM_ARRAY_TASK_ID}/" + n +
         " on $(hostname), CUDA_VISIBLE_DEVICES=${CUDA_VISIBLE_DEVICES:-unset}\"\n";
  std::vector<std::string> argv = s.fuselab;
  argv.push_back("run");
  argv.insert(argv.end(), s.run_args.begin(), s.run_args.end());
  out += "exec " + shell_words(argv) + " --shard \"${SLURM_ARRAY_TASK_ID}/" + n + "\"\n";
  return out;
}

std::string report_script(const SlurmSweep& s) {
  std::string out = header(s, "fuselab-sweep-report", "report.log");
  out += "# Written by `fuselab sweep --slurm` at " + s.stamp +
         ": runs after every shard of the array succeeded (afterok);\n"
         "# the shards wrote their records into the shared records folder, which this reads.\n";
  out += "set -euo pipefail\n";
  std::vector<std::string> argv = s.fuselab;
  argv.push_back("report");
  argv.insert(argv.end(), s.report_args.begin(), s.report_args.end());
  out += "exec " + shell_words(argv) + "\n";
  return out;
}

}  // namespace fuselab::cli
