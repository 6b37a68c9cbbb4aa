/* trace_writer.c - double-buffered, LZ4-framed stream writer (trace_writer.h). */
#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <fcntl.h>
#include <lz4frame.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "trace_format.h"
#include "trace_writer.h"

/* Frames hold at most this much (whole records, so a longer record gets a
 * frame of its own): a write cut by a kill loses one frame, not a buffer.
 * The thread's compressed frames are larger (LZ4 HC compresses better with
 * more history), the signal's stored frames are one 64 KiB block each. */
#define FRAME_TARGET (1u << 20)
#define STORED_TARGET 65536u
_Static_assert(FRAME_TARGET <= (4u << 20), "a compressed frame is one LZ4 block of 4 MB at most");

/* Who writes to the file: the thread and the signal handler take turns, so
 * a frame is never cut by the other's and the file keeps record order. */
enum { IO_FREE, IO_THREAD, IO_SIGNAL };
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "the signal handler's atomics must not take a lock");

struct seshat_tw {
    int fd;
    char path[1024];
    size_t cap;
    uint8_t *buf[2];
    size_t len[2];
    volatile int active;
    int pending;                 /* buffer the thread is writing, or -1 */
    atomic_int inflight;         /* buffer handed over, not yet in the file, or -1 */
    atomic_int io;               /* IO_* */
    volatile int fast;           /* the application waited: compress fast */
    int stop;
    volatile int failed;
    char err[1200];
    pthread_t thread;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    uint8_t *zbuf;
    size_t zcap;
    size_t *zend;                /* end of each compressed frame in zbuf */
    uint64_t *zcount;            /* records of the counted kinds in it */
    size_t zmax;                 /* frames a buffer can make */
    uint32_t count_mask;         /* seshat_tw_count_kinds */
    uint64_t counted;            /* of them, in complete frames in the file */
    uint8_t *ebuf;               /* stored frames, preallocated for signals */
    size_t ecap;
    uint8_t hdr[LZ4F_HEADER_SIZE_MAX];
    size_t hdrlen;
    seshat_tw_write_fn write_fn;
};

/* End of the frame that starts at `from` in b[0, len): whole records, at
 * most `target` bytes unless the first record alone is longer. The records
 * were written by seshat_tw_record, so they parse (async-signal-safe). */
static size_t frame_end(const uint8_t *b, size_t from, size_t len, size_t target, uint32_t mask,
                        uint64_t *count)
{
    size_t at = from;
    while (at < len) {
        const uint8_t *p = b + at;
        uint64_t kind, n;
        if (seshat_get_varint(&p, b + len, &kind) || seshat_get_varint(&p, b + len, &n) ||
            n > (uint64_t)(b + len - p))
            return len;   /* cannot happen: keep the rest together */
        size_t next = (size_t)(p - b) + (size_t)n;
        if (at > from && next - from > target)
            break;
        if (count && kind < 32 && (mask >> kind & 1))
            (*count)++;
        at = next;
    }
    return at;
}

static LZ4F_preferences_t prefs_for(size_t len, int fast)
{
    LZ4F_preferences_t p;
    memset(&p, 0, sizeof p);
    p.frameInfo.blockMode = LZ4F_blockIndependent;
    p.frameInfo.blockSizeID = LZ4F_max4MB;
    p.frameInfo.contentChecksumFlag = LZ4F_contentChecksumEnabled;
    p.frameInfo.contentSize = len;
    /* LZ4's high-compression mode (about 30% smaller traces) while the
     * background thread keeps up; its fast mode when the application had
     * to wait for it. */
    p.compressionLevel = fast ? 0 : 9;
    return p;
}

/* Writes p[0, len); returns how many bytes reached the file (len unless
 * the stream failed). */
static size_t write_all(seshat_tw *w, const uint8_t *p, size_t len)
{
    size_t done = 0;
    while (done < len) {
        ssize_t n = w->write_fn(w->fd, p + done, len - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            snprintf(w->err, sizeof w->err, "%s: %s: tracing stopped, the simulation goes on",
                     w->path, n < 0 ? strerror(errno) : "short write");
            w->failed = 1;
            break;
        }
        done += (size_t)n;
    }
    return done;
}

