/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hein-verify: checks a proof certificate (doc/certificate.md, format
 * versions 1 to 3) with the rules of Hex alone.
 *
 * This program links nothing of hein's board/, search/ or engine/: it has
 * its own board (a W x H array of cells, the six neighbours of
 * CONVENTIONS.md, the four edges, connection by flood fill) and reads the
 * certificate's text itself.  It trusts exactly these things:
 *   1. the rules of Hex as CONVENTIONS.md states them: Black joins the top
 *      and bottom rows, White the left and right columns; a player whose
 *      stones join its two edges has won; a move puts a stone of the
 *      mover's colour on an empty cell; the swap is not part of the game
 *      the certificate speaks of (its claim is about the stones shown with
 *      the side to move, and no swap to come);
 *   2. the one fact about connections every virtual-connection argument
 *      rests on: if the winner, answering only inside a set of empty cells
 *      C (the carrier), can join two of its groups or edges whatever the
 *      opponent plays, then it still can when the opponent has more stones
 *      outside C or the winner has more stones anywhere (a stone never
 *      hurts its owner in Hex, and a cell outside C is never needed);
 *   3. two facts about filling cells, every fill-in argument's ground
 *      (format 3): a player who wins with the opponent's stones added
 *      still wins without them (a stone never hurts its owner, the same
 *      monotonicity as in 2); and a set S of empty cells that the winner,
 *      answering inside S, can always bring to a colouring that links
 *      every two of S's terminals that all-winner S would link (the rule
 *      at capture_holds) may be filled with the winner's stones: whatever
 *      the winner can win with S filled it wins with S empty, answering
 *      the loser's moves into S there (a chain of the winner's that
 *      crosses S between two terminals is rerouted through the linked
 *      colouring);
 *   4. the arithmetic of this file: the checks below, each of which is a
 *      direct consequence of 1 to 3 (the argument is written at each
 *      check).
 * It trusts nothing the certificate says without checking it: the
 * position of every node is computed from the root by the moves on the
 * path (a node reached twice must be reached with the same position), the
 * winner's connection at a won leaf is found by flood fill, and every
 * connection is a strategy the checker replays move by move.  A
 * certificate is accepted only when it proves the claim in full.
 *
 * Game nodes (the winner W, the loser L):
 *   w        W's edges are joined on the board (either side to move);
 *   m X N    W to move plays X (empty) and N proves the result;
 *   v S      L to move; S proves W's edges fully connected: W wins
 *            whatever L plays;
 *   l K S .. / R N ..   L to move: every empty cell R that L may play
 *            is either listed with the node N that proves the position
 *            after it, or covered by a pair (K, S): S proves W's edges
 *            fully connected on the board plus W's stone at K with a
 *            carrier D, and a reply outside D and other than K is answered
 *            by K (by fact 2, L's stone outside D breaks nothing);
 *            Format 3 may end the node with a second '/' and pairs
 *            V K: L's reply V is *killed* by K (an empty cell other than
 *            V): V is dead (dead_cell) on the board plus W's stone at K.
 *            Then L has no winning move if none of the other replies
 *            wins (the inferior-cell argument for vulnerable cells): say L
 *            wins the board B.  Let B0 = B; while L wins B(i) (L to
 *            move; B(i) is B plus W's stones), take a winning move m of
 *            L's there.  It wins on B too (fewer W stones), so it is a
 *            killed reply with killer K.  L wins B(i) + L m, so also
 *            B(i) + L m + W K with L to move (K, empty on B, holds no L
 *            stone; if W holds it already, having the move never hurts in
 *            Hex).  m is dead there (dead on B + W K, a board with fewer
 *            stones), so L wins B(i) + W m + W K, hence B(i+1) = B(i) +
 *            W m.  Each step fills a cell with W's stone, yet L's stones
 *            stay B's, where L is not connected: on a full board L would
 *            win unconnected, which is impossible.
 *   x X.. N  (format 3) either side to move: L's stones on the empty
 *            cells X.. and N proves the position with them (fact 3);
 *   k X.. N  (format 3) either side to move: the empty cells X.. (at
 *            most CAPTURE_CELLS) are captured by W, which capture_holds
 *            proves by searching every way of playing them; W's stones
 *            on them and N proves the result (fact 3).
 * Connection nodes (a full connection of W between endpoints G and H,
 * each an edge of W or a cell holding W's stone, L to move; a strategy's
 * carrier is what the check computes, never what the file states):
 *   c G H    G and H are one group of W now: carrier empty;
 *   s G M H A B   A proves G-M, B proves M-H (M an endpoint of W), with
 *            disjoint carriers; the carrier is their union: a move of L
 *            in one carrier is answered there, and is outside the other;
 *   r G H C1 A1 N1 C2 A2 N2 ...   the carrier is {C1, C2, ...} (empty
 *            cells, distinct); to L's move Ci W answers Ai, a cell of the
 *            carrier other than Ci, or - (no answer needed), and Ni proves
 *            G-H on the board after both with a carrier inside the
 *            carrier less Ci and Ai; L's moves outside the carrier change
 *            nothing by fact 2.
 * A node refers to another by how many lines back it is (1: the line
 * before), so every reference points to an earlier line: no cycle, no
 * forward reference, and the check ends.  Game nodes form a DAG, each
 * checked once (a node reached again must be reached with the same
 * position).  Connection nodes form a DAG too (format 2; in format 1 each
 * was used once, a special case): a node may be used in several places,
 * on several boards, and is checked on each board it is used on, except
 * where a check of the same node already passed with the same winner's
 * stones and its carrier is empty here -- check_conn argues why such a
 * check would pass again with the same carrier, and says how the memo
 * that remembers them is kept from trusting a hash.  The work of the
 * full checks is bounded (check_conn: a multiple of the file's size, or
 * --max-work), so a hostile file that asks for a node on ever new boards
 * is rejected, not checked for ever; a certificate hein writes needs each
 * connection node checked in full once. */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_SIZE 19
#define MAX_CELLS (MAX_SIZE * MAX_SIZE)
#define EDGE_N (MAX_CELLS + 0)
#define EDGE_S (MAX_CELLS + 1)
#define EDGE_W (MAX_CELLS + 2)
#define EDGE_E (MAX_CELLS + 3)
#define NONE (-1)

enum { EMPTY = 0, BLACK = 1, WHITE = 2 };

/* ---- the board ----------------------------------------------------- */

typedef struct board {
    int w, h;
    uint8_t cell[MAX_CELLS];
} board_t;

static int
board_neighbours(const board_t *b, int id, int out[6])
{
    int c = id % b->w, r = id / b->w, n = 0;
    static const int d[6][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 }, { 1, -1 }, { -1, 1 } };
    for (int i = 0; i < 6; i++) {
        int cc = c + d[i][0], rr = r + d[i][1];
        if (cc >= 0 && cc < b->w && rr >= 0 && rr < b->h)
            out[n++] = rr * b->w + cc;
    }
    return n;
}

/* Whether cell id lies on edge e. */
static bool
board_on_edge(const board_t *b, int id, int e)
{
    int c = id % b->w, r = id / b->w;
    switch (e) {
    case EDGE_N: return r == 0;
    case EDGE_S: return r == b->h - 1;
    case EDGE_W: return c == 0;
    default: return c == b->w - 1;
    }
}

