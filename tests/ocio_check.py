#!/usr/bin/python3
"""OpenColorIO's own CPU processor as the reference for tests/ocio.sh (issue 43).

    ocio_check.py make-rgb OUT.raw W H                 random 16-bit RGB (gbrp16le planes), the
                                                       1,024 10-bit greys first
    ocio_check.py make-levels OUT.raw W H              yuv444p10le: Y codes 0..1023 across, the
                                                       grey 420 and the super-white 1000 rows,
                                                       U = V = 512
    ocio_check.py make-formats DIR                     LUT files of every format OpenColorIO
                                                       writes (its Baker: .3dl flame and lustre,
                                                       .clf, .ctf, .csp, .lut houdini, .cube iridas
                                                       and resolve, .itx, .cub; its writers: .cc,
                                                       .ccc, .cdl), and .spimtx, .mga, .m3d, a
                                                       Discreet .lut, a Nuke .vf and an Iridas .look
                                                       written here; prints their names
    ocio_check.py compare KIND IN.raw OUT.raw W H STEP MAXLSB MEANLSB
        IN: gbrp16le (KIND rgb) or yuv444p10le (KIND data: code/1023, KIND legal:
        (code - 64)/876); OUT: rgb48le from pinstripe. STEP: cdl=slope=R/G/B:offset=..:power=..:sat=S (OCIO's
        CDLTransform, style CDL_ASC), camera=NAME[:output=hdr-pq-1000] (OCIO's
        built-ins through ACES to SDR video or 1000-nit PQ, as pinstripe has them), or file=PATH
        (a FileTransform, tetrahedral, CDL clamped; PATH#ID: a .ccc's CDL by id; PATH@inv: inverted). Prints max, p99 and mean
        in 10-bit codes per channel, pooled, both sides clamped to [0,1];
        exits 1 when max > MAXLSB or mean > MEANLSB.
"""
import sys

import numpy as np
import PyOpenColorIO as OCIO

CAMERAS = {
    "slog3": "SONY_SLOG3-SGAMUT3", "slog3-cine": "SONY_SLOG3-SGAMUT3.CINE",
    "slog3-venice": "SONY_SLOG3-SGAMUT3-VENICE", "slog3-cine-venice": "SONY_SLOG3-SGAMUT3.CINE-VENICE",
    "logc3": "ARRI_ALEXA-LOGC-EI800-AWG", "vlog": "PANASONIC_VLOG-VGAMUT", "clog2": "CANON_CLOG2-CGAMUT",
    "clog3": "CANON_CLOG3-CGAMUT", "log3g10": "RED_LOG3G10-RWG", "redlogfilm": "RED_REDLOGFILM-RWG",
}


def processor(step):
    OCIO.SetLoggingLevel(OCIO.LOGGING_LEVEL_NONE)
    cfg = OCIO.Config.CreateRaw()
    kind, _, arg = step.partition("=")
    if kind == "camera":
        name, _, output = arg.partition(":output=")
        outs = {"": ("ACES-OUTPUT - ACES2065-1_to_CIE-XYZ-D65 - SDR-VIDEO_1.0",
                     "DISPLAY - CIE-XYZ-D65_to_REC.1886-REC.709"),
                "hdr-pq-1000": ("ACES-OUTPUT - ACES2065-1_to_CIE-XYZ-D65 - HDR-VIDEO-1000nit-15nit-REC2020lim_1.1",
                                "DISPLAY - CIE-XYZ-D65_to_REC.2100-PQ")}
        g = OCIO.GroupTransform()
        for s in (CAMERAS[name] + "_to_ACES2065-1",) + outs[output]:
            g.appendTransform(OCIO.BuiltinTransform(s))
        return cfg.getProcessor(g).getDefaultCPUProcessor()
    if kind == "cdl":  # cdl=slope=R/G/B:offset=..:power=..:sat=S, OCIO's CDLTransform, ASC style
        v = {"slope": [1.0] * 3, "offset": [0.0] * 3, "power": [1.0] * 3, "sat": [1.0]}
        for kv in arg.split(":"):
            k, _, x = kv.partition("=")
            n = [float(y) for y in x.split("/")]
            v[k] = n * 3 if len(n) == 1 and k != "sat" else n
        t = OCIO.CDLTransform(slope=v["slope"], offset=v["offset"], power=v["power"], sat=v["sat"][0])
        t.setStyle(OCIO.CDL_ASC)
        return cfg.getProcessor(t).getDefaultCPUProcessor()
    inverse = arg.endswith("@inv")  # PATH@inv: the file's transform inverted
    path, _, cccid = arg[:-4 if inverse else None].partition("#")
    t = OCIO.FileTransform(src=path, interpolation=OCIO.INTERP_TETRAHEDRAL)
    if cccid:
        t.setCCCId(cccid)
    if inverse:
        t.setDirection(OCIO.TRANSFORM_DIR_INVERSE)
    t.setCDLStyle(OCIO.CDL_ASC)
    return cfg.getProcessor(t).getDefaultCPUProcessor()


