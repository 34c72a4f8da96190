/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "search/search.h"

const char *
search_components(void)
{
    return "dfpn solver (serial, and parallel SPDFPN), scns player (serial, and parallel)";
}