static bool
is_edge(int id)
{
    return id >= EDGE_N && id <= EDGE_E;
}

static int
edge_owner(int e)
{
    return e == EDGE_N || e == EDGE_S ? BLACK : WHITE;
}

/* Whether id is an endpoint of colour col on b: one of col's edges or a
 * cell holding col's stone. */
static bool
endpoint_ok(const board_t *b, int id, int col)
{
    if (is_edge(id))
        return edge_owner(id) == col;
    return id >= 0 && id < b->w * b->h && b->cell[id] == col;
}

/* Whether the endpoints g and h of colour col are joined by col's stones
 * (flood fill from g). */
static bool
board_joined(const board_t *b, int g, int h, int col)
{
    if (g == h)
        return true;
    int n = b->w * b->h;
    uint8_t seen[MAX_CELLS] = { 0 };
    int stack[MAX_CELLS], sp = 0;
    for (int i = 0; i < n; i++)
        if (b->cell[i] == col && (is_edge(g) ? board_on_edge(b, i, g) : i == g)) {
            seen[i] = 1;
            stack[sp++] = i;
        }
    while (sp > 0) {
        int x = stack[--sp];
        if (is_edge(h) ? board_on_edge(b, x, h) : x == h)
            return true;
        int nb[6], k = board_neighbours(b, x, nb);
        for (int j = 0; j < k; j++)
            if (!seen[nb[j]] && b->cell[nb[j]] == col) {
                seen[nb[j]] = 1;
                stack[sp++] = nb[j];
            }
    }
    return false;
}

static bool
board_won(const board_t *b, int col)
{
    return col == BLACK ? board_joined(b, EDGE_N, EDGE_S, BLACK)
        : board_joined(b, EDGE_W, EDGE_E, WHITE);
}

static void
cell_name(const board_t *b, int id, char *buf, size_t len)
{
    if (is_edge(id))
        snprintf(buf, len, "%c", "NSWE"[id - EDGE_N]);
    else if (id < 0)
        snprintf(buf, len, "-");
    else
        snprintf(buf, len, "%c%d", 'a' + id % b->w, id / b->w + 1);
}

/* ---- the certificate ------------------------------------------------ */

typedef struct node {
    char type;                  /* w m v l x k c s r */
    int line;
    int nargs;
    int *args;                  /* cells/edges and node indices, by type */
    int ncover;                 /* l: pairs before the '/' */
    int nkill;                  /* l: killed replies, the last pairs */
    int uses;                   /* strategy nodes: references */
    /* game nodes: the position the check reached it with */
    bool done;
    uint8_t *seen_cells;
} node_t;

/* The memo of connection checks that passed, for nodes used more than
 * once: node k with the winner's stones S (a bit set over the cells) has
 * the carrier C.  Entries are (hash, node, offset into data); data holds
 * S then C, 2 * bytes bytes per entry.  A hit compares S in full: a hash
 * is never trusted. */
typedef struct memo_entry {
    uint64_t hash;
    int node;                   /* -1: free */
    size_t off;
} memo_entry_t;

typedef struct memo {
    memo_entry_t *tab;
    size_t cap, used;
    uint8_t *data;
    size_t len, data_cap;
    int bytes;                  /* (cells + 7) / 8 */
} memo_t;

typedef struct cert {
    board_t root;
    int version;
    int to_move, winner;
    int nnodes;
    node_t *nodes;
    /* the check */
    long checked, strategies, hits;
    uint64_t work, max_work;    /* full connection checks: 1 + fields each */
    memo_t memo;
    int depth;                  /* connection nodes open in check_conn */
    int path[MAX_CELLS * 2 + 8];
    int pathlen;
    char why[512];
} cert_t;

static bool
fail(cert_t *c, const char *fmt, ...)
{
    if (c->why[0])
        return false;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->why, sizeof c->why, fmt, ap);
    va_end(ap);
    size_t len = strlen(c->why);
    len += (size_t)snprintf(c->why + len, sizeof c->why - len, " (node path:");
    for (int i = 0; i < c->pathlen && len < sizeof c->why - 8; i++) {
        char nm[16];
        cell_name(&c->root, c->path[i], nm, sizeof nm);
        len += (size_t)snprintf(c->why + len, sizeof c->why - len, " %s", nm);
    }
    if (c->pathlen == 0 && len < sizeof c->why - 8)
        len += (size_t)snprintf(c->why + len, sizeof c->why - len, " root");
    if (len < sizeof c->why - 2)
        snprintf(c->why + len, sizeof c->why - len, ")");
    return false;
}

/* Parse a cell name or edge letter; -1 when it is neither. */
static int
parse_id(const board_t *b, const char *s)
{
    if (s[1] == '\0') {
        const char *p = strchr("NSWE", s[0]);
        return p && s[0] ? EDGE_N + (int)(p - "NSWE") : NONE;
    }
    if (s[0] < 'a' || s[0] > 'z')
        return NONE;
    int c = s[0] - 'a';
    char *end;
    errno = 0;
    long r = strtol(s + 1, &end, 10);
    if (*end || errno || s[1] < '1' || s[1] > '9' || r < 1 || r > b->h || c >= b->w)
        return NONE;
    return (int)(r - 1) * b->w + c;
}

static int
parse_color(const char *s)
{
    if (!strcmp(s, "black"))
        return BLACK;
    if (!strcmp(s, "white"))
        return WHITE;
    return EMPTY;
}

static bool
parse_index(const char *s, int *out)
{
    char *end;
    errno = 0;
    if (*s < '0' || *s > '9')
        return false;
    long v = strtol(s, &end, 10);
    if (*end || errno || v > 100000000L)
        return false;
    *out = (int)v;
    return true;
}

#define MAX_TOKENS 4096
#define WORK_FACTOR 4
#define WORK_SLACK 1000000

/* Split line into tokens (in place); returns the count, -1 when too many. */
static int
tokenize(char *line, char **tok)
{
    int n = 0;
    for (char *p = strtok(line, " \t\r\n"); p; p = strtok(NULL, " \t\r\n")) {
        if (n == MAX_TOKENS)
            return -1;
        tok[n++] = p;
    }
    return n;
}

/* Read one line of f into *buf (grown); false at end of file. */
static bool
read_line(FILE *f, char **buf, size_t *cap)
{
    size_t len = 0;
    int ch;
    while ((ch = getc(f)) != EOF) {
        if (len + 2 > *cap) {
            size_t nc = *cap ? *cap * 2 : 256;
            char *nb = realloc(*buf, nc);
            if (!nb) {
                fprintf(stderr, "hein-verify: out of memory\n");
                exit(2);
            }
            *buf = nb;
            *cap = nc;
        }
        if (ch == '\n')
            break;
        (*buf)[len++] = (char)ch;
    }
    if (ch == EOF && len == 0)
        return false;
    (*buf)[len] = '\0';
    return true;
}

/* Whether argument i of node type t at position i is a node index (else a
 * cell or edge).  For l and r the pattern is positional. */
