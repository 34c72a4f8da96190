#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Stands in for the unit tests when configure did not find the 'check'
# library: 'make check' must fail loudly rather than pass without them.
echo "unit tests need the 'check' library: install it (Debian: apt-get install check) and re-run ./configure" >&2
exit 1
