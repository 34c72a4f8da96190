/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hein-elo-plot: an Elo curve, such as the player's strength by threads,
 * from match tables.
 *
 *     hein-elo-plot -o FILE.png TABLE...
 *
 * Each line of a TABLE that is neither blank nor a '#' comment starts
 * with three integers, X GAMES WINS: a match of the engine with setting X
 * (the number of threads, say) against a fixed opponent, and the games it
 * won (further fields are ignored: tools/match/scaling-scns.sh writes such a
 * table).  Rows of the same X, in one table or several, are added up.  A
 * row of no games is the opponent itself: Elo 0 by definition.  Prints
 * the added-up table (win rate and Elo difference, each with its 95 %
 * Wilson interval, as hein-match's summary gives them) and draws it:
 * x = X on a log2 scale, y = Elo, a point per X with its interval as a
 * bar, a red line at 0.  Bounds beyond +-800 (a side that won every game)
 * are drawn at +-800. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/match/match_stats.h"
#include "tools/lib/png.h"

#define ELO_PLOT_MAX_ROWS 64
#define ELO_PLOT_CAP 800.0
/* The largest X and games of one X (so that the counts fit an int). */
#define ELO_PLOT_MAX_COUNT 1000000

enum {
    ELO_PAPER, ELO_INK, ELO_GRID, ELO_BAR, ELO_CURVE, ELO_ZERO, ELO_COLORS
};

static const png_color_t elo_palette[ELO_COLORS] = {
    [ELO_PAPER] = { 255, 255, 255 },
    [ELO_INK] = { 0, 0, 0 },
    [ELO_GRID] = { 220, 220, 220 },
    [ELO_BAR] = { 120, 150, 210 },
    [ELO_CURVE] = { 20, 60, 160 },
    [ELO_ZERO] = { 210, 40, 40 },
};

/* The picture's size and plot area (edges included), in pixels. */
#define ELO_WIDTH 640
#define ELO_HEIGHT 400
#define ELO_LEFT 64
#define ELO_RIGHT 600
#define ELO_TOP 16
#define ELO_BOTTOM 360
#define ELO_SCALE 2

typedef struct elo_row {
    long x, games, wins;
    double elo, lo, hi;         /* clamped to +-ELO_PLOT_CAP */
} elo_row_t;

typedef struct elo_table {
    elo_row_t rows[ELO_PLOT_MAX_ROWS];
    int n;
} elo_table_t;

/* Adds the rows of the table at path.  Returns 0, or prints why not and
 * returns 2. */
static int
elo_read(elo_table_t *t, const char *path)
{
    FILE *f = fopen(path, "r");
    char line[1024];
    int lineno = 0;

    if (f == NULL) {
        fprintf(stderr, "hein-elo-plot: %s: %s\n", path, strerror(errno));
        return 2;
    }
    while (fgets(line, sizeof line, f) != NULL) {
        long x, games, wins;
        char *p = line;
        int i, ch;

        lineno++;
        /* A line longer than the buffer: what fits is read, the rest
         * (further fields) skipped. */
        if (strchr(line, '\n') == NULL)
            while ((ch = getc(f)) != EOF && ch != '\n')
                ;
        p += strspn(p, " \t\r\n");
        if (*p == '\0' || *p == '#')
            continue;
        if (sscanf(p, "%ld %ld %ld", &x, &games, &wins) != 3 || x < 1
            || x > ELO_PLOT_MAX_COUNT || games < 0 || wins < 0
            || wins > games || games > ELO_PLOT_MAX_COUNT) {
            fprintf(stderr, "hein-elo-plot: %s:%d: expected X GAMES WINS "
                    "(1 <= X, 0 <= WINS <= GAMES, each at most %d)\n", path,
                    lineno, ELO_PLOT_MAX_COUNT);
            fclose(f);
            return 2;
        }
        for (i = 0; i < t->n && t->rows[i].x != x; i++)
            ;
        if (i == t->n) {
            if (t->n == ELO_PLOT_MAX_ROWS) {
                fprintf(stderr, "hein-elo-plot: more than %d values of X\n",
                        ELO_PLOT_MAX_ROWS);
                fclose(f);
                return 2;
            }
            t->rows[t->n++] = (elo_row_t) { .x = x };
        }
        if (t->rows[i].games + games > ELO_PLOT_MAX_COUNT) {
            fprintf(stderr, "hein-elo-plot: %s:%d: more than %d games of "
                    "X = %ld in all\n", path, lineno, ELO_PLOT_MAX_COUNT, x);
            fclose(f);
            return 2;
        }
        t->rows[i].games += games;
        t->rows[i].wins += wins;
    }
    fclose(f);
    return 0;
}

static double
elo_clamp(double elo)
{
    return elo < -ELO_PLOT_CAP ? -ELO_PLOT_CAP
        : elo > ELO_PLOT_CAP ? ELO_PLOT_CAP : elo;
}

static int
elo_by_x(const void *a, const void *b)
{
    const elo_row_t *ra = a, *rb = b;

    return (ra->x > rb->x) - (ra->x < rb->x);
}

/* Sorts the rows, works out each one's Elo and interval and prints them. */
static void
elo_report(elo_table_t *t)
{
    char e[3][32];

    qsort(t->rows, (size_t)t->n, sizeof t->rows[0], elo_by_x);
    printf("%7s %6s %5s %7s %16s %8s %20s\n", "x", "games", "wins", "rate",
           "95% interval", "Elo", "95% interval");
    for (int i = 0; i < t->n; i++) {
        elo_row_t *r = &t->rows[i];
        double p, lo, hi;

        if (r->games == 0) {
            r->elo = r->lo = r->hi = 0;
            printf("%7ld %6s %5s %7s %16s %8s %20s\n", r->x, "-", "-", "-",
                   "-", "0", "(the opponent)");
            continue;
        }
        p = (double)r->wins / (double)r->games;
        match_stats_wilson((int)r->wins, (int)r->games, MATCH_STATS_Z95,
                           &lo, &hi);
        r->elo = elo_clamp(match_stats_elo(p));
        r->lo = elo_clamp(match_stats_elo(lo));
        r->hi = elo_clamp(match_stats_elo(hi));
        printf("%7ld %6ld %5ld %6.1f%% %6.1f%% to %5.1f%% %8s %8s to %8s\n",
               r->x, r->games, r->wins, 100 * p, 100 * lo, 100 * hi,
               match_stats_format_elo(match_stats_elo(p), e[0], sizeof e[0]),
               match_stats_format_elo(match_stats_elo(lo), e[1], sizeof e[1]),
               match_stats_format_elo(match_stats_elo(hi), e[2],
                                      sizeof e[2]));
    }
}

/* The column of x, log2-scaled between the table's smallest and largest
 * X (the middle when they are equal). */
static int
elo_col(const elo_table_t *t, long x)
{
    double a = log2((double)t->rows[0].x), b = log2((double)t->rows[t->n - 1].x);
    const int margin = 24;

    if (b <= a)
        return (ELO_LEFT + ELO_RIGHT) / 2;
    return ELO_LEFT + margin + (int)lround((log2((double)x) - a) / (b - a)
                                           * (ELO_RIGHT - ELO_LEFT
                                              - 2 * margin));
}

static int
elo_y(double elo, double ylo, double yhi)
{
    return ELO_TOP + (int)lround((yhi - elo) / (yhi - ylo)
                                 * (ELO_BOTTOM - ELO_TOP));
}

static void
elo_draw(png_image_t *img, const elo_table_t *t)
{
    double ylo = 0, yhi = 0, step = 100;
    char label[32];
    int last_x = 0, last_y = 0;

    for (int i = 0; i < t->n; i++) {
        ylo = fmin(ylo, t->rows[i].lo);
        yhi = fmax(yhi, t->rows[i].hi);
    }
    ylo = fmin(-100, floor(ylo / 100) * 100);
    yhi = fmax(100, ceil(yhi / 100) * 100);
    if (yhi - ylo > 1000)
        step = 200;
    png_image_init(img, ELO_WIDTH, ELO_HEIGHT, elo_palette, ELO_COLORS,
                   ELO_PAPER);
    /* Grid and y labels every step, the line at 0. */
    for (double v = ceil(ylo / step) * step; v <= yhi; v += step) {
        int y = elo_y(v, ylo, yhi);

        png_line(img, ELO_LEFT, y, ELO_RIGHT, y, ELO_GRID);
        png_line(img, ELO_LEFT - 6, y, ELO_LEFT - 2, y, ELO_INK);
        snprintf(label, sizeof label, "%+.0f", v);
        if (v == 0)
            snprintf(label, sizeof label, "0");
        png_text(img, ELO_LEFT - 10 - png_text_width(label, ELO_SCALE),
                 y - 5 * ELO_SCALE / 2, label, ELO_SCALE, ELO_INK);
    }
    png_line(img, ELO_LEFT, elo_y(0, ylo, yhi), ELO_RIGHT,
             elo_y(0, ylo, yhi), ELO_ZERO);
    /* The frame. */
    png_line(img, ELO_LEFT - 1, ELO_TOP - 1, ELO_RIGHT + 1, ELO_TOP - 1,
             ELO_INK);
    png_line(img, ELO_LEFT - 1, ELO_BOTTOM + 1, ELO_RIGHT + 1,
             ELO_BOTTOM + 1, ELO_INK);
    png_line(img, ELO_LEFT - 1, ELO_TOP - 1, ELO_LEFT - 1, ELO_BOTTOM + 1,
             ELO_INK);
    png_line(img, ELO_RIGHT + 1, ELO_TOP - 1, ELO_RIGHT + 1, ELO_BOTTOM + 1,
             ELO_INK);
    /* Per X: its tick and label, its bar, its point, the curve. */
    for (int i = 0; i < t->n; i++) {
        const elo_row_t *r = &t->rows[i];
        int x = elo_col(t, r->x), y = elo_y(r->elo, ylo, yhi);
        int ylo_px = elo_y(r->lo, ylo, yhi), yhi_px = elo_y(r->hi, ylo, yhi);

        png_line(img, x, ELO_BOTTOM + 2, x, ELO_BOTTOM + 6, ELO_INK);
        snprintf(label, sizeof label, "%ld", r->x);
        png_text(img, x - png_text_width(label, ELO_SCALE) / 2,
                 ELO_BOTTOM + 10, label, ELO_SCALE, ELO_INK);
        png_fill(img, x - 1, yhi_px, x, ylo_px, ELO_BAR);
        png_line(img, x - 6, yhi_px, x + 6, yhi_px, ELO_BAR);
        png_line(img, x - 6, ylo_px, x + 6, ylo_px, ELO_BAR);
        if (i > 0) {
            png_line(img, last_x, last_y, x, y, ELO_CURVE);
            png_line(img, last_x, last_y + 1, x, y + 1, ELO_CURVE);
        }
        png_fill(img, x - 3, y - 3, x + 3, y + 3, ELO_CURVE);
        last_x = x;
        last_y = y;
    }
}

static void
elo_usage(FILE *f)
{
    fputs("Usage: hein-elo-plot -o FILE.png TABLE...\n"
          "Adds up the rows X GAMES WINS of the tables (a match of setting X\n"
          "against a fixed opponent; GAMES 0: the opponent itself), prints\n"
          "each X's win rate and Elo with their 95% intervals and draws\n"
          "Elo against X (log2 scale) with the intervals as bars.\n"
          "\n"
          "  -o FILE.png    the plot\n"
          "  -h, --help     show this help and exit\n"
          "  -V, --version  show the version and exit\n", f);
}

int
main(int argc, char **argv)
{
    elo_table_t t = { .n = 0 };
    const char *out = NULL;
    char err[256];
    png_image_t img;
    int i = 1;
    bool ok;

    if (argc == 2 && (strcmp(argv[1], "-h") == 0
                      || strcmp(argv[1], "--help") == 0)) {
        elo_usage(stdout);
        return 0;
    }
    if (argc == 2 && (strcmp(argv[1], "-V") == 0
                      || strcmp(argv[1], "--version") == 0)) {
        printf("hein-elo-plot (%s) %s\n", PACKAGE_NAME, PACKAGE_VERSION);
        return 0;
    }
    if (argc >= 3 && strcmp(argv[1], "-o") == 0) {
        out = argv[2];
        i = 3;
    }
    if (out == NULL || i >= argc) {
        elo_usage(stderr);
        return 2;
    }
    for (; i < argc; i++)
        if (elo_read(&t, argv[i]) != 0)
            return 2;
    if (t.n == 0) {
        fputs("hein-elo-plot: the tables have no rows\n", stderr);
        return 2;
    }
    elo_report(&t);
    elo_draw(&img, &t);
    ok = png_save(&img, out, err, sizeof err);
    png_image_free(&img);
    if (!ok) {
        fprintf(stderr, "hein-elo-plot: %s\n", err);
        return 1;
    }
    return 0;
}
