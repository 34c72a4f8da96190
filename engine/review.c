/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Game review: one position, losses, turning points, comments
 * (review.h). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/review.h"

/* ---- values ------------------------------------------------------------ */

int32_t
review_clip(int32_t value)
{
    if (value > REVIEW_VALUE_PROVEN)
        return REVIEW_VALUE_PROVEN;
    if (value < -REVIEW_VALUE_PROVEN)
        return -REVIEW_VALUE_PROVEN;
    return value;
}

hex_color_t
review_side_after(const review_position_t *before)
{
    return before->played == MOVE_SWAP ? HEX_BLACK : before->to_move;
}

hex_color_t
review_proven(const review_position_t *p)
{
    if (!p || !p->reviewed)
        return HEX_EMPTY;
    return p->over != HEX_EMPTY ? p->over : p->winner;
}

/* A player's value for one side as the other side's: proven values
 * stay proven (PLAYER_VALUE_LOSS is -PLAYER_VALUE_WIN). */
static int32_t
negate(int32_t value)
{
    return -value;
}

/* The value of the reviewed position p for `side`: its proven result
 * (PLAYER_VALUE_WIN or _LOSS), else its search's best value turned to
 * side; false when it has neither. */
static bool
value_for(const review_position_t *p, hex_color_t side, int32_t *value)
{
    hex_color_t w = review_proven(p);
    if (w != HEX_EMPTY) {
        *value = w == side ? PLAYER_VALUE_WIN : PLAYER_VALUE_LOSS;
        return true;
    }
    if (!p->reviewed || !p->searched)
        return false;
    *value = p->to_move == side ? p->best_value : negate(p->best_value);
    return true;
}

bool
review_loss(const review_position_t *before, const review_position_t *after, int32_t *loss)
{
    if (!before->reviewed || before->played == MOVE_NONE)
        return false;
    hex_color_t mover = before->to_move, side = review_side_after(before);
    hex_color_t wb = review_proven(before), wa = review_proven(after);
    /* Lost whatever it plays; not after a swap, which the solver does
     * not consider and which hands the mover the other side. */
    if (wb != HEX_EMPTY && wb != mover && before->played != MOVE_SWAP) {
        *loss = 0;
        return true;
    }
    if (wb == mover && wa != HEX_EMPTY) {
        *loss = wa == side ? 0 : 2 * REVIEW_VALUE_PROVEN;
        return true;
    }
    if (!before->searched || !before->played_valued)
        return false;
    int32_t d = review_clip(before->best_value) - review_clip(before->played_value);
    *loss = d > 0 ? d : 0;
    return true;
}

bool
review_black_value(const review_position_t *p, int32_t *value, bool *proven)
{
    int32_t v;
    if (!value_for(p, HEX_BLACK, &v))
        return false;
    *proven = review_proven(p) != HEX_EMPTY;
    *value = review_clip(v);
    return true;
}

/* ---- one position ------------------------------------------------------ */

/* The value of `move` among the report's root moves; false when the
 * search did not value it. */
static bool
child_value(const player_report_t *r, int move, int32_t *value)
{
    for (int i = 0; i < r->nchildren; i++)
        if (r->child[i].move == move) {
            *value = r->child[i].value;
            return true;
        }
    return false;
}

/* The current player's search of g for s->seconds, into *out (searched,
 * best, best_value, value_unit, and a winner it proved); the played
 * move's value when it is among the searched moves. */
static review_status_t
search(engine_t *e, const game_t *g, const review_settings_t *s, const stop_t *stop,
       player_report_t *rep, review_position_t *out)
{
    int move;
    bool reported;
    genmove_status_t gs = engine_analyse(e, g, stop, s->seconds, &move, rep, &reported);
    if (stop_requested(stop))
        return REVIEW_STOPPED;
    if (gs == GENMOVE_NO_MEMORY)
        return REVIEW_NO_MEMORY;
    if (gs == GENMOVE_PLAYER_ERROR)
        return REVIEW_PLAYER_ERROR;
    if (gs != GENMOVE_OK || !reported)
        return REVIEW_OK;
    out->searched = true;
    out->best = rep->move;
    out->value_unit = rep->value_unit;
    if (!child_value(rep, rep->move, &out->best_value))
        out->best_value = rep->value;
    if (rep->winner != HEX_EMPTY) {
        out->winner = rep->winner;
        if (rep->winner == out->to_move)
            out->winning_move = rep->move;
    }
    if (out->played != MOVE_NONE && child_value(rep, out->played, &out->played_value))
        out->played_valued = true;
    return REVIEW_OK;
}

