/* trace_otf2_io.h - IO records (MPI-IO) into OTF2's I/O events, for
 * trace_otf2.c: one IoParadigm "MPI-IO", an IoRegularFile per file name,
 * an IoHandle per rank and file it opened (its communicator's), and per
 * access IoOperationBegin / (IoOperationIssued: nonblocking) /
 * IoOperationComplete. A blocking access completes where its record says
 * (at the latest when its call ends); a nonblocking one at the exit of the
 * call that completed its request; a split collective's begin at the
 * first exit after its end. Open and close are IoCreateHandle and
 * IoDestroyHandle, sync a flush, delete IoDeleteFile; set_size and
 * preallocate have no OTF2 event (their regions say it). */
#ifndef SESHAT_TRACE_OTF2_IO_H
#define SESHAT_TRACE_OTF2_IO_H

#include <otf2/otf2.h>
#include <stdint.h>

#include "tracefmt/trace_reader.h"

/* The whole export's: files and handles, defined at the end. */
typedef struct otf2_io_defs {
    char **files;          /* names; IoRegularFile ref = index */
    int nfiles;
    struct otf2_io_handle { int rank, id, file; OTF2_CommRef comm; } *handles;   /* ref = index */
    int nhandles;
} otf2_io_defs;

/* One rank's accesses in flight. */
typedef struct otf2_io_rank {
    struct otf2_io_open {
        OTF2_IoHandleRef handle;
        uint64_t bytes, match, req, end;   /* req: 0 for an access with a known end */
        int known, completed;              /* end known; its request completed */
    } *open;
    int nopen, capopen;
    uint64_t matches;
    uint64_t last;   /* the latest event this call has written (0: its entry) */
} otf2_io_rank;

/* The OTF2 communicator of this rank's communicator id (-1: undefined). */
typedef OTF2_CommRef (*otf2_io_comm_fn)(void *ctx, int64_t id);

/* An IO record at time t (the record's time) inside a call entered at t. */
void otf2_io_record(otf2_io_defs *d, otf2_io_rank *st, OTF2_EvtWriter *w, int rank,
                    const seshat_tr_record *rec, uint64_t t, otf2_io_comm_fn comm, void *ctx);
/* A COMPLETE record: the request, if an access's, completes at this call's exit. */
void otf2_io_request_done(otf2_io_rank *st, uint64_t req);
/* The exit (time t) of a call entered at `entered`: the accesses that end by now. */
void otf2_io_exit(otf2_io_rank *st, OTF2_EvtWriter *w, uint64_t entered, uint64_t t);
void otf2_io_rank_free(otf2_io_rank *st);
/* The definitions, strings from *s on; whether any (the paradigm) was written. */
void otf2_io_write_defs(const otf2_io_defs *d, OTF2_GlobalDefWriter *g, uint32_t *s);
void otf2_io_defs_free(otf2_io_defs *d);

#endif
