/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_BOARD_VC_TEMPLATE_H
#define HEIN_BOARD_VC_TEMPLATE_H

/* Edge templates for the virtual-connection engine (vc.h).
 *
 * An edge template claims: the owner connects the endpoint (a stone of
 * the owner, or an empty cell the owner is given) to the owner's edge
 * against any play of the opponent inside the carrier, the opponent
 * moving first, whatever lies outside the template.  Templates are read
 * from hein's own text format (share/patterns/vc-templates.txt documents
 * it in its header) and proven by tools/patcheck/patcheck_vc.c.
 *
 * A template is stored in Black's orientation against the SOUTH edge:
 * offsets (dc, dr) of the carrier cells from the endpoint, dr > 0 towards
 * the edge, the endpoint on row `row` counted from the edge (1 = the row
 * next to it).  vc_template_place maps it onto any edge of either colour
 * (180-degree rotation for NORTH, transposition for White).  Loading adds
 * the mirror image of every template (the reflection that keeps the edge
 * in place), so a loaded set covers both orientations.
 *
 * A vc_templates_t is immutable once loaded and may be shared by threads. */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board/bitset.h"
#include "board/geometry.h"

#define VC_TEMPLATE_MAX_CELLS 32
#define VC_TEMPLATE_MAX_HELPERS 4
#define VC_TEMPLATE_NAME_MAX 48

typedef struct vc_template {
    char name[VC_TEMPLATE_NAME_MAX];
    bool mirrored;              /* the mirror image of the file's diagram */
    int row;                    /* the endpoint's distance from the edge */
    int ncells;                 /* carrier cells */
    int8_t dc[VC_TEMPLATE_MAX_CELLS];
    int8_t dr[VC_TEMPLATE_MAX_CELLS];
    int nhelpers;               /* helper cells: the owner's stones */
    int8_t hdc[VC_TEMPLATE_MAX_HELPERS];
    int8_t hdr[VC_TEMPLATE_MAX_HELPERS];
} vc_template_t;

typedef struct vc_templates {
    int n;                      /* templates, mirror images included */
    int nfile;                  /* templates written in the file */
    vc_template_t *t;
} vc_templates_t;

/* Parse a template file.  Returns NULL with a message in err (file, line,
 * reason) when it cannot be read or parsed, or memory is short. */
vc_templates_t *vc_templates_load(const char *path, char *err, size_t errlen);

/* Load vc-templates.txt from the pattern directory (pattern.h
 * pattern_path). */
vc_templates_t *vc_templates_load_default(char *err, size_t errlen);

void vc_templates_free(vc_templates_t *ts);

/* The mirror image of t: (dc, dr) -> (-dc - dr, dr), helpers too. */
vc_template_t vc_template_mirror(const vc_template_t *t);

/* The carrier cells of t with its endpoint on `cell`, for `edge` (any of
 * the four).  False when the endpoint is not on the template's row or a
 * carrier or helper cell falls off the board.  *carrier gets every
 * carrier cell and *helpers every helper cell, whatever they hold (the
 * caller checks that the helpers are the owner's stones). */
bool vc_template_place(const vc_template_t *t, const geometry_t *g, int edge, int cell,
                       bitset_t *carrier, bitset_t *helpers);

#endif /* HEIN_BOARD_VC_TEMPLATE_H */
