# The C rule core (firmware/native/): MicroPython native module, C tests, size.
#   make natmod        build/natmod/<arch>/tapete_core.mpy for x64, armv6m, armv7emsp
#                      (needs MPY_DIR: a MicroPython source tree; skips without it)
#   make native-test   the core's C tests: host with sanitizers, then Cortex-M0 on QEMU
#   make native-size   armv6m code size of the core at -Os (budget 8 KB)
#   make solver-check  the host solver against the Python search, thousands per game

NATIVE_DIR    := firmware/native
NATMOD_ARCHS  ?= x64 armv6m armv7emsp
NATIVE_BUILD  := build/native
# the core's C files: every one of core/ (bind/ holds the two bindings' glue, host/
# the CPython extension's solver)
NATIVE_CORE   := $(sort $(wildcard $(NATIVE_DIR)/core/*.c))
NATIVE_TEST   := $(NATIVE_DIR)/test/test_core.c
ARM_CC        ?= arm-none-eabi-gcc
ARM_FLAGS     := -mcpu=cortex-m0plus -mthumb -Os

.PHONY: natmod native-test native-size solver-check

solver-check: $(STAMP)  ## prove the host solver: thousands of endings per game against the Python search (slow)
	$(PY) -m tests.native.solver_check $(if $(POSITIONS),$(POSITIONS))

natmod: $(STAMP)  ## build the C rule core as .mpy for x64, armv6m, armv7emsp (MPY_DIR=)
ifeq ($(strip $(MPY_DIR)),)
	@echo "natmod: MPY_DIR is not set, skipping. Point it at a MicroPython source tree"
	@echo "  (a clone of the micropython repository, matching the unix port's mpy version):"
	@echo "  make natmod MPY_DIR=/path/to/micropython"
else
	@$(PY) -c "import elftools" 2>/dev/null || $(PY) -m pip install -q pyelftools
	@for arch in $(NATMOD_ARCHS); do \
	  case $$arch in x64) cc=x86_64-linux-gnu-gcc;; *) cc=$(ARM_CC);; esac; \
	  if ! command -v $$cc >/dev/null; then echo "natmod: $$cc not found, skipping $$arch"; continue; fi; \
	  mkdir -p build/natmod/$$arch; \
	  $(MAKE) -s -C $(NATIVE_DIR) MPY_DIR=$(abspath $(MPY_DIR)) ARCH=$$arch \
	    OUT=$(abspath build/natmod/$$arch) PYTHON=$(abspath $(PY)) natmod || exit 1; \
	  echo "natmod: build/natmod/$$arch/tapete_core.mpy"; \
	done
endif

native-test:  ## the C core's own tests: sanitizers, then a Cortex-M0 under QEMU
	@mkdir -p $(NATIVE_BUILD)
	cc -std=c99 -Wall -Wextra -Werror -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all \
	  -DTC_TEST_ROUNDS=10000 $(NATIVE_CORE) $(NATIVE_TEST) $(NATIVE_DIR)/test/io_host.c \
	  -o $(NATIVE_BUILD)/test_core && $(NATIVE_BUILD)/test_core
	@if command -v $(ARM_CC) >/dev/null && command -v qemu-system-arm >/dev/null; then \
	  $(ARM_CC) -std=c99 -Wall -Wextra -Werror $(ARM_FLAGS) -ffreestanding -nostartfiles \
	    -T $(NATIVE_DIR)/test/microbit.ld -DTC_TEST_ROUNDS=300 -DTC_TEST_TT_ENTRIES=256 \
	    $(NATIVE_CORE) $(NATIVE_TEST) $(NATIVE_DIR)/test/io_semihost.c \
	    -o $(NATIVE_BUILD)/test_core_m0.elf -lgcc && \
	  timeout 600 qemu-system-arm -M microbit -semihosting -nographic -kernel $(NATIVE_BUILD)/test_core_m0.elf; \
	else echo "native-test: $(ARM_CC) or qemu-system-arm missing, Cortex-M0 run skipped"; fi

native-size:  ## armv6m code size of the C core as the Pico builds it (no solver; -Os; budget 8 KB)
	@mkdir -p $(NATIVE_BUILD)
	@total=0; for f in $(NATIVE_CORE); do \
	  o=$(NATIVE_BUILD)/$$(basename $$f .c)_m0.o; \
	  $(ARM_CC) -std=c99 -Wall -Wextra -Werror $(ARM_FLAGS) -DTAPETE_NO_SOLVER -fno-jump-tables -c $$f -o $$o || exit 1; \
	  n=$$(arm-none-eabi-size $$o | awk 'NR==2 {print $$1}'); total=$$((total + n)); \
	  printf "%6d  %s\n" $$n $$f; \
	done; printf "%6d  C core for the Pico, armv6m -Os (budget 8192)\n" $$total
