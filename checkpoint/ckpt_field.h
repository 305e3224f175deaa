/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_field: what a checkpoint holds, as the modules that own the state describe it.
 *
 * A checkpoint is a set of named arrays (fields) plus a few scalars and strings, grouped in parts
 * (one per module that owns state: the engine, a problem kind). Each field is one HDF5 dataset:
 *   - distributed: dimension 0 is the colony dimension, split over the ranks in contiguous blocks;
 *     this rank holds rows [colony_first, colony_first + colony_count) of it (the same block for
 *     every distributed field of the state). Written and read as hyperslabs, so a checkpoint
 *     written by P ranks can be read by any other number of ranks.
 *   - replicated: every rank holds the whole array (the global best, ...); rank 0 writes it,
 *     every rank reads it.
 * The same description serves for writing (data holds the values) and reading (data receives
 * them; the shape must be the one in the file).
 */
#ifndef AR_CKPT_FIELD_H
#define AR_CKPT_FIELD_H

#include <hdf5.h>
#include <mpi.h>
#include <stdint.h>

#include "ar_error.h"
#include "param.h"

/* Format version 2 (antroute 0.2): the root attribute `month` became `epoch` (epochs completed).
 * Version 3: /supply/month_real gained the lower_bound column. Version 4: the root attribute
 * header_crc32 (ckpt_digest.h) covers every attribute, type and shape, and the file is in HDF5's
 * latest format (checksummed metadata). Version 5: state written field by field (ckpt_members.h):
 * /colonies/state_int and state_real, /global/epochs and /supply/month_int and month_real, packed
 * by position, became one dataset per named member. Older versions are refused with a message
 * naming the file, its version and this one (exit status 3). */
enum { CKPT_MAX_RANK = 3, CKPT_FORMAT_VERSION = 5 };

typedef struct {
  const char *path;            /* dataset path: "/colonies/pheromone" (groups are created) */
  hid_t type;                  /* native type: H5T_NATIVE_FLOAT, H5T_NATIVE_INT32, ... */
  int rank;                    /* 1..CKPT_MAX_RANK */
  hsize_t dims[CKPT_MAX_RANK]; /* global shape (dims[0] = colonies when distributed) */
  int distributed;             /* 1: rows of dimension 0 are split over ranks; 0: replicated */
  void *data;                  /* distributed: colony_count rows; replicated: the whole array */
  const char *description;     /* optional: written as the dataset's `description` attribute */
  /* Distributed only, instead of data: one pointer per local colony to that colony's row
   * (dims[1] x dims[2] elements), for state that lives in per-colony arrays (no copy). */
  void *const *colony_rows;
} ckpt_field;

/* A field from its parts (dims beyond rank are ignored; rows: per-colony rows instead of data). */
ckpt_field ckpt_field_make(const char *path, hid_t type, int rank, hsize_t d0, hsize_t d1,
                           hsize_t d2, int distributed, void *data, void *const *rows,
                           const char *description);

/* A scalar root attribute (seed, best cost, ...): integer or real. */
typedef enum { CKPT_SCALAR_I64, CKPT_SCALAR_F64 } ckpt_scalar_kind;
typedef struct {
  const char *name;
  ckpt_scalar_kind kind;
  int64_t i64; /* written from / read into, for CKPT_SCALAR_I64 */
  double f64;  /* ... for CKPT_SCALAR_F64 */
} ckpt_scalar;

typedef struct ckpt_state ckpt_state;

/* One module's share of a checkpoint: the fields and scalars it owns, and how it moves its state
 * in and out of them. The module that owns a state describes it (the engine in
 * aco_engine_ckpt.c, a problem kind in its kind file): no other file knows its layout. */
