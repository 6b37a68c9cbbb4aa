/* seshat_sgroute.c - ask SimGrid about a platform the way seshat's model
 * ranks do (same bridge, same placement), for users and for the tests:
 *   seshat-sgroute [-m MODEL] PLATFORM place PLACEMENT N   rank -> host
 *   seshat-sgroute [-m MODEL] PLATFORM route A B           latency_s bandwidth_Bps
 *   seshat-sgroute [-m MODEL] PLATFORM transfer A B BYTES  seconds, SimGrid alone */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/simgrid/sg_loader.h"
#include "model/simgrid/sg_placement.h"

static int usage(void)
{
    fprintf(stderr, "usage: seshat-sgroute [-m CM02|SMPI|LV08|IB] PLATFORM "
            "place PLACEMENT N | route HOST HOST | transfer HOST HOST BYTES\n");
    return 2;
}

static int host(const seshat_sg_api *sg, const char *name)
{
    int h = sg->host_index(name);
    if (h < 0)
        fprintf(stderr, "seshat-sgroute: no host named '%s'\n", name);
    return h;
}

int main(int argc, char **argv)
{
    const char *model = "CM02";
    char err[512];
    if (argc > 2 && strcmp(argv[1], "-m") == 0) {
        model = argv[2];
        argv += 2;
        argc -= 2;
    }
    if (argc < 4)
        return usage();
    const seshat_sg_api *sg = seshat_sg_load_bridge(err, sizeof err);
    if (!sg || sg->init(argv[1], model, "", 0, err, sizeof err) != 0) {
        fprintf(stderr, "seshat-sgroute: %s\n", err);
        return 1;
    }
    if (strcmp(argv[2], "place") == 0 && argc == 5) {
        int n = atoi(argv[4]);
        int *h = malloc((size_t)(n > 0 ? n : 1) * sizeof *h);
        if (n < 1 || seshat_sg_place(sg, argv[3], n, h, err, sizeof err) != 0) {
            fprintf(stderr, "seshat-sgroute: %s\n", n < 1 ? "N must be >= 1" : err);
            return 1;
        }
        for (int r = 0; r < n; r++)
            printf("%d %s\n", r, sg->host_name(h[r]));
        free(h);
        return 0;
    }
    if (argc < 5)
        return usage();
    int a = host(sg, argv[3]), b = host(sg, argv[4]);
    if (a < 0 || b < 0)
        return 1;
    if (strcmp(argv[2], "route") == 0 && argc == 5) {
        double lat, bw;
        if (sg->route(a, b, &lat, &bw) != 0)
            return 1;
        printf("%.17g %.17g\n", lat, bw);
        return 0;
    }
    if (strcmp(argv[2], "transfer") == 0 && argc == 6) {
        printf("%.17g\n", sg->transfer(a, b, atof(argv[5])));
        return 0;
    }
    return usage();
}
