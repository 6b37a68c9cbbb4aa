/* node_map.c - the nodes of a job and the per-node placement of model
 * ranks (node_map.h, docs/cluster.md). */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config/config.h"
#include "tools/node_map.h"

#define MAX_NODES 65536

/* Add `slots` to node `name` (a new node at the end if not named yet). */
static int add_node(seshat_node_map *m, const char *name, size_t len, int slots, char *err,
                    size_t n)
{
    if (len == 0 || len >= sizeof m->node->name) {
        snprintf(err, n, "%s: node name '%.*s' is empty or too long", m->source, (int)len, name);
        return -1;
    }
    for (int i = 0; i < m->nnodes; i++)
        if (strlen(m->node[i].name) == len && !strncmp(m->node[i].name, name, len)) {
            m->node[i].slots += slots;
            return 0;
        }
    seshat_node *grown = m->nnodes < MAX_NODES
                             ? realloc(m->node, (size_t)(m->nnodes + 1) * sizeof *grown) : NULL;
    if (!grown) {
        snprintf(err, n, "%s: more than %d nodes", m->source, MAX_NODES);
        return -1;
    }
    m->node = grown;
    snprintf(grown[m->nnodes].name, sizeof grown->name, "%.*s", (int)len, name);
    grown[m->nnodes++].slots = slots;
    return 0;
}

/* "NUMBER" in [1, 1e6] from `s` up to `end` (or its NUL). */
static int slot_count(const char *s, const char *end, int *out)
{
    char buf[16];
    long long v;
    size_t len = end ? (size_t)(end - s) : strlen(s);
    if (len == 0 || len >= sizeof buf)
        return -1;
    memcpy(buf, s, len);
    buf[len] = 0;
    if (seshat_parse_int(buf, 1, 1000000, &v))
        return -1;
    *out = (int)v;
    return 0;
}

/* An Open MPI hostfile: "NAME [slots=N] [max_slots=N]" per line, '#'
 * comments; a name without slots= counts one slot per line. */
static int read_hostfile(seshat_node_map *m, const char *path, char *err, size_t n)
{
    FILE *f = fopen(path, "r");
    char line[1024];
    int lineno = 0;
    snprintf(m->source, sizeof m->source, "hostfile %.40s", path);
    if (!f) {
        snprintf(err, n, "hostfile %s (SESHAT_MPIRUN_ARGS): %s", path, strerror(errno));
        return -1;
    }
    while (fgets(line, sizeof line, f)) {
        lineno++;
        line[strcspn(line, "#\n")] = 0;
        char *save, *name = strtok_r(line, " \t\r", &save), *t;
        int slots = 1;
        if (!name)
            continue;
        while ((t = strtok_r(NULL, " \t\r", &save)))
            if ((!strncmp(t, "slots=", 6) && slot_count(t + 6, NULL, &slots)) ||
                (strncmp(t, "slots=", 6) && strncmp(t, "max_slots=", 10) &&
                 strncmp(t, "max-slots=", 10))) {
                snprintf(err, n, "hostfile %s line %d: '%s': expected NAME [slots=N] "
                         "[max_slots=N] with N >= 1", path, lineno, t);
                fclose(f);
                return -1;
            }
        if (add_node(m, name, strlen(name), slots, err, n)) {
            fclose(f);
            return -1;
        }
    }
    fclose(f);
    return 0;
}

/* --host a,b:2,c: one slot per mention unless ":N". */
static int read_hosts(seshat_node_map *m, const char *list, char *err, size_t n)
{
    snprintf(m->source, sizeof m->source, "--host %.50s", list);
    for (const char *p = list; *p;) {
        size_t len = strcspn(p, ",");
        const char *colon = memchr(p, ':', len);
        int slots = 1;
        if (colon && slot_count(colon + 1, p + len, &slots)) {
            snprintf(err, n, "--host %s (SESHAT_MPIRUN_ARGS): '%.*s': expected NAME or "
                     "NAME:SLOTS", list, (int)len, p);
            return -1;
        }
        if (add_node(m, p, colon ? (size_t)(colon - p) : len, slots, err, n))
            return -1;
        p += len + (p[len] == ',');
    }
    return 0;
}

