/* Output for the core's test program: stdio on the host, semihosting on Cortex-M0. */
#ifndef TC_IO_H
#define TC_IO_H

void io_puts(const char *s);      /* writes s as is */
void io_exit(int status);         /* 0 passes; never returns */

#endif
