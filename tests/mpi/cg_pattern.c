/* cg_pattern.c - the communication pattern of NPB CG (cg.f90, conj_grad)
 * without its arithmetic, for [network] contention = on (issue 21;
 * tests/mpi/run_contention.sh). Usage: cg_pattern [N [ITERS [CGIT]]] on
 * P = 2^k ranks (N doubles per row block, default 3500 = class A at 16
 * ranks; ITERS outer iterations, default 2; CGIT inner ones, default 4).
 *
 * As CG: the ranks form an nprows x npcols grid (npcols = nprows or
 * 2 nprows); comm_solve comes from MPI_Comm_split of MPI_COMM_WORLD, the
 * row and column communicators from splitting comm_solve; rank 0
 * broadcasts a flag (ranks leave the tree at different times). Every
 * exchange is MPI_Irecv, MPI_Send, MPI_Wait with one partner:
 *   - q = A.p: a sum of N-vectors across the row (partners at distance 1,
 *     2, ..., npcols/2 with tags l2npcols .. 1, CG's reduce_exch_proc(i)),
 *     on the row communicator, then the transpose exchange with exch_proc
 *     (tag 1) on comm_solve;
 *   - dot products summed across the row by hand (8 B, the same partners
 *     and tags, so a small message follows a large one on the same source,
 *     communicator and tag: the case that hung);
 *   - per outer iteration: rho, CGIT x (q = A.p, d, rho), r = A.z, its
 *     norm, the 16 B norm_temp sum, then a column sum by hand and one
 *     real MPI_Allreduce on comm_solve to check the result.
 * Values are exact small integers in doubles, so every rank checks what
 * it receives against a closed form. Rank 0 prints "cg_pattern vtime_ns
 * T" (its MPI_Wtime after a final barrier, in ns) and "ok".
 *
 * For the comparison with SMPI (docs/validation.md, "CG"), environment:
 * CG_NPB=1 runs NPB's timed loop: one untimed outer iteration, a barrier,
 * ITERS timed ones without the column sum and allreduce (NPB has none),
 * and rank 0 prints "npb_time_ns T" (the largest rank's time from its
 * barrier exit, as NPB reports); CG_P2P_BARRIER=1 makes that barrier
 * recursive doubling in point-to-point calls, CG_P2P_ALLREDUCE=1 the
 * allreduce (both as SMPI runs them on 2^k ranks); CG_STEPS=1 prints
 * "step RANK I N TAG SEND WAIT" for every exchange (its MPI_Send and
 * MPI_Wait exit times in ns), to compare the two step by step. */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int me, nprocs;

static void die(const char *what, double got, double want)
{
    fprintf(stderr, "cg_pattern: rank %d: %s = %.17g, expected %.17g\n", me, what, got, want);
    MPI_Abort(MPI_COMM_WORLD, 3);
    exit(3);
}

static void check(const char *what, double got, double want)
{
    if (got != want)
        die(what, got, want);
}

/* Irecv from `peer`, Send to it, Wait: CG's exchange. */
static int g_steps, g_nstep;
static void exchange(const double *out, double *in, int n, int peer, int tag, MPI_Comm c)
{
    MPI_Request r;
    MPI_Irecv(in, n, MPI_DOUBLE, peer, tag, c, &r);
    MPI_Send(out, n, MPI_DOUBLE, peer, tag, c);
    double ts = g_steps ? MPI_Wtime() : 0;
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    if (g_steps) /* CG_STEPS=1: each exchange's send and wait exit times */
        printf("step %d %d %d %d %lld %lld\n", me, g_nstep++, n, tag, llround(ts * 1e9),
               llround(MPI_Wtime() * 1e9));
}

/* Sum of x over the row, by hand: after step i a rank holds the sum over
 * its block of 2^i columns. */
static double row_sum(double x, int col, int l2npcols, MPI_Comm row)
{
    int div = 1 << l2npcols;
    for (int i = 1; i <= l2npcols; i++, div /= 2) {
        int j = (col + div / 2) % div + col / div * div;
        double y;
        exchange(&x, &y, 1, j, i, row);
        x += y;
    }
    return x;
}

/* The sum of me + v over this rank's row. */
static int g_npcols, g_proc_row;
static double rowsum_of(int v)
{
    return (double)g_npcols * (g_proc_row * g_npcols + (g_npcols - 1) / 2.0 + v);
}

/* q = A.p as CG exchanges it: w summed across the row (recursive halving
 * partners, tags l2npcols .. 1), then the transpose exchange (tag 1). */
