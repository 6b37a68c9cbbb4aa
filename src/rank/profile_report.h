/* profile_report.h - rank 0 merges the ranks' profile tables
 * (DIR/profile.d/rank-R.tsv, profile.c) by call and call path into
 * DIR/profile.txt and DIR/profile.json and prints the top sites on stderr.
 * The formats are docs/analysis.md's (Profile). */
#ifndef SESHAT_PROFILE_REPORT_H
#define SESHAT_PROFILE_REPORT_H

/* Returns 0, or -1 after one line on stderr. */
int seshat_profile_report(const char *dir, int nranks);

#endif
