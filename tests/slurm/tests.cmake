# Slurm: a real single-node cluster on localhost (slurm/local-cluster.sh) and the batch templates
# of slurm/ driven through sbatch. The tests share one port and run one at a time; each starts
# and stops its own cluster. They skip when Slurm cannot run here (not root, packages missing).
# These use the faked 192-CPU E7 node, so that cluster binds nothing (TaskPlugin=task/none); the
# multi-host tests (netns) run on the real node shape with task/affinity.
set(AR_SLURM_TESTS
    cluster      # the cluster script, a job, preemption and requeue
    e2e_run      # antroute solve through the templates: completion, bad input, cancel, cap
    e2e_requeue  # antroute solve: scontrol requeue and preemption mid-run
    e2e_timelimit) # antroute solve: checkpoint and self-requeue before the time limit
foreach(t ${AR_SLURM_TESTS})
  ar_add_script_test(slurm_${t} SCRIPT tests/slurm/test_${t}.sh LABELS slurm TIMEOUT 420)
  set_tests_properties(slurm_${t} PROPERTIES RESOURCE_LOCK antroute_slurm_cluster)
endforeach()
# Several hosts in network namespaces (slurm/netns-cluster.sh): each test has its own cluster in
# its own namespaces (no port shared with the tests above); one at a time, for the load.
foreach(t hosts hosts_faults)
  ar_add_script_test(slurm_${t} SCRIPT tests/slurm/test_${t}.sh LABELS slurm TIMEOUT 600)
  set_tests_properties(slurm_${t} PROPERTIES RESOURCE_LOCK antroute_netns_cluster)
endforeach()
