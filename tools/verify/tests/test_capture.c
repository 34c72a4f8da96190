/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test_capture: hein-verify's fill-in facts (fact 3 of verify.c's header)
 * proved by exhaustive minimax on small boards.
 *
 * verify.c is included whole (its main renamed), so the test reaches its
 * static board, board_won and capture_holds.  On many random positions of
 * boards from 1x2 to 4x4 (at most MAX_EMPTY empty cells, neither side
 * connected) it picks sets S of 1 to 4 empty cells -- random ones, ones
 * of adjacent cells, ones grown from a cell next to a stone or an edge --
 * and asks capture_holds whether S is captured by z, for both colours z.
 * Where it answers yes, the exact winner of the position and of the
 * position with S filled with z's stones must be the same, with either
 * side to move ('k' nodes).  And for random sets X of empty cells and
 * either colour z: where z wins with X filled with the other colour's
 * stones, z wins without them too, with the same side to move ('x'
 * nodes).  And every empty cell that dead_cell calls dead (the rule of
 * killed replies) must give the same winner whichever colour fills it,
 * either side to move.  The winners come from this file's own solver: minimax over
 * every move, memoised, with verify.c's board_won as the only rule.
 *
 * Each claim must be exercised often (MIN_HELD times at least), so the
 * test cannot pass by finding nothing to check.  The random numbers come
 * from a fixed seed: every run checks the same positions.  Exit status 0
 * when every check passes, 1 at the first violation (the board, S, z, the
 * side to move and both winners are printed). */
int hein_verify_main(int argc, char **argv);
#define main hein_verify_main
#include "../verify.c"
#undef main

#define MAX_EMPTY 11            /* empty cells of a position, at most */
#define MAX_TEST_CELLS 24       /* the masks of the solver's keys */
#define POSITIONS 6000          /* random positions */
#define SETS_PER_POSITION 12    /* sets S tried on each, each for both colours */
#define FILLS_PER_POSITION 4    /* sets X tried on each, each for both colours */
#define MIN_HELD 200            /* each claim must be checked this often */

/* ---- random numbers (xorshift64*: the same on every machine) --------- */

static uint64_t
rng_next(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 0x2545F4914F6CDD1DULL;
}

static int
rng_below(uint64_t *s, int n)
{
    return (int)(rng_next(s) % (uint64_t)n);
}

/* ---- the exact winner ------------------------------------------------ */

/* The memo of solved positions: an open-addressing table of keys
 * (the board's size, Black's and White's stones as masks, the side to
 * move) with the winner in the top bits.  Kept across positions (the key
 * is the whole position) and emptied when half full. */
#define MEMO_BITS 22
#define MEMO_SLOTS (1u << MEMO_BITS)
#define MEMO_USED (1ULL << 63)
#define MEMO_BLACK_WINS (1ULL << 62)

typedef struct solver {
    uint64_t *slot;
    size_t used;
    long nodes;
} solver_t;

static uint64_t
position_key(const board_t *b, int to_move)
{
    uint64_t black = 0, white = 0;
    for (int i = 0; i < b->w * b->h; i++) {
        black |= (uint64_t)(b->cell[i] == BLACK) << i;
        white |= (uint64_t)(b->cell[i] == WHITE) << i;
    }
    return black | white << MAX_TEST_CELLS | (uint64_t)(to_move == BLACK) << 48
        | (uint64_t)b->w << 49 | (uint64_t)b->h << 54;
}

static size_t
key_slot(uint64_t key)
{
    return (size_t)((key * 0x9E3779B97F4A7C15ULL) >> (64 - MEMO_BITS));
}

/* The winner of b (neither side connected) with to_move to move. */
static int
solve(solver_t *s, board_t *b, int to_move)
{
    uint64_t key = position_key(b, to_move);
    size_t at = key_slot(key);
    for (; s->slot[at] & MEMO_USED; at = (at + 1) & (MEMO_SLOTS - 1))
        if ((s->slot[at] & ~(MEMO_USED | MEMO_BLACK_WINS)) == key)
            return s->slot[at] & MEMO_BLACK_WINS ? BLACK : WHITE;
    s->nodes++;
    int n = b->w * b->h, opp = other(to_move), winner = opp, empties = 0;
    for (int i = 0; i < n && winner != to_move; i++) {
        if (b->cell[i] != EMPTY)
            continue;
        empties++;
        b->cell[i] = (uint8_t)to_move;
        if (board_won(b, to_move) || solve(s, b, opp) == to_move)
            winner = to_move;
        b->cell[i] = EMPTY;
    }
    if (empties == 0) {
        fprintf(stderr, "test_capture: a full board that neither side has won\n");
        exit(2);
    }
    if (s->used * 2 >= MEMO_SLOTS) {
        memset(s->slot, 0, sizeof(uint64_t) * MEMO_SLOTS);
        s->used = 0;
        at = key_slot(key);
    }
    while (s->slot[at] & MEMO_USED)
        at = (at + 1) & (MEMO_SLOTS - 1);
    s->slot[at] = key | MEMO_USED | (winner == BLACK ? MEMO_BLACK_WINS : 0);
    s->used++;
    return winner;
}

