/* replay_cuts.c - one rank's delaying computation evened out (replay_cuts.h). */
#include "tools/replay_cuts.h"

#include <stdio.h>
#include <stdlib.h>

static int push(replay_cuts *c, int *cap, replay_cut x)
{
    if (c->n == *cap) {
        *cap = *cap ? 2 * *cap : 16;
        replay_cut *v = realloc(c->v, (size_t)*cap * sizeof *v);
        if (!v)
            return -1;
        c->v = v;
    }
    c->v[c->n++] = x;
    return 0;
}

int replay_cuts_load(replay_cuts *c, int rank)
{
    *c = (replay_cuts){ 0 };
    const char *path = getenv("SESHAT_REPLAY_CUTS"), *cause = getenv("SESHAT_REPLAY_CAUSE");
    if (!path || !*path || !cause || !*cause)
        return 0;
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "seshat-replay: cannot read %s\n", path);
        return -1;
    }
    int want = atoi(cause), cap = 0, mine = 0, i, r, rc = 0;
    long long s, e, x;
    char line[256];
    while (rc == 0 && fgets(line, sizeof line, f)) {
        if (sscanf(line, "cause %d %d", &i, &r) == 2)
            mine = i == want && r == rank;   /* the cause's cuts follow it */
        else if (mine && sscanf(line, "cut %d %lld %lld %lld", &i, &s, &e, &x) == 4 && i == want)
            rc = push(c, &cap, (replay_cut){ s, e, x, 0, 0, 0 });
    }
    fclose(f);
    if (rc)
        fprintf(stderr, "seshat-replay: out of memory for %s\n", path);
    return rc;
}

static int64_t overlap(const replay_cut *x, int64_t from, int64_t to)
{
    int64_t lo = from > x->start ? from : x->start, hi = to < x->end ? to : x->end;
    return hi > lo ? hi - lo : 0;
}

void replay_cuts_note(replay_cuts *c, int64_t from, int64_t to)
{
    for (int i = 0; i < c->n; i++)
        c->v[i].total += overlap(&c->v[i], from, to);
}

int64_t replay_cuts_take(replay_cuts *c, int64_t from, int64_t to)
{
    int64_t cut = 0;
    for (int i = 0; i < c->n; i++) {
        replay_cut *x = &c->v[i];
        int64_t ov = overlap(x, from, to);
        if (!ov || x->total <= 0)
            continue;
        x->seen += ov;
        /* the share so far, exact in integers: the last gap ends at total */
        int64_t target = (int64_t)((__int128)x->excess * x->seen / x->total);
        if (target - x->given > cut)
            cut = target - x->given;
        x->given = target;
    }
    return cut < to - from ? cut : to - from;
}

void replay_cuts_free(replay_cuts *c)
{
    free(c->v);
    *c = (replay_cuts){ 0 };
}
