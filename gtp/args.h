/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_GTP_ARGS_H
#define HEIN_GTP_ARGS_H

/* Decoding the arguments of HTP commands, one way for every handler.
 *
 * A handler first checks how many arguments it got (args_count) and
 * answers a wrong count with htp_usage.  Then each decoder below reads
 * one argument's text: it returns true with the value in *out, or false
 * with a one-line message naming the text in err (errlen bytes, cut short
 * if need be) and *out untouched; the handler answers that message with
 * htp_failure(cmd, "%s", err).  So a handler still ends in exactly one
 * htp_* call, and the same mistake gets the same words from every
 * command.  Colours and moves are read as CONVENTIONS.md says (any case;
 * b, black, w, white; a cell, swap-pieces or swap, resign).  Pure
 * functions of their arguments: any thread may call them. */

#include <stdbool.h>
#include <stddef.h>

#include "board/geometry.h"
#include "gtp/htp.h"

/* Room for any message a handler answers (these decoders' included). */
#define ARGS_ERRLEN 256

/* The longest time limit a search command takes, in seconds. */
#define ARGS_LIMIT_MAX 1e7

/* Whether cmd has from min to max arguments. */
bool args_count(const htp_cmd_t *cmd, int min, int max);

/* A colour.  "invalid colour: S (use black, white, b or w)". */
bool args_color(const char *s, hex_color_t *out, char *err, size_t errlen);

/* A move on g's board: a cell (MOVE_* for swap-pieces and resign).
 * "cell S is off the WxH board" for a cell name beyond the board, else
 * "invalid move: S". */
bool args_move(const geometry_t *g, const char *s, int *out, char *err, size_t errlen);

/* A cell of g's board or an edge: north, south, west or east (any case;
 * HEX_NORTH, HEX_SOUTH, HEX_WEST, HEX_EAST).  "invalid cell: S". */
bool args_endpoint(const geometry_t *g, const char *s, int *out, char *err, size_t errlen);

/* A command whose one argument is a colour (the colour
 * queries): true with the colour in *out; else false with the command
 * already answered -- htp_usage for another count, the colour's message
 * by htp_failure -- and its status in *st, which the handler returns. */
bool args_only_color(htp_cmd_t *cmd, hex_color_t *out, htp_status_t *st);

/* A decimal integer from min to max.  "invalid number: S (an integer
 * from MIN to MAX)". */
bool args_int(const char *s, long min, long max, long *out, char *err, size_t errlen);

/* A clock's seconds: a number from 0 to max.  "invalid time: S (seconds
 * from 0 to MAX)". */
bool args_seconds(const char *s, double max, double *out, char *err, size_t errlen);

/* A search's time limit: seconds from 0 (none) to ARGS_LIMIT_MAX.
 * "invalid seconds: S". */
bool args_limit(const char *s, double *out, char *err, size_t errlen);

/* The optional trailing time limit of cmd: argument i when cmd has it
 * (args_limit), else *out stays as it is (the caller's default). */
bool args_optional_limit(const htp_cmd_t *cmd, int i, double *out, char *err, size_t errlen);

#endif /* HEIN_GTP_ARGS_H */