/* Room for `more` bytes after `used` in zbuf (the thread's only). */
static int zroom(seshat_tw *w, size_t used, size_t more)
{
    if (used + more <= w->zcap)
        return 0;
    uint8_t *z = realloc(w->zbuf, used + more);
    if (!z)
        return -1;
    w->zbuf = z;
    w->zcap = used + more;
    return 0;
}

/* Compress buffer i into frames of about FRAME_TARGET bytes each, then
 * write them, unless a signal took the buffer over meanwhile. */
static void write_buffer(seshat_tw *w, int i)
{
    const uint8_t *src = w->buf[i];
    size_t len = w->len[i], n = 0, nf = 0;
    for (size_t at = 0, end; !w->failed && at < len; at = end) {
        if (nf == w->zmax) {   /* cannot happen (seshat_tw_open) */
            snprintf(w->err, sizeof w->err, "%s: more than %zu frames in a buffer", w->path, nf);
            w->failed = 1;
            break;
        }
        w->zcount[nf] = 0;
        end = frame_end(src, at, len, FRAME_TARGET, w->count_mask, &w->zcount[nf]);
        LZ4F_preferences_t prefs = prefs_for(end - at, w->fast);
        size_t bound = LZ4F_compressFrameBound(end - at, &prefs);
        size_t r = zroom(w, n, bound) ? (size_t)-1
                                      : LZ4F_compressFrame(w->zbuf + n, bound, src + at, end - at, &prefs);
        if (LZ4F_isError(r)) {
            snprintf(w->err, sizeof w->err, "%s: compression failed: %s", w->path,
                     r == (size_t)-1 ? "out of memory" : LZ4F_getErrorName(r));
            w->failed = 1;
            break;
        }
        n += r;
        w->zend[nf++] = n;
    }
    int free_io = IO_FREE;
    while (!atomic_compare_exchange_weak(&w->io, &free_io, IO_THREAD)) {
        free_io = IO_FREE;
        sched_yield();   /* a signal handler is writing: it gives io back */
    }
    if (atomic_load(&w->inflight) == i && !w->failed && n > 0) {
        size_t done = write_all(w, w->zbuf, n);
        for (size_t k = 0; k < nf && w->zend[k] <= done; k++)
            w->counted += w->zcount[k];
    }
    atomic_store(&w->inflight, -1);
    atomic_store(&w->io, IO_FREE);
}

static void *writer_thread(void *arg)
{
    seshat_tw *w = arg;
    pthread_mutex_lock(&w->mu);
    for (;;) {
        while (!w->stop && w->pending < 0)
            pthread_cond_wait(&w->cv, &w->mu);
        if (w->pending < 0)
            break;
        int i = w->pending;
        pthread_mutex_unlock(&w->mu);
        write_buffer(w, i);
        pthread_mutex_lock(&w->mu);
        w->len[i] = 0;
        w->pending = -1;
        pthread_cond_broadcast(&w->cv);
    }
    pthread_mutex_unlock(&w->mu);
    return NULL;
}

/* The header of an uncompressed frame with 64 KiB blocks (for signals). */
static size_t plain_header(uint8_t *hdr)
{
    LZ4F_cctx *c;
    LZ4F_preferences_t p;
    memset(&p, 0, sizeof p);
    p.frameInfo.blockMode = LZ4F_blockIndependent;
    p.frameInfo.blockSizeID = LZ4F_max64KB;
    if (LZ4F_isError(LZ4F_createCompressionContext(&c, LZ4F_VERSION)))
        return 0;
    size_t n = LZ4F_compressBegin(c, hdr, LZ4F_HEADER_SIZE_MAX, &p);
    LZ4F_freeCompressionContext(c);
    return LZ4F_isError(n) ? 0 : n;
}