/* The solver on g for s->solve_seconds: the proven winner and a winning
 * move into *out. */
static review_status_t
solve(engine_t *e, const game_t *g, const review_settings_t *s, const stop_t *stop,
      review_position_t *out)
{
    solver_t *sv = engine_solver(e);
    if (!sv)
        return REVIEW_NO_MEMORY;
    stop_t limit = { NULL, 0, stop_now() + s->solve_seconds, NULL, stop };
    dfpn_params_t prm = engine_solver_params(e);
    dfpn_result_t r;
    solver_solve(sv, &g->pos, out->to_move, &prm, &limit, NULL, NULL, &r);
    if (stop_requested(stop))
        return REVIEW_STOPPED;
    if (r.winner != HEX_EMPTY) {
        out->winner = r.winner;
        out->winning_move = MOVE_NONE;
        if (r.winner == out->to_move)
            out->winning_move = r.best >= 0 ? r.best : out->best;
    }
    return REVIEW_OK;
}

/* The played move's value from the position after it: the caller's
 * review of it when that has a value, else a search of it here. */
static review_status_t
value_after(engine_t *e, const game_t *g, const review_position_t *after,
            const review_settings_t *s, const stop_t *stop, player_report_t *rep,
            review_position_t *out)
{
    hex_color_t side = review_side_after(out);
    if (after && after->reviewed && value_for(after, side, &out->played_value)) {
        out->played_valued = true;
        out->played_after = true;
        return REVIEW_OK;
    }
    if (s->seconds <= 0)
        return REVIEW_OK;
    game_t *next = malloc(sizeof *next);
    if (!next)
        return REVIEW_NO_MEMORY;
    game_copy(next, g);
    review_status_t st = REVIEW_OK;
    if (game_play(next, out->to_move, out->played, false, -1.0) != GAME_OK) {
        st = REVIEW_PLAYER_ERROR;
    } else {
        review_position_t a = {
            .reviewed = true, .to_move = game_to_move(next), .played = MOVE_NONE,
            .over = game_winner(next), .best = MOVE_NONE, .winner = HEX_EMPTY,
            .winning_move = MOVE_NONE,
        };
        if (a.over == HEX_EMPTY)
            st = search(e, next, s, stop, rep, &a);
        if (st == REVIEW_OK) {
            out->played_valued = value_for(&a, side, &out->played_value);
            out->played_after = out->played_valued;
        }
    }
    game_free(next);
    free(next);
    return st;
}

review_status_t
review_position(engine_t *e, const game_t *g, int played, const review_position_t *after,
                const review_settings_t *s, const stop_t *stop, review_position_t *out)
{
    double start = stop_now();
    review_position_t r = {
        .reviewed = true, .to_move = game_to_move(g), .played = played,
        .over = game_winner(g), .best = MOVE_NONE, .winner = HEX_EMPTY,
        .winning_move = MOVE_NONE,
    };
    review_status_t st = REVIEW_OK;
    if (r.over == HEX_EMPTY) {
        player_report_t *rep = malloc(sizeof *rep);
        if (!rep)
            return REVIEW_NO_MEMORY;
        if (s->seconds > 0)
            st = search(e, g, s, stop, rep, &r);
        if (st == REVIEW_OK && s->solve_seconds > 0)
            st = solve(e, g, s, stop, &r);
        /* a proven result after the move is its value, whatever open
         * value the search gave it among the root's moves */
        if (st == REVIEW_OK && played != MOVE_NONE
            && (!r.played_valued || review_proven(after) != HEX_EMPTY))
            st = value_after(e, g, after, s, stop, rep, &r);
        free(rep);
    }
    if (st != REVIEW_OK)
        return st;
    r.seconds = stop_now() - start;
    *out = r;
    return REVIEW_OK;
}

/* ---- a game ------------------------------------------------------------ */

