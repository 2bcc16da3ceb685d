# A throwaway single-node Slurm on this host, for slurm_live_test.sh (sourced,
# not run). Real daemons from Debian's packages: munged, slurmctld, slurmd.
#
#   slurm_cluster_missing        prints what this host lacks to run one (the
#                                binaries, root) and the fix; nothing when
#                                all is there
#   slurm_cluster_up DIR         starts one with every file under DIR; exports
#                                SLURM_CONF so sbatch/squeue/scontrol use it;
#                                sets slurm_partition; returns non-zero, with
#                                the daemons' logs printed, when the node does
#                                not come up idle within 30 s
#   slurm_cluster_down           cancels its jobs, stops the three daemons
#                                (their pids, never by name) and reports any
#                                process left behind; safe to call twice and
#                                after a partial start
#
# How it is made to fit a CPU-only test host:
#  - munged runs with a fresh key in DIR/munge/ and its socket in a runtime
#    folder of its own; slurm.conf points Slurm's munge plugins at that socket
#    (AuthInfo=socket=…), so a system munged, if any, is never involved.
#  - slurmctld and slurmd run in the foreground (-D) as background children
#    of the test's shell: their pids are known and `wait` reaps them.
#    The two ports are the first unusual pair (26817/8, 27817/8, …) that
#    nothing on localhost answers, so a system Slurm (6817/8) or a running
#    copy of this test is avoided; two copies started in the same instant
#    could still pick the same pair, and the second then fails to come up.
#  - The node is this host, with the CPUs and memory `slurmd -C` reports.
#  - `--gres=gpu:1` (what shards.sbatch asks) must be satisfiable: the node
#    declares four GPUs in gres.conf. Slurm 22.05 drops a GPU without a
#    device file ("Removing file-less GPU"), and refuses a File= that is not a
#    character device, so each is a symlink to /dev/null named gpu0…gpu3
#    (Slurm takes the index from the name's trailing number and sets
#    CUDA_VISIBLE_DEVICES to it; nothing ever opens the file: no cgroup
#    device constraint, TaskPlugin=task/none).
#  - No cgroups (proctrack/linuxproc, task/none), no accounting, no job
#    completion log: nothing outside DIR is written.
#  - Unix socket paths are short (108 bytes at most): munged's socket and
#    slurmd's per-step sockets live in DIR/run unless DIR is too deep, then in
#    a folder of /tmp made for this cluster and removed by slurm_cluster_down.

PATH=$PATH:/usr/sbin:/sbin  # the daemons, for a user whose PATH lacks them
slurm_cluster_pids=()      # munged, slurmctld, slurmd, in start order
slurm_cluster_runtime=     # the socket folder when outside DIR (removed at the end)
slurm_cluster_dir=
slurm_partition=fuselab

