#!/usr/bin/env bash
# Colour management with OpenColorIO (issue 43), end to end through the binary,
# against OCIO's own CPU processor computed at test time (ocio_check.py,
# Debian's python3-pyopencolorio under /usr/bin/python3):
#   cameras  slog3-cine, logc3, vlog to SDR video: 16-bit RGB in and out
#            (gbrp16 in, rgb48 out), 1,024 greys and 101,376 random colours:
#            max ≤ 2, mean ≤ 0.25 LSB10 (the issue's bounds)
#   levels   a 10-bit limited-range-tagged YUV S-Log3 clip (grey at code 420, a
#            super-white at 1000): camera= reads code/1023; range=legal (code−64)/876
#   hdr      camera=…:output=hdr-pq-1000: the PQ signal against OCIO (max 2, mean
#            0.25 LSB10); files tagged BT.2020/PQ with the mastering display and
#            MaxCLL 1000 (ffprobe), 10 bits from 8; sdr-video tagged BT.709; the
#            window tone-mapped as the PQ file written and played back is
#   formats  lut=file= on .cube (= lut3d= byte for byte), .spi1d, .spi3d, .cc,
#            .ccc with cccid, inverse=1 on a 1D table, and every format OCIO writes
#            (.3dl flame and lustre, .clf, .ctf, .csp, .lut, .cube, .itx, .cub,
#            .cc, .ccc, .cdl) with .spimtx, .mga, .m3d, a Discreet .lut, a Nuke
#            .vf and an Iridas .look, each
#            against OCIO reading the same file
#   errors   one line and exit 1, nothing written: an unknown camera or output,
#            a missing LUT file, ocio= without a config, a config that does not
#            parse, a space that is not in it; --list-ocio
case_name=${1:?usage: ocio.sh CASE}
source "$(dirname "$0")/e2e-lib.sh"
check=$(dirname "$0")/ocio_check.py
py=/usr/bin/python3
$py -c 'import numpy, PyOpenColorIO' 2>/dev/null || { echo "no numpy or PyOpenColorIO: skipped"; exit 77; }
"$bin" --help | grep -q 'camera=' || fail "--help does not list camera="
rgb48() { ffmpeg -v error -i "$1" -f rawvideo -pix_fmt rgb48le - >"$2" || fail "$1 does not read back"; }

case $case_name in
cameras)
  w=352 h=288
  $py "$check" make-rgb "$tmp/in.raw" $w $h
  ff -f rawvideo -pix_fmt gbrp16le -s ${w}x$h -i "$tmp/in.raw" -c:v ffv1 "$tmp/in.mkv"
  for cam in slog3-cine logc3 vlog; do
    expect 0 -q --no-display -t camera=$cam --out-depth 16 -c rawvideo -o "$tmp/$cam.nut" "$tmp/in.mkv"
    rgb48 "$tmp/$cam.nut" "$tmp/$cam.raw"
    $py "$check" compare rgb "$tmp/in.raw" "$tmp/$cam.raw" $w $h camera=$cam 2 0.25 ||
      fail "camera=$cam against OpenColorIO"
  done
  ;;
