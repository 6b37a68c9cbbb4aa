/* cube_writer.c - TRACEDIR/analysis.cubex, a CUBE4 file without cubelib:
 * a tar of anchor.xml (metric tree x call tree x system tree) and, per
 * metric, <id>.index (CUBEX.INDEX, dense list of call-node ids) and
 * <id>.data (CUBEX.DATA, one value per call node and location).
 *
 * Metrics are the pattern tree of analysis.h (ids 0..), stored inclusive
 * of their sub-metrics as CUBE expects, plus "visits". The call tree is
 * flat: the program, "computation", and one node per call site; values are
 * exclusive per call node (metric type EXCLUSIVE). System tree: machine >
 * node > one process per trace rank > one thread. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/analysis.h"
#include "analyze/markup.h"
#include "analyze/tar_writer.h"

static void metric(FILE *f, int p, int depth)
{
    const seshat_pattern_info *in = &seshat_pattern_infos[p];
    fprintf(f, "%*s<metric id=\"%d\" type=\"EXCLUSIVE\">\n%*s<disp_name>", depth, "", p, depth + 1, "");
    an_markup(f, in->display);
    fprintf(f, "</disp_name><uniq_name>%s</uniq_name><dtype>DOUBLE</dtype><uom>sec</uom>"
               "<url></url><descr>", in->name);
    an_markup(f, in->description);
    fputs("</descr>\n", f);
    for (int c = 0; c < SESHAT_NPATTERNS; c++)
        if (seshat_pattern_infos[c].parent == p)
            metric(f, c, depth + 1);
    fprintf(f, "%*s</metric>\n", depth, "");
}

static void region(FILE *f, int id, const char *name, const char *where)
{
    fprintf(f, "  <region id=\"%d\" mod=\"", id);
    an_markup(f, where);
    fputs("\" begin=\"-1\" end=\"-1\"><name>", f);
    an_markup(f, name);
    fputs("</name><mangled_name>", f);
    an_markup(f, name);
    fprintf(f, "</mangled_name><paradigm>%s</paradigm><role>function</role><url></url><descr>",
            id < 2 ? "user" : "mpi");
    an_markup(f, where);
    fputs("</descr></region>\n", f);
}

static void anchor(FILE *f, const seshat_analysis *a)
{
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<cube version=\"4.4\">\n"
          " <attr key=\"Creator\" value=\"seshat-analyze\"/>\n"
          " <attr key=\"CUBE_CT_AGGR\" value=\"SUM\"/>\n", f);
    /* A trace that is not whole says so where CUBE readers show metadata. */
    fprintf(f, " <attr key=\"seshat.complete\" value=\"%s\"/>\n", a->complete ? "true" : "false");
    for (int i = 0; i < a->nproblems; i++) {
        fprintf(f, " <attr key=\"seshat.problem.%d\" value=\"", i);
        an_markup(f, a->problems[i]);
        fputs("\"/>\n", f);
    }
    fputs(" <metrics>\n", f);
    for (int p = 0; p < SESHAT_NPATTERNS; p++)
        if (seshat_pattern_infos[p].parent < 0)
            metric(f, p, 2);
    fprintf(f, "  <metric id=\"%d\" type=\"EXCLUSIVE\">\n   <disp_name>Visits</disp_name>"
               "<uniq_name>visits</uniq_name><dtype>UINT64</dtype><uom>occ</uom><url></url>"
               "<descr>Number of calls</descr>\n  </metric>\n </metrics>\n <program>\n",
            SESHAT_NPATTERNS);
    region(f, 0, "program", "");
    region(f, 1, "computation", "outside MPI");
    for (int s = 0; s < a->nsites; s++)
        region(f, 2 + s, a->sites[s].function, a->sites[s].location);
    fputs("  <cnode id=\"0\" calleeId=\"0\">\n   <cnode id=\"1\" calleeId=\"1\"></cnode>\n", f);
    for (int s = 0; s < a->nsites; s++)
        fprintf(f, "   <cnode id=\"%d\" calleeId=\"%d\"></cnode>\n", 2 + s, 2 + s);
    fputs("  </cnode>\n </program>\n <system>\n  <systemtreenode Id=\"0\"><name>machine</name>"
          "<class>machine</class>\n   <systemtreenode Id=\"1\"><name>node</name><class>node</class>\n",
          f);
    for (int r = 0; r < a->nranks; r++)
        fprintf(f, "    <locationgroup Id=\"%d\"><name>rank %d</name><rank>%d</rank>"
                   "<type>process</type>\n     <location Id=\"%d\"><name>master thread</name>"
                   "<rank>0</rank><type>thread</type></location>\n    </locationgroup>\n",
                r, r, r, r);
    fputs("   </systemtreenode>\n  </systemtreenode>\n </system>\n</cube>\n", f);
}

/* Dense index: every call node, in id order. */
static void index_file(FILE *f, int ncnodes)
{
    int32_t one = 1, n = ncnodes;
    uint16_t version = 0;
    uint8_t type = 1;
    fwrite("CUBEX.INDEX", 1, 11, f);
    fwrite(&one, 4, 1, f);
    fwrite(&version, 2, 1, f);
    fwrite(&type, 1, 1, f);
    fwrite(&n, 4, 1, f);
    for (int32_t i = 0; i < n; i++)
        fwrite(&i, 4, 1, f);
}

/* Values of metric p (or visits when p == SESHAT_NPATTERNS), node-major. */
static void data_file(FILE *f, const seshat_analysis *a, int p)
{
    fwrite("CUBEX.DATA", 1, 10, f);
    for (int node = 0; node < a->nsites + 2; node++)
        for (int r = 0; r < a->nranks; r++) {
            int site = node - 2;   /* node 1: computation (site -1) */
            if (p == SESHAT_NPATTERNS) {
                uint64_t v = node < 2 ? 0 : a->visits[(size_t)site * (size_t)a->nranks + (size_t)r];
                fwrite(&v, 8, 1, f);
            } else {
                double v = node == 0 ? 0
                                     : 1e-9 * (double)seshat_analysis_inclusive(a, p, site, r);
                fwrite(&v, 8, 1, f);
            }
        }
}

/* Writes one member through a memory stream. */
static int member(FILE *out, const char *name, void (*fill)(FILE *, const seshat_analysis *, int),
                  const seshat_analysis *a, int arg)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (!m)
        return -1;
    fill(m, a, arg);
    int rc = fclose(m) ? -1 : tar_add(out, name, buf, len);
    free(buf);
    return rc;
}

static void fill_anchor(FILE *f, const seshat_analysis *a, int arg) { (void)arg; anchor(f, a); }
static void fill_index(FILE *f, const seshat_analysis *a, int arg) { (void)arg; index_file(f, a->nsites + 2); }

int seshat_analysis_write_cube(const seshat_analysis *a, const char *path, char *err,
                               size_t errlen)
{
    FILE *out = fopen(path, "wb");
    if (!out) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    int rc = member(out, "anchor.xml", fill_anchor, a, 0);
    for (int p = 0; p <= SESHAT_NPATTERNS && !rc; p++) {
        char name[32];
        snprintf(name, sizeof name, "%d.index", p);
        rc = member(out, name, fill_index, a, p);
        snprintf(name, sizeof name, "%d.data", p);
        rc = rc ? rc : member(out, name, data_file, a, p);
    }
    rc = rc ? rc : tar_finish(out);
    if (fclose(out) != 0 || rc) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno ? errno : EIO));
        return -1;
    }
    return 0;
}
