/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "tools/match/match_clock.h"
#include "tools/match/match_record.h"

const char *
match_record_engine(int who)
{
    return who == 0 ? "A" : "B";
}

void
match_record_from_judge(match_result_t *r, const match_judge_t *j)
{
    r->black = j->owner[HEX_BLACK];
    r->white = j->owner[HEX_WHITE];
    r->winner = j->winner;
    r->winner_color = match_judge_color_of(j, j->winner);
    r->reason = j->reason;
    snprintf(r->detail, sizeof r->detail, "%s", j->detail);
    r->moves = match_judge_moves(j);
    r->swapped = j->swapped;
}

void
match_record_header(FILE *f)
{
    fputs("# game\topening\tblack\twhite\twinner\tcolour\treason\tmoves"
          "\ttime_a\ttime_b\tswap\tdetail\n", f);
}

/* The opening's moves joined by ',', or "-". */
static void
match_record_opening(FILE *f, const char *text)
{
    if (!*text) {
        putc('-', f);
        return;
    }
    for (; *text; text++)
        putc(*text == ' ' ? ',' : *text, f);
}

void
match_record_line(FILE *f, const match_result_t *r)
{
    char ta[32], tb[32];

    fprintf(f, "%d\t", r->game + 1);
    match_record_opening(f, r->opening_text);
    fprintf(f, "\t%s\t%s\t%s\t%s\t%s\t%d\t%s\t%s\t%d\t",
            match_record_engine(r->black), match_record_engine(r->white),
            match_record_engine(r->winner), hex_color_name(r->winner_color),
            match_reason_name(r->reason), r->moves,
            match_tc_format(r->timing[0].total, ta, sizeof ta),
            match_tc_format(r->timing[1].total, tb, sizeof tb),
            r->swapped ? 1 : 0);
    /* One line, whatever an engine's message held. */
    for (const char *p = r->detail; *p; p++)
        putc((unsigned char)*p < ' ' ? ' ' : *p, f);
    putc('\n', f);
}

/* The letter after '+' in RE, "" for a connection. */
static const char *
match_record_re_letter(match_reason_t reason)
{
    switch (reason) {
    case MATCH_REASON_CONNECTION:
        return "";
    case MATCH_REASON_RESIGN:
        return "R";
    case MATCH_REASON_TIME:
    case MATCH_REASON_TIMEOUT:
        return "T";
    default:
        return "F";
    }
}

char *
match_record_sgf_result(const match_result_t *r, char *buf, size_t size)
{
    snprintf(buf, size, "%s+%s", r->winner_color == HEX_BLACK ? "B" : "W",
             match_record_re_letter(r->reason));
    return buf;
}

/* "A (hein 0.1.0) as black" */
static void
match_record_side(const match_result_t *r, const char *const names[2],
                  int who, char *buf, size_t size)
{
    snprintf(buf, size, "%s (%s) as %s", match_record_engine(who),
             names[who], r->black == who ? "black" : "white");
}

void
match_record_comment(const match_result_t *r, const char *const names[2],
                     char *buf, size_t size)
{
    char win[160], lose[160];

    match_record_side(r, names, r->winner, win, sizeof win);
    match_record_side(r, names, 1 - r->winner, lose, sizeof lose);
    snprintf(buf, size, "%s beats %s%s by %s: %s.\nOpening: %s.", win, lose,
             r->swapped ? " (after swap-pieces)" : "",
             match_reason_name(r->reason), r->detail,
             *r->opening_text ? r->opening_text : "none");
}

void
match_record_progress(FILE *f, const match_result_t *r, int games,
                      const int wins[2])
{
    fprintf(f, "game %d/%d: %s (%s) beats %s by %s in %d moves [A %d, B %d]"
            "\n", r->game + 1, games, match_record_engine(r->winner),
            hex_color_name(r->winner_color),
            match_record_engine(1 - r->winner), match_reason_name(r->reason),
            r->moves, wins[0], wins[1]);
}
