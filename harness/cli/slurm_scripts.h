// `fuselab sweep --slurm`: the two sbatch scripts, as text. shards.sbatch is
// a job array, one `fuselab run … --shard $SLURM_ARRAY_TASK_ID/N` per task
// on one GPU (--gres=gpu:1); report.sbatch, submitted with
// --dependency=afterok on the array, regenerates the reports once every
// shard succeeded. Each task writes its records straight into the records
// folder, which must therefore be on a filesystem every node sees: the
// "gather" is the report over that folder.
#pragma once

#include <string>
#include <vector>

namespace fuselab::cli {

struct SlurmSweep {
  std::vector<std::string> fuselab;     // the binary and its global options (--root …)
  std::vector<std::string> run_args;    // after `run`: targets, --case, --quick, … --costs-before
  std::vector<std::string> report_args; // after `report`
  int shards = 1;
  int gpus_per_task = 1;
  std::string partition;                // empty: the cluster's default
  std::string time_limit;               // empty: the partition's default
  std::string logs_dir;                 // task logs: shard-<I>-of-<N>.log, report.log
  std::string stamp;                    // when the sweep was written (UTC)
};

std::string shards_script(const SlurmSweep& s);
std::string report_script(const SlurmSweep& s);

}  // namespace fuselab::cli