def make_rgb(path, w, h):
    rng = np.random.default_rng(43)
    rgb = rng.integers(0, 65536, size=(h * w, 3), dtype=np.uint16)
    greys = np.round(np.arange(1024) * 65535 / 1023).astype(np.uint16)
    rgb[:1024] = greys[:, None]
    planes = [rgb[:, 1], rgb[:, 2], rgb[:, 0]]  # gbrp: G, B, R
    with open(path, "wb") as f:
        for p in planes:
            f.write(p.astype("<u2").tobytes())


def make_levels(path, w, h):
    y = np.tile(np.round(np.linspace(0, 1023, w)).astype(np.uint16), (h, 1))
    y[0, :] = 420   # S-Log3's 18% grey
    y[1, :] = 1000  # a super-white
    u = np.full((h, w), 512, np.uint16)
    with open(path, "wb") as f:
        for p in (y, u, u):
            f.write(p.astype("<u2").tobytes())


def make_formats(d):
    OCIO.SetLoggingLevel(OCIO.LOGGING_LEVEL_NONE)
    cfg = OCIO.Config.CreateRaw()
    look = OCIO.GroupTransform()
    look.appendTransform(OCIO.MatrixTransform([0.9, 0.08, 0.02, 0, 0.05, 0.85, 0.1, 0, 0.02, 0.1, 0.88, 0,
                                               0, 0, 0, 1], [0.01, 0.0, 0.02, 0]))
    look.appendTransform(OCIO.ExponentTransform([1.3, 1.1, 0.9, 1.0]))
    cfg.addColorSpace(OCIO.ColorSpace(name="lin"))  # (the raw config's "raw" is data: never transformed)
    cs = OCIO.ColorSpace(name="look")
    cs.setTransform(look, OCIO.COLORSPACE_DIR_FROM_REFERENCE)
    cfg.addColorSpace(cs)
    names = []
    for i, (fmt, ext) in enumerate(OCIO.Baker.getFormats()):
        b = OCIO.Baker()
        b.setConfig(cfg)
        b.setFormat(fmt)
        b.setInputSpace("lin")
        b.setTargetSpace("look")
        b.setCubeSize(17)
        name = f"baked{i}.{ext}"
        with open(f"{d}/{name}", "w") as f:
            f.write(b.bake())
        names.append(name)
    cdl = OCIO.CDLTransform(slope=[1.1, 0.95, 1.0], offset=[0.01, -0.02, 0.0], power=[0.9, 1.2, 1.0], sat=1.2)
    cdl.setID("g1")
    for fmt, ext in (("ColorCorrection", "cc"), ("ColorCorrectionCollection", "ccc"),
                     ("ColorDecisionList", "cdl"), ("Academy/ASC Common LUT Format", "clf"),
                     ("Color Transform Format", "ctf")):
        g = OCIO.GroupTransform()
        g.appendTransform(cdl)
        with open(f"{d}/written.{ext}", "w") as f:
            f.write(g.write(formatName=fmt, config=cfg))
        names.append(f"written.{ext}")
    with open(f"{d}/m.spimtx", "w") as f:  # a 3x4 matrix, the offsets in 16-bit code values
        f.write("0.9 0.08 0.02 655.35\n0.05 0.85 0.1 0\n0.02 0.1 0.88 1310.7\n")
    names.append("m.spimtx")
    with open(f"{d}/d.lut", "w") as f:  # Discreet 1D: 3 tables of 1024, 12-bit values
        f.write("LUT: 3 1024\n")
        for c in range(3):
            f.writelines(f"{round(4095 * (i / 1023) ** (1.1 + 0.2 * c))}\n" for i in range(1024))
    names.append("d.lut")
    def pandora(name, n, out, rgb):  # Pandora 3D, n a side, values 0..out-1, blue fastest
        with open(f"{d}/{name}", "w") as f:
            f.write(f"# pandora\nchannel 3d\nin {n ** 3}\nout {out}\nformat lut\nvalues red green blue\n")
            k = 0
            for r in range(n):
                for g in range(n):
                    for b in range(n):
                        v = rgb(r / (n - 1), g / (n - 1), b / (n - 1))
                        f.write(f"{k} {round((out - 1) * v[0])} {round((out - 1) * v[1])} {round((out - 1) * v[2])}\n")
                        k += 1
        names.append(name)
    pandora("p.mga", 9, 4096, lambda r, g, b: (r ** 1.2, g * 0.9, b ** 0.8))
    pandora("p.m3d", 5, 256, lambda r, g, b: (r ** 0.9, g ** 1.1, (200 * b + 30) / 255))
    with open(f"{d}/n.vf", "w") as f:  # Nuke vector field, 7 a side
        f.write("#Inventor V2.1 ascii\ngrid_size 7 7 7\nglobal_transform 1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1\ndata\n")
        for b in range(7):
            for g in range(7):
                for r in range(7):
                    f.write(f"{(r / 6) ** 1.1 * 0.96 + 0.02 * b / 6:.6f} {g / 6 * (1 - 0.1 * r / 6):.6f} {(b / 6) ** 0.9:.6f}\n")
    names.append("n.vf")
    vals = []  # Iridas .look: a 3D table as hex little-endian floats, red fastest
    for b in range(5):
        for g in range(5):
            for r in range(5):
                vals += [(r / 4) ** 1.2 * 0.95 + 0.02 * g / 4, g / 4 * 0.9 + 0.03, (b / 4) ** 0.8]
    data = np.array(vals, "<f4").tobytes().hex().upper()
    with open(f"{d}/i.look", "w") as f:
        f.write(f'<?xml version="1.0" ?>\n<look>\n  <shaders>\n  </shaders>\n  <LUT>\n    <size>"5"</size>\n'
                f'    <data>"{data}"</data>\n  </LUT>\n</look>\n')
    names.append("i.look")
    print(" ".join(names))


