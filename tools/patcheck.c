/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hein-patcheck FILE...: prove every pattern of hein's pattern files.
 * ice-*.txt files go to the inferior-cell checker, vc-*.txt files to the
 * virtual-connection checker.  Prints each checker's line per pattern and
 * a closing "N passed, N failed"; exits 0 only when every pattern of every
 * file passed. */
#include "config.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/patcheck.h"

static const char *
base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

/* Run one checker into a buffer, copy it out and count its verdicts. */
static int
check_file(const char *path, int (*checker)(const char *, FILE *), int *passed, int *failed)
{
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    if (!mem) {
        fprintf(stderr, "hein-patcheck: out of memory\n");
        return -1;
    }
    int r = checker(path, mem);
    fclose(mem);
    fputs(text ? text : "", stdout);
    for (char *line = text; line && *line;) {
        if (strncmp(line, "ok ", 3) == 0)
            (*passed)++;
        else if (strncmp(line, "FAILED ", 7) == 0)
            (*failed)++;
        char *nl = strchr(line, '\n');
        line = nl ? nl + 1 : NULL;
    }
    free(text);
    return r;
}

int
main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: hein-patcheck FILE...  (ice-*.txt, vc-*.txt)\n");
        return 2;
    }
    int passed = 0, failed = 0;
    bool bad_file = false;
    for (int i = 1; i < argc; i++) {
        const char *b = base_name(argv[i]);
        int (*checker)(const char *, FILE *) = NULL;
        if (strncmp(b, "ice-", 4) == 0)
            checker = patcheck_ice_file;
        else if (strncmp(b, "vc-", 3) == 0)
            checker = patcheck_vc_file;
        if (!checker) {
            printf("%s: not a pattern file this checker knows (ice-*.txt, vc-*.txt)\n", argv[i]);
            bad_file = true;
            continue;
        }
        printf("== %s\n", argv[i]);
        if (check_file(argv[i], checker, &passed, &failed) < 0)
            bad_file = true;
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed || bad_file ? 1 : 0;
}
