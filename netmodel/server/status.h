/* status.h - the model rank's side of seshat-run's live status line: a
 * small file rewritten (write + rename, so readers never see half a line)
 * with "virtual_ns messages bytes trace_bytes". */
#ifndef SESHAT_STATUS_H
#define SESHAT_STATUS_H

#include <stdint.h>

/* `base`.`rank` := the four numbers; trace_dir "" = no trace. */
void seshat_status_write(const char *base, int rank, int64_t vt_ns, long long messages,
                         long long bytes, const char *trace_dir);

#endif
