"""Hardware drivers: each takes its bus and pins as constructor arguments."""
