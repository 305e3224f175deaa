/* SPDX-License-Identifier: BSD-3-Clause */
/* supply_equal: field-by-field comparison of two supply-chain networks (tests only). */
#ifndef AR_TEST_SC_EQUAL_H
#define AR_TEST_SC_EQUAL_H

#include <stddef.h>

#include "supply_net.h"

/* 1 when every table, row table and derived table is identical; otherwise 0 and why names the
 * first difference. */
int supply_net_equal(const supply_net *a, const supply_net *b, char *why, size_t cap);

#endif