/* Slurm's "2(x3),1" (tasks per node, in node order) for node i. */
static int slurm_tasks(const char *s, int i)
{
    while (s && *s) {
        char *end;
        long v = strtol(s, &end, 10), rep = 1;
        if (end == s || v < 1)
            return 1;
        if (!strncmp(end, "(x", 2)) {
            rep = strtol(end + 2, &end, 10);
            end += *end == ')';
        }
        if (i < rep)
            return (int)v;
        i -= (int)rep;
        s = *end == ',' ? end + 1 : NULL;
    }
    return 1;
}

static int read_slurm(seshat_node_map *m, const char *nodelist, char *err, size_t n)
{
    char cmd[4096], line[512];
    const char *tasks = getenv("SLURM_TASKS_PER_NODE");
    snprintf(m->source, sizeof m->source, "SLURM_JOB_NODELIST");
    for (const char *c = nodelist; *c; c++)
        if (!isalnum((unsigned char)*c) && !strchr("-_.,[]", *c)) {
            snprintf(err, n, "SLURM_JOB_NODELIST=%s: unexpected character '%c'", nodelist, *c);
            return -1;
        }
    snprintf(cmd, sizeof cmd, "scontrol show hostnames '%s' 2>/dev/null", nodelist);
    FILE *p = popen(cmd, "r");
    while (p && fgets(line, sizeof line, p)) {
        line[strcspn(line, "\r\n")] = 0;
        if (*line && add_node(m, line, strlen(line), slurm_tasks(tasks, m->nnodes), err, n)) {
            pclose(p);
            return -1;
        }
    }
    if (!p || pclose(p) != 0 || m->nnodes == 0) {
        snprintf(err, n, "SLURM_JOB_NODELIST=%s: 'scontrol show hostnames' failed; name the "
                 "nodes with --hostfile in SESHAT_MPIRUN_ARGS", nodelist);
        return -1;
    }
    return 0;
}

int seshat_nodes_find(seshat_node_map *m, const char *mpirun_args, char *err, size_t n)
{
    memset(m, 0, sizeof *m);
    char *args = strdup(mpirun_args ? mpirun_args : ""), *save = NULL;
    int rc = 0, named = 0;
    for (char *t = strtok_r(args, " ", &save); t && !rc; t = strtok_r(NULL, " ", &save)) {
        int file = !strcmp(t, "--hostfile") || !strcmp(t, "-hostfile") ||
                   !strcmp(t, "--machinefile") || !strcmp(t, "-machinefile");
        int list = !strcmp(t, "--host") || !strcmp(t, "-host") || !strcmp(t, "-H");
        if (!file && !list)
            continue;
        char *v = strtok_r(NULL, " ", &save);
        if (!v) {
            snprintf(err, n, "SESHAT_MPIRUN_ARGS: %s needs a value", t);
            rc = -1;
        } else if (named++) {
            snprintf(err, n, "SESHAT_MPIRUN_ARGS: name the nodes once (one --hostfile or "
                     "--host), not with %s as well", t);
            rc = -1;
        } else {
            rc = file ? read_hostfile(m, v, err, n) : read_hosts(m, v, err, n);
        }
    }
    free(args);
    const char *slurm = getenv("SLURM_JOB_NODELIST");
    if (!rc && !named && slurm && *slurm)
        rc = read_slurm(m, slurm, err, n);
    return rc;
}

/* How many application ranks each node gets: its slots in order, then
 * (oversubscribed) the rest spread evenly, the first nodes one more. */