typedef struct {
  const char *name; /* "engine", "supply": for messages */
  ckpt_field *fields;
  int nfields;
  ckpt_scalar *scalars; /* root attributes of this part (read back by name) */
  int nscalars;
  void *owner; /* passed to the callbacks */
  /* Before a write: copy the state into the fields' data and scalars (sizing fields whose shape
   * changes, such as a record of one entry per epoch), and set st->epoch and st->iteration when
   * the part knows them. NULL: the data are always current. */
  ar_status (*stage)(void *owner, ckpt_state *st);
  /* Reading: called on every rank once the root attributes (epoch, iteration) and this part's
   * scalars are read and before any field is, so that fields whose shape depends on them can be
   * sized and allocated. Must fail alike on every rank. NULL: shapes are fixed. */
  ar_status (*shape)(void *owner, const ckpt_state *st);
  /* Reading: after every field of the state was read and checked: move the data into the
   * module's state, checking it against itself. NULL: nothing to do. */
  ar_status (*restore)(void *owner, const ckpt_state *st);
} ckpt_part;

enum { CKPT_MAX_PARTS = 4 };

struct ckpt_state {
  ckpt_part *parts[CKPT_MAX_PARTS]; /* written in this order; read: the parts asked for */
  int nparts;
  /* This rank's block of dimension 0 of every distributed field. The blocks of all ranks must
   * tile [0, dims[0]) (any contiguous split; ckpt_block() gives the usual one). */
  hsize_t colony_first, colony_count;
  /* Where the run stands (root attributes): epochs and iterations completed. Set by a part's
   * stage() before a write; filled in by ckpt_read(). */
  int64_t epoch, iteration;
  /* Compared on resume (a checkpoint of another input or search is refused): */
  const char *input_checksum;    /* ckpt_input_checksum() of the input file */
  const char *search_parameters; /* param_serialize(ps, 1): the parameters that change the search */
  const param_set *params;       /* all parameters, for the root `parameters` attribute; may be
                                    NULL. Not compared: --max-hours and the like may change. */
};

/* Adds a part (AR_ERR_INTERNAL when CKPT_MAX_PARTS are there already). */
ar_status ckpt_state_add(ckpt_state *st, ckpt_part *part);
/* The fields and scalars of all parts, in order: i in [0, ckpt_state_nfields()). */
int ckpt_state_nfields(const ckpt_state *st);
ckpt_field *ckpt_state_field(const ckpt_state *st, int i);
int ckpt_state_nscalars(const ckpt_state *st);
ckpt_scalar *ckpt_state_scalar(const ckpt_state *st, int i);
/* Calls every part's stage() (before a write). The first failure is returned. */
ar_status ckpt_state_stage(ckpt_state *st);

/* A contiguous run of rows of a field that one rank transfers in one call. */
typedef struct {
  hsize_t first, count;
  void *data;
} ckpt_piece;

/* The pieces this rank transfers for field f, in increasing row order and contiguous: one for
 * a distributed field given by data (none when the rank has no colonies), one per colony with
 * colony_rows, and for a replicated field one (the whole array) when reading or on rank 0 when
 * writing, none otherwise. Returns how many; pieces[k] for k < that number. */
int ckpt_field_npieces(const ckpt_state *st, const ckpt_field *f, int rank, int reading);
ckpt_piece ckpt_field_piece(const ckpt_state *st, const ckpt_field *f, int rank, int reading,
                            int k);

/* The usual contiguous split of n colonies over size ranks: rank r holds
 * [n*r/size, n*(r+1)/size). */
void ckpt_block(uint64_t n, int size, int rank, hsize_t *first, hsize_t *count);

/* Bytes of one row of dimension 0 (product of the other dimensions times the element size). */
uint64_t ckpt_field_row_bytes(const ckpt_field *f);

/* Bytes of the whole field (all ranks' rows together). */
uint64_t ckpt_field_bytes(const ckpt_field *f);

/* Bytes of all fields: the checkpoint's size without HDF5's metadata. */
uint64_t ckpt_state_bytes(const ckpt_state *st);

/* Checks the description on this rank (ranks 1..3, a native type, positive element size, the
 * block inside dims[0], a data pointer where there are rows, distinct paths). AR_ERR_INTERNAL
 * naming the field: a wrong description is a bug of the caller. Local, not collective. */
ar_status ckpt_state_check(const ckpt_state *st);

#endif
