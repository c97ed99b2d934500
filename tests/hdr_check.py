"""HDR tone mapping, checked against the published formulas evaluated here in
double precision (tests/hdr.sh), written from the documents, not from
pinstripe's code: SMPTE ST 2084 (PQ), ITU-R BT.2100 (HLG, its OOTF),
ITU-R BT.2390 §5.4.1 (the EETF), BT.1886 (a display with black at 0), and the
BT.2020 → BT.709 conversion from the primaries. Run by /usr/bin/python3
(Debian's numpy). Subcommands:
  clip OUT.yuv W H KIND          10-bit 4:4:4 BT.2020 (NCL, limited) planes of a
                                 pattern: 'grey' (a signal ramp 0..1 across) or
                                 'hlg' (a ramp above, primaries and mixes below)
  hlg GOT.rgb48 SRC.yuv W H      BT.2100's HLG display light (1000 cd/m², gamma 1.2,
                                 luminance OOTF) in BT.709, clipped, against the file
                                 (16-bit RGB, a 1000 cd/m² display): within 1%
  eetf GOT.rgb48 SRC.yuv W H LW LMAX  BT.2390's EETF on PQ greys, source peak LW,
                                 target LMAX (16-bit RGB, an LMAX display): within 1%
  psnr A B MIN                   two 8-bit raw files: PSNR ≥ MIN dB
  rising GOT.rgb48 W H           the grey ramp's output never falls along the row
"""
import sys

import numpy as np

KR, KB = 0.2627, 0.0593  # BT.2020 NCL
KG = 1 - KR - KB

# SMPTE ST 2084
M1, M2 = 2610 / 16384, 2523 / 4096 * 128
C1, C2, C3 = 3424 / 4096, 2413 / 4096 * 32, 2392 / 4096 * 32


def pq_eotf(e):
    p = np.power(np.maximum(e, 0), 1 / M2)
    return 10000 * np.power(np.maximum(p - C1, 0) / (C2 - C3 * p), 1 / M1)


def pq_inv(l):
    y = np.power(np.maximum(l, 0) / 10000, M1)
    return np.power((C1 + C2 * y) / (1 + C3 * y), M2)


# ARIB STD-B67 / BT.2100 HLG
HA = 0.17883277
HB = 1 - 4 * HA
HC = 0.5 - HA * np.log(4 * HA)


def hlg_inv_oetf(e):
    e = np.asarray(e, dtype=float)
    return np.where(e <= 0.5, e * e / 3, (np.exp((e - HC) / HA) + HB) / 12)


def xyz_matrix(prim):
    (xr, yr), (xg, yg), (xb, yb), (xw, yw) = prim
    p = np.array([[x / y for x, y in ((xr, yr), (xg, yg), (xb, yb))], [1, 1, 1],
                  [(1 - x - y) / y for x, y in ((xr, yr), (xg, yg), (xb, yb))]])
    w = np.array([xw / yw, 1, (1 - xw - yw) / yw])
    return p * np.linalg.solve(p, w)


D65 = (0.3127, 0.3290)
BT2020_TO_709 = np.linalg.solve(
    xyz_matrix(((0.64, 0.33), (0.30, 0.60), (0.15, 0.06), D65)),
    xyz_matrix(((0.708, 0.292), (0.170, 0.797), (0.131, 0.046), D65)))


def signal_rgb(yuv, w, h):
    """R', G', B' of 10-bit limited 4:4:4 BT.2020 NCL planes, in double"""
    y, cb, cr = [p.astype(float) for p in yuv.reshape(3, h, w)]
    yy, pb, pr = (y - 64) / 876, (cb - 512) / 896, (cr - 512) / 896
    r = yy + 2 * (1 - KR) * pr
    b = yy + 2 * (1 - KB) * pb
    g = (yy - KR * r - KB * b) / KG
    return np.stack([r, g, b])


