/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_crc: CRC-32 (zlib's values; carry-less multiplication where the processor has it),
 * threaded for large buffers, and its layout-independent combination. */
#include "ckpt_crc.h"

#include <omp.h>
#include <stdlib.h>
#include <zlib.h>

#include "ar_agree.h"
#include "ckpt_crc_x86.h"

/* Below this size threads cost more than they save. */
enum { CRC_PARALLEL_MIN = 4 << 20, CRC_MAX_THREADS = 256 };

static uint32_t crc_serial(uint32_t crc, const unsigned char *p, uint64_t len) {
  const int clmul = len >= 64 && ckpt_crc_x86_available();
  while (len > 0) {
    uInt n = len > (1u << 30) ? (1u << 30) : (uInt)len; /* zlib takes an unsigned int length */
    crc = clmul && n >= 64 ? ckpt_crc_x86_update(crc, p, n) : (uint32_t)crc32(crc, p, n);
    p += n;
    len -= n;
  }
  return crc;
}

uint32_t ckpt_crc32_combine(uint32_t crc_a, uint32_t crc_b, uint64_t len_b) {
  _Static_assert(sizeof(z_off_t) >= 8, "crc32_combine needs a 64-bit z_off_t");
  return (uint32_t)crc32_combine(crc_a, crc_b, (z_off_t)len_b);
}

uint32_t ckpt_crc32(const void *data, uint64_t len) {
  const unsigned char *p = data;
  uint32_t start = (uint32_t)crc32(0L, Z_NULL, 0);
  int threads = omp_in_parallel() ? 1 : omp_get_max_threads();
  if (threads > CRC_MAX_THREADS) threads = CRC_MAX_THREADS;
  if (len < CRC_PARALLEL_MIN || threads < 2) return crc_serial(start, p, len);
  uint32_t piece_crc[CRC_MAX_THREADS];
  uint64_t piece_len[CRC_MAX_THREADS];
#pragma omp parallel num_threads(threads)
  {
    int t = omp_get_thread_num(), nt = omp_get_num_threads();
    uint64_t lo = len * (uint64_t)t / (uint64_t)nt, hi = len * (uint64_t)(t + 1) / (uint64_t)nt;
    piece_len[t] = hi - lo;
    piece_crc[t] = crc_serial(start, p + lo, hi - lo);
#pragma omp single
    threads = nt;
  }
  uint32_t crc = piece_crc[0];
  for (int t = 1; t < threads; t++)
    crc = ckpt_crc32_combine(crc, piece_crc[t], piece_len[t]);
  return crc;
}

uint32_t ckpt_crc32_overlap(const void *data, uint64_t len, void (*work)(void *), void *arg) {
  const unsigned char *p = data;
  int threads = omp_in_parallel() ? 1 : omp_get_max_threads();
  if (threads > CRC_MAX_THREADS) threads = CRC_MAX_THREADS;
  if (len < CRC_PARALLEL_MIN || threads < 2) {
    work(arg);
    return ckpt_crc32(data, len);
  }
  uint32_t start = (uint32_t)crc32(0L, Z_NULL, 0);
  uint32_t piece_crc[CRC_MAX_THREADS];
  uint64_t piece_len[CRC_MAX_THREADS];
  int helpers = 0;
#pragma omp parallel num_threads(threads)
  {
    int t = omp_get_thread_num(), nt = omp_get_num_threads();
    if (t == 0) {
      helpers = nt - 1;
      work(arg);
      if (nt == 1) { /* the runtime gave us no helpers */
        piece_len[0] = len;
        piece_crc[0] = crc_serial(start, p, len);
      }
    } else {
      uint64_t lo = len * (uint64_t)(t - 1) / (uint64_t)(nt - 1);
      uint64_t hi = len * (uint64_t)t / (uint64_t)(nt - 1);
      piece_len[t - 1] = hi - lo;
      piece_crc[t - 1] = crc_serial(start, p + lo, hi - lo);
    }
  }
  int pieces = helpers > 0 ? helpers : 1;
  uint32_t crc = piece_crc[0];
  for (int t = 1; t < pieces; t++)
    crc = ckpt_crc32_combine(crc, piece_crc[t], piece_len[t]);
  return crc;
}

typedef struct {
  uint64_t offset, len, crc;
} crc_block;

static int block_cmp(const void *a, const void *b) {
  const crc_block *x = a, *y = b;
  return x->offset < y->offset ? -1 : x->offset > y->offset;
}

ar_status ckpt_crc_combine_blocks(uint64_t offset, uint64_t len, uint32_t crc, uint64_t total,
                                  MPI_Comm comm, const char *what, uint32_t *whole) {
  int size = 1;
  ar_status st = ar_mpi_check(MPI_Comm_size(comm, &size), "MPI_Comm_size for the checksums");
  if (st != AR_OK) return ar_fail(st, "%s: %s", what, ar_error_message());
  crc_block mine = {offset, len, crc};
  crc_block *all = malloc((size_t)size * sizeof *all);
  if (!all) return ar_fail(AR_ERR_NOMEM, "%s: out of memory combining checksums", what);
  /* Every rank combines the same list, so no second message is needed to share the result. */
  st = ar_mpi_check(MPI_Allgather(&mine, 3, MPI_UINT64_T, all, 3, MPI_UINT64_T, comm),
                    "MPI_Allgather of checksums");
  if (st != AR_OK) {
    free(all);
    return ar_fail(st, "%s: %s", what, ar_error_message());
  }
  qsort(all, (size_t)size, sizeof *all, block_cmp);
  uint32_t acc = (uint32_t)crc32(0L, Z_NULL, 0);
  uint64_t next = 0;
  st = AR_OK;
  for (int i = 0; i < size && st == AR_OK; i++) {
    if (all[i].len == 0) continue;
    if (all[i].offset != next)
      st = ar_fail(AR_ERR_INTERNAL, "%s: rank blocks %s at byte %llu (expected %llu)", what,
                   all[i].offset > next ? "leave a gap" : "overlap",
                   (unsigned long long)all[i].offset, (unsigned long long)next);
    acc = ckpt_crc32_combine(acc, (uint32_t)all[i].crc, all[i].len);
    next = all[i].offset + all[i].len;
  }
  free(all);
  if (st == AR_OK && next != total)
    st = ar_fail(AR_ERR_INTERNAL, "%s: rank blocks cover %llu bytes of %llu", what,
                 (unsigned long long)next, (unsigned long long)total);
  *whole = acc;
  return st;
}
