/* test_model_registry.c - the model registry (netmodel/model/registry.c) and
 * the interface's factors, the same for every model. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "config/schema.h"
#include "model/model.h"

static const seshat_key *key(const char *section, const char *name)
{
    for (int i = 0; i < seshat_nkeys; i++)
        if (!strcmp(seshat_keys[i].section, section) && !strcmp(seshat_keys[i].key, name))
            return &seshat_keys[i];
    return NULL;
}

/* network.model is a name the registry checks; the key's help (and so
 * --print-config and config/seshat.ini) lists the registry's names. */
static void names_are_the_registry(void **state)
{
    (void)state;
    char names[256] = "";
    for (int i = 0; i < seshat_model_count(); i++)
        snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", i ? " | " : "",
                 seshat_model_at(i)->name);
    const seshat_key *k = key("network", "model");
    assert_non_null(k);
    assert_non_null(strstr(k->help, names));
    assert_int_equal(seshat_model_count(), 2);
    assert_string_equal(seshat_model_at(0)->name, "loggp");
    assert_null(seshat_model_at(seshat_model_count()));
    assert_ptr_equal(seshat_model_find("simgrid"), seshat_model_at(1));
    assert_null(seshat_model_find("nosuch"));
}

/* A name the registry does not know, and contention = on under a model
 * without CAP_CONTENTION: one line each, naming the key, the value and
 * the models that would do. The config layer takes both. */
static void bad_names_refused(void **state)
{
    (void)state;
    seshat_config cfg;
    seshat_model m;
    char err[256];
    const char *bad[] = { "network.model=flat" };
    assert_int_equal(seshat_config_load(&cfg, NULL, bad, 1, 0, err, sizeof err), 0);
    assert_int_equal(seshat_model_init(&m, &cfg, err, sizeof err), -1);
    assert_string_equal(err, "network.model = flat: expected one of loggp, simgrid");
    const char *cont[] = { "network.contention=on" };
    assert_int_equal(seshat_config_load(&cfg, NULL, cont, 1, 0, err, sizeof err), 0);
    assert_int_equal(seshat_model_init(&m, &cfg, err, sizeof err), -1);
    assert_string_equal(err, "network.contention = on needs network.model = simgrid (the loggp "
                             "model has no links to share)");
    /* a malformed name is the config's to refuse */
    const char *form[] = { "network.model=lo ggp" };
    assert_int_equal(seshat_config_load(&cfg, NULL, form, 1, 0, err, sizeof err), -1);
    assert_non_null(strstr(err, "network.model"));
    assert_non_null(strstr(err, "expected a model name"));
}

/* Every model names its help, init and keys, and each key is in the schema. */
static void models_own_known_keys(void **state)
{
    (void)state;
    for (int i = 0; i < seshat_model_count(); i++) {
        const seshat_model_desc *d = seshat_model_at(i);
        assert_non_null(d->help);
        assert_non_null(d->init);
        assert_int_equal(!!(d->caps & SESHAT_MODEL_CAP_ROUTES), d->load && d->route && d->set_fetch);
        for (const char *const *k = d->keys; k && *k; k++) {
            char section[32], name[64];
            assert_int_equal(sscanf(*k, "%31[^.].%63s", section, name), 2);
            if (!key(section, name))
                fail_msg("model %s claims unknown key %s", d->name, *k);
        }
    }
}

static seshat_model loggp(double lf, double bf)
{
    seshat_config cfg;
    seshat_config_defaults(&cfg);
    cfg.latency_ns = 2000;
    cfg.bandwidth_Bps = 1e9;
    cfg.overhead_ns = 300;
    cfg.gap_ns = 700;
    cfg.latency_factor = lf;
    cfg.bandwidth_factor = bf;
    seshat_model m;
    char err[128];
    assert_int_equal(seshat_model_init(&m, &cfg, err, sizeof err), 0);
    return m;
}

/* The scaled copy multiplies every cost: o, g, latency and bytes' time. */
static void scaled_multiplies_every_cost(void **state)
{
    (void)state;
    seshat_model m = loggp(3, 0.5), s = seshat_model_scaled(&m, 2.5);
    seshat_msg msg = { 1000, 0, SESHAT_PROTO_EAGER, 0, 1 };
    /* o + L x 3 + 1000 B x 2 ns/B */
    assert_int_equal(m.p2p(&m, &msg, 0).arrival, 300 + 6000 + 2000);
    assert_int_equal(s.p2p(&s, &msg, 0).arrival, 750 + 15000 + 5000);
    assert_int_equal(s.send_overhead, 750);
    assert_int_equal(s.recv_done(&s, 0, 100), 850);
    seshat_vtime nic = 0;
    assert_int_equal(s.inject(&s, 0, 8, -1, -1, &nic), 0);
    assert_int_equal(nic, 1750);                          /* g x 2.5 */
    assert_int_equal(m.send_overhead, 300);               /* m itself unchanged */
    seshat_model same = seshat_model_scaled(&m, 1.0);
    assert_int_equal(same.p2p(&same, &msg, 0).arrival, 8300);
}

/* Wire helpers: exact at factor 1, and latency/bytes split otherwise. */
static void wire_helpers(void **state)
{
    (void)state;
    seshat_model m = loggp(1, 1);
    assert_int_equal(seshat_model_wire(&m, 1500.4, 1e9, 10), 1510);
    assert_int_equal(seshat_model_wire_timed(&m, 1000, 1234.6), 1235);
    m.f = (seshat_model_factors){ 2, 4, 3 };
    /* (1000 x 2 + 400 / 4) x 3 */
    assert_int_equal(seshat_model_wire(&m, 1000, 1e9, 400), 6300);
    assert_int_equal(seshat_model_wire_timed(&m, 1000, 1400), 6300);
    assert_int_equal(seshat_model_cpu(&m, 300), 900);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(names_are_the_registry),
        cmocka_unit_test(bad_names_refused),
        cmocka_unit_test(models_own_known_keys),
        cmocka_unit_test(scaled_multiplies_every_cost),
        cmocka_unit_test(wire_helpers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
