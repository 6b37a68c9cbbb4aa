/* trace.c - per-rank event recording (trace.h). */
#include <errno.h>
#include <execinfo.h>
#include <fcntl.h>
#include <limits.h>
#include <link.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "mpi/calls.h"
#include "trace/trace.h"
#include "trace/trace_dir.h"
#include "trace/trace_signal.h"
#include "trace/trace_sites.h"
#include "tracefmt/trace_calls.h"
#include "tracefmt/trace_format.h"
#include "tracefmt/trace_kinds.h"
#include "tracefmt/trace_writer.h"

int seshat_tracing;

void seshat_trace_hold(int hold)
{
    static int held;
    if (hold) {
        held = seshat_tracing;
        seshat_tracing = 0;
    } else {
        seshat_tracing = held;
    }
}

static seshat_tw *stream;
static int filtered_out;                 /* this rank is not in trace.ranks */
static unsigned kinds = ~0u;             /* trace.kinds as a mask */
static int64_t min_bytes, t_from, t_to = INT64_MAX;
static char comms[256] = "all";          /* trace.comms */
static char filters[1400];               /* trace.ranks, kinds, window, min_bytes, for defs.ini */
static int payload;                      /* trace.payload */
static int path_frames = SESHAT_PATH_FRAMES;   /* trace.call_path */
static int64_t write_delay_ns;           /* trace.debug_write_delay */
static size_t payload_cap;
static unsigned char call_kind[SESHAT_CALL_COUNT];
static seshat_vtime last_t;
static uint64_t events;
static char dir[SESHAT_PATH_MAX];
static int my_rank, nranks;
static char why_failed[SESHAT_PATH_MAX + 200];   /* this rank's stream failure */
static int defs_fd = -1;                 /* rank 0: defs.ini.part, space reserved */

#define NSITES 4096
/* call site index -> its call path: the MPI call's return address, then
 * its callers' (0-ended when shorter) */
static uintptr_t sites[NSITES][SESHAT_PATH_FRAMES];
static int nsites;

static void put(unsigned kind, const uint64_t *v, int n)
{
    if (write_delay_ns > 0) {
        struct timespec ts = { write_delay_ns / 1000000000, write_delay_ns % 1000000000 };
        nanosleep(&ts, NULL);
    }
    uint8_t buf[16 * SESHAT_VARINT_MAX];
    size_t len = 0;
    for (int i = 0; i < n; i++)
        len += seshat_put_varint(buf + len, v[i]);
    seshat_tw_record(stream, kind, buf, len);
}

static uint64_t dt(seshat_vtime t)
{
    uint64_t d = t > last_t ? (uint64_t)(t - last_t) : 0;
    last_t = t > last_t ? t : last_t;
    return d;
}

/* Index of a call path, defining it on first use. Linear probing on the
 * addresses; a full table maps further paths to index 0. */
static uint64_t site_index(const uintptr_t *path)
{
    static int slot[2 * NSITES];   /* 0 = empty, else index + 1 */
    uint64_t x = 0;
    for (int i = 0; i < SESHAT_PATH_FRAMES; i++)
        x = (x ^ (path[i] >> 4)) * 0x9e3779b97f4a7c15ull;
    unsigned h = (unsigned)(x >> 32) % (2 * NSITES);
    for (int probe = 0; probe < 2 * NSITES; probe++, h = (h + 1) % (2 * NSITES)) {
        if (slot[h] && !memcmp(sites[slot[h] - 1], path, sizeof sites[0]))
            return (uint64_t)slot[h] - 1;
        if (!slot[h]) {
            if (nsites == NSITES)
                return 0;
            memcpy(sites[nsites], path, sizeof sites[0]);
            slot[h] = ++nsites;
            uint64_t v[2] = { (uint64_t)nsites - 1, path[0] };
            put(SESHAT_REC_CALLSITE, v, 2);
            return (uint64_t)nsites - 1;
        }
    }
    return 0;
}

static int comm_wanted(int comm)
{
    return comm < 0 || seshat_rankset_contains(comms, comm);
}

static int wanted(int kind, seshat_vtime t)
{
    return (kinds >> kind & 1) && t >= t_from && t < t_to;
}

/* Open MPI's Fortran bindings (libmpi_mpifh, libmpi_usempi*) call PMPI_X
 * from their own code, so a Fortran program's call site is further out;
 * libseshat's own frames are skipped on the way. */
#define MAX_RANGES 32
static uintptr_t range_lo[MAX_RANGES], range_hi[MAX_RANGES];
static int nranges, have_shim;