/* The winner of any position b with to_move to move. */
static int
winner_of(solver_t *s, board_t *b, int to_move)
{
    if (board_won(b, BLACK))
        return BLACK;
    if (board_won(b, WHITE))
        return WHITE;
    return solve(s, b, to_move);
}

/* ---- reports --------------------------------------------------------- */

static const char *
colour_name(int col)
{
    return col == BLACK ? "black" : col == WHITE ? "white" : "empty";
}

static void
print_board(const board_t *b)
{
    fprintf(stderr, "  %dx%d board:\n", b->w, b->h);
    for (int r = 0; r < b->h; r++) {
        fprintf(stderr, "  %*s", r, "");
        for (int c = 0; c < b->w; c++)
            fprintf(stderr, " %c", ".bw"[b->cell[r * b->w + c]]);
        fprintf(stderr, "\n");
    }
}

static void
print_cells(const board_t *b, const char *what, const int *cells, int n)
{
    fprintf(stderr, "  %s:", what);
    for (int i = 0; i < n; i++) {
        char nm[16];
        cell_name(b, cells[i], nm, sizeof nm);
        fprintf(stderr, " %s", nm);
    }
    fprintf(stderr, "\n");
}

/* ---- the solver's own check ------------------------------------------ */

/* Empty boards whose winner is known: on a square board the side to move
 * wins; on a W x H board with W < H (White's edges nearer) White wins
 * whoever moves, with W > H Black does; a 1-wide board is White's at its
 * first stone, a 1-high one Black's. */
static bool
solver_sane(solver_t *s)
{
    static const struct { int w, h, black_to_move, white_to_move; } known[] = {
        { 1, 1, BLACK, WHITE }, { 2, 2, BLACK, WHITE }, { 3, 3, BLACK, WHITE },
        { 2, 3, WHITE, WHITE }, { 3, 2, BLACK, BLACK }, { 3, 4, WHITE, WHITE },
        { 4, 3, BLACK, BLACK }, { 1, 5, WHITE, WHITE }, { 5, 1, BLACK, BLACK },
    };
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        board_t b;
        memset(&b, 0, sizeof b);
        b.w = known[i].w;
        b.h = known[i].h;
        int wb = winner_of(s, &b, BLACK), ww = winner_of(s, &b, WHITE);
        if (wb != known[i].black_to_move || ww != known[i].white_to_move) {
            fprintf(stderr, "FAIL: the solver says the empty %dx%d board is won by %s with "
                    "black to move and by %s with white to move (expected %s and %s)\n",
                    b.w, b.h, colour_name(wb), colour_name(ww),
                    colour_name(known[i].black_to_move), colour_name(known[i].white_to_move));
            return false;
        }
    }
    return true;
}

/* ---- positions and sets ---------------------------------------------- */

static const struct { int w, h, weight; } sizes[] = {
    { 2, 2, 2 }, { 2, 3, 2 }, { 3, 2, 2 }, { 3, 3, 4 }, { 3, 4, 4 }, { 4, 3, 4 },
    { 4, 4, 6 }, { 1, 3, 1 }, { 1, 5, 1 }, { 3, 1, 1 }, { 5, 1, 1 },
};

/* A random position: a board size, at most MAX_EMPTY empty cells, stones
 * of random colours elsewhere, neither side connected. */
static void
random_position(uint64_t *rng, board_t *b)
{
    int total = 0;
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        total += sizes[i].weight;
    int pick = rng_below(rng, total);
    size_t k = 0;
    while (pick >= sizes[k].weight)
        pick -= sizes[k++].weight;
    for (;;) {
        memset(b, 0, sizeof *b);
        b->w = sizes[k].w;
        b->h = sizes[k].h;
        int n = b->w * b->h;
        int lo = n > MAX_EMPTY ? n - MAX_EMPTY : 0;
        int stones = lo + rng_below(rng, n - lo);  /* at least one empty cell */
        for (int placed = 0; placed < stones;) {
            int x = rng_below(rng, n);
            if (b->cell[x] == EMPTY) {
                b->cell[x] = (uint8_t)(rng_below(rng, 2) ? BLACK : WHITE);
                placed++;
            }
        }
        if (!board_won(b, BLACK) && !board_won(b, WHITE))
            return;
    }
}

