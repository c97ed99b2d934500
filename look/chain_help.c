/* The -t transforms' paragraph of --help (chain.h's transform_help): each
 * transform with its options and maths, in step with chain.c's parser. */
#include "look/chain.h"

const char *transform_help(void)
{
    return "  -t takes transforms joined by commas, each name[=key=value[:key=value...]];\n"
           "  R, G, B are in [0,1] and every step's result is clamped to [0,1].\n"
           "  none      the picture as decoded\n"
           "  gray      R=G=B = 0.299 R + 0.587 G + 0.114 B\n"
           "  invert    1 - v in every channel (FFmpeg's negate)\n"
           "  sepia     R' = .393R+.769G+.189B, G' = .349R+.686G+.168B, B' = .272R+.534G+.131B\n"
           "  eq        contrast=C (1), brightness=B (0), saturation=S (1), gamma=G (1):\n"
           "            v' = (v - 0.5) C + 0.5 + B; then v'' = Y + S (v' - Y) with Y the\n"
           "            BT.709 luma of v'; then v''^(1/G) (a 4096-entry table)\n"
           "  hue       degrees=D (0), saturation=S (1): rotate R,G,B by D degrees about\n"
           "            the gray axis, then saturation S as in eq\n"
           "  matrix    rr rg rb ro gr gg gb go br bg bb bo: R' = rr R + rg G + rb B + ro, ...\n"
           "            (identity by default; the colorchannelmixer idea)\n"
           "  swap      order=xyz (bgr): output R,G,B take input channels x,y,z\n"
           "  lut3d     file=F.cube, interp=nearest|trilinear|tetrahedral (tetrahedral),\n"
           "            mix=0..1: the look's strength, (1 - mix)·in + mix·lut(in) (1)\n"
           "  lut1d     file=F.cube, interp=nearest|linear (linear), mix=0..1 (1)\n"
           "  look      look=NAME[:mix=M][:interp=I]: NAME.cube from the current folder, then\n"
           "            the user's looks, then the installed ones (--list-looks), 1D or 3D\n"
           "            by its contents, as lut1d or lut3d\n"
           "  e.g. -t eq=contrast=1.2:saturation=1.3,lut3d=file=assets/luts/teal-orange.cube\n";
}