levels)
  w=256 h=8
  $py "$check" make-levels "$tmp/y.raw" $w $h
  ff -f rawvideo -pix_fmt yuv444p10le -s ${w}x$h -i "$tmp/y.raw" -c:v ffv1 -color_range tv \
     -colorspace bt709 -color_primaries bt709 -color_trc bt709 "$tmp/slog3.mkv"
  expect 0 -q --no-display -t camera=slog3 --out-depth 16 -c rawvideo -o "$tmp/data.nut" "$tmp/slog3.mkv"
  rgb48 "$tmp/data.nut" "$tmp/data.raw"
  $py "$check" compare data "$tmp/y.raw" "$tmp/data.raw" $w $h camera=slog3 2 0.25 || fail "data levels"
  expect 0 -q --no-display -t camera=slog3:range=legal --out-depth 16 -c rawvideo -o "$tmp/legal.nut" "$tmp/slog3.mkv"
  rgb48 "$tmp/legal.nut" "$tmp/legal.raw"
  $py "$check" compare legal "$tmp/y.raw" "$tmp/legal.raw" $w $h camera=slog3 2 0.25 || fail "legal levels"
  cmp -s "$tmp/data.raw" "$tmp/legal.raw" && fail "range=legal changed nothing"
  # the camera step reads the source wherever it stands (issue 53): a step in
  # front of it works on the log signal read at its levels (an identity eq: the
  # same bytes on these greys), its range= too; a range= that cannot apply is refused
  expect 0 -q --no-display -t eq=contrast=1,camera=slog3 --out-depth 16 -c rawvideo -o "$tmp/eq.nut" "$tmp/slog3.mkv"
  rgb48 "$tmp/eq.nut" "$tmp/eq.raw"
  cmp "$tmp/data.raw" "$tmp/eq.raw" || fail "a step in front of camera= changed the levels it reads"
  expect 0 -q --no-display -t eq=contrast=1,camera=slog3:range=legal --out-depth 16 -c rawvideo -o "$tmp/eq.nut" \
    "$tmp/slog3.mkv"
  rgb48 "$tmp/eq.nut" "$tmp/eq.raw"
  cmp "$tmp/legal.raw" "$tmp/eq.raw" || fail "camera=…:range=legal after a step was not taken"
  cube=$(dirname "$0")/../assets/luts/teal-orange.cube
  for bad in "camera=slog3,lut=file=$cube:range=legal" "lut=file=$cube:range=data,camera=slog3:range=legal"; do
    expect 1 -q --no-display -t "$bad" -o "$tmp/bad.nut" "$tmp/slog3.mkv"
    one_line "range="
  done
  # p010 (NVDEC's surfaces; 10 bits in the top of 16) reads as the same 10-bit
  # frames do: data levels' white is 1023·64, not 65535 (the NVDEC run differed)
  ff -f lavfi -i "testsrc2=size=320x180:rate=25,noise=alls=20:allf=t" -frames:v 2 -pix_fmt yuv420p10le -f rawvideo "$tmp/yuv420p10.yuv"
  ff -f rawvideo -pix_fmt yuv420p10le -s 320x180 -i "$tmp/yuv420p10.yuv" -pix_fmt p010le -f rawvideo "$tmp/p010.yuv"
  for t in camera=slog3-cine camera=logc3:range=legal; do
    for f in yuv420p10le p010le; do
      expect 0 -q --no-display -f rawvideo --video-size 320x180 --input-format $f -t $t --out-depth 16 -c rawvideo \
        -o "$tmp/$f.nut" "$tmp/${f%le}.yuv"
    done
    cmp "$tmp/yuv420p10le.nut" "$tmp/p010le.nut" || fail "$t: p010 reads otherwise than 10-bit"
  done
  expect 1 --no-display -f rawvideo --video-size 320x180 --input-format p010xx -o "$tmp/bad.nut" "$tmp/p010.yuv"
  one_line "--input-format 'p010xx': not a pixel format"
  [ -e "$tmp/bad.nut" ] && fail "a bad --input-format left a file"
  ;;
