"""Colour at depth, checked against double-precision maths (tests/depth.sh).
Run by /usr/bin/python3 (Debian's numpy). Subcommands:
  ramp OUT.yuv DEPTH W H FMT          a gray ramp, Y from black to white, raw planes
  lut OUT.cube N KIND                 a 3D LUT: 'identity', 'curve' (the same curve on
                                      each channel) or 'mix' (channels mixed, smooth)
  rgb16 OUT.raw W H DEPTH             random samples as raw gbrp (16-bit LE, DEPTH bits)
  chain GOT.yuv DEPTH W H LUT MINPCT  the ramp's Y after eq, hue, lut3d against the model
  close GOT REF MAXDIFF               two raw 16-bit LE files differ by at most MAXDIFF
  identity SRC.gbrp GOT.rgb48 W H DEPTH  the output is the input, read at DEPTH bits
  dither GOT.bgr NODITHER.bgr W H DEPTH  the dithered ramp's means and runs
"""
import sys

import numpy as np

KR, KB = 0.2126, 0.0722  # BT.709, the tests' matrix
KG = 1 - KR - KB


def ramp_y(depth, w):
    """W columns from black to white (limited range), every level used once or more"""
    sc = 1 << (depth - 8)
    lo, hi = 16 * sc, 235 * sc
    return np.round(lo + (hi - lo) * np.arange(w) / (w - 1)).astype(np.uint16)


