/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_ENGINE_PARAM_H
#define HEIN_ENGINE_PARAM_H

/* Parameters as tables of descriptors.
 *
 * A parameter group (param_game, param_player, ...) is a struct of plain
 * values and a static const table describing each field: name, type,
 * offset, range and a one-line doc.  The same table serves the HTP
 * param_* commands (listing and setting, in HexGui's "[type] key value"
 * format) and the command line.  Setting validates first and changes
 * nothing on error. */

#include <stdbool.h>
#include <stddef.h>

/* The longest PARAM_STRING field, its NUL included, and the longest text
 * of one parameter's value. */
#define PARAM_STRING_MAX 1024
#define PARAM_TEXT_MAX (PARAM_STRING_MAX + 64)

typedef enum param_type {
    PARAM_BOOL,                 /* bool; "0"/"1" (also true/false) */
    PARAM_INT,                  /* int in [min, max] */
    PARAM_MIB,                  /* int in [min, max]: a table's size in
                                 * MiB, at most what the machine has
                                 * (param_memory_mib) */
    PARAM_DOUBLE,               /* double in [min, max] */
    PARAM_CHOICE,               /* int index into choices[] */
    PARAM_STRING                /* char[max]: a word of at most max - 1
                                 * bytes, no white space (a file's
                                 * path); "" shows as "" */
} param_type_t;

typedef struct param_desc {
    const char *name;
    param_type_t type;
    size_t offset;              /* of the field in the group struct */
    double min, max;            /* PARAM_INT, PARAM_MIB, PARAM_DOUBLE;
                                 * PARAM_STRING: max is the field's size */
    const char *const *choices; /* PARAM_CHOICE: NULL-terminated */
    const char *doc;
} param_desc_t;

/* The memory this process may have, in MiB: the machine's physical
 * memory, or the address-space limit (RLIMIT_AS) when that is lower;
 * 0 when neither is known.  A PARAM_MIB value above it is refused. */
long param_memory_mib(void);

/* The descriptor named `name` in a table ended by a NULL name, or NULL. */
const param_desc_t *param_find(const param_desc_t *table, const char *name);

/* Set one parameter of the group at `base` from text.  On error returns
 * false with a message in err (e.g. "game_time must be a number from 0 to
 * 86400") and changes nothing. */
bool param_set(const param_desc_t *table, void *base, const char *name,
               const char *value, char *err, size_t errlen);

/* Set one number parameter (PARAM_INT, PARAM_MIB or PARAM_DOUBLE) of the group at
 * `base` from a value, with param_set's checks and messages: for the
 * engine's own setters, which hold a number already. */
bool param_set_number(const param_desc_t *table, void *base, const char *name, double value,
                      char *err, size_t errlen);

/* Format one parameter as HexGui expects: "[bool] allow_swap 0",
 * "[string] game_time 1800", "[list/random/resistance] name random".
 * Returns the length written (snprintf semantics). */
int param_format(const param_desc_t *d, const void *base, char *buf, size_t size);

/* The current value alone, e.g. "1800" or "random". */
int param_format_value(const param_desc_t *d, const void *base, char *buf,
                       size_t size);

#endif /* HEIN_ENGINE_PARAM_H */