static void fill_by_slot(const seshat_node_map *m, int np, int *count)
{
    int left = np;
    for (int i = 0; i < m->nnodes; i++) {
        count[i] = left < m->node[i].slots ? left : m->node[i].slots;
        left -= count[i];
    }
    for (int i = 0; left > 0 && i < m->nnodes; i++)
        count[i] += left / m->nnodes + (i < left % m->nnodes);
}

int seshat_nodes_place(seshat_node_map *m, int np, int c, char *err, size_t n)
{
    if (m->nnodes == 0) {   /* this machine only */
        char host[256] = "localhost";
        gethostname(host, sizeof host - 1);
        snprintf(m->source, sizeof m->source, "this machine");
        if (add_node(m, host, strlen(host), np, err, n))
            return -1;
    }
    int *count = calloc((size_t)m->nnodes, sizeof *count), used = 0;
    if (!count) {
        snprintf(err, n, "out of memory");
        return -1;
    }
    fill_by_slot(m, np, count);
    for (int i = 0; i < m->nnodes; i++)
        used += count[i] > 0;
    m->napp = np;
    m->nmodel = c * used;
    m->node_of = malloc((size_t)(np + m->nmodel) * sizeof *m->node_of);
    m->model_of = malloc((size_t)np * sizeof *m->model_of);
    if (!m->node_of || !m->model_of) {
        free(count);
        snprintf(err, n, "out of memory");
        return -1;
    }
    for (int i = 0, r = 0, d = 0; i < m->nnodes; i++) {
        if (!count[i])
            continue;
        for (int j = 0; j < count[i]; j++, r++) {
            m->node_of[r] = i;
            m->model_of[r] = np + d * c + j % c;
        }
        for (int j = 0; j < c; j++)
            m->node_of[np + d * c + j] = i;
        d++;
    }
    free(count);
    return 0;
}

int seshat_nodes_rankfile(const seshat_node_map *m, const char *path, const char *slot,
                          char *err, size_t n)
{
    FILE *f = fopen(path, "w");
    for (int r = 0; f && r < m->napp + m->nmodel; r++)
        fprintf(f, "rank %d=%s slot=%s\n", r, m->node[m->node_of[r]].name, slot);
    if (!f || fclose(f) != 0) {
        snprintf(err, n, "rankfile %s: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

void seshat_nodes_print(const seshat_node_map *m, FILE *out, const char *prefix)
{
    int *served = malloc((size_t)m->napp * sizeof *served);
    for (int md = m->napp; served && md < m->napp + m->nmodel; md++) {
        int k = 0;
        char list[256];
        for (int r = 0; r < m->napp; r++)
            if (m->model_of[r] == md)
                served[k++] = r;
        seshat_rankset_format(served, k, list, sizeof list);
        fprintf(out, "%snode %s: model rank %d serves %s%s\n", prefix,
                m->node[m->node_of[md]].name, md, k == 1 ? "rank " : k ? "ranks " : "",
                k ? list : "none");
    }
    free(served);
}

void seshat_nodes_print_engine(const seshat_node_map *m, FILE *out, const char *prefix)
{
    if (m->nmodel < 2)
        return;
    int *fw = malloc((size_t)m->nmodel * sizeof *fw);
    char list[256];
    for (int i = 1; fw && i < m->nmodel; i++)
        fw[i - 1] = m->napp + i;
    seshat_rankset_format(fw, fw ? m->nmodel - 1 : 0, list, sizeof list);
    fprintf(out, "%scontention: node %s: model rank %d runs the SimGrid engine; model rank%s %s "
            "forward%s to it\n", prefix, m->node[m->node_of[m->napp]].name, m->napp,
            m->nmodel > 2 ? "s" : "", list, m->nmodel > 2 ? "" : "s");
    free(fw);
}

void seshat_nodes_free(seshat_node_map *m)
{
    free(m->node);
    free(m->node_of);
    free(m->model_of);
    memset(m, 0, sizeof *m);
}