def cmd_clip(out, w, h, kind):
    w, h = int(w), int(h)
    x = np.arange(w) / (w - 1)
    rgb = np.zeros((3, h, w))
    rgb[:, :, :] = x  # a grey ramp
    if kind == 'hlg':
        masks = [(1, 0, 0), (0, 1, 0), (0, 0, 1), (1, 1, 0), (0, 1, 1), (1, 0, 1), (1, .4, .2),
                 (.2, .5, 1)]
        bw = w // len(masks)
        for k, m in enumerate(masks):
            for half, level in ((0, 0.5), (1, 0.75)):
                r0 = h // 2 + half * h // 4
                for c in range(3):
                    rgb[c, r0:r0 + h // 4, k * bw:(k + 1) * bw] = m[c] * level
    r, g, b = rgb
    y = KR * r + KG * g + KB * b
    planes = [64 + 876 * y, 512 + 896 * (b - y) / (2 * (1 - KB)), 512 + 896 * (r - y) / (2 * (1 - KR))]
    np.stack([np.clip(np.round(p), 0, 1023) for p in planes]).astype('<u2').tofile(out)


def read_rgb48(path, w, h):
    return np.fromfile(path, '<u2')[:w * h * 3].reshape(h, w, 3).transpose(2, 0, 1) / 65535.0


def report(name, got, want, floor):
    sel = want > floor
    rel = np.abs(got[sel] - want[sel]) / want[sel]
    worst = np.unravel_index(np.argmax(np.where(sel, np.abs(got - want) / np.maximum(want, 1e-12), 0)),
                             want.shape)
    print(f"{name}: {sel.sum()} samples above {floor:g} cd/m2, relative error max {rel.max() * 100:.3f}%"
          f" mean {rel.mean() * 100:.3f}% (worst at {worst}: got {got[worst]:.4f}, want {want[worst]:.4f})")
    return rel.max() <= 0.01


def cmd_hlg(got, src, w, h):
    w, h = int(w), int(h)
    e = hlg_inv_oetf(np.clip(signal_rgb(np.fromfile(src, '<u2'), w, h), 0, 1))
    ys = KR * e[0] + KG * e[1] + KB * e[2]
    fd = 1000 * np.power(ys, 1.2 - 1) * e  # BT.2100 OOTF, Lw 1000, Lb 0: gamma 1.2
    want = np.einsum('ij,jhw->ihw', BT2020_TO_709, fd)
    out = 1000 * np.power(read_rgb48(got, w, h), 2.4)  # BT.1886, black 0, white 1000
    # pixels the display holds (clip scales a brighter one as a whole), channels above
    # 0.5% of its peak (a channel out of BT.709's gamut is clipped to 0)
    inside = want.max(axis=0) < 999
    return report("HLG against BT.2100", out, np.where(inside, want, 0), 5)


def eetf(l, lw, lmax):
    """ITU-R BT.2390 §5.4.1, source black 0, target black 0 (so b = 0: no lift)"""
    e1 = np.minimum(pq_inv(l) / pq_inv(lw), 1)
    max_lum = pq_inv(lmax) / pq_inv(lw)
    ks = 1.5 * max_lum - 0.5
    t = (e1 - ks) / (1 - ks)
    p = (2 * t**3 - 3 * t**2 + 1) * ks + (t**3 - 2 * t**2 + t) * (1 - ks) + (-2 * t**3 + 3 * t**2) * max_lum
    e2 = np.where(e1 < ks, e1, p)
    return pq_eotf(e2 * pq_inv(lw))


def cmd_eetf(got, src, w, h, lw, lmax):
    w, h, lw, lmax = int(w), int(h), float(lw), float(lmax)
    s = signal_rgb(np.fromfile(src, '<u2'), w, h)
    want = eetf(pq_eotf(s[1]), lw, lmax)  # greys: R' = G' = B'
    out = lmax * np.power(read_rgb48(got, w, h)[1], 2.4)
    for level in (0.05, 0.2, 0.4, 0.5, 0.6, 0.7, 0.75, 0.8, 0.9):
        col = int(round(level * (w - 1)))
        print(f"  signal {s[1][0, col]:.4f}: {pq_eotf(s[1][0, col]):9.3f} cd/m2 -> want {want[0, col]:8.4f}"
              f" got {out[0, col]:8.4f}")
    return report(f"BT.2390 {lw:g} -> {lmax:g}", out, want, 0.05)


def cmd_rising(got, w, h):
    """the grey ramp's output never falls along the row"""
    g = read_rgb48(got, int(w), int(h))[1][0]
    falls = np.nonzero(np.diff(g) < 0)[0]
    print(f"ramp output from {g[0]:.4f} to {g[-1]:.4f}, {falls.size} falls" +
          (f" (first at column {falls[0]}: {g[falls[0]]:.4f} -> {g[falls[0] + 1]:.4f})" if falls.size else ""))
    return falls.size == 0


def cmd_psnr(a, b, minimum):
    x = np.fromfile(a, np.uint8).astype(float)
    y = np.fromfile(b, np.uint8).astype(float)
    if x.size != y.size or x.size == 0:
        print(f"sizes differ: {x.size} {y.size}")
        return False
    mse = ((x - y) ** 2).mean()
    psnr = 10 * np.log10(255**2 / mse) if mse else float('inf')
    print(f"PSNR {psnr:.2f} dB (max difference {np.abs(x - y).max():.0f}), needed {float(minimum):g}")
    return psnr >= float(minimum)


if __name__ == '__main__':
    cmd = {'clip': cmd_clip, 'hlg': cmd_hlg, 'eetf': cmd_eetf, 'psnr': cmd_psnr,
           'rising': cmd_rising}[sys.argv[1]]
    ok = cmd(*sys.argv[2:])
    sys.exit(0 if ok is None or ok else 1)
