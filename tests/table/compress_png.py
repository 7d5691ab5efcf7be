"""Re-encode 1-bit PNG files with zlib compression (CPython, pypng): the firmware's
PNG writer (firmware/chips/png.py) stores them uncompressed, MicroPython having no
compressor. Usage: python tests/table/compress_png.py IN OUT [IN OUT ...]"""
import sys

import png


def main(argv):
    for src, out in zip(argv[1::2], argv[2::2]):
        w, h, rows, info = png.Reader(filename=src).read()
        with open(out, "wb") as f:
            png.Writer(w, h, greyscale=True, bitdepth=1, compression=9).write(f, rows)


if __name__ == "__main__":
    main(sys.argv)
