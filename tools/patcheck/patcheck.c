/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hein-patcheck FILE...: prove every pattern of hein's pattern files.
 * ice-*.txt files go to the inferior-cell checker, vc-*.txt files to the
 * virtual-connection checker.  Prints each checker's line per pattern and
 * a closing "N passed, N failed"; exits 0 only when every pattern of every
 * file passed.
 *
 * hein-patcheck --derive [--orders N] FILE: the edge-template derivation
 * helper (patcheck_vc_derive); exits 0 when every region's claim held. */
#include "config.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/patcheck/patcheck.h"

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

static void
usage(FILE *f, bool full)
{
    fprintf(f,
            "usage: hein-patcheck FILE...\n"
            "       hein-patcheck --derive [--orders N] FILE\n");
    if (!full) {
        fprintf(f, "(hein-patcheck --help says more)\n");
        return;
    }
    fprintf(f,
            "\n"
            "Proves every pattern of hein's pattern files (ice-*.txt: inferior\n"
            "cells; vc-*.txt: edge templates) by exhaustive local analysis; one\n"
            "line per pattern, then \"N passed, N failed\".  Exit status 0 when\n"
            "all passed.\n"
            "\n"
            "--derive FILE   FILE holds templates in vc-templates.txt's format,\n"
            "                each read as a region: prove its claim, then remove\n"
            "                carrier cells one at a time while the claim still\n"
            "                holds, in several orders, and print the distinct\n"
            "                minimal carriers (up to mirror image) as template\n"
            "                diagrams.  Derives edge templates; what it prints\n"
            "                still goes through the ordinary check.\n"
            "--orders N      removal orders per region for --derive (default 20;\n"
            "                the first removes the farthest cells first, the\n"
            "                others are random with a fixed seed)\n"
            "--help          this text\n");
}

static int
derive(int argc, char **argv)
{
    int orders = 20, i = 2;
    if (i + 1 < argc && strcmp(argv[i], "--orders") == 0) {
        char *end;
        long n = strtol(argv[i + 1], &end, 10);
        if (*end || n < 1 || n > 10000) {
            fprintf(stderr, "hein-patcheck: --orders wants a number from 1 to 10000\n");
            return 2;
        }
        orders = (int)n;
        i += 2;
    }
    if (i + 1 != argc) {
        usage(stderr, false);
        return 2;
    }
    int r = patcheck_vc_derive(argv[i], orders, stdout);
    return r == 0 ? 0 : 1;
}

int
main(int argc, char **argv)
{
    if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        usage(stdout, true);
        return 0;
    }
    if (argc == 2 && (strcmp(argv[1], "-V") == 0 || strcmp(argv[1], "--version") == 0)) {
        printf("hein-patcheck (%s) %s\n", PACKAGE_NAME, PACKAGE_VERSION);
        return 0;
    }
    if (argc >= 2 && strcmp(argv[1], "--derive") == 0)
        return derive(argc, argv);
    if (argc < 2) {
        usage(stderr, false);
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