hdr)
  # camera=…:output=hdr-pq-1000: the PQ signal against OCIO (16-bit RGB in and out)
  w=352 h=288
  $py "$check" make-rgb "$tmp/in.raw" $w $h
  ff -f rawvideo -pix_fmt gbrp16le -s ${w}x$h -i "$tmp/in.raw" -c:v ffv1 "$tmp/in.mkv"
  expect 0 -q --no-display -t camera=slog3-cine:output=hdr-pq-1000 --out-depth 16 -c rawvideo -o "$tmp/pq.nut" "$tmp/in.mkv"
  rgb48 "$tmp/pq.nut" "$tmp/pq.raw"
  $py "$check" compare rgb "$tmp/in.raw" "$tmp/pq.raw" $w $h camera=slog3-cine:output=hdr-pq-1000 2 0.25 ||
    fail "camera=slog3-cine:output=hdr-pq-1000 against OpenColorIO"
  # written as BT.2020/PQ with its metadata, at 10 bits from an 8-bit source, as
  # plain ffprobe reads it (HEVC in Matroska; H.264 in MP4)
  ff -f lavfi -i testsrc2=size=320x180:rate=25 -frames:v 4 -pix_fmt yuv420p -c:v libx264 \
     -colorspace bt2020nc -color_primaries bt2020 -color_trc bt709 "$tmp/log8.mp4"
  for o in hdr.mkv:libx265 hdr.mp4:libx264 ffv1.mkv:ffv1; do
    expect 0 -q --no-display -t camera=vlog:output=hdr-pq-1000 -c ${o#*:} -o "$tmp/${o%:*}" "$tmp/log8.mp4"
    # the stream's side data (not only libx265's SEI in the frames)
    p=$(ffprobe -v error -select_streams v -show_streams "$tmp/${o%:*}")
    for want in color_transfer=smpte2084 color_primaries=bt2020 color_space=bt2020nc max_content=1000 \
                max_luminance=1000 min_luminance=0.0001 red_x=0.708 white_point_y=0.329; do
      # (a fraction as ffprobe prints it, reduced or not: its value)
      grep -E "^${want%%=*}=" <<<"$p" | head -1 | awk -F= -v w="${want#*=}" '
        { v = $2; if (v ~ /\//) { split(v, f, "/"); v = f[1] / f[2] } }
        END { exit !(w ~ /^[a-z]/ ? $2 == w : v + 0 == w + 0) }' || fail "${o%:*}: ffprobe does not read $want"
    done
    grep -qE '^pix_fmt=yuv4[24][04]p10le$' <<<"$p" || fail "${o%:*}: not 10 bits ($(grep pix_fmt <<<"$p"))"
    ffmpeg -v error -i "$tmp/${o%:*}" -f framemd5 - | grep -c '^0,' | grep -qx 4 || fail "${o%:*} does not decode"
  done
  # sdr-video is tagged BT.709, whatever the log clip was tagged (here BT.2020)
  expect 0 -q --no-display -t camera=vlog -o "$tmp/sdr.mp4" "$tmp/log8.mp4"
  p=$(ffprobe -v error -select_streams v -show_streams "$tmp/sdr.mp4")
  for want in color_transfer=bt709 color_primaries=bt709 color_space=bt709; do
    grep -q "^$want\$" <<<"$p" || fail "sdr.mp4: ffprobe does not read $want"
  done
  # ocio= writes what its display (or out= space) is, whatever the source was
  # tagged (issue 53): sRGB, BT.1886, PQ (its view's nits), HLG; no tag where none
  # fits (P3-D65, a wide-gamut SDR display) or the output is no display's (scene-
  # linear), said in one line
  { printf 'ocio_profile_version: 2.1\nroles:\n  default: lin\ndisplays:\n'
    for d in "sRGB:sRGB Display" "Rec.1886 Rec.709:Rec709 Display" "Rec.2100-PQ:PQ Display" \
             "Rec.2100-HLG:HLG Display" "P3-D65:P3 Display" "Raw:lin"; do
      v=Video; [ "${d%%:*}" = Rec.2100-PQ ] && v="HDR 4000 nits"
      printf '  %s:\n    - !<View> {name: %s, colorspace: %s}\n' "${d%%:*}" "$v" "${d#*:}"
    done
    printf 'colorspaces:\n  - !<ColorSpace> {name: lin, encoding: scene-linear}\n'
    for c in "sRGB Display:sdr-video" "Rec709 Display:sdr-video" "PQ Display:hdr-video" "HLG Display:hdr-video" \
             "P3 Display:sdr-video"; do
      printf '  - !<ColorSpace> {name: %s, encoding: %s, from_scene_reference: !<ExponentTransform> {value: [0.5, 0.5, 0.5, 1]}}\n' \
        "${c%%:*}" "${c#*:}"
    done; } >"$tmp/displays.ocio"
  for d in "sRGB:iec61966-2-1:bt709:bt709" "Rec.1886 Rec.709:bt709:bt709:bt709" \
           "Rec.2100-PQ:smpte2084:bt2020:bt2020nc" "Rec.2100-HLG:arib-std-b67:bt2020:bt2020nc" \
           "P3-D65:unknown:unknown:bt709" "Raw:unknown:unknown:bt709"; do
    IFS=: read -r disp trc pri spc <<<"$d"
    expect 0 --no-display --ocio "$tmp/displays.ocio" -t "ocio=in=lin:display=$disp" -o "$tmp/d.mp4" "$tmp/log8.mp4"
    p=$(ffprobe -v error -select_streams v -show_streams "$tmp/d.mp4")
    for want in color_transfer=$trc color_primaries=$pri color_space=$spc; do
      grep -q "^$want\$" <<<"$p" || fail "ocio= display $disp: ffprobe does not read $want ($(grep ^color <<<"$p" | tr '\n' ' '))"
    done
    if [ "$trc" = unknown ]; then
      grep -q "^pinstripe: -o: .*the file gets no colour tags" "$tmp/err" || fail "display $disp: no tags, not said"
    fi
  done
  expect 0 -q --no-display --ocio "$tmp/displays.ocio" -t "ocio=in=lin:display=Rec.2100-PQ" -c libx265 -o "$tmp/d.mkv" \
    "$tmp/log8.mp4"
  ffprobe -v error -select_streams v -show_streams "$tmp/d.mkv" | grep -q '^max_luminance=4000' ||
    fail "ocio= PQ display: its view's 4000 nits not the mastering peak"
  # the window (no -o): tone-mapped as any PQ picture is; the frames shown equal
  # those of the PQ file written (16-bit) and played back, within 1 of 255
  ff -f rawvideo -pix_fmt gbrp16le -s ${w}x$h -i "$tmp/in.raw" -frames:v 1 -c:v ffv1 "$tmp/one.mkv"
  expect 0 -q --no-display --frames 1 --debug-dump "$tmp/win.ppm" -t camera=slog3-cine:output=hdr-pq-1000 "$tmp/one.mkv"
  grep -q . "$tmp/err" && fail "a window-only run said: $(cat "$tmp/err")"
  expect 0 -q --no-display -t camera=slog3-cine:output=hdr-pq-1000 --out-depth 16 -c ffv1 -o "$tmp/pq.mkv" "$tmp/one.mkv"
  expect 0 -q --no-display --frames 1 --debug-dump "$tmp/back.ppm" "$tmp/pq.mkv"
  expect 0 -q --no-display --frames 1 --debug-dump "$tmp/sig.ppm" --tone-mapping none \
    -t camera=slog3-cine:output=hdr-pq-1000 "$tmp/one.mkv"
  $py - "$tmp/win.ppm" "$tmp/back.ppm" "$tmp/sig.ppm" <<'PY' || fail "the window's tone mapping"
import sys, numpy as np
a, b, s = (np.fromfile(p, np.uint8)[-352 * 288 * 3:].astype(int) for p in sys.argv[1:4])
d, ds = np.abs(a - b), np.abs(a - s)
print(f"window vs the PQ file played: max {d.max()}, {(d > 0).mean() * 100:.2f}% differ; vs the signal: mean {ds.mean():.1f}")
sys.exit(0 if d.max() <= 1 and (d > 0).mean() < 0.05 and ds.mean() > 5 else 1)
PY
  # --compare split: the left half is the clip as it comes, with no tone map (the
  # tone map is the camera output's), as sdr-video's is
  for o in sdr-video hdr-pq-1000; do
    expect 0 -q --no-display --frames 1 --debug-dump "$tmp/cmp-$o.ppm" --compare split=0.5 \
      -t camera=slog3-cine:output=$o "$tmp/one.mkv"
  done
  $py - "$tmp/cmp-sdr-video.ppm" "$tmp/cmp-hdr-pq-1000.ppm" $w $h <<'PY' || fail "--compare split's left half"
import sys, numpy as np
w, h = int(sys.argv[3]), int(sys.argv[4])
a, b = (np.fromfile(p, np.uint8)[-w * h * 3:].reshape(h, w, 3).astype(int) for p in sys.argv[1:3])
left, right = np.abs(a - b)[:, : w // 2 - 2], np.abs(a - b)[:, w // 2 + 2:]
print(f"--compare split: left halves max {left.max()}, right halves mean {right.mean():.1f}")
sys.exit(0 if left.max() == 0 and right.mean() > 1 else 1)
PY
  ;;
cdl)
  # cdl= against OCIO's CDLTransform (CDL_ASC), 16-bit RGB in and out: within
  # 2 LSB16 (0.0313 LSB10) on the 1,024 greys and 100,352 random colours, for ten
  # decisions, the extremes among them
  w=352 h=288
  $py "$check" make-rgb "$tmp/in.raw" $w $h
  ff -f rawvideo -pix_fmt gbrp16le -s ${w}x$h -i "$tmp/in.raw" -c:v ffv1 "$tmp/in.mkv"
  for d in slope=1.2/1/0.8:offset=-0.02:power=0.9:sat=1.3 slope=0 slope=4 offset=-0.3 offset=0.1/-0.05/0.2 \
           power=0.2 power=5 sat=0 sat=2 slope=0.5/2/1.5:offset=0.05:power=2/0.5/1:sat=0.7; do
    expect 0 -q --no-display -t "cdl=$d" --out-depth 16 -c rawvideo -o "$tmp/c.nut" "$tmp/in.mkv"
    rgb48 "$tmp/c.nut" "$tmp/c.raw"
    $py "$check" compare rgb "$tmp/in.raw" "$tmp/c.raw" $w $h "cdl=$d" 0.0313 0.0313 || fail "cdl=$d against OpenColorIO"
  done
  # from files: a .cc, and a .ccc by its id, against OCIO reading them
  printf '<ColorCorrection id="a"><SOPNode><Slope>1.1 0.9 1.3</Slope><Offset>0.02 -0.01 0</Offset><Power>0.8 1.2 1</Power></SOPNode><SatNode><Saturation>1.5</Saturation></SatNode></ColorCorrection>\n' >"$tmp/a.cc"
  printf '<ColorCorrectionCollection><ColorCorrection id="x"><SOPNode><Slope>1 1 1</Slope><Offset>0 0 0</Offset><Power>1 1 1</Power></SOPNode></ColorCorrection><ColorCorrection id="y"><SOPNode><Slope>3 0.2 1</Slope><Offset>-0.1 0.1 0</Offset><Power>0.5 3 1</Power></SOPNode><SatNode><Saturation>0.3</Saturation></SatNode></ColorCorrection></ColorCorrectionCollection>\n' >"$tmp/b.ccc"
  for f in "a.cc" "b.ccc:cccid=y"; do
    expect 0 -q --no-display -t "cdl=file=$tmp/$f" --out-depth 16 -c rawvideo -o "$tmp/c.nut" "$tmp/in.mkv"
    rgb48 "$tmp/c.nut" "$tmp/c.raw"
    id=${f#*cccid=}; [ "$id" = "$f" ] && id= || id="#$id"
    $py "$check" compare rgb "$tmp/in.raw" "$tmp/c.raw" $w $h "file=$tmp/${f%%:*}$id" 0.0313 0.0313 || fail "cdl=file=$f"
  done
  # a file's CDL and the same numbers written out: the same step (ChainOp.cdl), the same bytes
  # (power 1: OpenColorIO's optimizer would make matrices of it, 1 LSB16 off on 0.1%)
  printf '<ColorCorrection id="c"><SOPNode><Slope>1.1 1 0.9</Slope><Offset>0.01 0 -0.02</Offset><Power>1 1 1</Power></SOPNode><SatNode><Saturation>1.2</Saturation></SatNode></ColorCorrection>\n' >"$tmp/c.cc"
  for pair in "a.cc slope=1.1/0.9/1.3:offset=0.02/-0.01/0:power=0.8/1.2/1:sat=1.5" \
              "c.cc slope=1.1/1/0.9:offset=0.01/0/-0.02:sat=1.2"; do
    expect 0 -q --no-display -t "cdl=file=$tmp/${pair%% *}" --out-depth 16 -c rawvideo -o "$tmp/f.nut" "$tmp/in.mkv"
    expect 0 -q --no-display -t "cdl=${pair#* }" --out-depth 16 -c rawvideo -o "$tmp/n.nut" "$tmp/in.mkv"
    rgb48 "$tmp/f.nut" "$tmp/f.raw"; rgb48 "$tmp/n.nut" "$tmp/n.raw"
    cmp -s "$tmp/f.raw" "$tmp/n.raw" || fail "cdl=file=${pair%% *} and the same numbers differ"
  done
  # bad input: one line naming it, exit 1, nothing written
  for bad in "slope=-1" "power=0" "power=-2" "sat=-0.5" "slope=1/2" "offset=x" "sat=1/1/1" "file=$tmp/in.raw" \
             "file=$tmp/none.cc" "file=$tmp/b.ccc:cccid=zz" "cccid=y" "slope=1:file=$tmp/a.cc" "gain=2"; do
    rm -f "$tmp/bad.nut"
    expect 1 -q --no-display -t "cdl=$bad" -o "$tmp/bad.nut" "$tmp/in.mkv"
    [ "$(wc -l <"$tmp/err")" = 1 ] || fail "cdl=$bad: not one line: $(cat "$tmp/err")"
    [ -e "$tmp/bad.nut" ] && fail "cdl=$bad: a file was written"
  done
  ;;
formats)
  w=352 h=288
  $py "$check" make-rgb "$tmp/in.raw" $w $h
  ff -f rawvideo -pix_fmt gbrp16le -s ${w}x$h -i "$tmp/in.raw" -c:v ffv1 "$tmp/in.mkv"
  # the files, written here: a .cube (9 a side), an .spi1d, an .spi3d, a .cc and a .ccc
  $py - "$tmp" <<'PY'
import sys, math
d = sys.argv[1]
with open(f"{d}/t.cube", "w") as f:
    f.write("LUT_3D_SIZE 9\n")
    for b in range(9):
        for g in range(9):
            for r in range(9):
                f.write(f"{(r/8)**1.3*0.95+0.02*b/8:.6f} {g/8*(1-0.1*r/8):.6f} {math.sqrt(b/8):.6f}\n")
with open(f"{d}/t.spi1d", "w") as f:
    f.write("Version 1\nFrom 0 1\nLength 65\nComponents 1\n{\n")
    f.writelines(f"{(i/64)**0.7:.7f}\n" for i in range(65))
    f.write("}\n")
with open(f"{d}/t.spi3d", "w") as f:
    f.write("SPILUT 1.0\n3 3\n5 5 5\n")
    for r in range(5):
        for g in range(5):
            for b in range(5):
                f.write(f"{r} {g} {b} {r/4*0.9:.6f} {(g/4)**2:.6f} {1-(1-b/4)*0.7:.6f}\n")
cc = ("<ColorCorrection id=\"{}\"><SOPNode><Slope>{}</Slope><Offset>{}</Offset><Power>{}</Power>"
      "</SOPNode><SatNode><Saturation>{}</Saturation></SatNode></ColorCorrection>")
with open(f"{d}/t.cc", "w") as f:
    f.write(cc.format("one", "1.2 0.9 1.05", "-0.02 0.01 0.03", "0.8 1.1 1.3", "1.4"))
# CTF matrices with an alpha column: 4x4, and 4x4 with offsets (OpenColorIO applies
# them to RGB pixels with alpha 0: the alpha column adds nothing)
m4 = [[0.9, 0.08, 0.02, 0.3], [0.05, 1.1, -0.1, -0.2], [0.01, -0.05, 0.95, 0.25], [0.1, 0.2, 0.3, 0.9]]
for name, dim, off in (("m44", "4 4 4", None), ("m45", "4 5 4", [0.05, -0.03, 0.02, 0.1])):
    rows = [" ".join(f"{x}" for x in m4[r] + ([off[r]] if off else [])) for r in range(4)]
    with open(f"{d}/{name}.ctf", "w") as f:
        f.write(f'<?xml version="1.0" encoding="UTF-8"?>\n<ProcessList id="{name}" version="1.3">\n'
                f'<Matrix inBitDepth="32f" outBitDepth="32f"><Array dim="{dim}">\n'
                + "\n".join(rows) + "\n</Array></Matrix>\n</ProcessList>\n")
# two matrices with a Range between (OCIO does not fold them): the first makes an alpha
# (its alpha row, or only its alpha offset: m4r, m4a) that the second's alpha column
# reads, which a program does not carry; with neither (m4z) alpha stays 0
def ctf(name, body):
    with open(f"{d}/{name}.ctf", "w") as f:
        f.write(f'<?xml version="1.0" encoding="UTF-8"?>\n<ProcessList id="{name}" version="1.3">\n{body}'
                '</ProcessList>\n')
def mat(dim, rows):
    return (f'<Matrix inBitDepth="32f" outBitDepth="32f"><Array dim="{dim}">\n' +
            "\n".join(" ".join(f"{x}" for x in r) for r in rows) + "\n</Array></Matrix>\n")
rng = ('<Range inBitDepth="32f" outBitDepth="32f"><minInValue>0</minInValue><maxInValue>1</maxInValue>'
       '<minOutValue>0</minOutValue><maxOutValue>1</maxOutValue></Range>\n')
first = {"m4r": (m4, 0.1), "m4a": (m4[:3] + [[0, 0, 0, 1]], 0.1), "m4z": (m4[:3] + [[0, 0, 0, 1]], 0)}
for name, (rows, a) in first.items():
    ctf(name, mat("4 5 4", [r + [o] for r, o in zip(rows, [0.05, -0.03, 0.02, a])]) + rng + mat("4 4 4", m4))
with open(f"{d}/t.ccc", "w") as f:
    f.write("<ColorCorrectionCollection>" + cc.format("a", "1 1 1", "0 0 0", "2 2 2", "1") +
            cc.format("b", "4 0 0.5", "-0.1 0.2 0", "0.2 5 1", "0") + "</ColorCorrectionCollection>")
PY
  # FILE [CCCID]: lut=file= through pinstripe and through OCIO, equal to 1 LSB10, silent
  through() { # FILE [CCCID [inv]]
    expect 0 -q --no-display -t "lut=file=$1${2:+:cccid=$2}${3:+:inverse=1}" --out-depth 16 -c rawvideo \
      -o "$tmp/o.nut" "$tmp/in.mkv"
    rgb48 "$tmp/o.nut" "$tmp/o.raw"
    $py "$check" compare rgb "$tmp/in.raw" "$tmp/o.raw" $w $h "file=$1${2:+#$2}${3:+@inv}" 1 0.25 ||
      fail "lut=file=$1 ${2:+cccid=$2 }${3:+inverse=1 }against OpenColorIO"
    [ ! -s "$tmp/err" ] || { cat "$tmp/err"; fail "lut=file=$1 said something"; }
  }
  for f in t.cube t.spi1d t.spi3d t.cc m44.ctf m45.ctf; do through "$tmp/$f"; done
  for f in m44.ctf m45.ctf; do through "$tmp/$f" "" inv; done
  through "$tmp/m4z.ctf"
  # an alpha a matrix reads that an earlier one made: not silently wrong (200 LSB10 and
  # more), but baked, with one line naming the operation
  for f in m4r m4a; do
    expect 0 -q --no-display -t "lut=file=$tmp/$f.ctf" --out-depth 16 -c rawvideo -o "$tmp/o.nut" "$tmp/in.mkv"
    [ "$(wc -l <"$tmp/err")" = 1 ] && grep -q "Matrix (its alpha column on the alpha an earlier matrix made)" "$tmp/err" ||
      { cat "$tmp/err"; fail "$f.ctf: not one line naming the matrix that reads alpha"; }
    rgb48 "$tmp/o.nut" "$tmp/o.raw"
    $py "$check" compare rgb "$tmp/in.raw" "$tmp/o.raw" $w $h "file=$tmp/$f.ctf" 8 0.25 || fail "$f.ctf against OpenColorIO"
  done
  through "$tmp/t.ccc" b
  # every format OpenColorIO writes (its Baker and writers), and .spimtx, .mga and a
  # Discreet .lut written here: read by pinstripe and by OpenColorIO, equal to 1 LSB10
  mkdir -p "$tmp/fmt"
  for f in $($py "$check" make-formats "$tmp/fmt"); do
    id=; case $f in *.ccc|*.cdl) id=g1 ;; esac # (a collection's CDL by its id)
    through "$tmp/fmt/$f" $id
  done
  # lut= and lut3d= on a .cube: the same bytes
  expect 0 -q --no-display -t "lut3d=file=$tmp/t.cube" --out-depth 16 -c rawvideo -o "$tmp/a.nut" "$tmp/in.mkv"
  expect 0 -q --no-display -t "lut=file=$tmp/t.cube" --out-depth 16 -c rawvideo -o "$tmp/b.nut" "$tmp/in.mkv"
  cmp -s "$tmp/a.nut" "$tmp/b.nut" || fail "lut= and lut3d= differ on a .cube"
  # inverse=1 on a 1D table: the inverse, then the table, is the input (to 1 LSB10)
  expect 0 -q --no-display -t "lut=file=$tmp/t.spi1d:inverse=1,lut=file=$tmp/t.spi1d" --out-depth 16 \
    -c rawvideo -o "$tmp/inv.nut" "$tmp/in.mkv"
  rgb48 "$tmp/inv.nut" "$tmp/inv.raw"
  $py - "$tmp" $w $h <<'PY' || fail "inverse=1 then the table is not the input"
import sys, numpy as np
d, w, h = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]); n = w * h
raw = np.fromfile(f"{d}/in.raw", "<u2"); src = np.stack([raw[2*n:3*n], raw[:n], raw[n:2*n]], 1)
got = np.fromfile(f"{d}/inv.raw", "<u2")[:3*n].reshape(n, 3)
e = np.abs(got.astype(float) - src) / 65535 * 1023
print(f"inverse=1 then the table: max {e.max():.3f} LSB10")
sys.exit(0 if e.max() <= 1 else 1)
PY
  ;;