static bool
parse_node(cert_t *c, node_t *nd, char **tok, int ntok, int lineno, char *err, size_t errlen)
{
    const board_t *b = &c->root;
    nd->line = lineno;
    if (ntok < 1 || strlen(tok[0]) != 1) {
        snprintf(err, errlen, "line %d: no node type", lineno);
        return false;
    }
    nd->type = tok[0][0];
    nd->args = malloc(sizeof(int) * (size_t)(ntok > 1 ? ntok : 1));
    if (!nd->args) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    int na = ntok - 1;
    char **a = tok + 1;
    /* kinds: 'c' cell or edge, 'x' cell or '-', 'n' node index */
    char kinds[MAX_TOKENS];
    switch (nd->type) {
    case 'w':
        if (na != 0)
            goto bad;
        break;
    case 'm':
        if (na != 2)
            goto bad;
        kinds[0] = 'c';
        kinds[1] = 'n';
        break;
    case 'v':
        if (na != 1)
            goto bad;
        kinds[0] = 'n';
        break;
    case 'c':
        if (na != 2)
            goto bad;
        kinds[0] = kinds[1] = 'c';
        break;
    case 's':
        if (na != 5)
            goto bad;
        kinds[0] = kinds[1] = kinds[2] = 'c';
        kinds[3] = kinds[4] = 'n';
        break;
    case 'r':
        if (na < 2 || (na - 2) % 3 != 0)
            goto bad;
        kinds[0] = kinds[1] = 'c';
        for (int i = 2; i < na; i += 3) {
            kinds[i] = 'c';
            kinds[i + 1] = 'x';
            kinds[i + 2] = 'n';
        }
        break;
    case 'x':
    case 'k':
        if (na < 2 || c->version < 3)
            goto bad;
        for (int i = 0; i < na - 1; i++)
            kinds[i] = 'c';
        kinds[na - 1] = 'n';
        break;
    case 'l': {
        /* covers / replies [/ killed replies and their killers] */
        int slash = -1, slash2 = -1;
        for (int i = 0; i < na; i++)
            if (!strcmp(a[i], "/")) {
                if (slash < 0) {
                    slash = i;
                } else if (slash2 < 0) {
                    slash2 = i;
                } else {
                    goto bad;
                }
            }
        if (slash2 < 0)
            slash2 = na;
        else if (c->version < 3 || slash2 == na - 1)
            goto bad;
        if (slash < 0 || slash % 2 != 0 || (slash2 - slash - 1) % 2 != 0
            || (slash2 < na && (na - slash2 - 1) % 2 != 0))
            goto bad;
        nd->ncover = slash / 2;
        nd->nkill = slash2 < na ? (na - slash2 - 1) / 2 : 0;
        for (int i = slash; i + 1 < na; i++)
            a[i] = a[i + 1];
        na--;
        if (slash2 < na + 1) {
            for (int i = slash2 - 1; i + 1 < na; i++)
                a[i] = a[i + 1];
            na--;
        }
        for (int i = 0; i < na; i += 2) {
            kinds[i] = 'c';
            kinds[i + 1] = i >= na - 2 * nd->nkill ? 'c' : 'n';
        }
        break;
    }
    default:
        snprintf(err, errlen, "line %d: unknown node type '%s'", lineno, tok[0]);
        return false;
    }
    for (int i = 0; i < na; i++) {
        int v;
        if (kinds[i] == 'n') {
            if (!parse_index(a[i], &v))
                goto bad;
        } else if (kinds[i] == 'x' && !strcmp(a[i], "-")) {
            v = NONE;
        } else {
            v = parse_id(b, a[i]);
            if (v == NONE || (kinds[i] == 'x' && is_edge(v))
                || (nd->type != 'c' && nd->type != 's' && !(nd->type == 'r' && i < 2)
                    && is_edge(v)))
                goto bad;
        }
        nd->args[i] = v;
    }
    nd->nargs = na;
    return true;
bad:
    snprintf(err, errlen, "line %d: malformed '%c' node", lineno, nd->type);
    return false;
}

static bool
is_game(char t)
{
    return t == 'w' || t == 'm' || t == 'v' || t == 'l' || t == 'x' || t == 'k';
}

/* Read the certificate; false with a message in err. */
static bool
cert_read(cert_t *c, FILE *f, char *err, size_t errlen)
{
    char *buf = NULL;
    size_t cap = 0;
    char **tok = malloc(sizeof(char *) * MAX_TOKENS);
    int lineno = 0, n, stage = 0, nread = 0;
    bool ok = false, ended = false;
    if (!tok) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    memset(c, 0, sizeof *c);
    c->to_move = c->winner = EMPTY;
    while (read_line(f, &buf, &cap)) {
        lineno++;
        if (ended) {
            snprintf(err, errlen, "line %d: text after 'end'", lineno);
            goto out;
        }
        n = tokenize(buf, tok);
        if (n < 0) {
            snprintf(err, errlen, "line %d: too many fields", lineno);
            goto out;
        }
        if (n == 0 || tok[0][0] == '#') {
            if (stage == 6) {
                snprintf(err, errlen, "line %d: blank or comment line among the nodes", lineno);
                goto out;
            }
            continue;
        }
        switch (stage) {
        case 0:
            if (n != 2 || strcmp(tok[0], "hein-certificate")) {
                snprintf(err, errlen, "line %d: not a hein certificate", lineno);
                goto out;
            }
            if (strcmp(tok[1], "1") && strcmp(tok[1], "2") && strcmp(tok[1], "3")) {
                snprintf(err, errlen, "line %d: format version %s (this verifier reads 1 "
                         "to 3)", lineno, tok[1]);
                goto out;
            }
            c->version = tok[1][0] - '0';
            stage++;
            break;
        case 1: {
            int w, h;
            char extra;
            if (n != 2 || strcmp(tok[0], "board")
                || sscanf(tok[1], "%dx%d%c", &w, &h, &extra) != 2 || w < 1 || h < 1
                || w > MAX_SIZE || h > MAX_SIZE) {
                snprintf(err, errlen, "line %d: expected 'board WxH' (1 to %d)", lineno,
                         MAX_SIZE);
                goto out;
            }
            c->root.w = w;
            c->root.h = h;
            stage++;
            break;
        }
        case 2:
            if (n != 2 || strcmp(tok[0], "stones")
                || strlen(tok[1]) != (size_t)(c->root.w * c->root.h)) {
                snprintf(err, errlen, "line %d: expected 'stones' and %d characters . b w",
                         lineno, c->root.w * c->root.h);
                goto out;
            }
            for (int i = 0; i < c->root.w * c->root.h; i++) {
                char ch = tok[1][i];
                if (ch != '.' && ch != 'b' && ch != 'w') {
                    snprintf(err, errlen, "line %d: stone '%c' is not . b w", lineno, ch);
                    goto out;
                }
                c->root.cell[i] = ch == 'b' ? BLACK : ch == 'w' ? WHITE : EMPTY;
            }
            stage++;
            break;
        case 3:
            if (n != 2 || strcmp(tok[0], "to-move") || !(c->to_move = parse_color(tok[1]))) {
                snprintf(err, errlen, "line %d: expected 'to-move black|white'", lineno);
                goto out;
            }
            stage++;
            break;
        case 4:
            if (n != 2 || strcmp(tok[0], "winner") || !(c->winner = parse_color(tok[1]))) {
                snprintf(err, errlen, "line %d: expected 'winner black|white'", lineno);
                goto out;
            }
            stage++;
            break;
        case 5:
            if (n != 2 || strcmp(tok[0], "nodes") || !parse_index(tok[1], &c->nnodes)
                || c->nnodes < 1) {
                snprintf(err, errlen, "line %d: expected 'nodes N' (N >= 1)", lineno);
                goto out;
            }
            c->nodes = calloc((size_t)c->nnodes, sizeof(node_t));
            if (!c->nodes) {
                snprintf(err, errlen, "out of memory for %d nodes", c->nnodes);
                goto out;
            }
            stage++;
            break;
        case 6:
            if (nread == c->nnodes) {
                if (n == 1 && !strcmp(tok[0], "end")) {
                    ended = true;
                    break;
                }
                snprintf(err, errlen, "line %d: more nodes than 'nodes %d'", lineno, c->nnodes);
                goto out;
            }
            if (!parse_node(c, &c->nodes[nread], tok, n, lineno, err, errlen))
                goto out;
            nread++;
            break;
        }
    }
    if (!ended) {
        snprintf(err, errlen, "truncated: %s", stage < 6 ? "the header is incomplete"
                 : nread < c->nnodes ? "fewer nodes than announced" : "no 'end' line");
        goto out;
    }
    /* references: children earlier, of the right kind; strategies a tree */
    for (int i = 0; i < c->nnodes; i++) {
        node_t *nd = &c->nodes[i];
        for (int j = 0; j < nd->nargs; j++) {
            bool is_ref;
            switch (nd->type) {
            case 'm': is_ref = j == 1; break;
            case 'v': is_ref = true; break;
            case 's': is_ref = j >= 3; break;
            case 'r': is_ref = j >= 2 && (j - 2) % 3 == 2; break;
            case 'l': is_ref = j % 2 == 1 && j < nd->nargs - 2 * nd->nkill; break;
            case 'x':
            case 'k': is_ref = j == nd->nargs - 1; break;
            default: is_ref = false;
            }
            if (!is_ref)
                continue;
            /* written as the distance back from this node */
            int d = nd->args[j], k = i - d;
            if (d < 1 || k < 0) {
                snprintf(err, errlen, "line %d: node %d refers %d nodes back, not to an "
                         "earlier node", nd->line, i, d);
                goto out;
            }
            nd->args[j] = k;
            bool want_game = nd->type == 'm' || nd->type == 'x' || nd->type == 'k'
                             || (nd->type == 'l' && j >= 2 * nd->ncover);
            if (is_game(c->nodes[k].type) != want_game) {
                snprintf(err, errlen, "line %d: node %d refers to node %d, a %s node", nd->line,
                         i, k, want_game ? "connection" : "game");
                goto out;
            }
            if (!want_game)
                c->nodes[k].uses++;
        }
    }
    /* the work the check may do: each connection node checked in full
     * WORK_FACTOR times over (a certificate hein writes needs once) */
    for (int i = 0; i < c->nnodes; i++)
        if (!is_game(c->nodes[i].type))
            c->max_work += WORK_FACTOR * (uint64_t)(1 + c->nodes[i].nargs);
    c->max_work += WORK_SLACK;
    if (!is_game(c->nodes[c->nnodes - 1].type)) {
        snprintf(err, errlen, "the last node (the root) is not a game node");
        goto out;
    }
    ok = true;
out:
    free(buf);
    free(tok);
    return ok;
}

