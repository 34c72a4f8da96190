#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# make check: every pattern file of share/patterns/ passes hein-patcheck.
set -u
PATCHECK=${PATCHECK:-./hein-patcheck}
PATTERN_DIR=${PATTERN_DIR:-${srcdir:-.}/../share/patterns}
set -- "$PATTERN_DIR"/*.txt
if [ ! -e "$1" ]; then
    echo "no pattern files in $PATTERN_DIR"
    exit 1
fi
exec "$PATCHECK" "$@"
