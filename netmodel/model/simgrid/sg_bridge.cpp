// sg_bridge.cpp - the one C++ file: SimGrid behind the C table of
// sg_bridge.h. Errors are C++ exceptions in SimGrid; each entry point
// catches them so nothing unwinds into C.
#include <simgrid/s4u.hpp>
#include <xbt/config.hpp>
#include <xbt/log.h>

#include <algorithm>
#include <deque>
#include <cstdint>
#include <utility>
#include <cstdio>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "sg_bridge.h"

namespace sg4 = simgrid::s4u;

namespace {
sg4::Engine *engine;
std::vector<sg4::Host *> hosts;
double model_lat_factor = 1;

// Contention mode: flows in flight (kept alive until done) in slots the
// activity's data names (slot + 1; no hash map node per flow), free
// slots, completions not yet taken, and finished flows released at the
// next run.
struct Flight {
    sg4::CommPtr comm;
    long long id;
};
std::vector<Flight> flying;
std::vector<size_t> free_slots;
std::deque<std::pair<long long, double>> done;
std::vector<sg4::CommPtr> finished;

int fail(char *err, size_t errlen, const std::string &what)
{
    std::string line = what.substr(0, what.find('\n'));
    std::snprintf(err, errlen, "%s", line.c_str());
    return -1;
}

void on_done(const sg4::Activity &a)
{
    auto slot = reinterpret_cast<uintptr_t>(a.get_data<void>());
    if (slot == 0 || slot > flying.size() || flying[slot - 1].comm.get() != &a)
        return;   // not a flow of ours (transfer's)
    Flight &f = flying[slot - 1];
    done.emplace_back(f.id, sg4::Engine::get_clock());
    finished.push_back(std::move(f.comm));   // destroyed outside SimGrid's callback
    f.comm = nullptr;
    free_slots.push_back(slot - 1);
}

int bridge_init(const char *platform, const char *model, const char *cfg, int contention,
                char *err, size_t errlen)
{
    if (engine)
        return 0;
    try {
        xbt_log_control_set("root.thresh:critical");
        static int argc = 1;
        static char name[] = "seshat-model";
        static char *argv[] = { name, nullptr };
        engine = new sg4::Engine(&argc, argv);
        // The model must be chosen before the platform is parsed.
        sg4::Engine::set_config(std::string("network/model:") + model);
        sg4::Engine::set_config("network/crosstraffic:0");
        // Contention: the engine is stopped at horizons that depend on when
        // reports arrive; with SimGrid's default timing precision (1 ns)
        // completions then move by up to ~100 ns from run to run (issue 21).
        // 1 ps makes them independent of the stops (simgrid_cfg may override).
        if (contention)
            sg4::Engine::set_config("surf/precision:1e-12");
        std::istringstream opts(cfg ? cfg : "");
        for (std::string opt; opts >> opt;)
            sg4::Engine::set_config(opt);
        // The factor each model sets when it starts (after this point):
        // CM02 1, LV08 13.01, SMPI and IB their own piecewise ones
        // (contention mode refuses those); an explicit option wins.
        std::string opts_all = cfg ? cfg : "";
        size_t at = opts_all.find("network/latency-factor:");
        model_lat_factor = at != std::string::npos
                               ? std::stod(opts_all.substr(at + 23))
                               : (std::string(model) == "LV08" ? 13.01 : 1.0);
        if (contention) {
            sg4::Engine::set_config("network/latency-factor:0");
            sg4::Activity::on_completion_cb(on_done);
        }
        engine->load_platform(platform);
        hosts = engine->get_all_hosts();
    } catch (const std::exception &e) {
        return fail(err, errlen, std::string("SimGrid: ") + e.what());
    }
    if (hosts.empty())
        return fail(err, errlen, "the platform has no hosts");
    return 0;
}

int bridge_host_count() { return (int)hosts.size(); }

const char *bridge_host_name(int h)
{
    return h >= 0 && (size_t)h < hosts.size() ? hosts[(size_t)h]->get_cname() : "";
}

int bridge_host_index(const char *name)
{
    for (size_t i = 0; i < hosts.size(); i++)
        if (hosts[i]->get_name() == name)
            return (int)i;
    return -1;
}

int bridge_route(int a, int b, double *latency_s, double *bandwidth_Bps)
{
    try {
        std::vector<sg4::Link *> links;
        double lat = 0;
        hosts.at((size_t)a)->route_to(hosts.at((size_t)b), links, &lat);
        double bw = std::numeric_limits<double>::infinity();
        for (const sg4::Link *l : links)
            bw = std::min(bw, l->get_bandwidth());
        if (links.empty()) // same host, no loopback link declared: SimGrid's default one
            bw = simgrid::config::get_value<double>("network/loopback-bw");
        *latency_s = lat;
        *bandwidth_Bps = bw;
        return 0;
    } catch (const std::exception &) {
        return -1;
    }
}

double bridge_transfer(int a, int b, double bytes)
{
    try {
        double t0 = sg4::Engine::get_clock();
        sg4::CommPtr c = sg4::Comm::sendto_init(hosts.at((size_t)a), hosts.at((size_t)b));
        c->set_payload_size((uint64_t)bytes);
        c->start();
        engine->run();
        return sg4::Engine::get_clock() - t0;
    } catch (const std::exception &) {
        return -1;
    }
}

double bridge_latency_factor() { return model_lat_factor; }

int bridge_start_flow(int a, int b, double bytes, long long id)
{
    try {
        sg4::CommPtr c = sg4::Comm::sendto_init(hosts.at((size_t)a), hosts.at((size_t)b));
        c->set_payload_size((uint64_t)bytes);
        size_t slot;
        if (free_slots.empty()) {
            slot = flying.size();
            flying.push_back({ c, id });
        } else {
            slot = free_slots.back();
            free_slots.pop_back();
            flying[slot] = { c, id };
        }
        c->set_data(reinterpret_cast<void *>(static_cast<uintptr_t>(slot + 1)));
        c->start();
        return 0;
    } catch (const std::exception &) {
        return -1;
    }
}

void bridge_run_until(double t)
{
    finished.clear();
    // run_until returns early, at the date of a completion: go on to t.
    for (int guard = 0; t > sg4::Engine::get_clock() && guard < 1000000; guard++)
        engine->run_until(t);
}

double bridge_run_step(double t)
{
    finished.clear();
    if (t > sg4::Engine::get_clock())
        engine->run_until(t);   // returns at the date of a completion, if earlier
    return sg4::Engine::get_clock();
}

int bridge_take_done(long long *ids, double *times, int max)
{
    int n = 0;
    for (; n < max && !done.empty(); n++) {
        ids[n] = done.front().first;
        times[n] = done.front().second;
        done.pop_front();
    }
    return n;
}

double bridge_disk_io(int h, double bytes, int write)
{
    try {
        std::vector<sg4::Disk *> disks = hosts.at((size_t)h)->get_disks();
        if (disks.empty())
            return -1;
        double t0 = sg4::Engine::get_clock();
        sg4::IoPtr io = disks[0]->io_init((sg_size_t)bytes, write ? sg4::Io::OpType::WRITE
                                                                   : sg4::Io::OpType::READ);
        io->start();
        engine->run();
        return sg4::Engine::get_clock() - t0;
    } catch (const std::exception &) {
        return -1;
    }
}

const seshat_sg_api api = { bridge_init,      bridge_host_count,     bridge_host_name,
                            bridge_host_index, bridge_route,         bridge_transfer,
                            bridge_latency_factor, bridge_start_flow, bridge_run_until,
                            bridge_take_done, bridge_run_step,      bridge_disk_io };
} // namespace

extern "C" const seshat_sg_api *seshat_sg_bridge(void) { return &api; }
