/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdbool.h>
#include <string.h>

#include "tools/regress/regress_pattern.h"

/* Characters special to POSIX extended expressions outside brackets. */
static const char regress_ere_special[] = ".[]()*+?{}|^$\\";

/* The control character a Java escape letter names, or 0. */
static char
regress_control_escape(char e)
{
    switch (e) {
    case 'n': return '\n';
    case 't': return '\t';
    case 'r': return '\r';
    case 'f': return '\f';
    case 'a': return '\a';
    case 'e': return '\033';
    default: return 0;
    }
}

/* The members of a bracket expression a Java class escape stands for
 * (\d \s \w), or NULL. */
static const char *
regress_class_members(char e)
{
    switch (e) {
    case 'd': case 'D': return "0-9";
    case 's': case 'S': return "[:space:]";
    case 'w': case 'W': return "[:alnum:]_";
    default: return NULL;
    }
}

/* Appends c as a literal outside brackets. */
static void
regress_add_literal(strbuf_t *out, char c)
{
    if (c && strchr(regress_ere_special, c))
        util_buf_addc(out, '\\');
    util_buf_addc(out, c);
}

/* A bracket expression being rebuilt: POSIX reads ']' literally only
 * first, '^' only not first and '-' only first or last, so those three are
 * kept aside and placed at the end. */
typedef struct regress_bracket {
    strbuf_t members;
    bool rbracket;
    bool caret;
    bool hyphen;
} regress_bracket_t;

/* Handles the escape "\e" inside brackets. */
static void
regress_bracket_escape(regress_bracket_t *b, char e)
{
    const char *set = regress_class_members(e);

    if (regress_control_escape(e))
        util_buf_addc(&b->members, regress_control_escape(e));
    else if (set && e >= 'a')
        util_buf_add(&b->members, set);
    else if (e == ']')
        b->rbracket = true;
    else if (e == '^')
        b->caret = true;
    else if (e == '-')
        b->hyphen = true;
    else
        util_buf_addc(&b->members, e);
}

/* Moves a '-' that starts or ends the members aside (both are literal),
 * so that ']' before them or '^' after them cannot make a range. */
static void
regress_bracket_hyphens(regress_bracket_t *b)
{
    strbuf_t *m = &b->members;

    if (m->len > 0 && m->s[m->len - 1] == '-') {
        m->s[--m->len] = '\0';
        b->hyphen = true;
    }
    if (m->len > 0 && m->s[0] == '-') {
        memmove(m->s, m->s + 1, m->len--);
        b->hyphen = true;
    }
}

static void
regress_bracket_emit(regress_bracket_t *b, bool negate, strbuf_t *out)
{
    const char *m;

    regress_bracket_hyphens(b);
    m = strbuf_str(&b->members);
    if (!negate && !b->rbracket && !*m && !b->hyphen && b->caret) {
        util_buf_add(out, "\\^");
        return;
    }
    util_buf_add(out, negate ? "[^" : "[");
    if (b->rbracket)
        util_buf_addc(out, ']');
    util_buf_add(out, m);
    if (b->caret && (b->rbracket || *m)) {
        util_buf_addc(out, '^');
        b->caret = false;
    }
    if (b->hyphen)
        util_buf_addc(out, '-');
    if (b->caret)
        util_buf_addc(out, '^');
    util_buf_addc(out, ']');
}

/* Copies a POSIX class such as [:alpha:] at p into members; returns its
 * last character (or p, having copied only the '[', when it is not
 * closed). */
static const char *
regress_bracket_class(const char *p, strbuf_t *members)
{
    const char *q;

    for (q = p + 2; *q && !(q[0] == p[1] && q[1] == ']'); q++)
        ;
    if (!*q) {
        util_buf_addc(members, '[');
        return p;
    }
    util_buf_addn(members, p, (size_t)(q + 2 - p));
    return q + 1;
}

/* Rewrites the bracket expression at p (just after its '[').  Returns the
 * position after its ']', or NULL when it is not closed. */
static const char *
regress_bracket(const char *p, strbuf_t *out)
{
    regress_bracket_t b = { { 0 }, false, false, false };
    bool negate = *p == '^';
    const char *start = p + negate;

    for (p = start; *p && (*p != ']' || p == start); p++) {
        if (*p == ']')
            b.rbracket = true;
        else if (*p == '^')
            b.caret = true;
        else if (*p == '\\' && p[1])
            regress_bracket_escape(&b, *++p);
        else if (*p == '[' && p[1] && strchr(":.=", p[1]))
            p = regress_bracket_class(p, &b.members);
        else
            util_buf_addc(&b.members, *p);
    }
    if (*p == ']')
        regress_bracket_emit(&b, negate, out);
    strbuf_free(&b.members);
    return *p == ']' ? p + 1 : NULL;
}

/* Appends the text of a \Q...\E quote starting at p; returns the position
 * after the \E (or the end). */
static const char *
regress_quote(const char *p, strbuf_t *out)
{
    for (; *p && !(p[0] == '\\' && p[1] == 'E'); p++)
        regress_add_literal(out, *p);
    return *p ? p + 2 : p;
}

/* Handles the escape "\e" outside brackets; returns the position after
 * it. */
static const char *
regress_escape(const char *p, strbuf_t *out)
{
    char e = *p;
    const char *set = regress_class_members(e);

    if (regress_control_escape(e)) {
        util_buf_addc(out, regress_control_escape(e));
    } else if (set) {
        util_buf_add(out, e >= 'a' ? "[" : "[^");
        util_buf_add(out, set);
        util_buf_addc(out, ']');
    } else if (e == 'Q') {
        return regress_quote(p + 1, out);
    } else if ((e >= '0' && e <= '9') || (e >= 'a' && e <= 'z')
               || (e >= 'A' && e <= 'Z')) {
        util_buf_addc(out, '\\');
        util_buf_addc(out, e);
    } else {
        regress_add_literal(out, e);
    }
    return p + 1;
}

void
regress_pattern_to_ere(const char *java, strbuf_t *out)
{
    const char *p = java;

    util_buf_add(out, "");
    while (*p) {
        const char *next;

        if (p[0] == '\\' && p[1]) {
            p = regress_escape(p + 1, out);
        } else if (p[0] == '[' && (next = regress_bracket(p + 1, out))) {
            p = next;
        } else if (p[0] == '(' && p[1] == '?' && p[2] == ':') {
            util_buf_addc(out, '(');
            p += 3;
        } else {
            util_buf_addc(out, *p++);
        }
    }
}