/* The writer's buffers and itself (any of them may be NULL). */
static void writer_free(seshat_tw *w)
{
    free(w->buf[0]);
    free(w->buf[1]);
    free(w->zbuf);
    free(w->ebuf);
    free(w->zend);
    free(w->zcount);
    free(w);
}

seshat_tw *seshat_tw_open(const char *path, size_t bufsize, seshat_tw_write_fn write_fn,
                          char *err, size_t errlen)
{
    seshat_tw *w = calloc(1, sizeof *w);
    if (!w) {
        snprintf(err, errlen, "%s: out of memory", path);
        return NULL;
    }
    w->cap = bufsize < 65536 ? 65536 : bufsize;
    w->write_fn = write_fn ? write_fn : write;
    w->pending = -1;
    atomic_init(&w->inflight, -1);
    atomic_init(&w->io, IO_FREE);
    snprintf(w->path, sizeof w->path, "%s", path);
    LZ4F_preferences_t prefs = prefs_for(FRAME_TARGET, 0);
    w->zcap = LZ4F_compressFrameBound(FRAME_TARGET, &prefs) * (w->cap / FRAME_TARGET + 1);
    /* Frames: two neighbours always hold more than FRAME_TARGET. */
    w->zmax = 2 * (w->cap / FRAME_TARGET) + 1;
    w->zend = malloc(w->zmax * sizeof *w->zend);
    w->zcount = malloc(w->zmax * sizeof *w->zcount);
    /* Stored frames: at most 2 len / STORED_TARGET + 1 of them (two
     * neighbours always hold more than STORED_TARGET), each a header, an
     * end mark and a 4-byte header per 64 KiB block. */
    size_t frames = 2 * (w->cap / STORED_TARGET) + 1;
    w->ecap = w->cap + frames * (LZ4F_HEADER_SIZE_MAX + 4 + 4) + 4 * (w->cap / 65536 + 1);
    w->buf[0] = malloc(w->cap);
    w->buf[1] = malloc(w->cap);
    w->zbuf = malloc(w->zcap);
    w->ebuf = malloc(w->ecap);
    w->hdrlen = plain_header(w->hdr);
    w->fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_APPEND | O_CLOEXEC, 0644);
    if (w->fd < 0 || !w->buf[0] || !w->buf[1] || !w->zbuf || !w->ebuf || !w->hdrlen || !w->zend ||
        !w->zcount) {
        snprintf(err, errlen, "%s: %s", path, w->fd < 0 ? strerror(errno) : "out of memory");
        if (w->fd >= 0)
            close(w->fd);
        writer_free(w);
        return NULL;
    }
    pthread_mutex_init(&w->mu, NULL);
    pthread_cond_init(&w->cv, NULL);
    /* Signals go to the application's threads, never to this one: its
     * handler must not wait for the thread it interrupted. */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    pthread_create(&w->thread, NULL, writer_thread, w);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return w;
}

static void swap_buffers(seshat_tw *w)
{
    pthread_mutex_lock(&w->mu);
    w->fast = w->pending >= 0;
    while (w->pending >= 0)
        pthread_cond_wait(&w->cv, &w->mu);
    /* In this order: a signal in between sees inflight == active and
     * writes that buffer once. */
    atomic_store(&w->inflight, w->active);
    w->pending = w->active;
    w->active ^= 1;
    pthread_cond_broadcast(&w->cv);
    pthread_mutex_unlock(&w->mu);
}

void seshat_tw_record(seshat_tw *w, unsigned kind, const uint8_t *payload, size_t len)
{
    if (!w || w->failed)
        return;
    size_t need = 2 * SESHAT_VARINT_MAX + len;
    if (need > w->cap)
        return;   /* larger than a buffer: cannot happen for seshat's records */
    if (w->len[w->active] + need > w->cap)
        swap_buffers(w);
    uint8_t *p = w->buf[w->active] + w->len[w->active];
    p += seshat_put_varint(p, kind);
    p += seshat_put_varint(p, len);
    memcpy(p, payload, len);
    atomic_signal_fence(memory_order_release);   /* a signal sees whole records only */
    w->len[w->active] = (size_t)(p + len - w->buf[w->active]);
}

