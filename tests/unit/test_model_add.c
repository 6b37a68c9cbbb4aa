/* test_model_add.c - adding a network model is one file plus its registry
 * line (docs/design.md, "Adding a network model"): model_flat.c, compiled
 * as netmodel/model/flat.c would be, and the line SESHAT_MODEL(flat) after the
 * lines of netmodel/model/models.def, in a registry built the way registry.c
 * builds seshat_models. network.model = flat then selects it; its times
 * are checked to the ns, the what-if factors included. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "model/coll_sched.h"
#include "model/model.h"

#include "model_flat.c"   /* step 1: the model's file */

/* step 2: its registry line, after models.def's (as registry.c reads them) */
#define SESHAT_MODEL(name) extern const seshat_model_desc seshat_model_##name;
#include "model/models.def"
#undef SESHAT_MODEL
#define SESHAT_MODEL(name) &seshat_model_##name,
static const seshat_model_desc *const lines[] = {
#include "model/models.def"
    SESHAT_MODEL(flat)
};
#undef SESHAT_MODEL
static const seshat_model_registry registry = { lines, (int)(sizeof lines / sizeof *lines) };

/* network.model = flat, L = 2us, o = 300ns, and `more` settings. */
static seshat_model flat(const char *more)
{
    const char *sets[] = { "network.model=flat", "network.latency=2us", "network.overhead=300ns",
                           "network.eager_limit=64KiB", more ? more : "network.gap=0" };
    seshat_config cfg;
    seshat_model m;
    char err[256] = "";
    assert_int_equal(seshat_config_load(&cfg, NULL, sets, 5, 0, err, sizeof err), 0);
    if (seshat_model_init_in(&registry, &m, &cfg, err, sizeof err) != 0)
        fail_msg("%s", err);
    return m;
}

/* Selected by name; the built-in registry does not know it. */
static void selected_by_name(void **state)
{
    (void)state;
    seshat_model m = flat(NULL);
    assert_string_equal(m.name, "flat");
    assert_ptr_equal(m.desc, &seshat_model_flat);
    assert_ptr_equal(seshat_model_find_in(&registry, "loggp"), seshat_model_find("loggp"));
    seshat_config cfg;
    char err[256];
    const char *sets[] = { "network.model=flat" };
    assert_int_equal(seshat_config_load(&cfg, NULL, sets, 1, 0, err, sizeof err), 0);
    assert_int_equal(seshat_model_init(&m, &cfg, err, sizeof err), -1);
    assert_string_equal(err, "network.model = flat: expected one of loggp, simgrid");
    snprintf(cfg.model, sizeof cfg.model, "nosuch");
    assert_int_equal(seshat_model_init_in(&registry, &m, &cfg, err, sizeof err), -1);
    assert_string_equal(err, "network.model = nosuch: expected one of loggp, simgrid, flat");
}

/* o + L whatever the size; rendezvous: the handshake's two more L; the
 * receive o. */
static void times_are_exact(void **state)
{
    (void)state;
    seshat_model m = flat(NULL);
    seshat_msg small = { 8, 1000, SESHAT_PROTO_EAGER, 0, 1 };
    seshat_msg eager = { 65536, 1000, SESHAT_PROTO_EAGER, 0, 1 };
    seshat_msg big = { 1 << 20, 1000, SESHAT_PROTO_RENDEZVOUS, 0, 1 };
    assert_int_equal(m.proto(&m, 65536, 0), SESHAT_PROTO_EAGER);
    assert_int_equal(m.proto(&m, 65537, 0), SESHAT_PROTO_RENDEZVOUS);
    assert_int_equal(m.proto(&m, 8, 1), SESHAT_PROTO_RENDEZVOUS);
    assert_int_equal(m.p2p(&m, &small, 0).arrival, 1000 + 300 + 2000);
    assert_int_equal(m.p2p(&m, &small, 0).sender_done, 1300);
    assert_int_equal(m.p2p(&m, &eager, 0).arrival, 3300);
    assert_int_equal(m.p2p(&m, &big, 0).arrival, 3300 + 2 * 2000);          /* posted early */
    assert_int_equal(m.p2p(&m, &big, 10000).arrival, 10000 + 2 * 2000);     /* posted late */
    assert_int_equal(m.p2p(&m, &big, 10000).sender_done, 14000);
    assert_int_equal(seshat_model_visible(&m, &big), 3300);                   /* request-to-send */
    assert_int_equal(m.recv_done(&m, 0, 3300), 3600);
    assert_int_equal(m.recv_done(&m, 5000, 3300), 5300);
    assert_int_equal(m.send_overhead, 300);
    seshat_vtime nic = 500;
    assert_int_equal(m.inject(&m, 100, 8, -1, -1, &nic), 500);
}

