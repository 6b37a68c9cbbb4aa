/* trace_writer.c - double-buffered, LZ4-framed stream writer (trace_writer.h). */
#include <errno.h>
#include <fcntl.h>
#include <lz4frame.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "trace_format.h"
#include "trace_writer.h"

struct seshat_tw {
    int fd;
    char path[1024];
    size_t cap;
    uint8_t *buf[2];
    size_t len[2];
    int active;
    int pending;                 /* buffer the thread is writing, or -1 */
    volatile int fast;           /* the application waited: compress fast */
    int stop;
    volatile int failed;
    char err[1200];
    pthread_t thread;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    uint8_t *zbuf;
    size_t zcap;
    uint8_t *ebuf;               /* emergency frame, preallocated */
    size_t ecap;
    uint8_t hdr[LZ4F_HEADER_SIZE_MAX];
    size_t hdrlen;
    seshat_tw_write_fn write_fn;
};

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

static int write_all(seshat_tw *w, const uint8_t *p, size_t len)
{
    while (len > 0) {
        ssize_t n = w->write_fn(w->fd, p, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            snprintf(w->err, sizeof w->err, "%s: %s: tracing stopped, the simulation goes on",
                     w->path, n < 0 ? strerror(errno) : "short write");
            w->failed = 1;
            return -1;
        }
        p += n;
        len -= (size_t)n;
    }
    return 0;
}

static void write_frame(seshat_tw *w, const uint8_t *src, size_t len)
{
    if (w->failed || len == 0)
        return;
    LZ4F_preferences_t prefs = prefs_for(len, w->fast);
    size_t n = LZ4F_compressFrame(w->zbuf, w->zcap, src, len, &prefs);
    if (LZ4F_isError(n)) {
        snprintf(w->err, sizeof w->err, "%s: compression failed: %s", w->path,
                 LZ4F_getErrorName(n));
        w->failed = 1;
        return;
    }
    write_all(w, w->zbuf, n);
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
        write_frame(w, w->buf[i], w->len[i]);
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
    snprintf(w->path, sizeof w->path, "%s", path);
    LZ4F_preferences_t prefs = prefs_for(w->cap, 0);
    w->zcap = LZ4F_compressFrameBound(w->cap, &prefs);
    w->ecap = w->cap + LZ4F_HEADER_SIZE_MAX + 4 * (w->cap / 65536 + 2);
    w->buf[0] = malloc(w->cap);
    w->buf[1] = malloc(w->cap);
    w->zbuf = malloc(w->zcap);
    w->ebuf = malloc(w->ecap);
    w->hdrlen = plain_header(w->hdr);
    w->fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0644);
    if (w->fd < 0 || !w->buf[0] || !w->buf[1] || !w->zbuf || !w->ebuf || !w->hdrlen) {
        snprintf(err, errlen, "%s: %s", path, w->fd < 0 ? strerror(errno) : "out of memory");
        if (w->fd >= 0)
            close(w->fd);
        free(w->buf[0]);
        free(w->buf[1]);
        free(w->zbuf);
        free(w->ebuf);
        free(w);
        return NULL;
    }
    pthread_mutex_init(&w->mu, NULL);
    pthread_cond_init(&w->cv, NULL);
    pthread_create(&w->thread, NULL, writer_thread, w);
    return w;
}

static void swap_buffers(seshat_tw *w)
{
    pthread_mutex_lock(&w->mu);
    w->fast = w->pending >= 0;
    while (w->pending >= 0)
        pthread_cond_wait(&w->cv, &w->mu);
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
    w->len[w->active] = (size_t)(p + len - w->buf[w->active]);
}

int seshat_tw_failed(const seshat_tw *w) { return w && w->failed; }
const char *seshat_tw_error(const seshat_tw *w) { return w && w->failed ? w->err : ""; }

int seshat_tw_close(seshat_tw *w)
{
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
    pthread_mutex_destroy(&w->mu);
    pthread_cond_destroy(&w->cv);
    free(w->buf[0]);
    free(w->buf[1]);
    free(w->zbuf);
    free(w->ebuf);
    free(w);
    return rc;
}

static void put_le32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

void seshat_tw_emergency(seshat_tw *w)
{
    if (!w || w->failed)
        return;
    const uint8_t *src = w->buf[w->active];
    size_t len = w->len[w->active], n = 0;
    if (len == 0)
        return;
    memcpy(w->ebuf, w->hdr, w->hdrlen);
    n = w->hdrlen;
    for (size_t off = 0; off < len; off += 65536) {
        size_t b = len - off < 65536 ? len - off : 65536;
        put_le32(w->ebuf + n, (uint32_t)b | 0x80000000u);   /* stored, not compressed */
        memcpy(w->ebuf + n + 4, src + off, b);
        n += 4 + b;
    }
    put_le32(w->ebuf + n, 0);
    n += 4;
    w->len[w->active] = 0;
    if (w->write_fn(w->fd, w->ebuf, n) < 0)
        w->failed = 1;
}