int seshat_tw_failed(const seshat_tw *w) { return w && w->failed; }
const char *seshat_tw_error(const seshat_tw *w) { return w && w->failed ? w->err : ""; }

void seshat_tw_count_kinds(seshat_tw *w, uint32_t mask)
{
    if (w)
        w->count_mask = mask;
}

int seshat_tw_close(seshat_tw *w) { return seshat_tw_close_counted(w, NULL, NULL, 0); }

int seshat_tw_close_counted(seshat_tw *w, uint64_t *counted, char *err, size_t errlen)
{
    if (counted)
        *counted = 0;
    if (!w)
        return 0;
    if (w->len[w->active] > 0)
        swap_buffers(w);
    pthread_mutex_lock(&w->mu);
    w->stop = 1;
    pthread_cond_broadcast(&w->cv);
    pthread_mutex_unlock(&w->mu);
    pthread_join(w->thread, NULL);
    if (fsync(w->fd) != 0 && errno != EINVAL && !w->failed) {
        snprintf(w->err, sizeof w->err, "%s: %s", w->path, strerror(errno));
        w->failed = 1;
    }
    close(w->fd);
    int rc = w->failed ? -1 : 0;
    if (counted)
        *counted = w->counted;
    if (err && errlen)
        snprintf(err, errlen, "%s", w->failed ? w->err : "");
    pthread_mutex_destroy(&w->mu);
    pthread_cond_destroy(&w->cv);
    writer_free(w);
    return rc;
}

static void put_le32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

/* b[0, len) as stored frames in w->ebuf; returns their size. */
static size_t stored_frames(seshat_tw *w, const uint8_t *b, size_t len)
{
    size_t n = 0;
    for (size_t at = 0, end; at < len; at = end) {
        end = frame_end(b, at, len, STORED_TARGET, 0, NULL);
        memcpy(w->ebuf + n, w->hdr, w->hdrlen);
        n += w->hdrlen;
        for (size_t off = at; off < end; off += 65536) {
            size_t k = end - off < 65536 ? end - off : 65536;
            put_le32(w->ebuf + n, (uint32_t)k | 0x80000000u);   /* stored, not compressed */
            memcpy(w->ebuf + n + 4, b + off, k);
            n += 4 + k;
        }
        put_le32(w->ebuf + n, 0);
        n += 4;
    }
    return n;
}

static void emergency_write(seshat_tw *w, const uint8_t *b, size_t len)
{
    size_t n = stored_frames(w, b, len);
    for (const uint8_t *p = w->ebuf; n > 0 && !w->failed;) {
        ssize_t k = w->write_fn(w->fd, p, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            w->failed = 1;
        else
            p += k, n -= (size_t)k;
    }
}

void seshat_tw_emergency(seshat_tw *w)
{
    if (!w || w->failed)
        return;
    /* Wait (10 s at most) for a frame the thread is writing: it comes
     * first in the file. Never for another signal's (IO_SIGNAL). */
    int free_io = IO_FREE, saved = errno;
    for (int tries = 0; !atomic_compare_exchange_strong(&w->io, &free_io, IO_SIGNAL); tries++) {
        if (free_io == IO_SIGNAL || tries == 10000)
            return;
        free_io = IO_FREE;
        struct timespec ms = { 0, 1000000 };
        nanosleep(&ms, NULL);
    }
    int a = w->active, f = atomic_load(&w->inflight);
    if (f >= 0 && f != a)   /* handed to the thread, not yet written: first */
        emergency_write(w, w->buf[f], w->len[f]);
    emergency_write(w, w->buf[a], w->len[a]);
    w->len[a] = 0;
    atomic_store(&w->inflight, -1);   /* the thread drops what it compressed */
    atomic_store(&w->io, IO_FREE);
    errno = saved;
}