static int add_ranges(struct dl_phdr_info *info, size_t size, void *data)
{
    (void)size;
    (void)data;
    const char *n = info->dlpi_name ? info->dlpi_name : "";
    int shim = strstr(n, "libmpi_mpifh") || strstr(n, "libmpi_usempi");
    /* libseshat's frames, and a sanitizer's backtrace interceptor. */
    if (!shim && !strstr(n, "libseshat") && !strstr(n, "libasan") && !strstr(n, "libubsan"))
        return 0;
    have_shim |= shim;
    for (int i = 0; i < info->dlpi_phnum && nranges < MAX_RANGES; i++)
        if (info->dlpi_phdr[i].p_type == PT_LOAD && (info->dlpi_phdr[i].p_flags & PF_X)) {
            range_lo[nranges] = info->dlpi_addr + info->dlpi_phdr[i].p_vaddr;
            range_hi[nranges] = range_lo[nranges] + info->dlpi_phdr[i].p_memsz;
            nranges++;
        }
    return 0;
}

static int in_ranges(uintptr_t a)
{
    for (int i = 0; i < nranges; i++)
        if (a >= range_lo[i] && a < range_hi[i])
            return 1;
    return 0;
}

static void *program_site(void *site)
{
    if (!have_shim || !in_ranges((uintptr_t)site))
        return site;
    void *bt[12];
    int n = backtrace(bt, 12);
    for (int i = 0; i < n; i++)
        if (!in_ranges((uintptr_t)bt[i]))
            return bt[i];
    return site;
}

/* The call path of an MPI call made at `site`: site, then the return
 * addresses of its callers from the unwinder (site alone if the unwinder
 * does not pass it, as after a tail call). */
static void call_path(void *site, uintptr_t *path)
{
    memset(path, 0, SESHAT_PATH_FRAMES * sizeof *path);
    path[0] = (uintptr_t)site;
    if (path_frames == 1)   /* the unwinder is the cost; the site needs none */
        return;
    void *bt[SESHAT_PATH_FRAMES + 8];
    int n = backtrace(bt, path_frames + 8), i = 0;
    while (i < n && bt[i] != site)
        i++;
    for (int k = 1; i + k < n && k < path_frames; k++)
        path[k] = (uintptr_t)bt[i + k];
}

void seshat_trace_enter(int call, seshat_vtime t, void *site)
{
    if (!wanted(call_kind[call], t))
        return;
    uintptr_t path[SESHAT_PATH_FRAMES];
    call_path(program_site(site), path);
    uint64_t idx = site_index(path);
    uint64_t v[3] = { (uint64_t)call, dt(t), idx };
    put(SESHAT_REC_ENTER, v, 3);
    events++;
}

void seshat_trace_samples(const uintptr_t (*paths)[8], const uint32_t *count, int n,
                          seshat_vtime t)
{
    _Static_assert(SESHAT_PATH_FRAMES == 8, "a sample's path is a call site's");
    if (!(t >= t_from && t < t_to))
        return;
    for (int i = 0; i < n; i++) {
        uint64_t v[2] = { site_index(paths[i]), count[i] };
        put(SESHAT_REC_SAMPLE, v, 2);
    }
}

void seshat_trace_exit(int call, seshat_vtime t)
{
    if (!wanted(call_kind[call], t))
        return;
    uint64_t v[2] = { (uint64_t)call, dt(t) };
    put(SESHAT_REC_EXIT, v, 2);
    events++;
}

static int send_recorded;   /* the last SEND passed the filters (payload follows it) */

void seshat_trace_send(int peer, int tag, int comm, int64_t bytes, int proto, uint32_t req)
{
    send_recorded = bytes >= min_bytes && wanted(SESHAT_KIND_P2P, last_t) && comm_wanted(comm);
    if (!send_recorded)
        return;
    uint64_t v[6] = { (uint64_t)peer, seshat_zigzag(tag), seshat_zigzag(comm), (uint64_t)bytes,
                      (uint64_t)proto, req };
    put(SESHAT_REC_SEND, v, 6);
}

void seshat_trace_rma(int op, int target, int comm, int64_t out, int64_t back, uint32_t req,
                      int64_t done_after, int64_t win)
{
    if (!wanted(SESHAT_KIND_P2P, last_t) || !comm_wanted(comm))
        return;
    uint64_t v[8] = { (uint64_t)op, (uint64_t)target, seshat_zigzag(comm), (uint64_t)out,
                      (uint64_t)back, req, (uint64_t)(done_after > 0 ? done_after : 0),
                      (uint64_t)(win > 0 ? win : 0) };
    put(SESHAT_REC_RMA, v, 8);
}

