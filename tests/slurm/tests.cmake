# Slurm: a real single-node cluster on localhost (slurm/local-cluster.sh) and the batch templates
# of slurm/ driven through sbatch. The tests share one port and run one at a time; each starts
# and stops its own cluster. They skip when Slurm cannot run here (not root, packages missing).
set(AR_SLURM_TESTS
    cluster      # the cluster script, a job, preemption and requeue
    templates    # every template with a mock solver: signals, requeue, preemption, limits
    e2e_run      # antroute solve through the templates: completion, bad input, cancel, cap
    e2e_requeue  # antroute solve: scontrol requeue and preemption mid-run
    e2e_timelimit) # antroute solve: checkpoint and self-requeue before the time limit
foreach(t ${AR_SLURM_TESTS})
  ar_add_script_test(slurm_${t} SCRIPT tests/slurm/test_${t}.sh LABELS slurm TIMEOUT 420)
  set_tests_properties(slurm_${t} PROPERTIES RESOURCE_LOCK antroute_slurm_cluster)
endforeach()