/* The factors act through the interface: latency x 3 (bandwidth_factor
 * has no bytes to act on), and inside a collective every cost x its
 * factor: a recursive-doubling allreduce on 4 ranks is 2 rounds of
 * 2o + L, x 2.5 for collective_factor 2.5. */
static void factors_act(void **state)
{
    (void)state;
    seshat_model m = flat("network.latency_factor=3");
    seshat_msg small = { 8, 0, SESHAT_PROTO_EAGER, 0, 1 };
    assert_int_equal(m.p2p(&m, &small, 0).arrival, 300 + 6000);
    m = flat("network.bandwidth_factor=0.001");
    assert_int_equal(m.p2p(&m, &small, 0).arrival, 2300);
    m = flat(NULL);
    seshat_vtime entry[4] = { 0, 0, 0, 0 }, exit[4];
    seshat_coll c = { SESHAT_COLL_ALLREDUCE, SESHAT_ALG_RECURSIVE_DOUBLING, 4, 0, 8, 1.0, 0 };
    assert_int_equal(seshat_coll_eval(&m, &c, entry, exit), 0);
    for (int r = 0; r < 4; r++)
        assert_int_equal(exit[r], 2 * (2 * 300 + 2000));
    c.factor = 2.5;
    assert_int_equal(seshat_coll_eval(&m, &c, entry, exit), 0);
    for (int r = 0; r < 4; r++)
        assert_int_equal(exit[r], 2 * (2 * 750 + 5000));
}

/* A file's text (at most 64 KiB; NULL if it cannot be read). */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    static char buf[2][65536];
    static int which;
    char *b = buf[which++ & 1];
    size_t n = fread(b, 1, sizeof buf[0] - 1, f);
    fclose(f);
    b[n] = 0;
    return b;
}

/* docs/design.md's walkthrough shows model_flat.c as it is (indented by
 * 3 in its list item), its opening comment aside. */
static void walkthrough_shows_this_file(void **state)
{
    (void)state;
    char dir[256];
    snprintf(dir, sizeof dir, "%s", __FILE__);
    *strrchr(dir, '/') = 0;
    char path[512], want[16384] = "";
    snprintf(path, sizeof path, "%s/model_flat.c", dir);
    const char *model = slurp(path);
    assert_non_null(model);
    const char *code = strstr(model, "#include \"model/chooser.h\"");
    assert_non_null(code);
    for (const char *p = code; *p;) {
        size_t n = strcspn(p, "\n");
        size_t k = strlen(want);
        snprintf(want + k, sizeof want - k, "%s%.*s\n", n ? "   " : "", (int)n, p);
        p += n + (p[n] == '\n');
    }
    snprintf(path, sizeof path, "%s/../../docs/design.md", dir);
    const char *doc = slurp(path);
    assert_non_null(doc);
    if (!strstr(doc, want))
        fail_msg("docs/design.md does not show tests/unit/model_flat.c as it is");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(selected_by_name),
        cmocka_unit_test(times_are_exact),
        cmocka_unit_test(factors_act),
        cmocka_unit_test(walkthrough_shows_this_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
