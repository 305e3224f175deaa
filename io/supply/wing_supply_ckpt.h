/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_supply_ckpt: the supply-chain kind's checkpoint part (the plan and figures of the finished
 * months, and the index of the current one; docs/checkpoint.md). */
#ifndef AR_WING_SUPPLY_CKPT_H
#define AR_WING_SUPPLY_CKPT_H

#include "h5field.h"
#include "wing_supply_state.h"

/* The part's datasets and attribute, declared once ("supply-chain:checkpoint": `antroute formats`,
 * docs/formats.md); wing_supply_ckpt_init() writes by these declarations. */
extern const h5field_table wing_supply_ckpt_table;

/* The part's fields over the state's arrays. AR_ERR_NOMEM. */
ar_status wing_supply_ckpt_init(supply_state *s);
void wing_supply_ckpt_free(supply_state *s);
/* The figures of finished month t into the part's arrays. */
void wing_supply_ckpt_stage_month(supply_state *s, int32_t t);
ckpt_part *wing_supply_ckpt_part(void *state);
/* After the part was read: the finished months restored and checked, *phase the month to go on
 * with. AR_ERR_INPUT naming the checkpoint (a month out of range, figures out of range, a plan
 * that breaks constraints), AR_ERR_NOMEM. */
ar_status wing_supply_ckpt_resumed(void *state, const solve_run *run, const char *path,
                                   int32_t *phase);

#endif
