/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_SEARCH_SEARCH_H
#define HEIN_SEARCH_SEARCH_H

/* search/: the searchers.  They see a position through board/ only and never
 * know about HTP.  This layer holds the transposition table of every search
 * (table.h) and the solvers' layer over it (tt.h), the DFPN solver (dfpn.h)
 * and its parallel job scheme (spdfpn.h), and the SCNS player's search
 * (scns.h) on the proof and disproof functions of pnfunc.h. */

/* A one-line, human-readable list of the searchers compiled in. */
const char *search_components(void);

#endif /* HEIN_SEARCH_SEARCH_H */
