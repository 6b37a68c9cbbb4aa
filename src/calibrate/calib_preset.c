/* calib_preset.c - the `host` preset: plain INI that seshat's own loader
 * reads, every number explained in a comment. */
#include "calibrate/calib_preset.h"

#include "common/safe_write.h"

#include <errno.h>
#include <math.h>

/* Bandwidth text for ns/byte; a flat piece (0 ns/B) gets a huge value. */
static void bandwidth(char *buf, size_t len, double ns_per_byte)
{
    double Bps = ns_per_byte > 1e-6 ? 1e9 / ns_per_byte : 1e15;
    snprintf(buf, len, "%.6gGB/s", Bps / 1e9);
}

/* [collectives] factors, with the data behind each factor as comments. */
static void factors(FILE *o, const calib_coll_data *coll, int ncoll)
{
    fprintf(o, "\n[collectives]\n; per collective and block size: measured, seshat's last run (with the"
               " factor used then), the estimate with the fitted factor, its error\n");
    for (int c = 0; c < ncoll; c++)
        for (int i = 0; i < coll[c].n; i++)
            fprintf(o, ";   %-10s %10lld B  %12.1f ns  %12.1f ns (x%.3f)  %12.1f ns  %+6.2f%%\n",
                    coll[c].name, (long long)coll[c].size[i], coll[c].measured[i],
                    coll[c].model[i], coll[c].used[i], coll[c].fit.model_ns[i],
                    100 * coll[c].fit.error[i]);
    fprintf(o, "; NAME:FROM:FACTOR: a NAME of FROM bytes or more costs FACTOR x its schedule\n"
               "factors =");
    for (int c = 0; c < ncoll; c++)
        for (int i = 0; i < coll[c].fit.npieces; i++)
            fprintf(o, " %s:%lldB:%.4f", coll[c].name, (long long)coll[c].fit.pieces[i].from,
                    coll[c].fit.pieces[i].factor);
    fputc('\n', o);
}

int calib_preset_write(const char *path, const calib_fit *f, const int64_t *sizes,
                       const double *measured, int n, const calib_coll_data *coll, int ncoll,
                       const char *origin)
{
    seshat_sw w;
    char err[4400];
    FILE *o = seshat_sw_open(&w, path, err, sizeof err);   /* never through a link */
    if (!o)
        return -1;
    char bw[64];
    fprintf(o, "; host: this machine's MPI, measured by seshat-calibrate\n; %s\n;\n", origin);
    fprintf(o, "; one-way ping-pong time per size: measured, model, error\n");
    for (int i = 0; i < n; i++)
        fprintf(o, ";   %10lld B  %12.1f ns  %12.1f ns  %+6.2f%%\n", (long long)sizes[i],
                measured[i], f->model_ns[i], 100 * f->error[i]);
    bandwidth(bw, sizeof bw, f->pieces[0].ns_per_byte);
    fprintf(o, "\n[network]\nmodel = loggp\n");
    fprintf(o, "; the smallest messages' line, minus both CPU overheads\n");
    fprintf(o, "latency = %.1fns\nbandwidth = %s\n", f->pieces[0].latency_ns, bw);
    fprintf(o, "; the fastest MPI_Send of 8 bytes (its CPU cost)\noverhead = %.0fns\ngap = 0\n",
            f->overhead_ns);
    fprintf(o, "; where the first line stops fitting: the MPI's protocol switch\n");
    fprintf(o, "eager_limit = %lldB\n", (long long)f->eager_limit);
    fprintf(o, "; further pieces: FROM:LATENCY:BANDWIDTH\nsegments =");
    for (int i = 1; i < f->npieces; i++) {
        bandwidth(bw, sizeof bw, f->pieces[i].ns_per_byte);
        fprintf(o, " %lldB:%.1fns:%s", (long long)f->pieces[i].from, f->pieces[i].latency_ns, bw);
    }
    fputc('\n', o);
    if (ncoll)
        factors(o, coll, ncoll);
    if (seshat_sw_commit(&w, err, sizeof err)) {
        if (!errno)
            errno = EIO;
        return -1;
    }
    return 0;
}
