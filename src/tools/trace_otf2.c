/* trace_otf2.c - seshat streams -> OTF2 archive (serial writer).
 * Messages and collectives are mapped onto one communicator, the program's
 * MPI_COMM_WORLD, with world ranks (sub-communicators are not mapped). */
#include <otf2/otf2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "interpose/gen_calls.h"
#include "trace_format.h"
#include "trace_otf2.h"
#include "trace_reader.h"

static OTF2_FlushType pre_flush(void *u, OTF2_FileType t, OTF2_LocationRef l, void *c, bool final)
{
    (void)u; (void)t; (void)l; (void)c; (void)final;
    return OTF2_FLUSH;
}
static OTF2_TimeStamp post_flush(void *u, OTF2_FileType t, OTF2_LocationRef l)
{
    (void)u; (void)t; (void)l;
    return 0;
}
static OTF2_FlushCallbacks flush_callbacks = { .otf2_pre_flush = pre_flush, .otf2_post_flush = post_flush };

static const OTF2_CollectiveOp coll_ops[] = {
    OTF2_COLLECTIVE_OP_BARRIER, OTF2_COLLECTIVE_OP_BCAST, OTF2_COLLECTIVE_OP_REDUCE,
    OTF2_COLLECTIVE_OP_ALLREDUCE, OTF2_COLLECTIVE_OP_GATHER, OTF2_COLLECTIVE_OP_SCATTER,
    OTF2_COLLECTIVE_OP_ALLGATHER, OTF2_COLLECTIVE_OP_ALLTOALL, OTF2_COLLECTIVE_OP_REDUCE_SCATTER,
    OTF2_COLLECTIVE_OP_SCAN, OTF2_COLLECTIVE_OP_EXSCAN
};

/* Regions are numbered densely in order of first use, as OTF2 wants. */
struct pass { int region[SESHAT_CALL_COUNT]; int order[SESHAT_CALL_COUNT]; int nregions; uint64_t t_max; };

static OTF2_RegionRef region_of(struct pass *ps, uint64_t call)
{
    if (!ps->region[call]) {
        ps->order[ps->nregions] = (int)call;
        ps->region[call] = ++ps->nregions;
    }
    return (OTF2_RegionRef)(ps->region[call] - 1);
}

static int get(const seshat_tr_record *rec, uint64_t *v, int n)
{
    const uint8_t *p = rec->payload, *end = p + rec->len;
    for (int k = 0; k < n; k++)
        if (seshat_get_varint(&p, end, &v[k]))
            return -1;
    return 0;
}

/* One rank's stream into its event writer. */
static int write_rank(const char *dir, int r, OTF2_EvtWriter *w, struct pass *ps)
{
    char path[4200], err[1400];
    snprintf(path, sizeof path, "%s/rank-%d.sst", dir, r);
    seshat_tr *tr = seshat_tr_open(path, err, sizeof err);
    if (!tr)
        return 0;   /* a rank not traced (trace.ranks) */
    seshat_tr_record rec;
    uint64_t v[5], t = 0;
    int coll_open = 0, rc;
    int64_t open_region = -1;   /* MPI_Finalize has no exit record */
    uint64_t cv[4];
    while ((rc = seshat_tr_next(tr, &rec)) == 1) {
        switch (rec.kind) {
        case SESHAT_REC_ENTER:
            if (get(&rec, v, 3) || v[0] >= SESHAT_CALL_COUNT)
                break;
            t += v[1];
            open_region = (int64_t)region_of(ps, v[0]);
            OTF2_EvtWriter_Enter(w, NULL, t, (OTF2_RegionRef)open_region);
            break;
        case SESHAT_REC_EXIT:
            if (get(&rec, v, 2) || v[0] >= SESHAT_CALL_COUNT)
                break;
            t += v[1];
            if (coll_open) {
                int64_t root = seshat_unzigzag(cv[2]);
                OTF2_EvtWriter_MpiCollectiveEnd(w, NULL, t, coll_ops[cv[0] < 11 ? cv[0] : 0], 0,
                                                root < 0 ? OTF2_UNDEFINED_UINT32 : (uint32_t)root,
                                                cv[3], cv[3]);
                coll_open = 0;
            }
            OTF2_EvtWriter_Leave(w, NULL, t, region_of(ps, v[0]));
            open_region = -1;
            break;
        case SESHAT_REC_SEND:
        case SESHAT_REC_RECV:
            if (get(&rec, v, 4))
                break;
            if (rec.kind == SESHAT_REC_SEND)
                OTF2_EvtWriter_MpiSend(w, NULL, t, (uint32_t)v[0], 0, (uint32_t)seshat_unzigzag(v[1]), v[3]);
            else
                OTF2_EvtWriter_MpiRecv(w, NULL, t, (uint32_t)v[0], 0, (uint32_t)seshat_unzigzag(v[1]), v[3]);
            break;
        case SESHAT_REC_COLL:
            if (get(&rec, cv, 4) == 0 && !coll_open) {
                OTF2_EvtWriter_MpiCollectiveBegin(w, NULL, t);
                coll_open = 1;
            }
            break;
        }
    }
    if (open_region >= 0)
        OTF2_EvtWriter_Leave(w, NULL, t, (OTF2_RegionRef)open_region);
    if (rc < 0)
        fprintf(stderr, "seshat-trace: %s (exported what came before)\n", seshat_tr_error(tr));
    seshat_tr_close(tr);
    if (t > ps->t_max)
        ps->t_max = t;
    return 0;
}

