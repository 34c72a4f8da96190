/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_TOOLS_REGRESS_REGRESS_PATTERN_H
#define HEIN_TOOLS_REGRESS_REGRESS_PATTERN_H

/* Expectation patterns of .tst files are Java regular expressions (GoGui
 * compiles them with java.util.regex); hein-regress matches them with POSIX
 * extended expressions.  The two agree on the usual syntax (. * + ? {n,m}
 * | ( ) [ ] ^ $ and backslash before a special character); this rewrites
 * the common Java-only forms:
 *
 *   \n \t \r \f \a \e            the control character itself
 *   \d \D \s \S \w \W            [0-9] [^0-9] [[:space:]] ... [[:alnum:]_]
 *   \Q...\E                      the text between, literally
 *   (?:...)                      a plain group
 *   \ before any other non-alphanumeric character: that character
 *   inside [...]: the escapes above (\d \s \w as their sets), \\ \] \[ \-
 *                 \^ as literal characters, and any ']' '^' '-' placed
 *                 where POSIX reads them literally
 *
 * Other alphanumeric escapes (\b, \1 ...) are left for the regex library,
 * which reads \b \B \< \> and back-references as GNU and Java do. */

#include "tools/lib/util.h"

/* Appends the POSIX extended form of the Java pattern java to out. */
void regress_pattern_to_ere(const char *java, strbuf_t *out);

#endif /* HEIN_TOOLS_REGRESS_REGRESS_PATTERN_H */
