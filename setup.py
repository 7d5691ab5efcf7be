"""Build hook for the C rule core as a CPython extension (see firmware/native/).

`pip install -e .` builds the top-level module `tapete_core` from the same C core the
Pico's native module uses; the rule module imports it when present and falls back to
pure Python otherwise.
"""
from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "tapete_core",
            sources=["firmware/native/tapete_core.c", "firmware/native/mod_cpython.c"],
            depends=["firmware/native/tapete_core.h"],
            include_dirs=["firmware/native"],
            extra_compile_args=["-std=c99", "-Wall", "-Wextra", "-Werror", "-O2"],
        )
    ],
)
