/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_match: does a checkpoint belong to this run? (same input, same search parameters)
 *
 * A checkpoint records the checksum of the input file (ckpt_input_checksum()) and the search
 * parameters (param_serialize(ps, 1): "key = value" lines of the PARAM_SEARCH parameters). A
 * resume with another input or other search parameters would not continue the same search, so
 * it is refused unless forced (--resume-force), e.g. to change a search parameter on purpose.
 */
#ifndef AR_CKPT_MATCH_H
#define AR_CKPT_MATCH_H

#include <stddef.h>

/* Writes into buf a human list of the differences between two serialized parameter sets
 * ("rho = 0.2 in this run, 0.1 in the checkpoint; ants only in the checkpoint (12)"), and
 * returns how many keys differ (0: same values, whatever the order of the lines). */
int ckpt_match_params_diff(const char *checkpoint, const char *now, char *buf, size_t cap);

/* Compares the recorded input checksum and search parameters with this run's (NULL: not
 * compared). Returns 0 when they match, else the number of differences, with a message naming
 * them in buf. */
int ckpt_match_check(const char *ckpt_input, const char *ckpt_search, const char *now_input,
                     const char *now_search, char *buf, size_t cap);

#endif
