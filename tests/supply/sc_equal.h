/* sc_equal: field-by-field comparison of two supply-chain networks (tests only). */
#ifndef AR_TEST_SC_EQUAL_H
#define AR_TEST_SC_EQUAL_H

#include <stddef.h>

#include "sc_net.h"

/* 1 when every table, row table and derived table is identical; otherwise 0 and why names the
 * first difference. */
int sc_net_equal(const sc_net *a, const sc_net *b, char *why, size_t cap);

#endif
