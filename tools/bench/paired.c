/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hein-paired: one HTP command timed in two engines side by side.
 *
 *   hein-paired [--reps N] [--command CMD] "ENGINE A" "ENGINE B" FILE.sgf...
 *
 * Both engines load each position (loadsgf); then, for each colour, each
 * engine answers `CMD COLOUR` (default vc-build: the fill-in and the VCs
 * of both colours, HexGui's Hint) N times (default 5), the two engines
 * taking turns and the one that goes first alternating, so that a
 * machine's drift hits both alike.  Each answer is timed from here, from
 * sending the line to reading the whole reply.  Prints the median
 * milliseconds of each engine per position and colour, the totals of the
 * medians and their ratio A/B.  An engine command line is split at blanks,
 * double quotes grouping words, as hein-match does.  A benchmark: it
 * asserts nothing; it fails (status 1) only when an engine fails a
 * command or dies, and with status 2 on a usage error. */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tools/lib/htpclient.h"
#include "tools/lib/util.h"

#define MAX_REPS 99
#define TIMEOUT 600.0

static int
cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double
median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static int
usage(void)
{
    fprintf(stderr, "usage: hein-paired [--reps N] [--command CMD] \"ENGINE A\" \"ENGINE B\" "
            "FILE.sgf...\n");
    return 2;
}

/* Asks e one line; false (and says why) unless it answered with success. */
static bool
ask(htpclient_t *e, const char *line, htpclient_reply_t *reply)
{
    htpclient_status_t st = htpclient_ask(e, line, TIMEOUT, reply);
    if (st != HTPCLIENT_REPLY) {
        fprintf(stderr, "hein-paired: engine %s: no reply to '%s'\n", e->label, line);
        return false;
    }
    if (reply->error) {
        char text[200];
        util_one_line(strbuf_str(&reply->text), text, sizeof text);
        fprintf(stderr, "hein-paired: engine %s: '%s' failed: %s\n", e->label, line, text);
        return false;
    }
    return true;
}

int
main(int argc, char **argv)
{
    int reps = 5, i = 1;
    const char *command = "vc-build";
    if (util_help_version(argc, argv, "hein-paired",
                          "usage: hein-paired [--reps N] [--command CMD] \"ENGINE A\" "
                          "\"ENGINE B\" FILE.sgf...\n"))
        return 0;
    while (i < argc && strncmp(argv[i], "--", 2) == 0) {
        if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc) {
            char *end;
            long n = strtol(argv[i + 1], &end, 10);
            if (*end || n < 1 || n > MAX_REPS) {
                fprintf(stderr, "hein-paired: --reps takes 1 to %d\n", MAX_REPS);
                return 2;
            }
            reps = (int)n;
        } else if (strcmp(argv[i], "--command") == 0 && i + 1 < argc) {
            command = argv[i + 1];
            if (!*command || strpbrk(command, "\r\n")) {
                fprintf(stderr, "hein-paired: --command takes one HTP command name\n");
                return 2;
            }
        } else {
            return usage();
        }
        i += 2;
    }
    if (argc - i < 3)
        return usage();
    for (int k = i + 2; k < argc; k++)
        if (access(argv[k], R_OK) != 0) {
            fprintf(stderr, "hein-paired: cannot read %s: %s\n", argv[k], strerror(errno));
            return 2;
        }
    htpclient_t e[2];
    char **words[2] = { NULL, NULL };
    static const char *const labels[2] = { "A", "B" };
    memset(e, 0, sizeof e);
    for (int k = 0; k < 2; k++) {
        const char *why;
        words[k] = util_split_command(argv[i + k], &why);
        if (!words[k]) {
            fprintf(stderr, "hein-paired: engine %s: %s\n", labels[k], why);
            util_free_words(words[0]);
            return 2;
        }
    }
    int status = 0;
    bool started[2] = { false, false };
    for (int k = 0; k < 2 && status == 0; k++) {
        e[k].prog = "hein-paired";
        e[k].label = labels[k];
        e[k].log = fopen("/dev/null", "we");
        started[k] = htpclient_start(&e[k], words[k], ".");
        if (!started[k])
            status = 1;
    }
    htpclient_reply_t reply = { 0 };
    double total[2] = { 0, 0 };
    char line[PATH_MAX + 64];
    for (int f = i + 2; f < argc && status == 0; f++) {
        char path[PATH_MAX];
        if (!realpath(argv[f], path)) {
            fprintf(stderr, "hein-paired: %s: %s\n", argv[f], strerror(errno));
            status = 2;
            break;
        }
        snprintf(line, sizeof line, "loadsgf %s", path);
        for (int k = 0; k < 2 && status == 0; k++)
            if (!ask(&e[k], line, &reply))
                status = 1;
        const char *base = strrchr(argv[f], '/');
        base = base ? base + 1 : argv[f];
        for (int c = 0; c < 2 && status == 0; c++) {
            const char *colour = c == 0 ? "black" : "white";
            double ms[2][MAX_REPS];
            snprintf(line, sizeof line, "%s %s", command, colour);
            for (int r = 0; r < reps && status == 0; r++)
                for (int t = 0; t < 2 && status == 0; t++) {
                    int k = (r + t) % 2;
                    double t0 = util_now();
                    if (!ask(&e[k], line, &reply))
                        status = 1;
                    ms[k][r] = (util_now() - t0) * 1000.0;
                }
            if (status != 0)
                break;
            double m[2] = { median(ms[0], reps), median(ms[1], reps) };
            total[0] += m[0];
            total[1] += m[1];
            printf("%-16s %-5s  A %8.2f ms  B %8.2f ms  A/B %5.2f\n", base, colour, m[0], m[1],
                   m[1] > 0 ? m[0] / m[1] : 0.0);
            fflush(stdout);
        }
    }
    if (status == 0)
        printf("total of medians (%s, %d runs each): A %.1f ms, B %.1f ms, A/B %.2f\n", command,
               reps, total[0], total[1], total[1] > 0 ? total[0] / total[1] : 0.0);
    strbuf_free(&reply.text);
    for (int k = 0; k < 2; k++) {
        if (started[k])
            htpclient_finish(&e[k], true, 2.0, false);
        if (e[k].log)
            fclose(e[k].log);
        util_free_words(words[k]);
    }
    return status;
}
