/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_testdata: deterministic synthetic checkpoint contents for tests and the benchmark. */
#include "ckpt_testdata.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

static uint64_t value_of(uint64_t seed, int64_t epoch, int64_t iteration, int field,
                         uint64_t index) {
  return mix(seed ^ mix((uint64_t)epoch * 1000003u + (uint64_t)iteration) ^
             mix(((uint64_t)field << 56) ^ index));
}

int testdata_init(testdata *t, uint64_t colonies, uint64_t rows, uint64_t options, hsize_t first,
                  hsize_t count) {
  memset(t, 0, sizeof *t);
  t->colonies = colonies;
  t->rows = rows;
  t->options = options;
  ckpt_field f[TESTDATA_FIELDS] = {
      {"/colonies/pheromone",
       H5T_NATIVE_FLOAT,
       3,
       {colonies, rows, options},
       1,
       NULL,
       "pheromone per colony, row and option",
       NULL},
      {"/colonies/best_tour", H5T_NATIVE_INT32, 2, {colonies, rows, 0}, 1, NULL, NULL, NULL},
      {"/colonies/best_cost", H5T_NATIVE_DOUBLE, 1, {colonies, 0, 0}, 1, NULL, NULL, NULL},
      {"/global/best_tour", H5T_NATIVE_INT32, 1, {rows, 0, 0}, 0, NULL, NULL, NULL},
      {"/global/rng", H5T_NATIVE_UINT64, 1, {4, 0, 0}, 0, NULL, NULL, NULL},
  };
  memcpy(t->fields, f, sizeof f);
  for (int i = 0; i < TESTDATA_FIELDS; i++) {
    ckpt_field *fi = &t->fields[i];
    uint64_t rows_here = fi->distributed ? count : fi->dims[0];
    uint64_t bytes = rows_here * ckpt_field_row_bytes(fi);
    fi->data = calloc(bytes ? bytes : 1, 1);
    if (!fi->data) return -1;
  }
  /* /colonies/best_tour lives in one allocation per colony (colony_rows), as the engine keeps
   * it; `data` holds a contiguous copy for filling and checking. */
  t->row_bytes = ckpt_field_row_bytes(&t->fields[1]);
  t->rows_of_colony = calloc(count ? count : 1, sizeof *t->rows_of_colony);
  if (!t->rows_of_colony) return -1;
  for (hsize_t k = 0; k < count; k++)
    if (!(t->rows_of_colony[k] = calloc(t->row_bytes ? t->row_bytes : 1, 1))) return -1;
  t->fields[1].colony_rows = t->rows_of_colony;
  t->scalars[0] = (ckpt_scalar){"seed", CKPT_SCALAR_I64, 0, 0};
  t->scalars[1] = (ckpt_scalar){"best_cost", CKPT_SCALAR_F64, 0, 0};
  t->part = (ckpt_part){
      "testdata", t->fields, TESTDATA_FIELDS, t->scalars, TESTDATA_SCALARS, NULL, NULL, NULL, NULL};
  t->state.parts[0] = &t->part;
  t->state.nparts = 1;
  t->state.colony_first = first;
  t->state.colony_count = count;
  t->state.input_checksum = "crc32:00000000 size:0";
  t->state.search_parameters = "[solve]\ncolonies = 4\nrho = 0.1\n";
  return 0;
}

/* The expected raw bits of element `local` of field f (this rank's block); `offset` is the
 * global index of the block's first element. No HDF5 call: this runs in OpenMP threads and
 * HDF5 is not thread-safe. */
static uint64_t expected_bits(int f, uint64_t offset, uint64_t local, uint64_t seed, int64_t epoch,
                              int64_t iteration) {
  uint64_t global = offset + local;
  uint64_t v = value_of(seed, epoch, iteration, f, global);
  switch (f) {
  case 0: {
    float x = (float)(v >> 40) / (float)(1u << 24);
    uint32_t b;
    memcpy(&b, &x, 4);
    return b;
  }
  case 1:
  case 3: return (uint32_t)(v % 100000u);
  case 2: {
    double x = (double)(v >> 11) / 9007199254740992.0 * 1e6;
    uint64_t b;
    memcpy(&b, &x, 8);
    return b;
  }
  default: return v;
  }
}

static uint64_t elements_here(const testdata *t, int f) {
  const ckpt_field *fi = &t->fields[f];
  uint64_t per_row = ckpt_field_row_bytes(fi) / H5Tget_size(fi->type);
  return (fi->distributed ? t->state.colony_count : fi->dims[0]) * per_row;
}