static void
cert_free(cert_t *c)
{
    for (int i = 0; i < c->nnodes && c->nodes; i++) {
        free(c->nodes[i].args);
        free(c->nodes[i].seen_cells);
    }
    free(c->nodes);
    free(c->memo.tab);
    free(c->memo.data);
}

/* ---- the check ------------------------------------------------------- */

typedef struct cellset {
    uint8_t in[MAX_CELLS];
} cellset_t;

static int
other(int col)
{
    return col == BLACK ? WHITE : BLACK;
}

static bool check_conn_node(cert_t *c, board_t *b, int k, int g, int h, int col,
                            cellset_t *carrier);

/* The winner's stones of b as bits, into key (m->bytes bytes). */
static void
memo_stones(const memo_t *m, const board_t *b, int col, uint8_t *key)
{
    memset(key, 0, (size_t)m->bytes);
    for (int i = 0; i < b->w * b->h; i++)
        if (b->cell[i] == col)
            key[i >> 3] |= (uint8_t)(1u << (i & 7));
}

static uint64_t
memo_hash(const memo_t *m, int k, const uint8_t *key)
{
    uint64_t x = 1469598103934665603ULL ^ (uint64_t)k;
    for (int i = 0; i < m->bytes; i++)
        x = (x ^ key[i]) * 1099511628211ULL;
    x ^= x >> 31;
    x *= 0x9e3779b97f4a7c15ULL;
    return x ^ (x >> 29);
}

/* The slot of (k, key): the entry holding it, or the free slot for it. */
static memo_entry_t *
memo_find(memo_t *m, int k, const uint8_t *key, uint64_t hash)
{
    size_t i = (size_t)hash & (m->cap - 1);
    for (;;) {
        memo_entry_t *e = &m->tab[i];
        if (e->node < 0
            || (e->hash == hash && e->node == k
                && !memcmp(m->data + e->off, key, (size_t)m->bytes)))
            return e;
        i = (i + 1) & (m->cap - 1);
    }
}

/* Record that node k passed with the winner's stones key and the carrier
 * carrier; false when memory is short. */
static bool
memo_add(memo_t *m, int k, const uint8_t *key, const cellset_t *carrier, int ncells)
{
    if (2 * (m->used + 1) > m->cap) {
        size_t nc = m->cap ? 2 * m->cap : 1024;
        memo_entry_t *nt = malloc(nc * sizeof *nt), *ot = m->tab;
        if (!nt)
            return false;
        for (size_t i = 0; i < nc; i++)
            nt[i].node = -1;
        size_t oc = m->cap;
        m->tab = nt;
        m->cap = nc;
        for (size_t i = 0; i < oc; i++)
            if (ot[i].node >= 0) {
                size_t j = (size_t)ot[i].hash & (nc - 1);
                while (nt[j].node >= 0)
                    j = (j + 1) & (nc - 1);
                nt[j] = ot[i];
            }
        free(ot);
    }
    size_t need = 2 * (size_t)m->bytes;
    if (m->len + need > m->data_cap) {
        size_t nc = m->data_cap ? 2 * m->data_cap : 65536;
        uint8_t *nd = realloc(m->data, nc);
        if (!nd)
            return false;
        m->data = nd;
        m->data_cap = nc;
    }
    uint64_t hash = memo_hash(m, k, key);
    memo_entry_t *e = memo_find(m, k, key, hash);
    if (e->node >= 0)
        return true;
    e->hash = hash;
    e->node = k;
    e->off = m->len;
    uint8_t *d = m->data + m->len;
    memcpy(d, key, (size_t)m->bytes);
    memset(d + m->bytes, 0, (size_t)m->bytes);
    for (int i = 0; i < ncells; i++)
        if (carrier->in[i])
            d[m->bytes + (i >> 3)] |= (uint8_t)(1u << (i & 7));
    m->len += need;
    m->used++;
    return true;
}