def compare(kind, inp, out, w, h, step, max_lsb, mean_lsb):
    n = w * h
    raw = np.fromfile(inp, "<u2")
    if kind == "rgb":
        g, b, r = raw[:n], raw[n:2 * n], raw[2 * n:3 * n]
        src = np.stack([r, g, b], 1).astype(np.float32) / np.float32(65535)
    else:
        y = raw[:n].astype(np.float32)
        v = (y / np.float32(1023)) if kind == "data" else ((y - np.float32(64)) / np.float32(876))
        src = np.stack([v, v, v], 1).astype(np.float32)
    ref = np.ascontiguousarray(src.copy())
    processor(step).applyRGB(ref)
    got = np.fromfile(out, "<u2")[:3 * n].reshape(n, 3).astype(np.float64) / 65535
    err = np.abs(np.clip(got, 0, 1) - np.clip(ref.astype(np.float64), 0, 1)) * 1023
    mx, p99, mean = err.max(), np.percentile(err, 99), err.mean()
    print(f"{step} ({kind}): max {mx:.4f} p99 {p99:.4f} mean {mean:.5f} LSB10 over {n} pixels")
    return 0 if mx <= max_lsb and mean <= mean_lsb else 1


def main():
    cmd = sys.argv[1]
    if cmd == "make-rgb":
        make_rgb(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
    elif cmd == "make-levels":
        make_levels(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
    elif cmd == "make-formats":
        make_formats(sys.argv[2])
    elif cmd == "compare":
        k, i, o, w, h, s, mx, mn = sys.argv[2:10]
        sys.exit(compare(k, i, o, int(w), int(h), s, float(mx), float(mn)))
    else:
        sys.exit("usage: see the docstring")


if __name__ == "__main__":
    main()
