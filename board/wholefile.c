/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "board/wholefile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The folder of path flushed, so that a rename in it is on the disk
 * (best effort: some file systems refuse to sync a folder). */
static void
sync_folder(const char *path)
{
    const char *slash = strrchr(path, '/');
    char *dir = slash ? strndup(path, slash == path ? 1 : (size_t)(slash - path))
        : strdup(".");
    if (!dir)
        return;
    int fd = open(dir, O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
        (void)fsync(fd);
        close(fd);
    }
    free(dir);
}

bool
wholefile_write(const char *path, wholefile_fill_fn fill, void *arg, char *why, size_t whylen)
{
    size_t n = strlen(path) + 32;
    char *tmp = malloc(n);
    if (!tmp) {
        snprintf(why, whylen, "out of memory");
        return false;
    }
    snprintf(tmp, n, "%s.tmp%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "wb");
    bool ok = f != NULL;
    if (!ok)
        snprintf(why, whylen, "%s", strerror(errno));
    if (ok && !fill(f, arg, why, whylen))
        ok = false;
    if (ok && (fflush(f) != 0 || fsync(fileno(f)) != 0)) {
        snprintf(why, whylen, "%s", strerror(errno));
        ok = false;
    }
    if (f && fclose(f) != 0 && ok) {
        snprintf(why, whylen, "%s", strerror(errno));
        ok = false;
    }
    if (ok && rename(tmp, path) != 0) {
        snprintf(why, whylen, "%s", strerror(errno));
        ok = false;
    }
    if (ok)
        sync_folder(path);
    else if (f)
        unlink(tmp);
    free(tmp);
    return ok;
}

typedef struct bytes {
    const void *data;
    size_t len;
} bytes_t;

static bool
fill_bytes(FILE *f, void *arg, char *why, size_t whylen)
{
    const bytes_t *b = arg;
    if (b->len > 0 && fwrite(b->data, 1, b->len, f) != b->len) {
        snprintf(why, whylen, "%s", strerror(errno));
        return false;
    }
    return true;
}

bool
wholefile_write_bytes(const char *path, const void *data, size_t len, char *why, size_t whylen)
{
    bytes_t b = { data, len };
    return wholefile_write(path, fill_bytes, &b, why, whylen);
}

char *
wholefile_read(const char *path, size_t *len, char *why, size_t whylen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(why, whylen, "cannot open: %s", strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    bool ok = buf != NULL;
    while (ok) {
        if (n + 1 >= cap) {
            char *more = cap < ((size_t)1 << 30) ? realloc(buf, cap * 2) : NULL;
            if (!more) {
                ok = false;
                break;
            }
            buf = more;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0)
            break;
    }
    bool read_error = ferror(f);
    fclose(f);
    if (!ok || read_error) {
        free(buf);
        snprintf(why, whylen, "%s", read_error ? "read error" : "out of memory");
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}
