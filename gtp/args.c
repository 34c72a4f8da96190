/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Decoding the arguments of HTP commands (args.h). */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <strings.h>

#include "gtp/args.h"

bool
args_count(const htp_cmd_t *cmd, int min, int max)
{
    return cmd->argc >= min && cmd->argc <= max;
}

bool
args_color(const char *s, hex_color_t *out, char *err, size_t errlen)
{
    if (hex_color_parse(s, out))
        return true;
    snprintf(err, errlen, "invalid colour: %s (use black, white, b or w)", s);
    return false;
}

bool
args_only_color(htp_cmd_t *cmd, hex_color_t *out, htp_status_t *st)
{
    char err[ARGS_ERRLEN];
    if (!args_count(cmd, 1, 1))
        *st = htp_usage(cmd);
    else if (!args_color(cmd->argv[0], out, err, sizeof err))
        *st = htp_failure(cmd, "%s", err);
    else
        return true;
    return false;
}

bool
args_move(const geometry_t *g, const char *s, int *out, char *err, size_t errlen)
{
    int move;
    switch (geometry_parse_move(g, s, &move)) {
    case MOVE_PARSE_OK:
        *out = move;
        return true;
    case MOVE_PARSE_OFF_BOARD:
        snprintf(err, errlen, "cell %s is off the %dx%d board", s, g->width, g->height);
        return false;
    case MOVE_PARSE_SYNTAX:
        break;
    }
    snprintf(err, errlen, "invalid move: %s", s);
    return false;
}

bool
args_endpoint(const geometry_t *g, const char *s, int *out, char *err, size_t errlen)
{
    static const char *const edges[4] = { "north", "south", "west", "east" };
    for (int i = 0; i < 4; i++)
        if (strcasecmp(s, edges[i]) == 0) {
            *out = HEX_NORTH + i;
            return true;
        }
    int cell;
    if (geometry_parse_move(g, s, &cell) == MOVE_PARSE_OK && cell >= 0) {
        *out = cell;
        return true;
    }
    snprintf(err, errlen, "invalid cell: %s", s);
    return false;
}

bool
args_int(const char *s, long min, long max, long *out, char *err, size_t errlen)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (end == s || *end != '\0' || errno != 0 || v < min || v > max) {
        snprintf(err, errlen, "invalid number: %s (an integer from %ld to %ld)", s, min, max);
        return false;
    }
    *out = v;
    return true;
}

/* A finite number from 0 to max, the whole text. */
static bool
number(const char *s, double max, double *out)
{
    char *end;
    double v = strtod(s, &end);
    if (end == s || *end != '\0' || !isfinite(v) || !(v >= 0) || v > max)
        return false;
    *out = v;
    return true;
}

bool
args_seconds(const char *s, double max, double *out, char *err, size_t errlen)
{
    if (number(s, max, out))
        return true;
    snprintf(err, errlen, "invalid time: %s (seconds from 0 to %g)", s, max);
    return false;
}

bool
args_limit(const char *s, double *out, char *err, size_t errlen)
{
    if (number(s, ARGS_LIMIT_MAX, out))
        return true;
    snprintf(err, errlen, "invalid seconds: %s", s);
    return false;
}

bool
args_optional_limit(const htp_cmd_t *cmd, int i, double *out, char *err, size_t errlen)
{
    return cmd->argc <= i || args_limit(cmd->argv[i], out, err, errlen);
}
