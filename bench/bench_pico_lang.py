"""The panel's languages on the RP2040 (emulated by rp2040js): the heap each
language's table takes once loaded, and what stays after going back to English,
measured with the firmware deployed as `make deploy` deploys it. Figures, not asserts.

    .venv/bin/python bench/bench_pico_lang.py [--image build/...img]
"""
import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools", "pico"))

import rig as R  # noqa: E402
import table as T  # noqa: E402

OUT = os.path.join(ROOT, "out", "pico", "bench-lang")

MEASURE = """
import gc
from table.panel import say
def held():
    gc.collect()
    return gc.mem_alloc()
base = held()
out = []
from table.panel.lang_list import LANGS     # LINGUAS's, English last
for lang in LANGS:
    say.use(lang)
    out.append("%s=%d" % (lang, held() - base))
print(" ".join(out), gc.mem_free())
"""


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--image", help="a deployed flash image (default: deploy afresh with mpremote)")
    args = p.parse_args(argv)
    try:
        R.find_images()
    except R.MissingImage as err:
        print("bench_pico_lang: skipped: %s" % err)
        return 0
    os.makedirs(OUT, exist_ok=True)
    image = args.image
    if image is None:
        image = os.path.join(OUT, "deployed.img")
        with R.Rig() as rig:
            T.deploy(rig, OUT, print)
            rig.save(image)
    with R.Rig(flash_image=image) as rig:
        rig.wait_boot(1)
        rig.raw_repl()
        sizes = rig.exec("import os\nprint(' '.join('%s=%d' % (n, os.stat('/lib/table/panel/' + n)[6]) "
                         "for n in sorted(os.listdir('/lib/table/panel')) if n.startswith(('lang_', 'say'))))")
        print("flash, /lib/table/panel:", sizes.strip())
        out = rig.exec(MEASURE).split()
        print("heap held after loading each language in turn (bytes; en: back to English):",
              " ".join(out[:-1]), "; free after:", out[-1])
    return 0


if __name__ == "__main__":
    sys.exit(main())
