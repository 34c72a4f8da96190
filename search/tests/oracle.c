/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The exact minimax oracle of board/tests, built into the search tests. */
#include "board/tests/minimax.c"