def cmd_ramp(out, depth, w, h, fmt):
    depth, w, h = int(depth), int(w), int(h)
    y = np.tile(ramp_y(depth, w), (h, 1))
    half = 1 << (depth - 1)
    cw, ch = (w // 2, h // 2) if fmt == "420" else (w, h)
    c = np.full((ch, cw), half, np.uint16)
    dt = np.uint8 if depth == 8 else "<u2"
    with open(out, "wb") as f:
        for p in (y, c, c):
            f.write(p.astype(dt).tobytes())


def lut_values(n, kind):
    g = np.arange(n) / (n - 1)
    b, gg, r = np.meshgrid(g, g, g, indexing="ij")  # red fastest
    if kind == "identity":
        out = np.stack([r, gg, b], -1)
    elif kind == "curve":
        f = lambda x: 0.03 + 0.94 * x ** 0.85
        out = np.stack([f(r), f(gg), f(b)], -1)
    else:
        out = np.stack([0.8 * r + 0.15 * gg + 0.05 * np.sin(3 * b),
                        0.1 * r + 0.7 * gg ** 1.2 + 0.2 * b,
                        0.05 + 0.9 * b ** 0.9 - 0.05 * r * gg], -1)
    return np.clip(out, 0, 1).reshape(-1, 3)


def cmd_lut(out, n, kind):
    n = int(n)
    with open(out, "w") as f:
        f.write("LUT_3D_SIZE %d\n" % n)
        for v in lut_values(n, kind):
            f.write("%.6f %.6f %.6f\n" % tuple(v))


def read_cube(path):
    rows, n = [], 0
    for line in open(path):
        t = line.split()
        if not t or t[0].startswith("#"):
            continue
        if t[0] == "LUT_3D_SIZE":
            n = int(t[1])
        elif t[0][0] in "-.0123456789":
            rows.append([float(x) for x in t])
    return n, np.array(rows).reshape(n, n, n, 3)  # [b][g][r]


def tetrahedral(lut, n, rgb):
    """FFmpeg's lut3d tetrahedral interpolation, in double"""
    s = np.clip(rgb, 0, 1) * (n - 1)
    i0 = np.floor(s).astype(int)
    i1 = np.minimum(i0 + 1, n - 1)
    d = s - i0
    at = lambda r, g, b: lut[b, g, r]
    r0, g0, b0 = i0[..., 0], i0[..., 1], i0[..., 2]
    r1, g1, b1 = i1[..., 0], i1[..., 1], i1[..., 2]
    dr, dg, db = d[..., 0:1], d[..., 1:2], d[..., 2:3]
    c000, c111 = at(r0, g0, b0), at(r1, g1, b1)
    out = np.zeros_like(rgb)
    cases = [
        ((dr > dg) & (dg > db), at(r1, g0, b0), at(r1, g1, b0), 1 - dr, dr - dg, dg - db, db),
        ((dr > dg) & ~(dg > db) & (dr > db), at(r1, g0, b0), at(r1, g0, b1), 1 - dr, dr - db, db - dg, dg),
        ((dr > dg) & ~(dg > db) & ~(dr > db), at(r0, g0, b1), at(r1, g0, b1), 1 - db, db - dr, dr - dg, dg),
        (~(dr > dg) & (db > dg), at(r0, g0, b1), at(r0, g1, b1), 1 - db, db - dg, dg - dr, dr),
        (~(dr > dg) & ~(db > dg) & (db > dr), at(r0, g1, b0), at(r0, g1, b1), 1 - dg, dg - db, db - dr, dr),
        (~(dr > dg) & ~(db > dg) & ~(db > dr), at(r0, g1, b0), at(r1, g1, b0), 1 - dg, dg - dr, dr - db, db),
    ]
    for m, ca, cb, w0, wa, wb, w1 in cases:
        v = w0 * c000 + wa * ca + wb * cb + w1 * c111
        out = np.where(m, v, out)
    return out


def saturation(s):
    w = np.array([KR, KG, KB])
    return (1 - s) * np.tile(w, (3, 1)) + s * np.eye(3)


def hue_rotation(deg):
    a = np.radians(deg)
    u = np.ones(3) / np.sqrt(3)
    k = np.array([[0, -u[2], u[1]], [u[2], 0, -u[0]], [-u[1], u[0], 0]])
    return np.cos(a) * np.eye(3) + np.sin(a) * k + (1 - np.cos(a)) * np.outer(u, u)


def chain_model(rgb, lut, n):
    """-t eq=contrast=1.4:gamma=1.5,hue=degrees=30:saturation=1.2,lut3d=file=LUT"""
    x = np.clip((rgb - 0.5) * 1.4 + 0.5, 0, 1)
    x = np.clip(x ** (1 / 1.5), 0, 1)
    x = np.clip(x @ (saturation(1.2) @ hue_rotation(30)).T, 0, 1)
    return np.clip(tetrahedral(lut, n, x), 0, 1)


def cmd_chain(got, depth, w, h, lut_path, minpct):
    depth, w, h, minpct = int(depth), int(w), int(h), float(minpct)
    sc = 1 << (depth - 8)
    dt = np.uint8 if depth == 8 else "<u2"
    y = np.fromfile(got, dt)[: w * h].reshape(h, w).astype(float)
    v = (ramp_y(depth, w) - 16 * sc) / (219 * sc)
    n, lut = read_cube(lut_path)
    out = chain_model(np.stack([v, v, v], -1), lut, n)
    ref = 16 * sc + 219 * sc * (out @ np.array([KR, KG, KB]))
    err = np.abs(y - ref[None, :])
    want = len(np.unique(np.round(ref)))
    have = len(np.unique(y[h // 2]))
    print("%d-bit ramp through eq, hue, lut3d: %d distinct levels (the model's %d, %.1f%%); "
          "max error %.3f, mean %.3f LSB" % (depth, have, want, 100.0 * have / want, err.max(), err.mean()))
    ok = err.max() <= 1.0 and (depth == 8 or err.mean() <= 0.5) and have >= minpct / 100 * want
    return 0 if ok else 1


def cmd_rgb16(out, w, h, depth):
    w, h, depth = int(w), int(h), int(depth)
    rng = np.random.default_rng(23)
    a = rng.integers(0, 1 << depth, size=(3, h, w), dtype=np.uint32).astype("<u2")
    a.tofile(out)


def cmd_close(got, ref, maxdiff):
    a = np.fromfile(got, "<u2").astype(int)
    b = np.fromfile(ref, "<u2").astype(int)
    if len(a) != len(b) or len(a) == 0:
        print("sizes differ: %d and %d samples" % (len(a), len(b)))
        return 1
    d = np.abs(a - b)
    print("%d samples: max difference %d, %.3f%% differ" % (len(a), d.max(), 100.0 * np.mean(d > 0)))
    return 0 if d.max() <= int(maxdiff) else 1


def cmd_identity(src, got, w, h, depth):
    w, h, depth = int(w), int(h), int(depth)
    top = (1 << depth) - 1
    s = np.fromfile(src, "<u2").astype(int)
    frames = len(s) // (3 * w * h)
    s = s.reshape(frames, 3, h, w)  # planes g, b, r
    s = np.stack([s[:, 2], s[:, 0], s[:, 1]], -1)  # r, g, b
    o = np.fromfile(got, "<u2").astype(int).reshape(-1, h, w, 3)[:frames]
    back = np.floor(o * top / 65535 + 0.5).astype(int)
    exact16 = np.floor(s * 65535 / top + 0.5).astype(int)
    off16 = np.abs(o - exact16).max()
    print("identity at %d bits: %d of %d samples differ read back at %d bits; the 16-bit "
          "output is within %d of s * 65535 / %d" % (depth, np.sum(back != s), s.size, depth,
                                                      off16, top))
    return 0 if np.all(back == s) and off16 <= 1 else 1


def runs(row):
    """lengths of the runs of equal values along a row"""
    edges = np.flatnonzero(np.diff(row) != 0)
    bounds = np.concatenate([[-1], edges, [len(row) - 1]])
    return np.diff(bounds)


def cmd_dither(got, plain, w, h, depth):
    w, h, depth = int(w), int(h), int(depth)
    sc = 1 << (depth - 8)
    v = (ramp_y(depth, w) - 16 * sc) / (219 * sc) * 255  # the input in 8-bit steps
    a = np.fromfile(got, np.uint8)[: w * h * 3].reshape(h, w, 3)[..., 1].astype(float)
    b = np.fromfile(plain, np.uint8)[: w * h * 3].reshape(h, w, 3)[..., 1].astype(float)
    track = np.abs(a.mean(axis=0) - v).max()
    longest = max(runs(r).max() for r in a)
    plain_longest = max(runs(r).max() for r in b)
    print("dithered: column means within %.3f of the input (8-bit steps); longest run %d "
          "(undithered %d); undithered means off by up to %.3f"
          % (track, longest, plain_longest, np.abs(b.mean(axis=0) - v).max()))
    return 0 if track <= 0.5 and longest <= 2 * plain_longest and plain_longest >= 3 else 1


if __name__ == "__main__":
    cmds = {"ramp": cmd_ramp, "lut": cmd_lut, "rgb16": cmd_rgb16, "chain": cmd_chain,
            "close": cmd_close, "identity": cmd_identity, "dither": cmd_dither}
    sys.exit(cmds[sys.argv[1]](*sys.argv[2:]) or 0)
