/* test_util: minimal check macros for antroute's C tests (each test defines test_run()). */
#ifndef AR_TEST_UTIL_H
#define AR_TEST_UTIL_H

#include <stdio.h>

extern int test_failures;
extern int test_checks;

/* The test body: return 0 when done (failures are counted by CHECK), 77 to skip. */
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
