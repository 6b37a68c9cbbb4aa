/* safe_write.c - temporary file beside the target, fsync, rename
 * (safe_write.h). */
#include "common/safe_write.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* dir/.name.seshat-XXXXXX: hidden, in the target's directory (rename
 * stays on one file system), a name nobody can guess in advance. */
static void tmp_name(seshat_sw *w, unsigned attempt)
{
    const char *slash = strrchr(w->path, '/');
    int dlen = slash ? (int)(slash - w->path + 1) : 0;
    const char *base = slash ? slash + 1 : w->path;
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    uint64_t x = (uint64_t)ts.tv_nsec * 2654435761u ^ (uint64_t)getpid() << 20 ^ attempt * 40503u ^
                 (uint64_t)(uintptr_t)w;
    char suffix[7];
    static const char abc[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    for (int i = 0; i < 6; i++, x /= 62)
        suffix[i] = abc[x % 62];
    suffix[6] = 0;
    snprintf(w->tmp, sizeof w->tmp, "%.*s.%s.seshat-%s", dlen, w->path, base, suffix);
}

int seshat_sw_open_fd(seshat_sw *w, const char *path, char *err, size_t errlen)
{
    memset(w, 0, sizeof *w);
    w->fd = -1;
    if (strlen(path) >= sizeof w->path || !*path) {
        snprintf(err, errlen, "cannot write %.200s...: %s", path, *path ? "name too long" : "empty name");
        return -1;
    }
    snprintf(w->path, sizeof w->path, "%s", path);
    for (unsigned k = 0; k < 100 && w->fd < 0; k++) {
        tmp_name(w, k);
        w->fd = open(w->tmp, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
        if (w->fd < 0 && errno != EEXIST)
            break;
    }
    if (w->fd < 0) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    return w->fd;
}

FILE *seshat_sw_open(seshat_sw *w, const char *path, char *err, size_t errlen)
{
    if (seshat_sw_open_fd(w, path, err, errlen) < 0)
        return NULL;
    w->f = fdopen(w->fd, "w+");
    if (!w->f) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        seshat_sw_abort(w);
    }
    return w->f;
}

void seshat_sw_abort(seshat_sw *w)
{
    if (w->f)
        fclose(w->f);
    else if (w->fd >= 0)
        close(w->fd);
    if (w->fd >= 0)
        unlink(w->tmp);
    w->f = NULL;
    w->fd = -1;
}

int seshat_sw_commit(seshat_sw *w, char *err, size_t errlen)
{
    if (w->fd < 0) {
        snprintf(err, errlen, "cannot write %s: not opened", w->path);
        return -1;
    }
    int bad = w->f && (fflush(w->f) != 0 || ferror(w->f));
    int e = bad ? (errno ? errno : EIO) : 0;
    if (!bad && fsync(w->fd) != 0 && errno != EINVAL)
        bad = 1, e = errno;
    int closed = w->f ? fclose(w->f) : close(w->fd);
    if (!bad && closed != 0)
        bad = 1, e = errno;
    w->f = NULL;
    w->fd = -1;
    if (!bad && rename(w->tmp, w->path) != 0)
        bad = 1, e = errno;
    if (bad) {
        unlink(w->tmp);
        snprintf(err, errlen, "cannot write %s: %s (an earlier %s, if any, is unchanged)", w->path,
                 strerror(e), w->path);
        return -1;
    }
    return 0;
}

int seshat_sw_file(const char *path, const void *data, size_t len, char *err, size_t errlen)
{
    seshat_sw w;
    if (seshat_sw_open_fd(&w, path, err, errlen) < 0)
        return -1;
    const char *p = data;
    while (len > 0) {
        ssize_t n = write(w.fd, p, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            snprintf(err, errlen, "cannot write %s: %s", path, n < 0 ? strerror(errno) : "short write");
            seshat_sw_abort(&w);
            return -1;
        }
        p += n;
        len -= (size_t)n;
    }
    return seshat_sw_commit(&w, err, errlen);
}

int seshat_sw_check_dir(const char *dir, char *err, size_t errlen)
{
    struct stat st;
    if (lstat(dir, &st) == 0 && S_ISLNK(st.st_mode)) {
        snprintf(err, errlen, "%s is a symbolic link: not writing through it (remove it or name "
                 "another directory)", dir);
        return -1;
    }
    return 0;
}

int seshat_sw_create_new(const char *path, int extra_flags)
{
    return open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | extra_flags, 0644);
}

