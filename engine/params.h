/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_ENGINE_PARAMS_H
#define HEIN_ENGINE_PARAMS_H

/* Every parameter group of the engine, in one table, and the players'.
 *
 * A group is one struct inside engine_t (param_game: game_params_t, ...),
 * described field by field by a param_desc_t table (param.h), and named
 * by the HTP command that lists and sets it.  A player may own a group
 * (player.h player_settings_t), whose struct is a block the engine keeps
 * for that player, found and set here like the engine's own.  The
 * protocol layer only parses and prints: it finds the group by its
 * command's name and calls engine_param_set, which validates the value,
 * changes nothing on error, and otherwise applies what the change means
 * to the engine (a new game_time restarts the clocks; a board-knowledge
 * group makes every searcher rebuild its workspaces; the solver's table
 * size and threads take effect at the next solve).  The layers above set
 * parameters only through engine_param_set, or the engine's setters
 * built on the same checks (engine.h). */

#include <stdbool.h>
#include <stddef.h>

#include "engine/param.h"

struct engine;

typedef struct engine_param_group {
    const char *command;        /* "param_vc" */
    const char *doc;            /* one line, for help */
    const param_desc_t *table;  /* ended by a NULL name */
    size_t offset;              /* of the group's struct in engine_t (a
                                 * player's group: 0, unused) */
    size_t size;                /* of that struct */
    /* After a value changed: make the engine agree (NULL: nothing to
     * do).  `before` is the group's struct as it was. */
    void (*changed)(struct engine *e, const void *before);
    /* Before `changed`, for a group whose values need more than their
     * ranges checked (a file to read): false with a message in err
     * refuses the change, and the group's struct is put back as it was
     * (NULL: nothing to check).  It may act on the change itself. */
    bool (*accept)(struct engine *e, const void *before, char *err, size_t errlen);
} engine_param_group_t;

/* The engine's own groups, ended by a NULL command. */
extern const engine_param_group_t engine_param_groups[];

/* The group whose command is `command`, the engine's or a player's, or
 * NULL. */
const engine_param_group_t *engine_param_group(const char *command);

/* The group's struct in e. */
void *engine_param_base(struct engine *e, const engine_param_group_t *g);

/* Set one parameter of group g from text, then apply the change.  On
 * error returns false with a message in err and changes nothing. */
bool engine_param_set(struct engine *e, const engine_param_group_t *g, const char *name,
                      const char *value, char *err, size_t errlen);

#endif /* HEIN_ENGINE_PARAMS_H */
