# SPDX-License-Identifier: BSD-3-Clause
# The site install (cmake/install.cmake): into a temporary prefix, loaded with Lmod, used from an
# unrelated folder with the source tree hidden, and one sbatch of an installed template on the
# multi-host test cluster (hence its lock).
ar_add_script_test(install_module SCRIPT tests/install/test_install_module.sh LABELS slurm TIMEOUT 600)
set_tests_properties(install_module PROPERTIES RESOURCE_LOCK antroute_netns_cluster)
# Issue #24: the installed tree, moved and with the source and build trees hidden, checks itself
# (antroute selftest on the installed examples).
ar_add_script_test(install_selftest SCRIPT tests/install/test_install_selftest.sh LABELS install
                   TIMEOUT 600)
# Issue #24: the release tarball of tools/make_release.sh configures and builds with no network.
ar_add_script_test(install_release SCRIPT tests/install/test_release.sh LABELS install TIMEOUT 900)
# The commit that --version names is read at every build (cmake/build_commit.cmake).
ar_add_script_test(install_build_commit SCRIPT tests/install/test_build_commit.sh LABELS install)
# Issue #24: the guide's first run (section 2, and section 1's installed-module block) on the
# installed program and examples, module loaded, trees hidden.
ar_add_script_test(install_guide SCRIPT tests/install/test_install_guide.sh LABELS install
                   TIMEOUT 600)