static bool
in_set(const int *cells, int n, int x)
{
    for (int i = 0; i < n; i++)
        if (cells[i] == x)
            return true;
    return false;
}

/* Whether empty cell x touches a stone or an edge. */
static bool
near_stone_or_edge(const board_t *b, int x)
{
    int nb[6], k = board_neighbours(b, x, nb);
    if (k < 6)
        return true;
    for (int i = 0; i < k; i++)
        if (b->cell[nb[i]] != EMPTY)
            return true;
    return false;
}

/* A set of up to want empty cells of b into cells; returns its size.
 * kind 0: any empty cells; 1: grown from a random empty cell through
 * empty neighbours; 2: grown the same way from an empty cell next to a
 * stone or an edge. */
static int
random_set(uint64_t *rng, const board_t *b, int kind, int want, int *cells)
{
    int n = b->w * b->h, empty[MAX_CELLS], ne = 0;
    for (int i = 0; i < n; i++)
        if (b->cell[i] == EMPTY && (kind != 2 || near_stone_or_edge(b, i)))
            empty[ne++] = i;
    if (ne == 0)
        return 0;
    int got = 0;
    if (kind == 0) {
        while (got < want && got < ne) {
            int x = empty[rng_below(rng, ne)];
            if (!in_set(cells, got, x))
                cells[got++] = x;
        }
        return got;
    }
    cells[got++] = empty[rng_below(rng, ne)];
    while (got < want) {
        int grow[MAX_CELLS], ng = 0;
        for (int i = 0; i < got; i++) {
            int nb[6], k = board_neighbours(b, cells[i], nb);
            for (int j = 0; j < k; j++)
                if (b->cell[nb[j]] == EMPTY && !in_set(cells, got, nb[j])
                    && !in_set(grow, ng, nb[j]))
                    grow[ng++] = nb[j];
        }
        if (ng == 0)
            break;
        cells[got++] = grow[rng_below(rng, ng)];
    }
    return got;
}

static void
fill(board_t *b, const int *cells, int n, int col)
{
    for (int i = 0; i < n; i++)
        b->cell[cells[i]] = (uint8_t)col;
}

/* ---- the checks ------------------------------------------------------ */

typedef struct tally {
    long captured, captured_multi, captured_loser, refused, refused_same;
    long fills, fills_held;
    long dead, dead_refused;
} tally_t;

/* 'k': S captured by z (capture_holds) keeps the winner, either side to
 * move.  win[] holds b's winners by the side to move. */
static bool
check_capture(solver_t *s, tally_t *t, board_t *b, const int win[3], const int *set, int n,
              int z)
{
    cert_t *c = calloc(1, sizeof *c);
    if (!c) {
        fprintf(stderr, "test_capture: out of memory\n");
        exit(2);
    }
    board_t before = *b;
    bool held = capture_holds(c, b, set, n, z);
    if (c->why[0]) {
        fprintf(stderr, "FAIL: capture_holds failed: %s\n", c->why);
        free(c);
        return false;
    }
    free(c);
    if (memcmp(&before, b, sizeof before)) {
        fprintf(stderr, "FAIL: capture_holds did not restore the board\n");
        print_board(&before);
        print_cells(&before, "S", set, n);
        return false;
    }
    board_t filled = *b;
    fill(&filled, set, n, z);
    if (!held) {
        /* how often a set that keeps the winner is refused: the check's
         * caution, told, not asserted */
        t->refused++;
        bool same = true;
        for (int m = BLACK; m <= WHITE; m++)
            same &= winner_of(s, &filled, m) == win[m];
        t->refused_same += same;
        return true;
    }
    t->captured++;
    t->captured_multi += n > 1;
    t->captured_loser += win[BLACK] != z || win[WHITE] != z;
    for (int m = BLACK; m <= WHITE; m++) {
        int wf = winner_of(s, &filled, m);
        if (wf != win[m]) {
            fprintf(stderr, "FAIL: capture_holds says S is captured by %s, but the winner "
                    "changes when S is filled\n", colour_name(z));
            print_board(b);
            print_cells(b, "S", set, n);
            fprintf(stderr, "  z: %s\n  to move: %s\n  winner of the board: %s\n"
                    "  winner with S filled with %s's stones: %s\n", colour_name(z),
                    colour_name(m), colour_name(win[m]), colour_name(z), colour_name(wf));
            return false;
        }
    }
    return true;
}

/* 'x': z winning with X filled with the other colour's stones wins
 * without them, the same side to move. */