/* Check connection node k: a full connection of col between g and h on b
 * (col's opponent to move); its carrier into *carrier (cleared first).
 *
 * A node used more than once is looked up first in the memo, by the
 * winner's stones of b.  Why a hit may stand for the check: the check of
 * a node on a board reads the board in two ways only, (a) whether a cell
 * holds the winner's stone (c: the flood fill of col's stones; s and the
 * endpoints: endpoint_ok) and (b) whether a cell listed in an r node is
 * empty, and every cell so listed (in the node or below it, on the boards
 * the check makes by adding the two stones of each step) is in the
 * carrier it returns, where it was empty.  So on a board b' with the same
 * winner's stones as a board b the node passed on with carrier C, and
 * every cell of C empty, every read gives the answer it gave on b (by
 * induction over the steps: the stones a step adds are the same on both,
 * the child's carrier lies inside C less the step's cells), and the node
 * passes with carrier C: the loser's other stones, all outside C, are
 * never read.  A hit whose carrier is not all empty on b proves nothing:
 * the node is then checked in full.  The endpoints the caller asks for
 * are compared before the memo (they are the caller's, not the board's).
 *
 * The work: each full check of a node costs its fields (plus the board's
 * cells per step); a hit costs the cells.  A full check happens once per
 * (node, winner's stones) that passes, and a hostile file could ask for
 * many: the sum of 1 + fields over full checks is bounded by max_work
 * (WORK_FACTOR times the file's own sum, plus WORK_SLACK, or --max-work),
 * and a certificate that needs more is rejected.  The memo holds one
 * entry per full check of a shared node, so its memory is bounded too. */
static bool
check_conn(cert_t *c, board_t *b, int k, int g, int h, int col, cellset_t *carrier)
{
    node_t *nd = &c->nodes[k];
    char gn[16], hn[16];
    if (c->depth >= 4 * MAX_CELLS)
        return fail(c, "line %d: connection nodes nested too deep", nd->line);
    if (is_game(nd->type))
        return fail(c, "line %d: node %d is not a connection node", nd->line, k);
    int ng = nd->args[0], nh = nd->args[nd->type == 's' ? 2 : 1];
    if (!((ng == g && nh == h) || (ng == h && nh == g))) {
        cell_name(b, g, gn, sizeof gn);
        cell_name(b, h, hn, sizeof hn);
        return fail(c, "line %d: connection node %d is not between %s and %s", nd->line, k,
                    gn, hn);
    }
    int ncells = b->w * b->h;
    uint8_t key[(MAX_CELLS + 7) / 8];
    uint64_t hash = 0;
    if (nd->uses > 1) {
        memo_stones(&c->memo, b, col, key);
        hash = memo_hash(&c->memo, k, key);
        if (c->memo.cap) {
            memo_entry_t *e = memo_find(&c->memo, k, key, hash);
            if (e->node >= 0) {
                const uint8_t *cb = c->memo.data + e->off + c->memo.bytes;
                bool empty = true;
                memset(carrier, 0, sizeof *carrier);
                for (int i = 0; i < ncells; i++)
                    if (cb[i >> 3] >> (i & 7) & 1) {
                        carrier->in[i] = 1;
                        empty = empty && b->cell[i] == EMPTY;
                    }
                if (empty) {
                    c->hits++;
                    return true;
                }
            }
        }
    }
    c->work += 1 + (uint64_t)nd->nargs;
    if (c->work > c->max_work)
        return fail(c, "line %d: too much work (more than %llu steps; --max-work raises "
                    "the limit)", nd->line, (unsigned long long)c->max_work);
    c->depth++;
    bool ok = check_conn_node(c, b, k, g, h, col, carrier);
    c->depth--;
    if (ok && nd->uses > 1 && !memo_add(&c->memo, k, key, carrier, ncells))
        return fail(c, "out of memory");
    return ok;
}

static bool
check_conn_node(cert_t *c, board_t *b, int k, int g, int h, int col, cellset_t *carrier)
{
    node_t *nd = &c->nodes[k];
    char gn[16], hn[16];
    c->strategies++;
    memset(carrier, 0, sizeof *carrier);
    int ng = nd->args[0], nh = nd->args[nd->type == 's' ? 2 : 1];
    if (!((ng == g && nh == h) || (ng == h && nh == g))) {
        cell_name(b, g, gn, sizeof gn);
        cell_name(b, h, hn, sizeof hn);
        return fail(c, "line %d: connection node %d is not between %s and %s", nd->line, k,
                    gn, hn);
    }
    if (!endpoint_ok(b, g, col) || !endpoint_ok(b, h, col)) {
        cell_name(b, endpoint_ok(b, g, col) ? h : g, gn, sizeof gn);
        return fail(c, "line %d: endpoint %s is not the winner's", nd->line, gn);
    }
    switch (nd->type) {
    case 'c':
        /* the endpoints are one group: nothing L does separates them */
        if (!board_joined(b, g, h, col)) {
            cell_name(b, g, gn, sizeof gn);
            cell_name(b, h, hn, sizeof hn);
            return fail(c, "line %d: %s and %s are not connected", nd->line, gn, hn);
        }
        return true;
    case 's': {
        int m = nd->args[1];
        if (!endpoint_ok(b, m, col)) {
            cell_name(b, m, gn, sizeof gn);
            return fail(c, "line %d: split point %s is not the winner's", nd->line, gn);
        }
        cellset_t c2;
        if (!check_conn(c, b, nd->args[3], ng, m, col, carrier)
            || !check_conn(c, b, nd->args[4], m, nh, col, &c2))
            return false;
        /* disjoint carriers: L's move meets at most one of them, and lies
         * outside the other (fact 2) */
        for (int i = 0; i < b->w * b->h; i++) {
            if (carrier->in[i] && c2.in[i]) {
                cell_name(b, i, gn, sizeof gn);
                return fail(c, "line %d: the carriers of the split share %s", nd->line, gn);
            }
            carrier->in[i] |= c2.in[i];
        }
        return true;
    }
    case 'r': {
        int n = (nd->nargs - 2) / 3;
        for (int i = 0; i < n; i++) {
            int x = nd->args[2 + 3 * i];
            if (b->cell[x] != EMPTY || carrier->in[x]) {
                cell_name(b, x, gn, sizeof gn);
                return fail(c, "line %d: carrier cell %s is %s", nd->line, gn,
                            carrier->in[x] ? "listed twice" : "not empty");
            }
            carrier->in[x] = 1;
        }
        for (int i = 0; i < n; i++) {
            int x = nd->args[2 + 3 * i], a = nd->args[3 + 3 * i], child = nd->args[4 + 3 * i];
            if (a != NONE && (a == x || !carrier->in[a])) {
                cell_name(b, a, gn, sizeof gn);
                cell_name(b, x, hn, sizeof hn);
                return fail(c, "line %d: the answer %s to %s is not another cell of the carrier",
                            nd->line, gn, hn);
            }
            b->cell[x] = (uint8_t)other(col);
            if (a != NONE)
                b->cell[a] = (uint8_t)col;
            c->path[c->pathlen++] = x;
            if (a != NONE)
                c->path[c->pathlen++] = a;
            cellset_t sub;
            bool ok = check_conn(c, b, child, ng, nh, col, &sub);
            c->pathlen -= a != NONE ? 2 : 1;
            b->cell[x] = EMPTY;
            if (a != NONE)
                b->cell[a] = EMPTY;
            if (!ok)
                return false;
            /* the rest of the strategy stays inside the carrier less the
             * two stones */
            for (int j = 0; j < b->w * b->h; j++)
                if (sub.in[j] && (!carrier->in[j] || j == x || j == a)) {
                    cell_name(b, j, gn, sizeof gn);
                    cell_name(b, x, hn, sizeof hn);
                    return fail(c, "line %d: after %s the strategy uses %s, outside what is "
                                "left of the carrier", nd->line, hn, gn);
                }
        }
        return true;
    }
    default:
        return fail(c, "line %d: node %d is not a connection node", nd->line, k);
    }
}


