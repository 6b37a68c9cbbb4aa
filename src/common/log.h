/* log.h - seshat's one logger: level, rank and origin in every message.
 * Messages go to stderr prefixed "seshat[rank]: ". A tool failure never
 * aborts the user's program; it says so once and steps aside. */
#ifndef SESHAT_LOG_H
#define SESHAT_LOG_H

enum seshat_log_level { SESHAT_LOG_ERROR, SESHAT_LOG_WARN, SESHAT_LOG_INFO, SESHAT_LOG_DEBUG };

/* Rank shown in messages; -1 (the default) shows none. */
void seshat_log_set_rank(int rank);
/* Messages above this level are dropped ($SESHAT_VERBOSE sets it at init). */
void seshat_log_set_level(enum seshat_log_level level);

void seshat_log_at(enum seshat_log_level level, const char *func, int line,
                   const char *fmt, ...) __attribute__((format(printf, 4, 5)));

#define seshat_error(...) seshat_log_at(SESHAT_LOG_ERROR, __func__, __LINE__, __VA_ARGS__)
#define seshat_warn(...)  seshat_log_at(SESHAT_LOG_WARN, __func__, __LINE__, __VA_ARGS__)
#define seshat_info(...)  seshat_log_at(SESHAT_LOG_INFO, __func__, __LINE__, __VA_ARGS__)
#define seshat_debug(...) seshat_log_at(SESHAT_LOG_DEBUG, __func__, __LINE__, __VA_ARGS__)

#endif
