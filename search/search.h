/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_SEARCH_SEARCH_H
#define HEIN_SEARCH_SEARCH_H

/* search/: the searchers.  They see a position through board/ only and never
 * know about HTP.  This layer holds, as they land, the shared transposition
 * table (tt), DFPN and its parallel job scheme (dfpn, spdfpn), and the SCNS
 * player (pnfunc, scns).  For now it only reports what it contains. */

/* A one-line, human-readable list of the searchers compiled in. */
const char *search_components(void);

#endif /* HEIN_SEARCH_SEARCH_H */
