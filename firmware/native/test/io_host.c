/* Host side of tc_io.h: the test program as a normal process. */
#include <stdio.h>
#include <stdlib.h>
#include "tc_io.h"

void io_puts(const char *s) {
    fputs(s, stdout);
    fflush(stdout);
}

void io_exit(int status) {
    exit(status);
}