static void write_defs(OTF2_Archive *a, int n, const struct pass *ps, const uint64_t *nevents)
{
    OTF2_GlobalDefWriter *d = OTF2_Archive_GetGlobalDefWriter(a);
    uint32_t s = 0;
    char name[64];
    OTF2_GlobalDefWriter_WriteClockProperties(d, 1000000000, 0, ps->t_max + 1, 0);
    OTF2_GlobalDefWriter_WriteString(d, s++, "");                  /* 0 */
    OTF2_GlobalDefWriter_WriteString(d, s++, "machine");           /* 1 */
    OTF2_GlobalDefWriter_WriteString(d, s++, "MPI_COMM_WORLD");    /* 2 */
    OTF2_GlobalDefWriter_WriteSystemTreeNode(d, 0, 1, 1, OTF2_UNDEFINED_SYSTEM_TREE_NODE);
    for (int i = 0; i < ps->nregions; i++) {
        OTF2_GlobalDefWriter_WriteString(d, s, seshat_call_names[ps->order[i]]);
        OTF2_GlobalDefWriter_WriteRegion(d, (OTF2_RegionRef)i, s, s, 0, OTF2_REGION_ROLE_FUNCTION,
                                         OTF2_PARADIGM_MPI, OTF2_REGION_FLAG_NONE, 0, 0, 0);
        s++;
    }
    uint64_t *members = malloc(sizeof *members * (size_t)n);
    for (int r = 0; r < n; r++) {
        snprintf(name, sizeof name, "rank %d", r);
        OTF2_GlobalDefWriter_WriteString(d, s, name);
        OTF2_GlobalDefWriter_WriteLocationGroup(d, (OTF2_LocationGroupRef)r, s,
                                                OTF2_LOCATION_GROUP_TYPE_PROCESS, 0,
                                                OTF2_UNDEFINED_LOCATION_GROUP);
        OTF2_GlobalDefWriter_WriteLocation(d, (OTF2_LocationRef)r, s, OTF2_LOCATION_TYPE_CPU_THREAD,
                                           nevents[r], (OTF2_LocationGroupRef)r);
        s++;
        members[r] = (uint64_t)r;
    }
    OTF2_GlobalDefWriter_WriteGroup(d, 0, 0, OTF2_GROUP_TYPE_COMM_LOCATIONS, OTF2_PARADIGM_MPI,
                                    OTF2_GROUP_FLAG_NONE, (uint32_t)n, members);
    OTF2_GlobalDefWriter_WriteGroup(d, 1, 0, OTF2_GROUP_TYPE_COMM_GROUP, OTF2_PARADIGM_MPI,
                                    OTF2_GROUP_FLAG_NONE, (uint32_t)n, members);
    OTF2_GlobalDefWriter_WriteComm(d, 0, 2, 1, OTF2_UNDEFINED_COMM, OTF2_COMM_FLAG_NONE);
    free(members);
}

int seshat_export_otf2(const char *dir, int n, const char *out)
{
    mkdir(out, 0755);
    OTF2_Archive *a = OTF2_Archive_Open(out, "traces", OTF2_FILEMODE_WRITE, 1024 * 1024,
                                        4 * 1024 * 1024, OTF2_SUBSTRATE_POSIX,
                                        OTF2_COMPRESSION_NONE);
    if (!a) {
        fprintf(stderr, "seshat-trace: %s: cannot create the OTF2 archive\n", out);
        return 1;
    }
    OTF2_Archive_SetFlushCallbacks(a, &flush_callbacks, NULL);
    OTF2_Archive_SetSerialCollectiveCallbacks(a);
    OTF2_Archive_OpenEvtFiles(a);
    struct pass ps;
    memset(&ps, 0, sizeof ps);
    uint64_t *nevents = calloc((size_t)n, sizeof *nevents);
    int tty = isatty(2);
    for (int r = 0; r < n; r++) {
        if (tty)
            fprintf(stderr, "\rexporting rank %d of %d ", r + 1, n);
        OTF2_EvtWriter *w = OTF2_Archive_GetEvtWriter(a, (OTF2_LocationRef)r);
        write_rank(dir, r, w, &ps);
        OTF2_EvtWriter_GetNumberOfEvents(w, &nevents[r]);
        OTF2_Archive_CloseEvtWriter(a, w);
    }
    if (tty)
        fprintf(stderr, "\r");
    OTF2_Archive_CloseEvtFiles(a);
    OTF2_Archive_OpenDefFiles(a);
    for (int r = 0; r < n; r++)
        OTF2_Archive_CloseDefWriter(a, OTF2_Archive_GetDefWriter(a, (OTF2_LocationRef)r));
    OTF2_Archive_CloseDefFiles(a);
    write_defs(a, n, &ps, nevents);
    OTF2_ErrorCode rc = OTF2_Archive_Close(a);
    free(nevents);
    if (rc != OTF2_SUCCESS) {
        fprintf(stderr, "seshat-trace: %s: %s\n", out, OTF2_Error_GetName(rc));
        return 1;
    }
    printf("wrote %s/traces.otf2\n", out);
    return 0;
}