static bool
check_fill(solver_t *s, tally_t *t, board_t *b, const int win[3], const int *set, int n, int z)
{
    board_t filled = *b;
    fill(&filled, set, n, other(z));
    for (int m = BLACK; m <= WHITE; m++) {
        t->fills++;
        int wf = winner_of(s, &filled, m);
        if (wf != z)
            continue;
        t->fills_held++;
        if (win[m] != z) {
            fprintf(stderr, "FAIL: %s wins with X filled with %s's stones but not without "
                    "them\n", colour_name(z), colour_name(other(z)));
            print_board(b);
            print_cells(b, "X", set, n);
            fprintf(stderr, "  z: %s\n  to move: %s\n  winner of the board: %s\n"
                    "  winner with X filled: %s\n", colour_name(z), colour_name(m),
                    colour_name(win[m]), colour_name(wf));
            return false;
        }
    }
    return true;
}

/* Killed replies: a cell dead_cell calls dead gives the same winner
 * whichever colour fills it, either side to move. */
static bool
check_dead(solver_t *s, tally_t *t, board_t *b, int v)
{
    board_t before = *b;
    bool dead = dead_cell(b, v);
    if (memcmp(&before, b, sizeof before)) {
        fprintf(stderr, "FAIL: dead_cell changed the board\n");
        return false;
    }
    if (!dead) {
        t->dead_refused++;
        return true;
    }
    t->dead++;
    board_t wb = *b, bb = *b;
    wb.cell[v] = WHITE;
    bb.cell[v] = BLACK;
    for (int m = BLACK; m <= WHITE; m++) {
        int w1 = winner_of(s, &bb, m), w2 = winner_of(s, &wb, m);
        if (w1 != w2) {
            fprintf(stderr, "FAIL: dead_cell says the cell is dead, but its colour changes "
                    "the winner\n");
            print_board(b);
            print_cells(b, "cell", &v, 1);
            fprintf(stderr, "  to move: %s\n  winner with it black: %s\n  with it white: "
                    "%s\n", colour_name(m), colour_name(w1), colour_name(w2));
            return false;
        }
    }
    return true;
}

int
main(void)
{
    solver_t s = { 0 };
    s.slot = calloc(MEMO_SLOTS, sizeof *s.slot);
    if (!s.slot) {
        fprintf(stderr, "test_capture: out of memory\n");
        return 2;
    }
    double t0 = now_seconds();
    if (!solver_sane(&s))
        return 1;
    uint64_t rng = 0x9E3779B97F4A7C15ULL;
    tally_t t = { 0 };
    long positions = 0;
    for (int p = 0; p < POSITIONS; p++) {
        board_t b;
        random_position(&rng, &b);
        positions++;
        int win[3] = { EMPTY, winner_of(&s, &b, BLACK), winner_of(&s, &b, WHITE) };
        for (int k = 0; k < SETS_PER_POSITION; k++) {
            int set[4], n = random_set(&rng, &b, k % 3, 1 + rng_below(&rng, 4), set);
            for (int z = BLACK; n > 0 && z <= WHITE; z++)
                if (!check_capture(&s, &t, &b, win, set, n, z))
                    return 1;
        }
        for (int v = 0; v < b.w * b.h; v++)
            if (b.cell[v] == EMPTY && !check_dead(&s, &t, &b, v))
                return 1;
        for (int k = 0; k < FILLS_PER_POSITION; k++) {
            int set[4], n = random_set(&rng, &b, 0, 1 + rng_below(&rng, 3), set);
            for (int z = BLACK; n > 0 && z <= WHITE; z++)
                if (!check_fill(&s, &t, &b, win, set, n, z))
                    return 1;
        }
    }
    printf("test_capture: %ld positions, %ld solver nodes, %.1f s\n", positions, s.nodes,
           now_seconds() - t0);
    printf("  'k': %ld sets captured, the winner kept (%ld of more than one cell, %ld where "
           "the captor loses with some side to move); %ld refused (%ld of those would keep "
           "the winner too)\n", t.captured, t.captured_multi, t.captured_loser, t.refused,
           t.refused_same);
    printf("  'x': %ld fills, %ld where the winner wins with them (and without)\n", t.fills,
           t.fills_held);
    printf("  killed replies: %ld cells dead, the winner the same with either colour on "
           "them; %ld not found dead\n", t.dead, t.dead_refused);
    free(s.slot);
    if (t.captured < MIN_HELD || t.captured_multi < MIN_HELD || t.captured_loser < MIN_HELD
        || t.refused < MIN_HELD || t.fills_held < MIN_HELD || t.dead < MIN_HELD
        || t.dead_refused < MIN_HELD) {
        fprintf(stderr, "FAIL: too few cases to be a test: %ld captured (%ld of several cells, "
                "%ld by a loser), %ld refused, %ld fills held (each must be %d at least)\n",
                t.captured, t.captured_multi, t.captured_loser, t.refused, t.fills_held,
                MIN_HELD);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
