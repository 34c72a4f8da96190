/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <unistd.h>

#include "engine/param.h"

long
param_memory_mib(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
    long mib = pages > 0 && page > 0 ? (long)((double)pages * (double)page / 1048576.0) : 0;
    struct rlimit rl;
    if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY) {
        long limit = (long)(rl.rlim_cur >> 20);
        if (mib == 0 || limit < mib)
            mib = limit;
    }
    return mib;
}

const param_desc_t *
param_find(const param_desc_t *table, const char *name)
{
    for (const param_desc_t *d = table; d->name; d++)
        if (strcmp(d->name, name) == 0)
            return d;
    return NULL;
}

static bool
parse_double(const char *s, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || *end != '\0' || errno != 0 || !isfinite(v))
        return false;
    *out = v;
    return true;
}

static bool
parse_bool(const char *s, bool *out)
{
    if (strcmp(s, "1") == 0 || strcasecmp(s, "true") == 0) {
        *out = true;
        return true;
    }
    if (strcmp(s, "0") == 0 || strcasecmp(s, "false") == 0) {
        *out = false;
        return true;
    }
    return false;
}

/* The choices of d joined by sep, into buf. */
static void
choices_text(const param_desc_t *d, char *buf, size_t size, char sep)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; d->choices[i]; i++) {
        size_t n = strlen(d->choices[i]);
        if (len + n + 2 > size)
            break;
        if (i)
            buf[len++] = sep;
        memcpy(buf + len, d->choices[i], n + 1);
        len += n;
    }
}

/* The message of a bad value for the number d. */
static bool
number_error(const param_desc_t *d, char *err, size_t errlen)
{
    snprintf(err, errlen, "%s must be %s from %.15g to %.15g", d->name,
             d->type == PARAM_DOUBLE ? "a number" : "an integer", d->min, d->max);
    return false;
}

bool
param_set_number(const param_desc_t *table, void *base, const char *name, double value,
                 char *err, size_t errlen)
{
    const param_desc_t *d = param_find(table, name);
    if (!d || (d->type != PARAM_INT && d->type != PARAM_MIB && d->type != PARAM_DOUBLE)) {
        snprintf(err, errlen, "%s: no number parameter of that name", name);
        return false;
    }
    if (!(value >= d->min && value <= d->max)
        || (d->type != PARAM_DOUBLE && value != floor(value)))
        return number_error(d, err, errlen);
    if (d->type == PARAM_MIB) {
        long have = param_memory_mib();
        if (have > 0 && value > (double)have) {
            snprintf(err, errlen, "%s %.0f MiB is more than the memory available (%ld MiB)",
                     d->name, value, have);
            return false;
        }
    }
    char *field = (char *)base + d->offset;
    if (d->type != PARAM_DOUBLE)
        *(int *)field = (int)value;
    else
        *(double *)field = value;
    return true;
}

bool
param_set(const param_desc_t *table, void *base, const char *name,
          const char *value, char *err, size_t errlen)
{
    const param_desc_t *d = param_find(table, name);
    if (!d) {
        snprintf(err, errlen, "unknown parameter: %s", name);
        return false;
    }
    char *field = (char *)base + d->offset;
    switch (d->type) {
    case PARAM_BOOL: {
        bool b;
        if (!parse_bool(value, &b)) {
            snprintf(err, errlen, "%s must be 0 or 1", name);
            return false;
        }
        *(bool *)field = b;
        return true;
    }
    case PARAM_INT:
    case PARAM_MIB:
    case PARAM_DOUBLE: {
        double v;
        if (!parse_double(value, &v))
            return number_error(d, err, errlen);
        return param_set_number(table, base, name, v, err, errlen);
    }
    case PARAM_CHOICE:
        for (int i = 0; d->choices[i]; i++) {
            if (strcmp(d->choices[i], value) == 0) {
                *(int *)field = i;
                return true;
            }
        }
        char list[256];
        choices_text(d, list, sizeof list, ' ');
        snprintf(err, errlen, "%s must be one of: %s", name, list);
        return false;
    case PARAM_STRING: {
        size_t n = strlen(value);
        if (n == 0 || n + 1 > (size_t)d->max || strpbrk(value, " \t\r\n")) {
            snprintf(err, errlen, "%s must be a word of 1 to %.0f characters", name, d->max - 1);
            return false;
        }
        memcpy(field, value, n + 1);
        return true;
    }
    }
    snprintf(err, errlen, "%s: bad parameter type", name);
    return false;
}

int
param_format_value(const param_desc_t *d, const void *base, char *buf, size_t size)
{
    const char *field = (const char *)base + d->offset;
    switch (d->type) {
    case PARAM_BOOL:
        return snprintf(buf, size, "%d", *(const bool *)field ? 1 : 0);
    case PARAM_INT:
    case PARAM_MIB:
        return snprintf(buf, size, "%d", *(const int *)field);
    case PARAM_DOUBLE:
        return snprintf(buf, size, "%g", *(const double *)field);
    case PARAM_CHOICE:
        return snprintf(buf, size, "%s", d->choices[*(const int *)field]);
    case PARAM_STRING:
        return snprintf(buf, size, "%s", field);
    }
    return snprintf(buf, size, "?");
}

int
param_format(const param_desc_t *d, const void *base, char *buf, size_t size)
{
    char value[PARAM_TEXT_MAX];
    param_format_value(d, base, value, sizeof value);
    switch (d->type) {
    case PARAM_BOOL:
        return snprintf(buf, size, "[bool] %s %s", d->name, value);
    case PARAM_CHOICE: {
        char list[256];
        choices_text(d, list, sizeof list, '/');
        return snprintf(buf, size, "[list/%s] %s %s", list, d->name, value);
    }
    default:
        return snprintf(buf, size, "[string] %s %s", d->name, value);
    }
}
