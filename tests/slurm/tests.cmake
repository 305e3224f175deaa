# SPDX-License-Identifier: BSD-3-Clause
# Slurm: a real single-node cluster on localhost (slurm/local-cluster.sh) and the batch templates
# of slurm/ driven through sbatch, in one cluster start (test_local.sh: the cluster script, then
# antroute's scenarios side by side). It uses the faked 192-CPU E7 node, so that cluster binds
# nothing (TaskPlugin=task/none); the multi-host tests (netns) run on the real node shape with
# task/affinity. They skip when Slurm cannot run here (not root, packages missing).
ar_add_script_test(slurm_local SCRIPT tests/slurm/test_local.sh LABELS slurm TIMEOUT 1200)
set_tests_properties(slurm_local PROPERTIES RESOURCE_LOCK antroute_slurm_cluster)
# Several hosts in network namespaces (slurm/netns-cluster.sh), in one cluster start: MPI across
# hosts, binding, the 2-node templates, elastic resume, killed ranks and a lost host. Its cluster
# has namespaces of its own (no port shared with the test above); install_module uses the same
# kind of cluster, hence the lock.
ar_add_script_test(slurm_hosts SCRIPT tests/slurm/test_hosts.sh LABELS slurm TIMEOUT 1200)
set_tests_properties(slurm_hosts PROPERTIES RESOURCE_LOCK antroute_netns_cluster)
# The step helper's decisions after a checkpoint (requeue, cancelled, Slurm's own requeue, the
# cap) from job states played by a stand-in scontrol: no cluster, so it runs everywhere.
ar_add_script_test(slurm_step_decisions SCRIPT tests/slurm/test_step_decisions.sh LABELS slurm)
