/* io_times.c - MPI-IO under the storage model (docs/models.md, "MPI-IO"):
 * one file, every kind of data access, the virtual time after each step.
 * Usage: io_times FILE BYTES
 * Every rank writes and reads blocks of BYTES at offsets it owns (block k
 * of rank r at (k * N + r) * BYTES), so the file is the same natively and
 * under seshat. Before the collective steps marked "skewed" rank r
 * computes r us (MPI_Pcontrol; nothing natively). Rank 0 prints, for each
 * step, "RESULT STEP T0 T1 ... T(N-1)": every rank's MPI_Wtime after it in
 * ns; and "RESULT data ok" when every read returned what was written
 * (else "RESULT data bad"). The steps:
 *   open       MPI_File_open (skewed)
 *   write_at   MPI_File_write_at, block 0
 *   write_at_all  MPI_File_write_at_all, block 1 (skewed)
 *   read_at    MPI_File_read_at, block 0
 *   read_at_all   MPI_File_read_at_all, block 1
 *   iwrite_at  MPI_File_iwrite_at block 2, 5 ms of compute, MPI_Wait
 *   iread_at   MPI_File_iread_at block 2, MPI_Wait
 *   write_all  MPI_File_seek + MPI_File_write_all, block 3
 *   split      MPI_File_write_at_all_begin block 4, 1 ms, _end
 *   read_split MPI_File_read_all_begin (after a seek) block 4, _end
 *   iwrite_all MPI_File_iwrite_at_all block 5, MPI_Wait
 *   iread_all  MPI_File_iread_at_all block 5, MPI_Wait
 *   write      MPI_File_seek + MPI_File_write, block 6; read: MPI_File_read
 *   ordered    MPI_File_write_ordered (blocks 7: shared pointer at 7N B)
 *   shared     rank 0 alone: MPI_File_write_shared, one block after them
 *   sync       MPI_File_sync
 *   close      MPI_File_close */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXSTEPS 24
static const char *names[MAXSTEPS];
static double times[MAXSTEPS];
static int nsteps, rank, size, bad;
static long bytes;
static char *wbuf, *rbuf;

static void step(const char *name)
{
    names[nsteps] = name;
    times[nsteps++] = MPI_Wtime();
}

static void skew(void) { MPI_Pcontrol(5309, rank * 1e-6); }

static MPI_Offset block(int k) { return ((MPI_Offset)k * size + rank) * bytes; }

static void fill(int k)
{
    for (long i = 0; i < bytes; i++)
        wbuf[i] = (char)(k * 31 + rank * 7 + i);
}

static void check(int k)
{
    fill(k);
    if (memcmp(wbuf, rbuf, (size_t)bytes))
        bad = 1;
    memset(rbuf, 0, (size_t)bytes);
}

static void blocks(MPI_File fh)
{
    int n = (int)bytes;
    MPI_Request r;
    fill(0);
    MPI_File_write_at(fh, block(0), wbuf, n, MPI_BYTE, MPI_STATUS_IGNORE);
    step("write_at");
    fill(1);
    skew();
    MPI_File_write_at_all(fh, block(1), wbuf, n, MPI_BYTE, MPI_STATUS_IGNORE);
    step("write_at_all");
    MPI_File_read_at(fh, block(0), rbuf, n, MPI_BYTE, MPI_STATUS_IGNORE);
    step("read_at");
    check(0);
    MPI_File_read_at_all(fh, block(1), rbuf, n, MPI_BYTE, MPI_STATUS_IGNORE);
    step("read_at_all");
    check(1);
    fill(2);
    MPI_File_iwrite_at(fh, block(2), wbuf, n, MPI_BYTE, &r);
    MPI_Pcontrol(5309, 5e-3);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    step("iwrite_at");
    MPI_File_iread_at(fh, block(2), rbuf, n, MPI_BYTE, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    step("iread_at");
    check(2);
}

static void pointers(MPI_File fh)
{
    int n = (int)bytes;
    MPI_Request r;
    fill(3);
    MPI_File_seek(fh, block(3), MPI_SEEK_SET);
    MPI_File_write_all(fh, wbuf, n, MPI_BYTE, MPI_STATUS_IGNORE);
    step("write_all");
    fill(4);
    MPI_File_write_at_all_begin(fh, block(4), wbuf, n, MPI_BYTE);
    MPI_Pcontrol(5309, 1e-3);
    MPI_File_write_at_all_end(fh, wbuf, MPI_STATUS_IGNORE);
    step("split");
    MPI_File_seek(fh, block(4), MPI_SEEK_SET);
    MPI_File_read_all_begin(fh, rbuf, n, MPI_BYTE);
    MPI_File_read_all_end(fh, rbuf, MPI_STATUS_IGNORE);
    step("read_split");
    check(4);
    fill(5);
    MPI_File_iwrite_at_all(fh, block(5), wbuf, n, MPI_BYTE, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    step("iwrite_all");
    MPI_File_iread_at_all(fh, block(5), rbuf, n, MPI_BYTE, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    step("iread_all");
    check(5);
    fill(6);
    MPI_File_seek(fh, block(6), MPI_SEEK_SET);
    MPI_File_write(fh, wbuf, n, MPI_BYTE, MPI_STATUS_IGNORE);
    step("write");
    MPI_File_seek(fh, block(6), MPI_SEEK_SET);
    MPI_File_read(fh, rbuf, n, MPI_BYTE, MPI_STATUS_IGNORE);
    step("read");
    check(6);
}

static void shared(MPI_File fh)
{
    int n = (int)bytes;
    fill(7);
    MPI_File_seek_shared(fh, (MPI_Offset)7 * size * bytes, MPI_SEEK_SET);
    MPI_File_write_ordered(fh, wbuf, n, MPI_BYTE, MPI_STATUS_IGNORE);
    step("ordered");
    fill(8);
    if (rank == 0)
        MPI_File_write_shared(fh, wbuf, n, MPI_BYTE, MPI_STATUS_IGNORE);
    else   /* an MPI call between two MPI_Wtime (clock = none ticks else) */
        MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    step("shared");
    MPI_File_sync(fh);
    step("sync");
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc < 3) {
        if (rank == 0)
            fprintf(stderr, "usage: io_times FILE BYTES\n");
        MPI_Finalize();
        return 2;
    }
    bytes = atol(argv[2]);
    wbuf = malloc((size_t)bytes);
    rbuf = calloc((size_t)bytes, 1);
    MPI_File fh;
    skew();
    MPI_File_open(MPI_COMM_WORLD, argv[1], MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh);
    step("open");
    blocks(fh);
    pointers(fh);
    shared(fh);
    MPI_File_close(&fh);
    step("close");
    double *all = malloc(sizeof *all * (size_t)size * MAXSTEPS);
    int anybad = 0;
    MPI_Gather(times, MAXSTEPS, MPI_DOUBLE, all, MAXSTEPS, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    MPI_Reduce(&bad, &anybad, 1, MPI_INT, MPI_MAX, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        for (int s = 0; s < nsteps; s++) {
            printf("RESULT %s", names[s]);
            for (int r = 0; r < size; r++)
                printf(" %.0f", all[r * MAXSTEPS + s] * 1e9);
            printf("\n");
        }
        printf("RESULT data %s\n", anybad ? "bad" : "ok");
    }
    free(all);
    free(wbuf);
    free(rbuf);
    MPI_Finalize();
    return 0;
}