void seshat_trace_io(int file, int op, int flags, int64_t bytes, uint32_t req,
                     seshat_vtime start, int64_t cost, int comm, const char *name)
{
    if (!wanted(SESHAT_KIND_OTHER, last_t))
        return;
    uint8_t buf[7 * SESHAT_VARINT_MAX + 4096];
    uint64_t v[7] = { (uint64_t)file, (uint64_t)op, (uint64_t)flags, (uint64_t)bytes, req,
                      seshat_zigzag(start - last_t), (uint64_t)(cost > 0 ? cost : 0) };
    size_t len = 0, n = name ? strlen(name) : 0;
    for (int i = 0; i < 7; i++)
        len += seshat_put_varint(buf + len, v[i]);
    if (name)
        len += seshat_put_varint(buf + len, seshat_zigzag(comm));
    if (n > sizeof buf - len)   /* a name longer than any path: its start */
        n = sizeof buf - len;
    if (n)
        memcpy(buf + len, name, n);
    seshat_tw_record(stream, SESHAT_REC_IO, buf, len + n);
}

void seshat_trace_payload(const void *buf, int count, MPI_Datatype type, MPI_Comm comm)
{
    int size = 0, pos = 0;
    if (!payload || !send_recorded || seshat_real.Pack_size(count, type, comm, &size) != MPI_SUCCESS)
        return;
    if ((size_t)size + 64 > payload_cap)
        size = 0;   /* larger than a trace buffer: recorded as empty */
    uint8_t *p = malloc((size_t)size + 1);
    if (!p)
        return;
    if (size > 0)
        seshat_real.Pack(buf, count, type, p, size, &pos, comm);
    seshat_tw_record(stream, SESHAT_REC_PAYLOAD, p, (size_t)pos);
    free(p);
}

void seshat_trace_complete(uint32_t req)
{
    if (req == 0 || !(kinds >> SESHAT_KIND_WAITTEST & 1))
        return;
    uint64_t v[1] = { req };
    put(SESHAT_REC_COMPLETE, v, 1);
}

void seshat_trace_post(uint32_t req)
{
    if (req == 0 || !wanted(SESHAT_KIND_P2P, last_t))
        return;
    uint64_t v[1] = { req };
    put(SESHAT_REC_POST, v, 1);
}

void seshat_trace_recv(int peer, int tag, int comm, int64_t bytes, uint32_t req)
{
    if (bytes < min_bytes || !wanted(SESHAT_KIND_P2P, last_t) || !comm_wanted(comm))
        return;
    uint64_t v[5] = { (uint64_t)peer, seshat_zigzag(tag), seshat_zigzag(comm), (uint64_t)bytes, req };
    put(SESHAT_REC_RECV, v, 5);
}

void seshat_trace_coll(int kind, int comm, int root, int64_t bytes, uint32_t req, int64_t sent,
                       int64_t received)
{
    if (bytes < min_bytes || !wanted(SESHAT_KIND_COLL, last_t) || !comm_wanted(comm))
        return;
    uint64_t v[7] = { (uint64_t)kind, seshat_zigzag(comm), seshat_zigzag(root), (uint64_t)bytes,
                      req, (uint64_t)sent, (uint64_t)received };
    put(SESHAT_REC_COLL, v, 7);
}

void seshat_trace_comm(int id, int size, const int *world)
{
    if (!seshat_tracing)
        return;
    size_t cap = (size_t)(size + 2) * SESHAT_VARINT_MAX, len = 0;
    uint8_t *buf = malloc(cap);
    if (!buf)
        return;
    len += seshat_put_varint(buf + len, seshat_zigzag(id));
    len += seshat_put_varint(buf + len, (uint64_t)size);
    for (int i = 0; i < size; i++)
        len += seshat_put_varint(buf + len, (uint64_t)world[i]);
    seshat_tw_record(stream, SESHAT_REC_COMM, buf, len);
    free(buf);
}

/* SESHAT_TRACE_FAULT=N[:ENOSPC|EIO|short] (tests): the stream's writes
 * after the first N fail (short: the next one writes half, then ENOSPC). */
static long fault_after = -1;
static int fault_errno = EIO, fault_short;