/* ---- captured sets ('k' nodes) -------------------------------------- */

/* A set S of empty cells and a colour z (the captor).  S's terminals are
 * the cells and edges next to a cell of S, outside S, that are not the
 * opponent's: z's stones, z's edges, empty cells.  Two terminals are
 * *linked* by a colouring of S when they are next to each other, or both
 * touch one chain of z (z's stones, z's edges and the cells of S the
 * colouring gives z, joined by adjacency; a terminal touches a chain by
 * being in it or next to one of its members).  S *holds* for a colouring
 * when every two terminals next to one set of S's cells joined inside S
 * are linked.  All of S z's holds by definition.
 *
 * Why a colouring that holds is as good for z as all of S z's: take any
 * filling of the rest of the board, and a chain of z between z's edges
 * with S all z's.  Cut it where it enters and leaves S: each piece
 * inside S runs between two terminals of z's colour next to one joined
 * set of S.  They are linked: next to each other (skip the piece), or
 * both touching one chain of z made of cells that are z's on the board
 * (reroute through it).  So z is connected with the colouring too.
 *
 * capture_holds searches the local game: the opponent plays any empty
 * cell of S, z answers on an empty cell of S (the last cell needs no
 * answer); z wins when S holds with the empty cells read as the
 * opponent's (more z stones only add chains).  If z wins it, z may fill
 * S at once: whenever the loser plays into S, the winner answers there by
 * the search's strategy and otherwise plays the filled board's strategy;
 * at the end S holds, so the winner's chain of the filled board survives
 * (fact 3).  Every state of S is searched once (a table of 3^|S|). */

#define CAPTURE_CELLS 10

typedef struct capture {
    board_t *b;                 /* S's cells carry the colouring searched */
    int z;
    int n, cell[CAPTURE_CELLS];
    int nterm, term[CAPTURE_CELLS * 6];
    int npairs, pa[CAPTURE_CELLS * CAPTURE_CELLS * 18], pb[CAPTURE_CELLS * CAPTURE_CELLS * 18];
    int pow3[CAPTURE_CELLS + 1];
    uint8_t *table;             /* by state: 0 unknown, 1 z wins, 2 not */
} capture_t;

/* The cells and edges next to id (a cell or an edge). */
static int
id_neighbours(const board_t *b, int id, int *out)
{
    int n = 0;
    if (is_edge(id)) {
        for (int i = 0; i < b->w * b->h; i++)
            if (board_on_edge(b, i, id))
                out[n++] = i;
        return n;
    }
    n = board_neighbours(b, id, out);
    for (int e = EDGE_N; e <= EDGE_E; e++)
        if (board_on_edge(b, id, e))
            out[n++] = e;
    return n;
}

static bool
id_adjacent(const board_t *b, int x, int y)
{
    if (is_edge(x) && is_edge(y))
        return false;
    if (is_edge(x))
        return board_on_edge(b, y, x);
    if (is_edge(y))
        return board_on_edge(b, x, y);
    int nb[6], k = board_neighbours(b, x, nb);
    for (int i = 0; i < k; i++)
        if (nb[i] == y)
            return true;
    return false;
}

static bool
id_is(const board_t *b, int id, int col)
{
    return is_edge(id) ? edge_owner(id) == col : b->cell[id] == col;
}

/* The chains of z on b: chain[id] is a name shared by the cells and
 * edges of one chain of z's (its stones and edges joined by adjacency),
 * -1 for anything else. */
static void
board_chains(const board_t *b, int z, int *chain)
{
    int stack[MAX_CELLS + 4], nb[MAX_SIZE + 6];
    for (int i = 0; i < MAX_CELLS + 4; i++)
        chain[i] = -1;
    int ids = b->w * b->h;
    for (int s = 0; s < ids + 4; s++) {
        int id = s < ids ? s : EDGE_N + (s - ids);
        if (chain[id] >= 0 || !id_is(b, id, z))
            continue;
        int sp = 0;
        chain[id] = id;
        stack[sp++] = id;
        while (sp > 0) {
            int x = stack[--sp], k = id_neighbours(b, x, nb);
            for (int j = 0; j < k; j++)
                if (chain[nb[j]] < 0 && id_is(b, nb[j], z)) {
                    chain[nb[j]] = id;
                    stack[sp++] = nb[j];
                }
        }
    }
}

/* The chains t (z's or empty) touches: its own, or those of its
 * neighbours. */
static int
chains_touched(const board_t *b, int t, int z, const int *chain, int *out)
{
    if (id_is(b, t, z)) {
        out[0] = chain[t];
        return 1;
    }
    int nb[MAX_SIZE + 6], k = id_neighbours(b, t, nb), n = 0;
    for (int j = 0; j < k; j++)
        if (chain[nb[j]] >= 0)
            out[n++] = chain[nb[j]];
    return n;
}

/* Whether t1 and t2 (each z's or empty) are linked for z on b: next to
 * each other, or both touching one chain of z's. */
static bool
linked(const board_t *b, int t1, int t2, int z, const int *chain)
{
    if (id_adjacent(b, t1, t2))
        return true;
    int a[MAX_SIZE + 6], c[MAX_SIZE + 6];
    int na = chains_touched(b, t1, z, chain, a), nc = chains_touched(b, t2, z, chain, c);
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nc; j++)
            if (a[i] == c[j])
                return true;
    return false;
}

/* Whether S holds with the colouring on cap->b (empty read as the
 * opponent's). */
static bool
capture_colouring_holds(const capture_t *cap)
{
    int chain[MAX_CELLS + 4];
    board_chains(cap->b, cap->z, chain);
    for (int p = 0; p < cap->npairs; p++)
        if (!linked(cap->b, cap->term[cap->pa[p]], cap->term[cap->pb[p]], cap->z, chain))
            return false;
    return true;
}

/* The local game, the opponent to move in S: whether z wins it. */
static bool
capture_game(capture_t *cap, int state)
{
    if (cap->table[state])
        return cap->table[state] == 1;
    board_t *b = cap->b;
    int opp = other(cap->z);
    bool win = capture_colouring_holds(cap);
    if (!win) {
        int empties = 0;
        for (int i = 0; i < cap->n; i++)
            empties += b->cell[cap->cell[i]] == EMPTY;
        win = empties > 0;
        for (int i = 0; i < cap->n && win; i++) {
            int x = cap->cell[i];
            if (b->cell[x] != EMPTY)
                continue;
            b->cell[x] = (uint8_t)opp;
            bool answered = false;
            if (empties == 1)
                answered = capture_colouring_holds(cap);
            for (int j = 0; j < cap->n && !answered && empties > 1; j++) {
                int y = cap->cell[j];
                if (b->cell[y] != EMPTY)
                    continue;
                b->cell[y] = (uint8_t)cap->z;
                answered = capture_game(cap, state + 2 * cap->pow3[i] + cap->pow3[j]);
                b->cell[y] = EMPTY;
            }
            b->cell[x] = EMPTY;
            win = answered;
        }
    }
    cap->table[state] = win ? 1 : 2;
    return win;
}

/* Whether the n empty cells of b in cells are captured by z (n at most
 * CAPTURE_CELLS).  b is restored before returning. */
