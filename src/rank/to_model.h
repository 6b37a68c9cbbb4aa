/* to_model.h - an application rank's message to a model rank on the
 * control communicator (a report: envelope, post, collective entry,
 * synchronization, BLOCK, fin), and the wake-up that goes with it
 * (common/wake.h): the model rank sleeps while nothing comes
 * (docs/design.md, "The model rank"). */
#ifndef SESHAT_RANK_TO_MODEL_H
#define SESHAT_RANK_TO_MODEL_H

/* Send `bytes` bytes to world rank `model` with `tag` and wake it; fails
 * the job with `what` on an MPI error. Returns once the send completed. */
void seshat_to_model(const void *buf, int bytes, int model, int tag, const char *what);

#endif
