"""The C core's own tests (firmware/native/test/test_core.c), on the host under the
address and undefined-behaviour sanitizers, and on an emulated Cortex-M0 (QEMU's
microbit, semihosting); plus the shape a MicroPython native module needs."""
import glob
import os
import re
import shutil
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NATIVE = os.path.join(ROOT, "firmware", "native")
CORE = sorted(glob.glob(os.path.join(NATIVE, "core", "*.c")))  # what the Pico builds
TEST = os.path.join(NATIVE, "test", "test_core.c")
WARN = ["-std=c99", "-Wall", "-Wextra", "-Werror"]
SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed$", re.M)


def need(tool):
    path = shutil.which(tool)
    if not path:
        pytest.skip(tool + " is not installed (Debian: see .ci/run)")
    return path


def run(cmd, timeout=600):
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    assert proc.returncode == 0, "%s\n%s\n%s" % (" ".join(cmd), proc.stdout[-4000:], proc.stderr[-4000:])
    return proc.stdout + proc.stderr     # QEMU's semihosting writes to stderr


def passed(out):
    m = SUMMARY.search(out)
    assert m, out[-2000:]
    assert m.group(2) == "0", out[-4000:]
    return int(m.group(1))


def test_core_vectors_pass_on_the_host_under_sanitizers(tmp_path):
    cc = need("cc")
    exe = str(tmp_path / "test_core")
    run([cc] + WARN + ["-O1", "-g", "-fsanitize=address,undefined", "-fno-sanitize-recover=all",
                       "-DTC_TEST_ROUNDS=3000"] + CORE + [TEST, os.path.join(NATIVE, "test", "io_host.c"),
                                                          "-o", exe])
    assert passed(run([exe])) > 100000


@pytest.mark.parametrize("flags", [["-DTAPETE_NO_SOLVER"], ["-DTAPETE_NO_CLAIM"], ["-DTAPETE_NO_PLAYOUT"],
                                   ["-DTAPETE_NO_SOLVER", "-DTAPETE_NO_FORBIDDEN"],
                                   ["-DTAPETE_MAX_DEPTH=12"]])
def test_feature_flags_leave_parts_out(tmp_path, flags):
    """Each flag builds and passes; a depth cap below a whole hand refuses deeper
    searches (the tests of the bounds check TOO_DEEP where the cap bites)."""
    cc = need("cc")
    exe = str(tmp_path / "test_core")
    run([cc] + WARN + flags + ["-O1", "-DTC_TEST_ROUNDS=200"] + CORE
        + [TEST, os.path.join(NATIVE, "test", "io_host.c"), "-o", exe])
    assert passed(run([exe])) > 0


def test_core_vectors_pass_on_an_emulated_cortex_m0(tmp_path):
    gcc = need("arm-none-eabi-gcc")
    qemu = need("qemu-system-arm")
    elf = str(tmp_path / "test_core.elf")
    run([gcc] + WARN + ["-mcpu=cortex-m0plus", "-mthumb", "-Os", "-ffreestanding", "-nostartfiles",
                        "-T", os.path.join(NATIVE, "test", "microbit.ld"),
                        "-DTC_TEST_ROUNDS=300", "-DTC_TEST_TT_ENTRIES=256"]
        + CORE + [TEST, os.path.join(NATIVE, "test", "io_semihost.c"), "-o", elf, "-lgcc"])
    out = run([qemu, "-M", "microbit", "-semihosting", "-nographic", "-kernel", elf])
    assert passed(out) > 10000
    # the claim at the depth cap of a bare-metal build, measured on the Cortex-M0
    used = int(re.search(r"stack: a claim at the depth cap \((\d+) cards\) uses (\d+) bytes", out).group(2))
    assert used <= 4096


def section_sizes(size_tool, obj):
    out = run([size_tool, "-A", obj])
    sizes = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) >= 2 and parts[0].startswith(".") and parts[1].isdigit():
            sizes[parts[0]] = int(parts[1])
    return sizes


@pytest.mark.parametrize("arch", ["armv6m", "x64"])
def test_core_has_no_data_and_calls_no_runtime(tmp_path, arch):
    """A native module cannot carry initialised data; libgcc helpers would need linking.
    The core's files call each other and nothing else but memset/memcpy (the glue
    provides them)."""
    if arch == "armv6m":
        cc, nm, size = need("arm-none-eabi-gcc"), need("arm-none-eabi-nm"), need("arm-none-eabi-size")
        flags = ["-mcpu=cortex-m0plus", "-mthumb", "-Os", "-fno-jump-tables"]
    else:
        cc, nm, size = need("cc"), need("nm"), need("size")
        flags = ["-Os", "-fpic", "-fno-common", "-fno-stack-protector", "-fno-jump-tables"]
    undefined, defined = set(), set()
    for src in CORE:
        obj = str(tmp_path / (os.path.basename(src) + ".o"))
        run([cc] + WARN + flags + ["-c", src, "-o", obj])
        for name, n in section_sizes(size, obj).items():
            if name.startswith((".data", ".bss", ".rodata")):
                assert n == 0, "%s: %s has %d bytes" % (src, name, n)
        undefined |= set(run([nm, "-u", obj]).split()) - {"U"}
        defined |= set(line.split()[-1] for line in run([nm, "--defined-only", obj]).splitlines() if line.strip())
    assert undefined - defined <= {"memset", "memcpy"}, undefined - defined


def test_the_pico_build_fits_its_code_budget(tmp_path):
    """DESIGN.md: the C core for the Pico (armv6m, -Os) <= 8 KB of code, built as the Pico
    builds it (firmware/native/Makefile: the club-law claim check, not the exact solver)."""
    cc, size = need("arm-none-eabi-gcc"), need("arm-none-eabi-size")
    total = 0
    for src in CORE:
        obj = str(tmp_path / (os.path.basename(src) + ".o"))
        run([cc] + WARN + ["-mcpu=cortex-m0plus", "-mthumb", "-Os", "-DTAPETE_NO_SOLVER", "-fno-jump-tables",
                           "-c", src, "-o", obj])
        total += section_sizes(size, obj).get(".text", 0)
    assert total <= 8192, total