static bool
capture_holds(cert_t *c, board_t *b, const int *cells, int n, int z)
{
    capture_t *cap = calloc(1, sizeof *cap);
    if (!cap)
        return fail(c, "out of memory");
    cap->b = b;
    cap->z = z;
    cap->n = n;
    memcpy(cap->cell, cells, sizeof(int) * (size_t)n);
    cap->pow3[0] = 1;
    for (int i = 0; i < n; i++)
        cap->pow3[i + 1] = 3 * cap->pow3[i];
    /* S's cells joined inside S: set[i] names each one's set */
    int set[CAPTURE_CELLS];
    for (int i = 0; i < n; i++)
        set[i] = i;
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                if (set[j] < set[i] && id_adjacent(b, cells[i], cells[j])) {
                    set[i] = set[j];
                    changed = true;
                }
    }
    /* the terminals and, for each, which of S's sets it is next to */
    uint16_t next_to[CAPTURE_CELLS * 6];
    int nb[MAX_SIZE + 6];
    for (int i = 0; i < n; i++) {
        int k = id_neighbours(b, cells[i], nb);
        for (int j = 0; j < k; j++) {
            int t = nb[j];
            bool in_s = false;
            for (int m = 0; m < n; m++)
                in_s |= cells[m] == t;
            if (in_s || id_is(b, t, other(z)))
                continue;
            int at = -1;
            for (int m = 0; m < cap->nterm; m++)
                if (cap->term[m] == t)
                    at = m;
            if (at < 0) {
                at = cap->nterm++;
                cap->term[at] = t;
                next_to[at] = 0;
            }
            next_to[at] |= (uint16_t)(1u << set[i]);
        }
    }
    for (int i = 0; i < cap->nterm; i++)
        for (int j = i + 1; j < cap->nterm; j++)
            if ((next_to[i] & next_to[j]) && !id_adjacent(b, cap->term[i], cap->term[j])) {
                cap->pa[cap->npairs] = i;
                cap->pb[cap->npairs++] = j;
            }
    bool ok = false;
    cap->table = calloc((size_t)cap->pow3[n], 1);
    if (!cap->table)
        fail(c, "out of memory");
    else
        ok = capture_game(cap, 0);
    free(cap->table);
    free(cap);
    return ok;
}

/* ---- killed replies ('l' nodes, format 3) ---------------------------- */

/* Whether the empty cell v of b is dead: its colour never changes who
 * wins a filling of the board.  The rule (the neighbourhood clique): for
 * some colour z, every two of v's neighbours (cells and edges) that are
 * not the opponent's are linked for z (linked above) without v.  Then a
 * chain of z through v enters it from one such neighbour and leaves it to
 * another, both z's on the filled board, and they are next to each other
 * or joined by a chain of z's that avoids v: the chain is rerouted, and
 * z's connection (so the winner, as exactly one side connects on a full
 * board) does not depend on v.  The same holds on any board with more
 * stones, whose fillings are fillings of b. */
static bool
dead_cell(const board_t *b, int v)
{
    int nb[MAX_SIZE + 6], k = id_neighbours(b, v, nb);
    for (int z = BLACK; z <= WHITE; z++) {
        int chain[MAX_CELLS + 4], t[6], n = 0;
        board_chains(b, z, chain);
        for (int j = 0; j < k; j++)
            if (!id_is(b, nb[j], other(z)))
                t[n++] = nb[j];
        bool all = true;
        for (int i = 0; i < n && all; i++)
            for (int j = i + 1; j < n && all; j++)
                all = linked(b, t[i], t[j], z, chain);
        if (all)
            return true;
    }
    return false;
}

/* Check game node k on b with to_move to move. */
static bool
check_game(cert_t *c, board_t *b, int k, int to_move)
{
    node_t *nd = &c->nodes[k];
    int n = b->w * b->h, win = c->winner, lose = other(win);
    char name[16];
    if (nd->done) {
        /* a transposition: the same node must stand for the same position */
        if (memcmp(nd->seen_cells, b->cell, (size_t)n) || nd->seen_cells[n] != to_move)
            return fail(c, "line %d: node %d is reached with two different positions",
                        nd->line, k);
        return true;
    }
    c->checked++;
    if (board_won(b, lose))
        return fail(c, "line %d: the loser has won here", nd->line);
    switch (nd->type) {
    case 'w':
        if (!board_won(b, win))
            return fail(c, "line %d: a won leaf where the winner is not connected", nd->line);
        break;
    case 'm': {
        int x = nd->args[0];
        if (to_move != win)
            return fail(c, "line %d: a winner's move where the loser is to move", nd->line);
        if (b->cell[x] != EMPTY) {
            cell_name(b, x, name, sizeof name);
            return fail(c, "line %d: the winner's move %s is on a stone", nd->line, name);
        }
        b->cell[x] = (uint8_t)win;
        c->path[c->pathlen++] = x;
        bool ok = check_game(c, b, nd->args[1], lose);
        c->pathlen--;
        b->cell[x] = EMPTY;
        if (!ok)
            return false;
        break;
    }
    case 'v': {
        cellset_t carrier;
        if (to_move != lose)
            return fail(c, "line %d: a connection leaf where the winner is to move", nd->line);
        int e1 = win == BLACK ? EDGE_N : EDGE_W, e2 = win == BLACK ? EDGE_S : EDGE_E;
        if (!check_conn(c, b, nd->args[0], e1, e2, win, &carrier))
            return false;
        break;
    }
    case 'x':
    case 'k': {
        /* fill: the loser's stones (fact 3, monotonicity), or a set the
         * winner captures (fact 3, capture_holds) */
        int col = nd->type == 'x' ? lose : win, nf = nd->nargs - 1;
        for (int i = 0; i < nf; i++) {
            int x = nd->args[i];
            if (b->cell[x] != EMPTY) {
                cell_name(b, x, name, sizeof name);
                for (int j = 0; j < i; j++)
                    b->cell[nd->args[j]] = EMPTY;
                return fail(c, "line %d: the filled cell %s is not empty", nd->line, name);
            }
            b->cell[x] = (uint8_t)col;  /* marks it: a repeat is on a stone */
        }
        for (int i = 0; i < nf; i++)
            b->cell[nd->args[i]] = EMPTY;
        if (nd->type == 'k') {
            if (nf > CAPTURE_CELLS)
                return fail(c, "line %d: a captured set of %d cells (at most %d)", nd->line,
                            nf, CAPTURE_CELLS);
            if (!capture_holds(c, b, nd->args, nf, win))
                return fail(c, "line %d: the cells are not captured by the winner", nd->line);
        }
        for (int i = 0; i < nf; i++)
            b->cell[nd->args[i]] = (uint8_t)col;
        bool ok = check_game(c, b, nd->args[nf], to_move);
        for (int i = 0; i < nf; i++)
            b->cell[nd->args[i]] = EMPTY;
        if (!ok)
            return false;
        break;
    }
    case 'l': {
        if (to_move != lose)
            return fail(c, "line %d: the loser's replies where the winner is to move", nd->line);
        int e1 = win == BLACK ? EDGE_N : EDGE_W, e2 = win == BLACK ? EDGE_S : EDGE_E;
        cellset_t covered, carrier;
        memset(&covered, 0, sizeof covered);
        for (int i = 0; i < nd->ncover; i++) {
            int key = nd->args[2 * i];
            if (b->cell[key] != EMPTY) {
                cell_name(b, key, name, sizeof name);
                return fail(c, "line %d: the cover's key %s is on a stone", nd->line, name);
            }
            b->cell[key] = (uint8_t)win;
            c->path[c->pathlen++] = key;
            bool ok = check_conn(c, b, nd->args[2 * i + 1], e1, e2, win, &carrier);
            c->pathlen--;
            b->cell[key] = EMPTY;
            if (!ok)
                return false;
            /* a reply outside the carrier, not the key, is answered by the
             * key: the loser's stone is outside the carrier (fact 2) */
            for (int j = 0; j < n; j++)
                if (b->cell[j] == EMPTY && j != key && !carrier.in[j])
                    covered.in[j] = 1;
        }
        uint8_t listed[MAX_CELLS] = { 0 };
        for (int i = 2 * nd->ncover; i < nd->nargs - 2 * nd->nkill; i += 2) {
            int x = nd->args[i];
            cell_name(b, x, name, sizeof name);
            if (b->cell[x] != EMPTY)
                return fail(c, "line %d: the loser's reply %s is on a stone", nd->line, name);
            if (listed[x])
                return fail(c, "line %d: the loser's reply %s is listed twice", nd->line, name);
            listed[x] = 1;
            b->cell[x] = (uint8_t)lose;
            c->path[c->pathlen++] = x;
            bool ok = check_game(c, b, nd->args[i + 1], win);
            c->pathlen--;
            b->cell[x] = EMPTY;
            if (!ok)
                return false;
        }
        /* killed replies: each dead once W holds its killer, so by the
         * inferior-cell argument (the header) L's winning move, if any,
         * is among the others */
        for (int i = nd->nargs - 2 * nd->nkill; i < nd->nargs; i += 2) {
            int v = nd->args[i], kl = nd->args[i + 1];
            cell_name(b, v, name, sizeof name);
            if (b->cell[v] != EMPTY)
                return fail(c, "line %d: the loser's reply %s is on a stone", nd->line, name);
            if (listed[v])
                return fail(c, "line %d: the loser's reply %s is listed twice", nd->line, name);
            if (kl == v || b->cell[kl] != EMPTY)
                return fail(c, "line %d: the killer of %s is not another empty cell", nd->line,
                            name);
            b->cell[kl] = (uint8_t)win;
            bool dead = dead_cell(b, v);
            b->cell[kl] = EMPTY;
            if (!dead)
                return fail(c, "line %d: the loser's reply %s is not dead once the winner "
                            "holds its killer", nd->line, name);
            listed[v] = 1;
        }
        for (int j = 0; j < n; j++)
            if (b->cell[j] == EMPTY && !covered.in[j] && !listed[j]) {
                cell_name(b, j, name, sizeof name);
                return fail(c, "line %d: the loser's reply %s is not answered", nd->line, name);
            }
        break;
    }
    default:
        return fail(c, "line %d: node %d is not a game node", nd->line, k);
    }
    nd->done = true;
    nd->seen_cells = malloc((size_t)n + 1);
    if (!nd->seen_cells)
        return fail(c, "out of memory");
    memcpy(nd->seen_cells, b->cell, (size_t)n);
    nd->seen_cells[n] = (uint8_t)to_move;
    return true;
}

