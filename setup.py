"""Build hook for the C rule core as a CPython extension (see firmware/native/).

`pip install -e .` builds the top-level module `tapete_core` from the same C core the
Pico's native module uses; the rule module imports it when present and falls back to
pure Python otherwise.
"""
import glob
import platform
import warnings

from setuptools import Extension, find_namespace_packages, find_packages, setup

# The host package is every folder under host/tapete (its layers, and data folders such
# as locale/ and views/web/); the rule module lives with the firmware (it is what the
# Pico runs) and is mounted into the host package as tapete.rules: one source, no copy.
PACKAGES = (find_namespace_packages(where="host", include=["tapete", "tapete.*"],
                                    exclude=["*.__pycache__"])
            + ["tapete.rules"] + ["tapete.rules." + p for p in find_packages(where="firmware/rules")]
            + ["tapete.room_topics"])
# `pip install -e` maps tapete and tapete.rules by an import finder (the rule module is
# not under host/); setuptools then prints a 10-line notice, information about that
# choice and not a problem, on every install: kept off the setup's output.
warnings.filterwarnings("ignore", message="Editable installation")
PACKAGE_DATA = {"": ["*.po", "*.html", "*.js", "*.css", "LINGUAS", "*.json"]}

# The population count as one instruction on x86-64 (every such processor since 2008
# has it): bits.h counts the host solver's cards with it, 7% of its instructions when
# counted in software as the Pico must (callgrind, a Botifarra deal).
POPCNT = ["-mpopcnt"] if platform.machine().lower() in ("x86_64", "amd64") else []

# The host solver is one idea a file (firmware/native/host/); optimised across them at
# link time it runs as it did as one file (callgrind, solve_driver on three Malilla
# deals: 1,253.5 M instructions as one file, 1,347.7 M split, 1,252.0 M split with LTO).
LTO = ["-flto"]

# The extension's C files (firmware/native/README.md): the core the Pico builds too,
# the host's solver, and the CPython binding.
NATIVE = "firmware/native/"


def files(*patterns):
    return sorted(f for p in patterns for f in glob.glob(NATIVE + p))


setup(
    package_dir={"tapete": "host/tapete", "tapete.rules": "firmware/rules",
                 "tapete.room_topics": "firmware/room_topics"},
    packages=PACKAGES,
    package_data=PACKAGE_DATA,
    ext_modules=[
        Extension(
            "tapete_core",
            sources=files("bind/mod_cpython.c", "bind/mod_hand.c", "core/*.c", "host/*.c"),
            depends=files("*/*.h"),
            define_macros=[("TAPETE_HOST_SOLVER", "1")],  # the host solver: never in the Pico's module
            extra_compile_args=["-std=c99", "-Wall", "-Wextra", "-Werror", "-O2"] + LTO + POPCNT,
            extra_link_args=["-O2"] + LTO + POPCNT,
        )
    ],
)