int seshat_sw_dir_begin(const char *dir, char *tmp, size_t tmplen, char *err, size_t errlen)
{
    if (mkdir(dir, 0755) != 0 && errno != EEXIST) {
        snprintf(err, errlen, "cannot create %s: %s", dir, strerror(errno));
        return -1;
    }
    if ((size_t)snprintf(tmp, tmplen, "%s/.seshat-XXXXXX", dir) >= tmplen) {
        snprintf(err, errlen, "cannot write %.200s...: name too long", dir);
        return -1;
    }
    if (!mkdtemp(tmp)) {
        snprintf(err, errlen, "cannot write into %s: %s", dir, strerror(errno));
        return -1;
    }
    return 0;
}

/* Calls fn(path, is_dir, ctx) for each entry of `d` (not . and ..). */
static int each_entry(const char *d, int (*fn)(const char *, const char *, int, void *), void *ctx)
{
    DIR *h = opendir(d);
    if (!h)
        return -1;
    int rc = 0;
    for (struct dirent *e; !rc && (e = readdir(h));) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        char p[SESHAT_SW_PATH + 256];
        snprintf(p, sizeof p, "%s/%s", d, e->d_name);
        struct stat st;
        rc = lstat(p, &st) == 0 ? fn(p, e->d_name, S_ISDIR(st.st_mode), ctx) : -1;
    }
    closedir(h);
    return rc;
}

static int remove_entry(const char *p, const char *name, int is_dir, void *ctx)
{
    (void)name;
    (void)ctx;
    if (is_dir) {
        each_entry(p, remove_entry, NULL);
        rmdir(p);
        return 0;
    }
    unlink(p);
    return 0;
}

void seshat_sw_dir_abort(const char *tmp)
{
    each_entry(tmp, remove_entry, NULL);
    rmdir(tmp);
}

static int sync_entry(const char *p, const char *name, int is_dir, void *ctx)
{
    (void)name;
    (void)ctx;
    if (is_dir)
        return each_entry(p, sync_entry, NULL);
    int fd = open(p, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    int rc = fd < 0 || (fsync(fd) != 0 && errno != EINVAL) ? -1 : 0;
    if (fd >= 0)
        close(fd);
    return rc;
}

typedef struct {
    const char *to;
    int err;
} move_ctx;

/* One entry of tmp into the target directory: a file renamed over its
 * target; a subdirectory renamed whole when the target has none, else its
 * files moved into the existing one. */
static int move_entry(const char *p, const char *name, int is_dir, void *ctx)
{
    move_ctx *m = ctx;
    char target[SESHAT_SW_PATH + 256];
    snprintf(target, sizeof target, "%s/%s", m->to, name);
    struct stat st;
    if (is_dir && lstat(target, &st) == 0) {
        if (!S_ISDIR(st.st_mode)) {
            m->err = ENOTDIR;
            return -1;
        }
        move_ctx sub = { target, 0 };
        int rc = each_entry(p, move_entry, &sub);
        m->err = sub.err;
        return rc ? rc : rmdir(p);
    }
    if (rename(p, target) != 0) {
        m->err = errno;
        return -1;
    }
    return 0;
}

/* The subdirectories of tmp whose names are links in dir: refused. */
static int check_entry(const char *p, const char *name, int is_dir, void *ctx)
{
    (void)p;
    move_ctx *m = ctx;
    char target[SESHAT_SW_PATH + 256];
    struct stat st;
    snprintf(target, sizeof target, "%s/%s", m->to, name);
    if (is_dir && lstat(target, &st) == 0 && S_ISLNK(st.st_mode)) {
        m->err = ELOOP;
        return -1;
    }
    return 0;
}

int seshat_sw_dir_commit(const char *tmp, const char *dir, char *err, size_t errlen)
{
    move_ctx m = { dir, 0 };
    if (each_entry(tmp, sync_entry, NULL) != 0) {
        snprintf(err, errlen, "cannot write into %s: %s (the earlier files, if any, are unchanged)",
                 dir, strerror(errno ? errno : EIO));
    } else if (each_entry(tmp, check_entry, &m) != 0) {
        snprintf(err, errlen, "a directory in %s is a symbolic link: not writing through it", dir);
    } else if (each_entry(tmp, move_entry, &m) != 0) {
        snprintf(err, errlen, "cannot move the new files into %s: %s", dir, strerror(m.err));
    } else {
        rmdir(tmp);
        return 0;
    }
    seshat_sw_dir_abort(tmp);
    return -1;
}