static uint64_t block_offset(const testdata *t, int f) {
  const ckpt_field *fi = &t->fields[f];
  uint64_t per_row = ckpt_field_row_bytes(fi) / H5Tget_size(fi->type);
  return fi->distributed ? t->state.colony_first * per_row : 0;
}

static void store(void *data, size_t size, uint64_t i, uint64_t bits) {
  if (size == 4) {
    uint32_t b = (uint32_t)bits;
    memcpy((char *)data + i * 4, &b, 4);
  } else {
    memcpy((char *)data + i * 8, &bits, 8);
  }
}

static uint64_t load(const void *data, size_t size, uint64_t i) {
  if (size == 4) {
    uint32_t b;
    memcpy(&b, (const char *)data + i * 4, 4);
    return b;
  }
  uint64_t b;
  memcpy(&b, (const char *)data + i * 8, 8);
  return b;
}

static void rows_from_data(testdata *t) {
  for (hsize_t k = 0; k < t->state.colony_count; k++)
    memcpy(t->rows_of_colony[k], (char *)t->fields[1].data + k * t->row_bytes, t->row_bytes);
}

static void rows_to_data(const testdata *t) {
  for (hsize_t k = 0; k < t->state.colony_count; k++)
    memcpy((char *)t->fields[1].data + k * t->row_bytes, t->rows_of_colony[k], t->row_bytes);
}

void testdata_fill(testdata *t, uint64_t seed, int64_t epoch, int64_t iteration) {
  t->state.epoch = epoch;
  t->state.iteration = iteration;
  t->scalars[0].i64 = (int64_t)seed;
  t->scalars[1].f64 = 1000.0 * (double)epoch + (double)iteration + 0.25;
  for (int f = 0; f < TESTDATA_FIELDS; f++) {
    size_t size = H5Tget_size(t->fields[f].type);
    uint64_t n = elements_here(t, f), offset = block_offset(t, f);
    void *data = t->fields[f].data;
#pragma omp parallel for schedule(static)
    for (uint64_t i = 0; i < n; i++)
      store(data, size, i, expected_bits(f, offset, i, seed, epoch, iteration));
  }
  rows_from_data(t);
}

void testdata_clear(testdata *t) {
  t->state.epoch = -1;
  t->state.iteration = -1;
  t->scalars[0].i64 = 0;
  t->scalars[1].f64 = 0;
  for (int f = 0; f < TESTDATA_FIELDS; f++)
    memset(t->fields[f].data, 0, elements_here(t, f) * H5Tget_size(t->fields[f].type));
  rows_from_data(t);
}

uint64_t testdata_mismatches(const testdata *t, uint64_t seed) {
  int64_t epoch = t->state.epoch, iteration = t->state.iteration;
  uint64_t bad = 0;
  rows_to_data(t);
  if (t->scalars[0].i64 != (int64_t)seed) bad++;
  if (t->scalars[1].f64 != 1000.0 * (double)epoch + (double)iteration + 0.25) bad++;
  for (int f = 0; f < TESTDATA_FIELDS; f++) {
    size_t size = H5Tget_size(t->fields[f].type);
    uint64_t n = elements_here(t, f), offset = block_offset(t, f);
    for (uint64_t i = 0; i < n; i++)
      if (load(t->fields[f].data, size, i) != expected_bits(f, offset, i, seed, epoch, iteration))
        bad++;
  }
  return bad;
}

void testdata_free(testdata *t) {
  for (hsize_t k = 0; t->rows_of_colony && k < t->state.colony_count; k++)
    free(t->rows_of_colony[k]);
  free(t->rows_of_colony);
  t->rows_of_colony = NULL;
  for (int f = 0; f < TESTDATA_FIELDS; f++) {
    free(t->fields[f].data);
    t->fields[f].data = NULL;
  }
}

void testdata_dir(const char *name, MPI_Comm comm, char *dir, size_t cap) {
  const char *base = getenv("AR_BUILD_DIR");
  snprintf(dir, cap, "%s/tests/ckpt/tmp/%s", base ? base : ".", name);
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  if (rank == 0) {
    char cmd[4200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s' && mkdir -p '%s'", dir, dir);
    if (system(cmd) != 0) fprintf(stderr, "cannot prepare %s\n", dir);
  }
  MPI_Barrier(comm);
}
