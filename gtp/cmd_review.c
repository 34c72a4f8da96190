/* SPDX-License-Identifier: GPL-3.0-or-later */
/* review-move: one move's review for HexGui (cmd_review.h). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "engine/review.h"
#include "gtp/args.h"
#include "gtp/cmd_review.h"
#include "gtp/htp.h"

/* The cells labelled, each with its texts joined. */
#define LABELS_MAX 3

typedef struct labels {
    int n;
    int cell[LABELS_MAX];
    char text[LABELS_MAX][64];
} labels_t;

/* Add `text` to the label of cell (a new label, or after a comma). */
static void
label(labels_t *l, int cell, const char *text)
{
    int i = 0;
    while (i < l->n && l->cell[i] != cell)
        i++;
    if (i == LABELS_MAX)
        return;
    if (i == l->n) {
        l->n++;
        l->cell[i] = cell;
        l->text[i][0] = '\0';
    }
    size_t len = strlen(l->text[i]);
    snprintf(l->text[i] + len, sizeof l->text[i] - len, "%s%s", len ? "," : "", text);
}

/* A value as a label's text: +26, W, L. */
static void
value_label(const char *prefix, int32_t v, char *buf, size_t size)
{
    if (v == PLAYER_VALUE_WIN)
        snprintf(buf, size, "%sW", prefix);
    else if (v == PLAYER_VALUE_LOSS)
        snprintf(buf, size, "%sL", prefix);
    else
        snprintf(buf, size, "%s%+d", prefix, (int)v);
}

/* The cell a played move is shown on: the cell, or the stone a swap
 * kept. */
static int
shown_cell(const game_t *before, int played)
{
    if (played != MOVE_SWAP)
        return played;
    const game_entry_t *first = &before->entries[before->nentries - 1];
    return first->move;
}

htp_status_t
cmd_review_move(htp_cmd_t *cmd, void *ctx)
{
    engine_t *e = ctx;
    char err[ARGS_ERRLEN], text[64], name[MOVE_NAME_MAX];
    review_settings_t s = { REVIEW_SECONDS, REVIEW_SOLVE_SECONDS };
    if (!args_count(cmd, 0, 2))
        return htp_usage(cmd);
    if (!args_optional_limit(cmd, 0, &s.seconds, err, sizeof err)
        || !args_optional_limit(cmd, 1, &s.solve_seconds, err, sizeof err))
        return htp_failure(cmd, "%s", err);
    const game_t *g = &e->game;
    const game_entry_t *last = g->nentries ? &g->entries[g->nentries - 1] : NULL;
    bool move = last && !last->setup && last->move != MOVE_RESIGN;
    if (!move && game_winner(g) != HEX_EMPTY)
        return htp_failure(cmd, "the game is over: no move to review");
    game_t *before = malloc(sizeof *before);
    if (!before)
        return htp_failure(cmd, "out of memory");
    game_copy(before, g);
    int played = MOVE_NONE;
    if (move) {
        played = last->move;
        game_undo(before);
    }
    stop_t stop = htp_cmd_stop(cmd);
    review_position_t a = { 0 }, b = { 0 };
    review_settings_t after_settings = { 0, s.solve_seconds };
    review_status_t st = REVIEW_OK;
    if (move)
        st = review_position(e, g, MOVE_NONE, NULL, &after_settings, &stop, &a);
    if (st == REVIEW_OK)
        st = review_position(e, before, played, move ? &a : NULL, &s, &stop, &b);
    labels_t l = { 0 };
    int32_t loss;
    if (st == REVIEW_OK && b.searched && b.best >= 0) {
        value_label("best:", b.best_value, text, sizeof text);
        label(&l, b.best, text);
    }
    if (st == REVIEW_OK && move) {
        if (review_loss(&b, &a, &loss))
            snprintf(text, sizeof text, "%sloss:%d", played == MOVE_SWAP ? "swap," : "",
                     (int)loss);
        else
            snprintf(text, sizeof text, "%sloss:?", played == MOVE_SWAP ? "swap," : "");
        label(&l, shown_cell(before, played), text);
    }
    if (st == REVIEW_OK && review_proven(&b) == b.to_move && b.winning_move >= 0)
        label(&l, b.winning_move, "win");
    game_free(before);
    free(before);
    if (st == REVIEW_STOPPED)
        return htp_failure(cmd, "interrupted");
    if (st == REVIEW_NO_MEMORY)
        return htp_failure(cmd, "out of memory");
    if (st != REVIEW_OK)
        return htp_failure(cmd, "player %s chose an illegal move", engine_player(e)->name);
    for (int i = 0; i < l.n; i++)
        htp_printf(cmd, "%s%s %s", i ? " " : "",
                   geometry_move_name(g->pos.geo, l.cell[i], name), l.text[i]);
    return htp_success(cmd, NULL);
}
