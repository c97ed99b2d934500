#!/usr/bin/env python3
"""Makes the sample looks in assets/luts/ (Adobe .cube, red fastest):
three 33-point 3D looks and one 1D curve. Run: python3 assets/luts/make-luts.py"""
import math
import os

HERE = os.path.dirname(os.path.abspath(__file__))
N3, N1 = 33, 1024


def clamp(v):
    return min(1.0, max(0.0, v))


def luma(r, g, b):
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def smooth(x):  # a gentle S-curve on [0,1]
    return x * x * (3 - 2 * x)


def teal_orange(r, g, b):
    y = luma(r, g, b)
    t = smooth(clamp(y))  # 0 in the shadows, 1 in the highlights
    shadow, light = (-0.06, 0.03, 0.08), (0.09, 0.02, -0.08)
    out = []
    for c, v in enumerate((r, g, b)):
        v = y + 1.15 * (v - y)  # a little more saturation
        v += (1 - t) * shadow[c] + t * light[c]
        out.append(clamp(0.5 + 1.08 * (v - 0.5)))
    return out


def bleach_bypass(r, g, b):
    y = luma(r, g, b)
    out = []
    for v in (r, g, b):
        v = y + 0.45 * (v - y)  # desaturate
        v = smooth(clamp(v)) * 0.7 + clamp(v) * 0.3  # harder contrast
        out.append(clamp(v))
    return out


def warm_film(r, g, b):
    warm = (1.06, 1.0, 0.88)
    out = []
    for c, v in enumerate((r, g, b)):
        v = 0.04 + 0.93 * smooth(clamp(v * warm[c]))  # lifted blacks, soft shoulder
        out.append(clamp(v))
    return out


def write3d(name, title, f):
    with open(os.path.join(HERE, name), "w") as out:
        out.write(f"# {title}: made by assets/luts/make-luts.py\n")
        out.write(f'TITLE "{title}"\nLUT_3D_SIZE {N3}\nDOMAIN_MIN 0 0 0\nDOMAIN_MAX 1 1 1\n')
        for bi in range(N3):
            for gi in range(N3):
                for ri in range(N3):
                    rgb = f(ri / (N3 - 1), gi / (N3 - 1), bi / (N3 - 1))
                    out.write("%.6f %.6f %.6f\n" % tuple(rgb))


def write1d(name, title):
    with open(os.path.join(HERE, name), "w") as out:
        out.write(f"# {title}: made by assets/luts/make-luts.py\n")
        out.write(f'TITLE "{title}"\nLUT_1D_SIZE {N1}\n')
        for i in range(N1):
            x = i / (N1 - 1)
            y = clamp(0.5 + 0.5 * math.tanh(3.0 * (x - 0.5)) / math.tanh(1.5))
            out.write("%.6f %.6f %.6f\n" % (y, clamp(y * 0.98 + 0.01), clamp(y * 0.95)))


write3d("teal-orange.cube", "teal and orange", teal_orange)
write3d("bleach-bypass.cube", "bleach bypass", bleach_bypass)
write3d("warm-film.cube", "warm film", warm_film)
write1d("s-curve.cube", "s-curve")
print("wrote", ", ".join(sorted(f for f in os.listdir(HERE) if f.endswith(".cube"))))
