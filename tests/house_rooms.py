#!/usr/bin/env python3
"""The rooms of the house (DESIGN.md, issue 42): what each top-level folder may include.

    house_rooms.py SOURCE_DIR             # the include rules and the rooms' sizes
    house_rooms.py SOURCE_DIR BUILD_DIR   # and the colour flags of every compile command

Rules, each failing with the file and the line that breaks it:
  * the CUDA runtime (a CUDA header, or a call to cuda*()) only in gpu/;
  * colour/ includes nothing but colour/ and system headers, so nvcc and cc both
    take it and the two backends follow from one source; colour/ops/ (OpenColorIO's
    operation kinds) is a room of its own inside it, under the same rule;
  * a room includes another room's header only where its README.md's
    "May include:" line names that room (`stage/`; app/'s says every room's);
  * FFmpeg only in io/, decode/ and writer/, OpenCV only in display/cv_shim.cpp,
    Xlib only in display/display.c, SDL2 only in audio/audio_out_sdl.c,
    OpenColorIO only behind ocio/ocio_shim.h (ocio/ocio_shim.cpp, ocio_ops.cpp);
  * a room holds at most 20 translation units (.c .cu .cpp) and 3,000 lines of
    source (headers included, as wc -l counts them), and has a README.md that
    says what it holds and what it may include;
  * with BUILD_DIR: every compile command (compile_commands.json) of a file that
    reads a colour/ header, directly or through other headers, compiles without
    fused multiply-adds: its last -ffp-contract= is off (cc) or it has
    --fmad=false (nvcc), so the CPU and CUDA backends round alike.
bench/ and tests/ may include anything (they are not rooms of the product).
"""
import json
import os
import re
import sys

ROOMS = ["app", "grade", "report", "options", "io", "decode", "writer", "stage", "cpu", "gpu", "colour", "scope", "look",
         "ocio", "display", "audio", "colour/ops"]
# a room inside another (colour/ops/: OpenColorIO's operation kinds, a file each) is
# a room of its own, with colour/'s rule: it includes only colour/ and system headers
INNER = {"colour/ops": "colour"}
SOURCES = (".c", ".h", ".cu", ".cuh", ".cpp", ".inc")
UNITS = (".c", ".cu", ".cpp")
MAX_FILES, MAX_LINES = 20, 3000
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')
CUDA_CALL = re.compile(r"\bcuda[A-Z]\w*\s*\(")
# (pattern on the included name, the one place it may be included, what it is)
ONLY_IN = [
    (re.compile(r"^(cuda|cuda_runtime|cuda_runtime_api|cuda_fp16|device_launch_parameters|npp\w*)\.h$"),
     lambda p: p.startswith("gpu/"), "the CUDA runtime (only in gpu/)"),
    (re.compile(r"^lib(avformat|avcodec|avutil|avdevice|avfilter|swscale|swresample)/"),
     lambda p: p.split("/")[0] in ("io", "decode", "writer"), "FFmpeg (only in io/, decode/, writer/)"),
    (re.compile(r"^opencv2/"), lambda p: p == "display/cv_shim.cpp", "OpenCV (only in display/cv_shim.cpp)"),
    (re.compile(r"^X11/"), lambda p: p == "display/display.c", "Xlib (only in display/display.c)"),
    (re.compile(r"^SDL2?/|^SDL\.h$"), lambda p: p == "audio/audio_out_sdl.c", "SDL2 (only in audio/audio_out_sdl.c)"),
    (re.compile(r"^OpenColorIO/"), lambda p: p in ("ocio/ocio_shim.cpp", "ocio/ocio_ops.cpp"),
     "OpenColorIO (only behind ocio/ocio_shim.h: ocio/ocio_shim.cpp, ocio/ocio_ops.cpp)"),
]


def room_files(top):
    for room in ROOMS:
        d = os.path.join(top, room)
        if not os.path.isdir(d):
            continue
        for root, dirs, files in os.walk(d):
            dirs[:] = [x for x in dirs if os.path.relpath(os.path.join(root, x), top) not in INNER]
            for f in sorted(files):
                if f.endswith(SOURCES):
                    yield room, os.path.relpath(os.path.join(root, f), top)


def allowed_rooms(top, room):
    """The rooms named on the "May include:" line of room/README.md (None: every room)."""
    try:
        with open(os.path.join(top, room, "README.md"), encoding="utf-8") as fh:
            line = next((l for l in fh if l.startswith("May include:")), "")
    except OSError:
        line = ""
    if "every room" in line:
        return None
    return {m for m in re.findall(r"\b([a-z]+)/", line) if m in ROOMS} | {room}


