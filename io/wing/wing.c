/* SPDX-License-Identifier: BSD-3-Clause */
/* wing: what every wing shares (see wing.h). */
#include "wing.h"

#include "h5net.h"

ar_status wing_network_version(const wing *w, const char *file, int64_t version) {
  return h5net_version_check(file, w->name, version, w->network_version);
}