static void matvec(double *w, double *q, int n, int v, int proc_row, int proc_col, int l2npcols,
                   int npcols, int exch_proc, MPI_Comm row, MPI_Comm solve)
{
    for (int j = 0; j < n; j++)
        w[j] = me + v + j;
    for (int i = l2npcols; i >= 1; i--) {
        int div = npcols >> (i - 1);   /* CG's reduce_exch_proc(i) */
        exchange(w, q, n, (proc_col + div / 2) % div + proc_col / div * div, i, row);
        for (int x = 0; x < n; x++)
            w[x] += q[x];
    }
    check("row sum w[0]", w[0], rowsum_of(v));
    check("row sum w[n-1]", w[n - 1], rowsum_of(v) + (double)npcols * (n - 1));
    (void)proc_row;
    if (l2npcols > 0)
        exchange(w, q, n, exch_proc, 1, solve);
    else
        for (int x = 0; x < n; x++)
            q[x] = w[x];
    int prow = exch_proc / npcols;
    check("transpose q[0]", q[0], (double)npcols * (prow * npcols + (npcols - 1) / 2.0 + v));
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 3500;
    int iters = argc > 2 ? atoi(argv[2]) : 2, cgit = argc > 3 ? atoi(argv[3]) : 4;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    int l2 = 0;
    while ((1 << l2) < nprocs)
        l2++;
    if ((1 << l2) != nprocs || n < 1 || iters < 1 || cgit < 1) {
        if (me == 0)
            fprintf(stderr, "cg_pattern: needs 2^k ranks (got %d) and N, ITERS, CGIT >= 1\n",
                    nprocs);
        MPI_Finalize();
        return 2;
    }
    int npcols = 1 << ((l2 + 1) / 2), nprows = nprocs / npcols, l2npcols = (l2 + 1) / 2;
    g_npcols = npcols;
    MPI_Comm solve, row, col;
    MPI_Comm_split(MPI_COMM_WORLD, 1, me, &solve);
    int proc_row = me / npcols, proc_col = me % npcols;
    g_proc_row = proc_row;
    MPI_Comm_split(solve, proc_row, proc_col, &row);
    MPI_Comm_split(solve, proc_col, proc_row, &col);
    int exch_proc = npcols == nprows
                        ? (me % nprows) * nprows + me / nprows
                        : 2 * ((me / 2 % nprows) * nprows + me / 2 / nprows) + me % 2;

    double *w = malloc(sizeof *w * (size_t)n), *q = malloc(sizeof *q * (size_t)n);
    if (!w || !q)
        die("malloc", 0, 1);
    /* CG broadcasts `timeron` first: ranks leave a tree at different times */
    int timeron = me == 0;
    MPI_Bcast(&timeron, 1, MPI_INT, 0, solve);
    if (!timeron)
        die("bcast", timeron, 1);
    int npb = getenv("CG_NPB") != NULL;
    g_steps = getenv("CG_STEPS") != NULL;
    double t0 = 0;
    for (int it = 0; it < iters + npb; it++) {
        if (npb && it == 1) {
            if (getenv("CG_P2P_BARRIER"))
                for (int step = 1; step < nprocs; step *= 2) {
                    char b = 0, c;
                    MPI_Sendrecv(&b, 1, MPI_CHAR, me ^ step, 999, &c, 1, MPI_CHAR, me ^ step, 999,
                                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                }
            else
                MPI_Barrier(MPI_COMM_WORLD);
            t0 = MPI_Wtime();
        }
        /* conj_grad: rho = r.r summed over the row, then CGIT times q = A.p
         * (row vector sum, transpose), d = p.q, rho = r.r; then r = A.z
         * (row vector sum, transpose) and its norm */
        check("rho", row_sum(me + it, proc_col, l2npcols, row), rowsum_of(it));
        for (int k = 0; k < cgit; k++) {
            int v = it + k;
            matvec(w, q, n, v, proc_row, proc_col, l2npcols, npcols, exch_proc, row, solve);
            check("d", row_sum(me + v + 1, proc_col, l2npcols, row), rowsum_of(v + 1));
            check("rho", row_sum(me + v + 2, proc_col, l2npcols, row), rowsum_of(v + 2));
        }
        matvec(w, q, n, it + cgit, proc_row, proc_col, l2npcols, npcols, exch_proc, row, solve);
        check("norm", row_sum(me + it + 3, proc_col, l2npcols, row), rowsum_of(it + 3));
        /* main loop: norm_temp1(1:2) summed over the row (16 B) */
        double two[2] = { me + it, me + it + 1 }, in[2];
        int div = npcols;
        for (int i = 1; i <= l2npcols; i++, div /= 2) {
            exchange(two, in, 2, (proc_col + div / 2) % div + proc_col / div * div, i, row);
            two[0] += in[0];
            two[1] += in[1];
        }
        check("norm_temp1", two[0], rowsum_of(it));
        check("norm_temp2", two[1], rowsum_of(it + 1));
        /* column sum by hand (recursive doubling on the column), then the
         * real collective as a check */
        if (npb)
            continue;
        double x = me + it, y;
        for (int step = 1; step < nprows; step *= 2) {
            exchange(&x, &y, 1, proc_row ^ step, 100 + step, col);
            x += y;
        }
        check("column sum", x, (double)nprows * (proc_col + it) +
                                   (double)npcols * nprows * (nprows - 1) / 2.0);
        double total;
        if (getenv("CG_P2P_ALLREDUCE")) {
            total = x;
            for (int step = 1; step < nprocs; step *= 2) {
                double in;
                MPI_Sendrecv(&total, 1, MPI_DOUBLE, me ^ step, 998, &in, 1, MPI_DOUBLE, me ^ step,
                             998, solve, MPI_STATUS_IGNORE);
                total += in;
            }
        } else
            MPI_Allreduce(&x, &total, 1, MPI_DOUBLE, MPI_SUM, solve);
        check("allreduce", total, nprows * (nprocs * (nprocs - 1) / 2.0 + (double)nprocs * it));
    }
    if (npb) {
        double d = MPI_Wtime() - t0, m;
        MPI_Reduce(&d, &m, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
        if (me == 0)
            printf("npb_time_ns %lld\n", llround(m * 1e9));
    }
    MPI_Barrier(MPI_COMM_WORLD);
    double t = MPI_Wtime();
    if (me == 0)
        printf("cg_pattern vtime_ns %lld\nok\n", llround(t * 1e9));
    free(w);
    free(q);
    MPI_Comm_free(&row);
    MPI_Comm_free(&col);
    MPI_Comm_free(&solve);
    MPI_Finalize();
    return 0;
}
