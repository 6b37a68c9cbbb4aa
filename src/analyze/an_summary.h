/* an_summary.h - the analyzer's text summary on stdout. */
#ifndef SESHAT_AN_SUMMARY_H
#define SESHAT_AN_SUMMARY_H

#include <stdio.h>

#include "analyze/analysis.h"

void an_summary(FILE *f, const seshat_analysis *a, const char *dir);

#endif