void
review_mark(const review_position_t *pos, int n, int32_t threshold, review_move_t *moves)
{
    bool decided = false;
    for (int k = 1; k <= n; k++) {
        const review_position_t *b = &pos[k - 1], *a = &pos[k];
        review_move_t *m = &moves[k - 1];
        *m = (review_move_t){ 0 };
        m->loss_known = review_loss(b, a, &m->loss);
        if (m->loss_known && m->loss >= threshold)
            m->marks |= REVIEW_MARK_LOSS;
        hex_color_t wb = review_proven(b), wa = review_proven(a);
        if (b->reviewed && b->played != MOVE_NONE && wb == b->to_move && wa != HEX_EMPTY
            && wa != review_side_after(b))
            m->marks |= REVIEW_MARK_GAVE_AWAY;
        if (!decided && wa != HEX_EMPTY && wa != a->to_move) {
            m->marks |= REVIEW_MARK_DECIDED;
            decided = true;
        }
    }
}

void
review_mark_names(unsigned marks, char *out, size_t size)
{
    static const struct {
        unsigned mark;
        const char *name;
    } names[] = {
        { REVIEW_MARK_DECIDED, "decided" },
        { REVIEW_MARK_GAVE_AWAY, "gave away" },
        { REVIEW_MARK_LOSS, "loss" },
    };
    size_t len = 0;
    if (size > 0)
        out[0] = '\0';
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if ((marks & names[i].mark) && len < size)
            len += (size_t)snprintf(out + len, size - len, "%s%s", len ? ", " : "",
                                    names[i].name);
}

/* ---- comments ---------------------------------------------------------- */

static const char *
side_name(hex_color_t c)
{
    return c == HEX_BLACK ? "Black" : "White";
}

/* A player's value as text: +26, -4, "win" or "loss" when proven. */
static const char *
value_text(int32_t v, char *buf, size_t size)
{
    if (v == PLAYER_VALUE_WIN)
        snprintf(buf, size, "win (proven)");
    else if (v == PLAYER_VALUE_LOSS)
        snprintf(buf, size, "loss (proven)");
    else
        snprintf(buf, size, "%+d", (int)v);
    return buf;
}

/* What is proven of the reviewed position p, one line. */
static void
proven_text(const geometry_t *g, const char *when, const review_position_t *p, strbuf_t *out)
{
    char name[MOVE_NAME_MAX];
    hex_color_t w = review_proven(p);
    if (!p || !p->reviewed)
        strbuf_addf(out, "\n%s: not reviewed", when);
    else if (p->over != HEX_EMPTY)
        strbuf_addf(out, "\n%s: the game is over, %s has connected", when, side_name(p->over));
    else if (w == HEX_EMPTY)
        strbuf_addf(out, "\n%s: not proven", when);
    else if (w == p->to_move && p->winning_move >= 0)
        strbuf_addf(out, "\n%s: proven, %s wins with %s", when, side_name(w),
                    geometry_move_name(g, p->winning_move, name));
    else if (w == p->to_move)
        strbuf_addf(out, "\n%s: proven, %s wins", when, side_name(w));
    else
        strbuf_addf(out, "\n%s: proven, %s wins (%s to move is lost: no move wins)", when,
                    side_name(w), side_name(p->to_move));
}

void
review_comment(const geometry_t *g, const review_position_t *pos, int n,
               const review_move_t *moves, int k, strbuf_t *out)
{
    if (k < 1 || k > n)
        return;
    const review_position_t *b = &pos[k - 1], *a = &pos[k];
    const review_move_t *m = &moves[k - 1];
    char name[MOVE_NAME_MAX], v[32], marks[64];
    strbuf_addf(out, "Move %d: %s %s%s", k, side_name(b->to_move),
                geometry_move_name(g, b->played, name),
                b->played == MOVE_SWAP ? " (the swapper plays Black)" : "");
    if (b->reviewed && b->played_valued)
        strbuf_addf(out, ", value %s%s", value_text(b->played_value, v, sizeof v),
                    b->played_after ? " (of the position after it)" : "");
    if (m->loss_known)
        strbuf_addf(out, ", loss %d", (int)m->loss);
    if (b->reviewed && b->searched)
        strbuf_addf(out, "\nhein: %s, value %s", geometry_move_name(g, b->best, name),
                    value_text(b->best_value, v, sizeof v));
    proven_text(g, "Before", b, out);
    proven_text(g, "After", a, out);
    review_mark_names(m->marks, marks, sizeof marks);
    if (*marks)
        strbuf_addf(out, "\nTurning point: %s", marks);
}
