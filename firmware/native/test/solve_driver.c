/* The host solver alone, without Python, for measuring it (nodes and time per deal):
 *
 *     .venv/bin/python bench/bench_solver.py --deals 5 --games botifarra --dump deals.txt
 *     cc -O2 -flto -mpopcnt -DTAPETE_HOST_SOLVER firmware/native/test/solve_driver.c \
 *        firmware/native/{core,host}/[a-z]*.c -o build/solve_driver
 *     build/solve_driver < deals.txt
 *
 * One line per deal in (bench_solver.py's dump): name+seats, the descriptor in hex,
 * trump, leader, team, measure, then each seat's hand mask in hex. One line out per
 * deal: its name, value, nodes and milliseconds. Not part of make test: a tool.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "../host/solve_host.h"
#ifndef TBITS
#define TBITS 23
#endif

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(void) {
    static char line[4096];
    static uint8_t desc[256];
    static tc_entry mem[1 << TBITS]; /* 128 MB, as the bench's table */
    tc_table tt;
    tc_table_init(&tt, mem, sizeof mem, 0);
    double total = 0;
    long all = 0;
    while (fgets(line, sizeof line, stdin)) {
        char name[32], hex[600];
        int trump, leader, team, measure, used;
        if (sscanf(line, "%31s %599s %d %d %d %d%n", name, hex, &trump, &leader, &team, &measure, &used) != 6) {
            continue;
        }
        size_t len = strlen(hex) / 2;
        for (size_t i = 0; i < len && i < sizeof desc; i++) {
            unsigned b;
            sscanf(hex + 2 * i, "%2x", &b);
            desc[i] = (uint8_t)b;
        }
        const tc_game *g = (const tc_game *)desc;
        uint64_t hands[TC_MAX_SEATS] = {0};
        char *p = line + used;
        for (int s = 0; s < g->seats; s++) {
            hands[s] = strtoull(p, &p, 16);
        }
        tc_trick t = {0, (uint8_t)leader, 0, 0, (uint8_t)trump};
        long nodes = 0;
        double t0 = now();
        int v = tc_solve_host(g, hands, &t, team, measure, &tt, 0, 0, 0, 0, TC_NO_BOUND, 0, &nodes);
        double ms = (now() - t0) * 1e3;
        total += ms;
        all += nodes;
        printf("%s value %d nodes %ld %.1f ms\n", name, v, nodes, ms);
        fflush(stdout);
    }
    printf("total nodes %ld %.1f ms\n", all, total);
    return 0;
}