slurm_cluster_missing() {
  local missing=() fixes=() b
  for b in munged mungekey slurmctld slurmd sbatch squeue scontrol sinfo scancel; do
    command -v "$b" >/dev/null 2>&1 || missing+=("$b")
  done
  ((${#missing[@]} == 0)) || fixes+=("install them: scripts/setup.sh --tests (munge, slurmctld, slurmd, slurm-client)")
  if [[ $(id -u) -ne 0 ]]; then
    missing+=("root (the daemons run as root: slurmd starts the jobs, SlurmUser=root)")
    fixes+=("run the test as root")
  fi
  local fix
  fix=$(printf '; %s' "${fixes[@]}")
  ((${#missing[@]} == 0)) || echo "this host lacks: ${missing[*]}. Fix: ${fix#; }"
}

# Prints the daemons' logs (the tail of each), for a failure message.
slurm_cluster_logs() {
  local f
  for f in "$slurm_cluster_dir"/log/*; do
    [[ -s $f ]] || continue
    echo "---- $f (last 25 lines)"
    tail -n 25 "$f"
  done
}

# A port pair (controller, node daemon) that nothing on localhost answers.
_slurm_free_ports() {
  local base
  for base in 26817 27817 28817 29817 30817 31817; do
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$base") 2>/dev/null &&
       ! (exec 3<>"/dev/tcp/127.0.0.1/$((base + 1))") 2>/dev/null; then
      echo "$base $((base + 1))"
      return 0
    fi
  done
  return 1
}

slurm_cluster_up() {
  local dir=$1
  slurm_cluster_dir=$dir
  mkdir -p "$dir"/{munge,log,state} && chmod 700 "$dir/munge"
  local runtime=$dir/run
  if ((${#runtime} > 60)); then  # + "/vm_123.4294967291" must stay under 108 bytes
    slurm_cluster_runtime=$(mktemp -d /tmp/fuselab-slurm.XXXXXX)
    runtime=$slurm_cluster_runtime
  fi
  mkdir -p "$runtime/spool"
  chmod 755 "$runtime"  # munged: every user must reach its socket, nobody else may write there

  mungekey --create --keyfile="$dir/munge/munge.key" 2>"$dir/log/mungekey.log" ||
    { cat "$dir/log/mungekey.log"; return 1; }
  # --force: a key or folder that munged finds too open (a group-writable
  # build folder's parent) is a warning, not a refusal, for this throwaway key.
  munged --foreground --force --key-file="$dir/munge/munge.key" --socket="$runtime/munge.socket" \
    --pid-file="$runtime/munged.pid" --seed-file="$dir/munge/seed" --log-file="$dir/log/munged.log" \
    >>"$dir/log/munged.out" 2>&1 &
  slurm_cluster_pids+=($!)

  local ports node hw
  ports=$(_slurm_free_ports) || { echo "no free port pair among 26817…31818 on localhost"; return 1; }
  node=$(hostname -s)
  # "NodeName=vm CPUs=2 Boards=1 SocketsPerBoard=1 CoresPerSocket=2 ThreadsPerCore=1 RealMemory=24105"
  hw=$(slurmd -C | head -n 1 | sed 's/^NodeName=[^ ]* //')
  [[ $hw == CPUs=* ]] || { echo "slurmd -C did not describe this host: $(slurmd -C 2>&1 | head -n 3)"; return 1; }
  mkdir -p "$dir/gpus"
  local i
  for i in 0 1 2 3; do ln -sfn /dev/null "$dir/gpus/gpu$i"; done
  cat >"$dir/slurm.conf" <<EOF
# Written by harness/tests/slurm_cluster.sh for one test run.
ClusterName=fuselabtest
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=${ports% *}
SlurmdPort=${ports#* }
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$runtime/munge.socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$runtime/spool
SlurmctldPidFile=$dir/state/slurmctld.pid
SlurmdPidFile=$dir/state/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
GresTypes=gpu
NodeName=$node NodeAddr=127.0.0.1 $hw Gres=gpu:4 State=UNKNOWN
PartitionName=$slurm_partition Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
  echo "NodeName=$node Name=gpu File=$dir/gpus/gpu[0-3]" >"$dir/gres.conf"  # beside slurm.conf, where Slurm looks
  export SLURM_CONF=$dir/slurm.conf

  # munged first: the Slurm daemons authenticate through it from their start.
  local t
  for ((t = 0; t < 50; t++)); do [[ -S $runtime/munge.socket ]] && break; sleep 0.1; done
  [[ -S $runtime/munge.socket ]] || { echo "munged did not create its socket within 5 s"; slurm_cluster_logs; return 1; }
  slurmctld -D -c >>"$dir/log/slurmctld.out" 2>&1 &  # -c: a fresh state, no jobs recovered
  slurm_cluster_pids+=($!)
  slurmd -D -N "$node" >>"$dir/log/slurmd.out" 2>&1 &
  slurm_cluster_pids+=($!)

  local state=
  for ((t = 0; t < 60; t++)); do
    state=$(sinfo -h -N -n "$node" -o %t 2>/dev/null)
    [[ $state == idle ]] && return 0
    [[ $state == drain* || $state == inval* ]] && break  # a refused registration does not heal
    sleep 0.5
  done
  echo "the Slurm node $node is '${state:-not known to slurmctld}', not idle, after 30 s:"
  scontrol show node "$node" 2>&1 | grep -E "State=|Reason=" || true
  slurm_cluster_logs
  return 1
}

slurm_cluster_down() {
  ((${#slurm_cluster_pids[@]})) || return 0
  # Jobs first: slurmd leaves running steps behind when it stops.
  if [[ -n ${slurm_cluster_pids[1]:-} ]] && kill -0 "${slurm_cluster_pids[1]}" 2>/dev/null; then  # slurmctld
    local jobs t
    mapfile -t jobs < <(squeue -h -o %A 2>/dev/null | sort -u)
    if ((${#jobs[@]})); then
      scancel "${jobs[@]}" 2>/dev/null
      for ((t = 0; t < 100; t++)); do [[ -z $(squeue -h 2>/dev/null) ]] && break; sleep 0.1; done
    fi
  fi
  # Then the daemons, the last started first: SIGTERM, SIGKILL after 10 s.
  local i pid
  for ((i = ${#slurm_cluster_pids[@]} - 1; i >= 0; i--)); do
    pid=${slurm_cluster_pids[i]}
    kill -TERM "$pid" 2>/dev/null || continue
    for ((t = 0; t < 100; t++)); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
  done
  slurm_cluster_pids=()
  [[ -z $slurm_cluster_runtime ]] || rm -rf "$slurm_cluster_runtime"
  slurm_cluster_runtime=
  # Anything still running that this cluster started: a process that has its
  # SLURM_CONF (the daemons pass their environment on: slurmstepd, the job
  # scripts, fuselab's shards) and is not this shell's own child. A step that
  # is still ending gets 5 s; what remains is named, then stopped by its pid.
  local left=() t
  for ((t = 0; t < 50; t++)); do
    mapfile -t left < <(_slurm_cluster_strays)
    ((${#left[@]} == 0)) && return 0
    sleep 0.1
  done
  echo "left behind after the cluster stopped, now killed:"
  for pid in "${left[@]}"; do
    echo "  $pid: $(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null)"
    kill -KILL "$pid" 2>/dev/null
  done
  return 1
}

# The pids of processes with this cluster's SLURM_CONF that are not
# descendants of this shell.
_slurm_cluster_strays() {
  local p pid ppid stat
  for p in /proc/[0-9]*; do
    pid=${p#/proc/}
    grep -qzxF "SLURM_CONF=$slurm_cluster_dir/slurm.conf" "$p/environ" 2>/dev/null || continue
    ppid=$pid
    while ((ppid > 1)) && ((ppid != $$)); do
      read -r stat <"/proc/$ppid/stat" 2>/dev/null || { ppid=0; break; }
      stat=${stat##*) }   # after the command name: "S <ppid> …"
      stat=${stat#* }
      ppid=${stat%% *}
    done
    ((ppid == $$)) || echo "$pid"
  done
}
