/* schema.c - every configuration key: type, default, help. Parsing,
 * validation, printing and docs/configuration.md follow this table. */
#include "config/schema.h"

#define F(field) offsetof(seshat_config, field)

const seshat_key seshat_keys[] = {
    { "simulator", "ranks", KEY_INT, F(sim_ranks), "1", NULL, 1,
      "network-model ranks K, the last K of the job" },
    { "simulator", "clock", KEY_ENUM, F(clock), "cpu", "cpu|wall|none", 0,
      "what measures compute intervals: thread CPU time, wall time, or nothing" },
    { "simulator", "cpu_factor", KEY_DOUBLE, F(cpu_factor), "1", NULL, 1,
      "multiplies every compute interval (0.5 = a CPU twice as fast)" },
    { "simulator", "debug_model_delay", KEY_TIME, F(debug_model_delay_ns), "0", NULL, 0,
      "test only: the model rank sleeps this long per message" },
    { "network", "model", KEY_ENUM, F(model), "loggp", "loggp|simgrid", 0,
      "network model" },
    { "network", "path", KEY_ENUM, F(path), "direct", "direct|relay", 0,
      "direct: receivers evaluate the model; relay: model ranks answer every message" },
    { "network", "latency", KEY_TIME, F(latency_ns), "1.5us", NULL, 0, "wire latency L" },
    { "network", "bandwidth", KEY_BANDWIDTH, F(bandwidth_Bps), "12.5GB/s", NULL, 1,
      "link bandwidth (1/G)" },
    { "network", "overhead", KEY_TIME, F(overhead_ns), "0.3us", NULL, 0,
      "CPU overhead o per send and per receive" },
    { "network", "gap", KEY_TIME, F(gap_ns), "0", NULL, 0,
      "minimum time g between two message injections by one rank" },
    { "network", "eager_limit", KEY_BYTES, F(eager_limit), "64KiB", NULL, 0,
      "largest message sent eagerly; larger ones use rendezvous" },
    { "network", "latency_factor", KEY_DOUBLE, F(latency_factor), "1", NULL, 1,
      "what-if: multiplies the latency" },
    { "network", "bandwidth_factor", KEY_DOUBLE, F(bandwidth_factor), "1", NULL, 1,
      "what-if: multiplies the bandwidth" },
    { "network", "collective_factor", KEY_DOUBLE, F(collective_factor), "1", NULL, 1,
      "what-if: multiplies every collective's cost" },
    { "network", "platform", KEY_STRING, F(platform), "", NULL, 0,
      "SimGrid platform XML (model = simgrid)" },
    { "trace", "enabled", KEY_BOOL, F(trace_enabled), "false", NULL, 0, "record a trace" },
    { "trace", "dir", KEY_STRING, F(trace_dir), "", NULL, 0,
      "trace directory (default: a new one per run)" },
    { "trace", "buffer", KEY_BYTES, F(trace_buffer), "4MiB", NULL, 1,
      "trace buffer per rank" },
    { "report", "summary", KEY_BOOL, F(report_summary), "true", NULL, 0,
      "end-of-run summary on stderr" },
};

const int seshat_nkeys = (int)(sizeof seshat_keys / sizeof seshat_keys[0]);
