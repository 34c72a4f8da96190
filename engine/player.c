/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "engine/player.h"

/* Keep the two tables in the same order (tests check it). */
const player_t *const player_table[] = {
    &player_random,
    &player_resistance,
    &player_scns,
    NULL
};

const char *const player_names[] = {
    "random",
    "resistance",
    "scns",
    NULL
};

int
player_count(void)
{
    int n = 0;
    while (player_table[n])
        n++;
    return n;
}

int
player_index(const char *name)
{
    for (int i = 0; player_table[i]; i++)
        if (strcmp(player_table[i]->name, name) == 0)
            return i;
    return -1;
}
