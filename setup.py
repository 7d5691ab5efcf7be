"""Build hook for the C rule core as a CPython extension (see firmware/native/).

`pip install -e .` builds the top-level module `tapete_core` from the same C core the
Pico's native module uses; the rule module imports it when present and falls back to
pure Python otherwise.
"""
import platform
import warnings

from setuptools import Extension, find_namespace_packages, find_packages, setup

# The host package is every folder under host/tapete (its layers, and data folders such
# as locale/ and views/web/); the rule module lives with the firmware (it is what the
# Pico runs) and is mounted into the host package as tapete.rules: one source, no copy.
PACKAGES = (find_namespace_packages(where="host", include=["tapete", "tapete.*"],
                                    exclude=["*.__pycache__"])
            + ["tapete.rules"] + ["tapete.rules." + p for p in find_packages(where="firmware/rules")])
# `pip install -e` maps tapete and tapete.rules by an import finder (the rule module is
# not under host/); setuptools then prints a 10-line notice, information about that
# choice and not a problem, on every install: kept off the setup's output.
warnings.filterwarnings("ignore", message="Editable installation")
PACKAGE_DATA = {"": ["*.po", "*.html", "*.js", "*.css", "LINGUAS"]}

# The population count as one instruction on x86-64 (every such processor since 2008
# has it): bits.h counts the host solver's cards with it, 7% of its instructions when
# counted in software as the Pico must (callgrind, a Botifarra deal).
POPCNT = ["-mpopcnt"] if platform.machine().lower() in ("x86_64", "amd64") else []

setup(
    package_dir={"tapete": "host/tapete", "tapete.rules": "firmware/rules"},
    packages=PACKAGES,
    package_data=PACKAGE_DATA,
    ext_modules=[
        Extension(
            "tapete_core",
            sources=["firmware/native/" + f for f in (
                "mod_cpython.c", "tapete_core.c", "solve.c", "moves.c", "tt.c", "claim.c", "solve_host.c", "mod_hand.c")],
            depends=["firmware/native/" + f for f in (
                "tapete_desc.h", "tapete_core.h", "solve.h", "search.h", "bits.h", "solve_host.h", "cpython_args.h")],
            include_dirs=["firmware/native"],
            define_macros=[("TAPETE_HOST_SOLVER", "1")],  # the host solver: never in the Pico's module
            extra_compile_args=["-std=c99", "-Wall", "-Wextra", "-Werror", "-O2"] + POPCNT,
        )
    ],
)