static ssize_t fault_write(int fd, const void *buf, size_t len)
{
    if (fault_after > 0 || (fault_after == 0 && fault_short && len > 1)) {
        if (fault_after-- == 0) {
            fault_short = 0;
            return write(fd, buf, len / 2);
        }
        return write(fd, buf, len);
    }
    errno = fault_errno;
    return -1;
}

static seshat_tw_write_fn fault_injection(void)
{
    const char *v = getenv("SESHAT_TRACE_FAULT");
    if (!v || !*v)
        return NULL;
    char *end;
    errno = 0;
    long n = strtol(v, &end, 10);
    const char *mode = *end == ':' ? end + 1 : end;
    if (errno || end == v || n < 0 || (*end && *end != ':') ||
        (*mode && strcmp(mode, "ENOSPC") && strcmp(mode, "EIO") && strcmp(mode, "short"))) {
        fprintf(stderr, "seshat: SESHAT_TRACE_FAULT=%s: expected N[:ENOSPC|EIO|short]; ignored\n", v);
        return NULL;
    }
    fault_after = n;
    fault_errno = !strcmp(mode, "EIO") ? EIO : ENOSPC;
    fault_short = !strcmp(mode, "short");
    return fault_write;
}

/* The signal handler's flush (trace_signal.h): 1 when a stream was open. */
static int flush_on_signal(void *ctx)
{
    (void)ctx;
    int had = seshat_tracing;
    seshat_trace_emergency();
    return had;
}

static void open_stream(const seshat_config *cfg, const char *name)
{
    char path[SESHAT_PATH_MAX + 64], err[SESHAT_PATH_MAX + 200];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    /* Handlers first: once the stream file exists (what a watcher sees), a
     * signal finds them in place. */
    seshat_trace_signals_install(flush_on_signal, NULL);
    stream = seshat_tw_open(path, (size_t)cfg->trace_buffer, fault_injection(), err, sizeof err);
    if (!stream) {
        fprintf(stderr, "seshat: cannot trace: %s; tracing is off, the simulation goes on\n", err);
        snprintf(why_failed, sizeof why_failed, "%s", err);
        return;
    }
    seshat_tw_count_kinds(stream, 1u << SESHAT_REC_ENTER | 1u << SESHAT_REC_EXIT);
    seshat_tracing = 1;
}

/* Every file of the trace is new in the run's new directory: created with
 * O_EXCL (fopen "x") and O_NOFOLLOW, never an existing file or a link
 * someone planted there in the meantime. */

/* Rank 0, at the start: reserve the space of defs.ini while the disk has
 * some (a full disk would leave it empty at the end). Written in place and
 * renamed at MPI_Finalize; a run that never gets there leaves this text. */
#define DEFS_RESERVED 4096
static void reserve_defs(void)
{
    char path[SESHAT_PATH_MAX + 64], text[DEFS_RESERVED];
    snprintf(path, sizeof path, "%s/defs.ini.part", dir);
    memset(text, ' ', sizeof text);
    int n = snprintf(text, sizeof text, "# seshat: the space of defs.ini, written at MPI_Finalize: "
                     "this run did not reach it\n");
    text[n] = ' ';
    text[sizeof text - 1] = '\n';
    defs_fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (defs_fd >= 0 && write(defs_fd, text, sizeof text) != (ssize_t)sizeof text) {
        close(defs_fd);
        defs_fd = -1;
        unlink(path);
    }
}

/* Rank 0, at the start: the names of this build's call ids (calls.txt),
 * so readers of any build map them by name. */