/* ---- the program ----------------------------------------------------- */

static void
usage(FILE *f)
{
    fprintf(f, "Usage: hein-verify [OPTION]... FILE\n"
            "Check a hein proof certificate (doc/certificate.md) with the rules of Hex\n"
            "alone, sharing no code with hein's solver.  Prints the claim, the nodes\n"
            "checked, the time, and 'verified' or 'rejected: REASON (node path: ...)'.\n"
            "\n"
            "  -q, --quiet     print only the verdict line\n"
            "  --max-work N    reject a certificate whose check takes more than N steps\n"
            "                  (default: 4 times the connection nodes' fields + 1000000)\n"
            "  -h, --help      show this help and exit\n"
            "  -V, --version   show the version and exit\n"
            "\n"
            "Exit status: 0 verified, 1 rejected (or unreadable), 2 usage error.\n");
}

static double
now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int
main(int argc, char **argv)
{
    const char *file = NULL;
    bool quiet = false;
    unsigned long long max_work = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            return 0;
        }
        if (!strcmp(a, "-V") || !strcmp(a, "--version")) {
            printf("hein-verify (hein) %s\n", PACKAGE_VERSION);
            return 0;
        }
        if (!strcmp(a, "-q") || !strcmp(a, "--quiet")) {
            quiet = true;
            continue;
        }
        if (!strcmp(a, "--max-work")) {
            char *end;
            errno = 0;
            if (i + 1 >= argc || argv[i + 1][0] < '0' || argv[i + 1][0] > '9'
                || (max_work = strtoull(argv[i + 1], &end, 10), *end) || errno) {
                fprintf(stderr, "hein-verify: --max-work takes a number of steps\n");
                usage(stderr);
                return 2;
            }
            i++;
            continue;
        }
        if (a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "hein-verify: unknown option '%s'\n", a);
            usage(stderr);
            return 2;
        }
        if (file) {
            fprintf(stderr, "hein-verify: one FILE only\n");
            usage(stderr);
            return 2;
        }
        file = a;
    }
    if (!file) {
        usage(stderr);
        return 2;
    }
    FILE *f = !strcmp(file, "-") ? stdin : fopen(file, "r");
    if (!f) {
        printf("rejected: cannot read %s: %s\n", file, strerror(errno));
        return 1;
    }
    double t0 = now_seconds();
    cert_t *c = calloc(1, sizeof *c);
    if (!c) {
        fprintf(stderr, "hein-verify: out of memory\n");
        return 2;
    }
    char err[512];
    bool ok = cert_read(c, f, err, sizeof err);
    if (f != stdin)
        fclose(f);
    if (!ok) {
        printf("rejected: %s\n", err);
        cert_free(c);
        free(c);
        return 1;
    }
    board_t b = c->root;
    c->memo.bytes = (b.w * b.h + 7) / 8;
    if (max_work)
        c->max_work = max_work;
    if (!quiet) {
        int n = b.w * b.h, stones = 0;
        for (int i = 0; i < n; i++)
            stones += b.cell[i] != EMPTY;
        printf("claim: %s wins on %dx%d, %s to move, %d stones (no swap)\n",
               c->winner == BLACK ? "black" : "white", b.w, b.h,
               c->to_move == BLACK ? "black" : "white", stones);
        for (int r = 0; r < b.h; r++) {
            printf("%*s", r, "");
            for (int col = 0; col < b.w; col++)
                printf(" %c", ".bw"[b.cell[r * b.w + col]]);
            printf("\n");
        }
    }
    ok = check_game(c, &b, c->nnodes - 1, c->to_move);
    double secs = now_seconds() - t0;
    if (!quiet)
        printf("checked %ld game nodes and %ld connection nodes of %d in %.3f s (%ld shared "
               "checks reused, %llu of %llu steps)\n", c->checked, c->strategies, c->nnodes, secs,
               c->hits, (unsigned long long)c->work, (unsigned long long)c->max_work);
    if (ok)
        printf("verified\n");
    else
        printf("rejected: %s\n", c->why);
    cert_free(c);
    free(c);
    return ok ? 0 : 1;
}