def check_includes(top, fails):
    may = {room: allowed_rooms(top, room) for room in ROOMS}
    for room, path in room_files(top):
        with open(os.path.join(top, path), encoding="utf-8", errors="replace") as fh:
            lines = fh.read().splitlines()
        for n, line in enumerate(lines, 1):
            where = f"{path}:{n}"
            m = INCLUDE.match(line)
            if m:
                kind, name = m.groups()
                for pat, allowed, what in ONLY_IN:
                    if pat.search(name) and not allowed(path):
                        fails.append(f"{where}: includes {name}: {what}")
                if kind == '"' and name.startswith("."):
                    name = os.path.normpath(os.path.join(os.path.dirname(path), name))
                other = name.split("/")[0] if kind == '"' and "/" in name else None
                if INNER.get(room, room) == "colour" and kind == '"' and other != "colour":
                    fails.append(f"{where}: includes \"{name}\": colour/ includes only colour/ and system headers")
                elif other in ROOMS and may[room] is not None and other not in may[room]:
                    fails.append(f"{where}: includes \"{name}\": {room}/README.md does not let it include {other}/")
            elif room != "gpu":
                code = re.sub(r"//.*|\"(\\.|[^\"\\])*\"", "", line)
                if CUDA_CALL.search(code) and not code.lstrip().startswith(("*", "/*")):
                    fails.append(f"{where}: calls the CUDA runtime ({CUDA_CALL.search(code).group(0).strip()}): only gpu/ does")


def check_sizes(top, fails):
    counts = {}
    for room, path in room_files(top):
        with open(os.path.join(top, path), encoding="utf-8", errors="replace") as fh:
            n = len(fh.read().splitlines())
        files, lines = counts.get(room, (0, 0))
        counts[room] = (files + path.endswith(UNITS), lines + n)
    for room in ROOMS:
        if not os.path.isdir(os.path.join(top, room)):
            continue
        files, lines = counts.get(room, (0, 0))
        if files > MAX_FILES:
            fails.append(f"{room}/: {files} translation units (at most {MAX_FILES}): split the room")
        if lines > MAX_LINES:
            fails.append(f"{room}/: {lines} lines of source (at most {MAX_LINES}): split the room")
        readme = os.path.join(top, room, "README.md")
        if not os.path.isfile(readme) or os.path.getsize(readme) == 0:
            fails.append(f"{room}/: no README.md saying what it holds and what it may include")
    return counts


def includes_colour(top, path, seen):
    """Whether the file at path (relative to top) reads a colour/ header, through any header."""
    if path in seen:
        return seen[path]
    seen[path] = False
    full = os.path.join(top, path)
    if not os.path.isfile(full):
        return False
    with open(full, encoding="utf-8", errors="replace") as fh:
        for line in fh:
            m = INCLUDE.match(line)
            if not m or m.group(1) != '"':
                continue
            name = m.group(2)
            cand = name if os.path.isfile(os.path.join(top, name)) else os.path.normpath(
                os.path.join(os.path.dirname(path), name))
            if cand.startswith("colour/") or includes_colour(top, cand, seen):
                seen[path] = True
                return True
    return False


def check_flags(top, build, fails):
    with open(os.path.join(build, "compile_commands.json")) as fh:
        commands = json.load(fh)
    seen, n = {}, 0
    for e in commands:
        path = os.path.relpath(e["file"], top)
        if path.startswith("..") or not (path.startswith("colour/") or includes_colour(top, path, seen)):
            continue
        n += 1
        cmd = e.get("command") or " ".join(e.get("arguments", []))
        if path.endswith(".cu"):
            fmad = re.findall(r"(?:^|\s)--?fmad[= ](\w+)", cmd)
            if not fmad or fmad[-1] != "false":
                fails.append(f"{path}: compiled with --fmad={fmad[-1] if fmad else '(the default, true)'}, "
                             "but it reads the colour maths (--fmad=false)")
        else:
            contract = re.findall(r"(?:^|\s)-ffp-contract=(\w+)", cmd)
            if not contract or contract[-1] != "off":
                fails.append(f"{path}: compiled with -ffp-contract={contract[-1] if contract else '(the default)'}, "
                             "but it reads the colour maths (-ffp-contract=off)")
    return n


def main():
    if len(sys.argv) not in (2, 3):
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    top = os.path.abspath(sys.argv[1])
    fails = []
    check_includes(top, fails)
    counts = check_sizes(top, fails)
    flagged = check_flags(top, sys.argv[2], fails) if len(sys.argv) == 3 else None
    for f in fails:
        print("FAIL:", f)
    if fails:
        return 1
    sizes = ", ".join(f"{r}/ {c[0]} units {c[1]} lines" for r, c in counts.items())
    print(f"house_rooms: every include where its room allows it; {sizes}")
    if flagged is not None:
        print(f"house_rooms: {flagged} compile commands read the colour maths, each without fused multiply-adds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