static void write_calls(void)
{
    char path[SESHAT_PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/%s", dir, SESHAT_CALLS_FILE);
    FILE *f = fopen(path, "wx");
    int bad = !f || seshat_tcalls_write(f) != 0;
    if ((f && fclose(f) != 0) || bad) {
        fprintf(stderr, "seshat: %s: %s; readers will take this build's call ids\n", path,
                strerror(errno));
        unlink(path);
    }
}

void seshat_trace_start(const seshat_config *cfg, MPI_Comm world, int world_rank, int napp,
                        int is_app)
{
    if (!cfg->trace_enabled || seshat_trace_dir(cfg, world, world_rank, dir, sizeof dir) != 0)
        return;
    my_rank = world_rank;
    nranks = napp;
    seshat_kindset_mask(cfg->trace_kinds, &kinds);
    seshat_window_parse(cfg->trace_window, &t_from, &t_to);
    min_bytes = cfg->trace_min_bytes;
    snprintf(comms, sizeof comms, "%s", cfg->trace_comms);
    snprintf(filters, sizeof filters, "traced = %s\nkinds = %s\ncomms = %s\nwindow = %s\n"
             "min_bytes = %lld\n", cfg->trace_ranks, cfg->trace_kinds, cfg->trace_comms,
             cfg->trace_window, (long long)cfg->trace_min_bytes);
    payload = cfg->trace_payload;
    path_frames = cfg->trace_call_path >= 1 && cfg->trace_call_path <= SESHAT_PATH_FRAMES
                      ? cfg->trace_call_path : SESHAT_PATH_FRAMES;
    write_delay_ns = cfg->trace_debug_delay_ns;
    payload_cap = (size_t)cfg->trace_buffer;
    for (int c = 0; c < SESHAT_CALL_COUNT; c++)
        call_kind[c] = (unsigned char)seshat_trace_kind_of(seshat_call_names[c]);
    dl_iterate_phdr(add_ranges, NULL);
    void *warm[2];
    backtrace(warm, 2);   /* loads the unwinder now, not inside a wrapper */
    if (is_app && !seshat_rankset_contains(cfg->trace_ranks, world_rank)) {
        filtered_out = 1;
        return;
    }
    char name[64];
    snprintf(name, sizeof name, is_app ? "rank-%d.sst" : "msglog-%d.sst", world_rank);
    open_stream(cfg, name);
    if (!stream)
        return;
    uint8_t buf[64];
    size_t len = 8;
    memcpy(buf, SESHAT_TRACE_MAGIC, 8);
    len += seshat_put_varint(buf + len, SESHAT_TRACE_VERSION);
    len += seshat_put_varint(buf + len, (uint64_t)world_rank);
    len += seshat_put_varint(buf + len, (uint64_t)napp);
    seshat_tw_record(stream, SESHAT_REC_HEADER, buf, len);
    if (world_rank == 0) {
        reserve_defs();
        char path[SESHAT_PATH_MAX + 64];
        snprintf(path, sizeof path, "%s/config.ini", dir);
        FILE *f = fopen(path, "wx");
        if (f) {
            seshat_config_print(f, cfg);
            fclose(f);
        }
        write_calls();
    }
}

void seshat_trace_msglog(int type, int64_t model_ns, int src, int dst, int64_t send_vt,
                         int64_t net_ns, int tag, int coll, int64_t bytes)
{
    uint64_t v[9] = { (uint64_t)type, (uint64_t)model_ns, (uint64_t)src, (uint64_t)dst,
                      (uint64_t)send_vt, (uint64_t)net_ns, seshat_zigzag(tag), (uint64_t)coll,
                      (uint64_t)bytes };
    put(SESHAT_REC_MSGLOG, v, 9);
}

/* This rank's call sites, resolved, in sites-<rank>.txt; a file that
 * could not be written whole is removed (with a warning). */
static void write_sites(void)
{
    char path[SESHAT_PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/sites-%d.txt", dir, my_rank);
    FILE *f = fopen(path, "wx");
    if (f) {
        fprintf(f, "# call sites of rank %d: index = function file:line module [< caller file:line module ...]\n", my_rank);
        seshat_trace_write_sites(f, sites, nsites);
    }
    int bad = !f || ferror(f);
    if ((f && fclose(f) != 0) || bad) {
        fprintf(stderr, "seshat: %s: %s; the call sites of rank %d are not recorded\n", path,
                strerror(errno), my_rank);
        unlink(path);
    }
}

/* defs.ini's text: events are those a reader gets back; an incomplete
 * trace also says how many were recorded and why it is incomplete. */
static int defs_text(char *out, size_t len, int complete, unsigned long long written,
                     unsigned long long recorded, const char *why)
{
    int n = snprintf(out, len, "[trace]\nversion = %d\nranks = %d\ncomplete = %s\nevents = %llu\n",
                     SESHAT_TRACE_VERSION, nranks, complete ? "true" : "false", written);
    if (!complete)
        n += snprintf(out + n, len - (size_t)n, "events_recorded = %llu\nreason = \"%s\"\n",
                      recorded, why);
    n += snprintf(out + n, len - (size_t)n, "streams = rank-<r>.sst\nmessage_log = msglog-<k>.sst\n"
                  "call_sites = sites-<r>.txt\ncalls = " SESHAT_CALLS_FILE "\nconfig = config.ini\n%s", filters);
    return n < (int)len ? n : (int)len - 1;
}

/* Rank 0: defs.ini, into the space reserved at the start (or a new file
 * if there is none). Returns 0, or -1 with the reason in `err`. */
static int write_defs(const char *text, size_t n, char *err, size_t errlen)
{
    char path[SESHAT_PATH_MAX + 64], part[SESHAT_PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/defs.ini", dir);
    snprintf(part, sizeof part, "%s/defs.ini.part", dir);
    int fd = defs_fd >= 0 ? defs_fd : open(part, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    defs_fd = -1;
    int rc = fd < 0 || n > DEFS_RESERVED || pwrite(fd, text, n, 0) != (ssize_t)n ||
             ftruncate(fd, (off_t)n) ? -1 : 0;
    if (rc)
        snprintf(err, errlen, "%s: %s", path, n > DEFS_RESERVED ? "too long" : strerror(errno));
    if (fd >= 0 && close(fd) && !rc) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        rc = -1;
    }
    if (!rc && rename(part, path)) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        rc = -1;
    }
    if (rc)
        unlink(part);
    return rc;
}

/* Why the trace is incomplete: the first failed rank's reason, at rank 0. */
static void first_failure(MPI_Comm app, int failed, char *why, size_t len)
{
    int me = failed ? my_rank : INT_MAX, first = INT_MAX;
    seshat_real.Allreduce(&me, &first, 1, MPI_INT, MPI_MIN, app);
    why[0] = 0;
    if (first == INT_MAX)
        return;
    char buf[sizeof why_failed + 32];
    snprintf(buf, sizeof buf, "rank %d: %s", my_rank, why_failed[0] ? why_failed : "stream failed");
    for (char *p = buf; *p; p++)
        if (*p == '"' || *p == '\n')
            *p = '\'';   /* one quoted INI value */
    seshat_real.Bcast(buf, (int)sizeof buf, MPI_CHAR, first, app);
    snprintf(why, len, "%s", buf);
}

void seshat_trace_stop(MPI_Comm app, seshat_vtime t_end)
{
    if (!dir[0])
        return;
    int failed = 0;
    unsigned long long recorded = events;
    uint64_t written = 0;
    if (stream) {
        uint64_t v[2] = { events, (uint64_t)t_end };
        put(SESHAT_REC_END, v, 2);
        seshat_tracing = 0;
        failed = seshat_tw_close_counted(stream, &written, why_failed, sizeof why_failed) != 0;
        if (failed)
            fprintf(stderr, "seshat: %s\n", why_failed);
        stream = NULL;
        write_sites();
    } else {
        failed = !filtered_out;
    }
    char why[sizeof why_failed + 32];
    first_failure(app, failed, why, sizeof why);
    /* Events recorded and written, and stream bytes, for the end-of-run line. */
    char path[SESHAT_PATH_MAX + 32];
    struct stat sb;
    snprintf(path, sizeof path, "%s/rank-%d.sst", dir, my_rank);
    unsigned long long v[3] = { recorded, written,
                                stat(path, &sb) == 0 ? (unsigned long long)sb.st_size : 0 };
    unsigned long long sum[3] = { 0, 0, 0 };
    seshat_real.Reduce(v, sum, 3, MPI_UNSIGNED_LONG_LONG, MPI_SUM, 0, app);
    if (my_rank != 0)
        return;
    char text[DEFS_RESERVED], err[SESHAT_PATH_MAX + 200] = "";
    size_t n = (size_t)defs_text(text, sizeof text, !why[0], sum[1], sum[0], why);
    int defs_ok = write_defs(text, n, err, sizeof err) == 0;
    if (!why[0])
        fprintf(stderr, "seshat: trace of %llu events, %.1f MB, in %s\n", sum[1],
                (double)sum[2] / 1e6, dir);
    else
        fprintf(stderr, "seshat: trace INCOMPLETE: %llu of %llu events written, %.1f MB, in %s "
                "(%s)\n", sum[1], sum[0], (double)sum[2] / 1e6, dir, why);
    if (!defs_ok)
        fprintf(stderr, "seshat: %s: the trace has no defs.ini and reads as a run that did not "
                "finish\n", err);
}

const char *seshat_trace_dirname(void) { return dir; }

void seshat_trace_stop_log(void)
{
    seshat_tracing = 0;
    char err[SESHAT_PATH_MAX + 200];
    if (stream && seshat_tw_close_counted(stream, NULL, err, sizeof err) != 0)
        fprintf(stderr, "seshat: %s (message log INCOMPLETE)\n", err);
    stream = NULL;
}

void seshat_trace_emergency(void)
{
    if (seshat_tracing)
        seshat_tw_emergency(stream);
}
