/* schema.h - the one table of configuration keys (internal to config/):
 * what load.c parses, validates and prints, each key a field of
 * seshat_config (config.h) by its offset. */
#ifndef SESHAT_SCHEMA_H
#define SESHAT_SCHEMA_H

#include <stddef.h>

enum seshat_key_kind { KEY_INT, KEY_DOUBLE, KEY_TIME, KEY_BYTES, KEY_BANDWIDTH, KEY_BOOL,
                       KEY_ENUM, KEY_STRING, KEY_KINDS, KEY_RANKS, KEY_WINDOW,
                       KEY_SEGMENTS, KEY_FACTORS, KEY_MODEL_RANKS, KEY_NAME };

typedef struct seshat_key {
    const char *section, *key;
    enum seshat_key_kind kind;
    size_t offset;            /* into seshat_config */
    const char *def;          /* default, in the same syntax as the INI */
    const char *choices;      /* KEY_ENUM: "a|b|c", value = index */
    int positive;             /* must be > 0 (else >= 0; KEY_INT: >= 1) */
    const char *help;
    double min, max;          /* numeric kinds: the accepted range, in the field's
                               * unit (ns, bytes, bytes/s); both 0: none */
} seshat_key;

extern const seshat_key seshat_keys[];
extern const int seshat_nkeys;

#endif
