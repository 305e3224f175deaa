/* SPDX-License-Identifier: BSD-3-Clause */
/* test_util: minimal check macros for antroute's C tests (each test defines test_run()). */
#ifndef AR_TEST_UTIL_H
#define AR_TEST_UTIL_H

#include <stdio.h>

extern int test_failures;
extern int test_checks;

/* 1 under AddressSanitizer or UndefinedBehaviorSanitizer (10 to 20 times slower): a test may use
 * smaller inputs there, on the same code paths; the plain build checks the full sizes. */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_UNDEFINED__)
#define AR_TEST_SANITIZED 1
#else
#define AR_TEST_SANITIZED 0
#endif

/* The test body: return 0 when done (failures are counted by CHECK), 77 to skip. A test that ran
 * no check fails (test_main.c). */
int test_run(int argc, char **argv);

#define CHECK(cond)                                                                                \
  do {                                                                                             \
    test_checks++;                                                                                 \
    if (!(cond)) {                                                                                 \
      test_failures++;                                                                             \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);                     \
    }                                                                                              \
  } while (0)

#define CHECK_EQ_INT(a, b)                                                                         \
  do {                                                                                             \
    long long va_ = (long long)(a), vb_ = (long long)(b);                                          \
    test_checks++;                                                                                 \
    if (va_ != vb_) {                                                                              \
      test_failures++;                                                                             \
      fprintf(stderr, "%s:%d: CHECK failed: %s == %s (%lld != %lld)\n", __FILE__, __LINE__, #a,    \
              #b, va_, vb_);                                                                       \
    }                                                                                              \
  } while (0)

#endif