errors)
  ff -f lavfi -i testsrc2=size=64x36:rate=25 -t 0.2 -pix_fmt yuv420p -c:v ffv1 "$tmp/in.mkv"
  nothing() { [ ! -e "$tmp/out.mkv" ] || fail "$1: a file was written"; }
  expect 1 -q --no-display -t camera=slog9 -o "$tmp/out.mkv" "$tmp/in.mkv"; one_line "no camera 'slog9'"; nothing camera
  grep -q 'slog3-cine' "$tmp/err" || fail "the unknown camera's line does not list the known ones"
  expect 1 -q --no-display -t camera=vlog:output=cinema -o "$tmp/out.mkv" "$tmp/in.mkv"; one_line "no output 'cinema'"; nothing output
  expect 1 -q --no-display -t "lut=file=$tmp/none.cube" -o "$tmp/out.mkv" "$tmp/in.mkv"; one_line "none.cube"; nothing lut
  printf 'not a LUT at all\n' >"$tmp/bad.cube"
  expect 1 -q --no-display -t "lut=file=$tmp/bad.cube" -o "$tmp/out.mkv" "$tmp/in.mkv"; one_line "bad.cube"; nothing badlut
  expect 1 -q --no-display -t "ocio=in=a:out=b" -o "$tmp/out.mkv" "$tmp/in.mkv"; one_line "no OpenColorIO config"; nothing noconfig
  printf 'ocio_profile_version: 2\nroles: [\n' >"$tmp/broken.ocio"
  expect 1 -q --no-display --ocio "$tmp/broken.ocio" -t "ocio=in=a:out=b" -o "$tmp/out.mkv" "$tmp/in.mkv"
  one_line "broken.ocio"; nothing broken
  printf 'ocio_profile_version: 2.1\nroles:\n  default: lin\ndisplays:\n  sRGB:\n    - !<View> {name: Raw, colorspace: lin}\ncolorspaces:\n  - !<ColorSpace> {name: lin}\n  - !<ColorSpace> {name: Log (cam), from_scene_reference: !<LogTransform> {base: 10}}\n  - !<ColorSpace> {name: "a|b", from_scene_reference: !<ExponentTransform> {value: [2.2, 2.2, 2.2, 1]}}\n  - !<ColorSpace> {name: "b|c", from_scene_reference: !<ExponentTransform> {value: [0.5, 0.5, 0.5, 1]}}\n  - !<ColorSpace> {name: gc, from_scene_reference: !<BuiltinTransform> {style: "ACES-LMT - ACES 1.3 Reference Gamut Compression"}}\n' >"$tmp/c.ocio"
  expect 1 -q --no-display --ocio "$tmp/c.ocio" -t "ocio=in=lin:out=S-Log3" -o "$tmp/out.mkv" "$tmp/in.mkv"
  one_line "no colour space 'S-Log3'"; grep -q 'Log (cam)' "$tmp/err" || fail "the spaces there are are not listed"; nothing space
  expect 0 -q --no-display --ocio "$tmp/c.ocio" -t "ocio=in=lin:out=Log (cam)" -o "$tmp/out.mkv" "$tmp/in.mkv"
  OCIO=$tmp/c.ocio expect 0 -q --no-display -t "ocio=in=lin:display=sRGB:view=Raw" -o "$tmp/out2.mkv" "$tmp/in.mkv"
  expect 0 --list-ocio --ocio "$tmp/c.ocio"
  grep -q 'Log (cam)' "$tmp/out" && grep -q 'sRGB \*' "$tmp/out" && grep -q 'slog3-cine' "$tmp/out" ||
    { cat "$tmp/out"; fail "--list-ocio does not list the config and the cameras"; }
  # without a config: the cameras and outputs built in; a config named that is not there: refused,
  # whether a step uses it or not
  rm -f "$tmp/out.mkv"
  OCIO= expect 0 --list-ocio
  grep -q 'slog3-cine' "$tmp/out" && grep -q 'hdr-pq-1000 .*REC.2100-PQ' "$tmp/out" ||
    { cat "$tmp/out"; fail "--list-ocio without a config does not list the cameras and outputs"; }
  expect 1 --list-ocio --ocio "$tmp/missing.ocio"; one_line "missing.ocio"
  expect 1 -q --no-display --ocio "$tmp/missing.ocio" -o "$tmp/out.mkv" "$tmp/in.mkv"
  one_line "missing.ocio: No such file"; nothing missingcfg
  # OpenColorIO's reason kept in the line (a .cube of the wrong length)
  { echo "LUT_3D_SIZE 33"; for i in 1 2 3 4 5; do echo "0 0 0"; done; } >"$tmp/short.cube"
  expect 1 -q --no-display -t "lut=file=$tmp/short.cube" -o "$tmp/out.mkv" "$tmp/in.mkv"
  one_line "Found 5, expected 35937"; nothing short
  # a .ccc of two corrections without cccid: their ids listed
  sop='<SOPNode><Slope>%s</Slope><Offset>0 0 0</Offset><Power>1 1 1</Power></SOPNode>'
  cc="<ColorCorrection id=\"%s\">$sop</ColorCorrection>"
  printf "<ColorCorrectionCollection>$cc$cc</ColorCorrectionCollection>" shot1 "1 1 1" shot2 "1.2 1 1" \
    >"$tmp/two.ccc"
  for step in cdl lut; do
    expect 1 -q --no-display -t "$step=file=$tmp/two.ccc" -o "$tmp/out.mkv" "$tmp/in.mkv"
    one_line "holds 2 corrections: name one with cccid= (its id, or its index from 0): shot1, shot2"
    nothing "$step-ccc"
  done
  # two steps whose names differ only where a separator could hide it: two programs
  expect 0 -q --no-display --ocio "$tmp/c.ocio" -t 'ocio=in=lin:out=b|c,ocio=in=a|b:out=lin' -c rawvideo -o "$tmp/k1.nut" "$tmp/in.mkv"
  expect 0 -q --no-display --ocio "$tmp/c.ocio" -t 'ocio=in=lin:out=b|c,ocio=in=lin:out=b|c' -c rawvideo -o "$tmp/k2.nut" "$tmp/in.mkv"
  cmp -s "$tmp/k1.nut" "$tmp/k2.nut" && fail "a step took another step's program"
  # a step baked (an operation not evaluated exactly): said in one line; not with unclamped levels
  expect 0 -q --no-display --ocio "$tmp/c.ocio" -t 'ocio=in=lin:out=gc' -o "$tmp/gc.mkv" "$tmp/in.mkv"
  one_line "GamutComp13 is not evaluated exactly"
  expect 1 -q --no-display --ocio "$tmp/c.ocio" -t 'ocio=in=lin:out=gc:range=legal' -o "$tmp/no.mkv" "$tmp/in.mkv"
  one_line "range=tagged can"
  expect 1 -q --no-display -t 'camera=vlog:mix=' -o "$tmp/no.mkv" "$tmp/in.mkv"; one_line "mix= needs a value"
  [ ! -e "$tmp/no.mkv" ] || fail "a refused step wrote a file"
  ;;
*) fail "unknown case $case_name" ;;
esac
echo "PASS $case_name"
