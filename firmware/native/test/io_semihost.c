/* A bare Cortex-M0 start for the core's tests on QEMU's microbit (nRF51: flash at
 * 0, 16 KB of RAM at 0x20000000): vector table, reset handler that lays out .data
 * and .bss, and ARM semihosting for output and exit. */
#include <stdint.h>
#include "tc_io.h"

#define SYS_WRITE0 0x04
#define SYS_EXIT 0x18
#define ADP_STOPPED_APPLICATION_EXIT 0x20026
#define ADP_STOPPED_RUNTIME_ERROR 0x20023

extern uint32_t _sidata, _sdata, _edata, _sbss, _ebss, _estack;
int main(void);

static int semihost(int op, const void *arg) {
    register int r0 __asm__("r0") = op;
    register const void *r1 __asm__("r1") = arg;
    __asm__ volatile ("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

void io_puts(const char *s) {
    semihost(SYS_WRITE0, s);
}

void io_exit(int status) {
    semihost(SYS_EXIT, (const void *)(uintptr_t)(status ? ADP_STOPPED_RUNTIME_ERROR : ADP_STOPPED_APPLICATION_EXIT));
    for (;;) {
    }
}

void reset_handler(void) {
    uint32_t *src = &_sidata, *dst = &_sdata;
    while (dst < &_edata) {
        *dst++ = *src++;
    }
    for (dst = &_sbss; dst < &_ebss;) {
        *dst++ = 0;
    }
    io_exit(main());
}

static void fault_handler(void) {
    io_puts("hard fault\n");
    io_exit(1);
}

__attribute__((section(".vectors"), used))
static void (*const vectors[16])(void) = {
    (void (*)(void))(&_estack), reset_handler, fault_handler, fault_handler,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
};
