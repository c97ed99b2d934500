#!/usr/bin/env bash
# Installs what pinstripe needs to build, run and test on Debian 12 (apt-get):
# compilers and CMake, FFmpeg's libraries and command-line tools, OpenCV's
# core/imgproc/highgui and the Qt 5 headers of its windows (the window keeps the
# arrow keys), SDL2 (the player's sound), Xlib (the screen's size, to fit
# the window), Xvfb for display tests, and numpy for the colour tests (they run
# /usr/bin/python3), and for the install tests man-db (man -l), file and
# dpkg-dev (cpack's .deb and its Depends), GNU parallel (tools/batch.sh),
# Slurm with munge (tools/pinstripe.sbatch: the test starts a one-node Slurm), and
# OpenColorIO 2.1 (colour management: ocio/) with its Python binding (the tests'
# reference: OCIO's own CPU processor, under /usr/bin/python3).
# Skips apt when all are there.
# nvcc is optional: with it (CUDA 12+ in /usr/local/cuda) the CUDA backend is built too.
set -euo pipefail
pkgs=(build-essential cmake pkg-config
      libavformat-dev libavcodec-dev libavutil-dev libswscale-dev libswresample-dev libavdevice-dev ffmpeg
      libsdl2-dev libx11-dev
      libopencv-core-dev libopencv-imgproc-dev libopencv-highgui-dev qtbase5-dev
      xvfb xauth xdotool python3 python3-numpy clang clang-format libclang-rt-14-dev
      man-db file dpkg-dev parallel slurm-wlm munge
      libopencolorio-dev python3-pyopencolorio)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#pkgs[@]} packages present"
  exit 0
fi
sudo=""
if [ "$(id -u)" != 0 ]; then
  command -v sudo >/dev/null || { echo "install-deps: need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
  sudo=sudo
fi
echo "install-deps: installing ${missing[*]}"
$sudo apt-get update -q
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
