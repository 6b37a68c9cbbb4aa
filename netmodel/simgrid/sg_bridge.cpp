// sg_bridge.cpp - the one C++ file: SimGrid behind the C table of
// sg_bridge.h. Errors are C++ exceptions in SimGrid; each entry point
// catches them so nothing unwinds into C.
#include <simgrid/s4u.hpp>
#include <xbt/config.hpp>
#include <xbt/log.h>

#include <algorithm>
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

int fail(char *err, size_t errlen, const std::string &what)
{
    std::string line = what.substr(0, what.find('\n'));
    std::snprintf(err, errlen, "%s", line.c_str());
    return -1;
}

int bridge_init(const char *platform, const char *model, const char *cfg, char *err,
                size_t errlen)
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
        std::istringstream opts(cfg ? cfg : "");
        for (std::string opt; opts >> opt;)
            sg4::Engine::set_config(opt);
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

const seshat_sg_api api = { bridge_init, bridge_host_count, bridge_host_name, bridge_host_index,
                            bridge_route, bridge_transfer };
} // namespace

extern "C" const seshat_sg_api *seshat_sg_bridge(void) { return &api; }
