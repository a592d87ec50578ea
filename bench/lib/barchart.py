#!/usr/bin/env python3
"""A grouped bar chart written as a PNG with the standard library only (no
matplotlib on the build machine): one group of bars per kernel, one bar per
variant, a dashed line at 1.0, a y axis with ticks and a legend, labels in a
5x7 bitmap font.

    write_png(path, groups, series, values, title)

`groups` are the x labels, `series` the variant names, `values[g][s]` the
bar heights (None for a missing bar).
"""
import struct
import zlib

# 5x7 glyphs, one row per string, '#' set.
_FONT = {
    "0": [".###.", "#...#", "#..##", "#.#.#", "##..#", "#...#", ".###."],
    "1": ["..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."],
    "2": [".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"],
    "3": ["####.", "....#", "....#", ".###.", "....#", "....#", "####."],
    "4": ["...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."],
    "5": ["#####", "#....", "####.", "....#", "....#", "#...#", ".###."],
    "6": [".###.", "#....", "#....", "####.", "#...#", "#...#", ".###."],
    "7": ["#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."],
    "8": [".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."],
    "9": [".###.", "#...#", "#...#", ".####", "....#", "....#", ".###."],
    ".": [".....", ".....", ".....", ".....", ".....", ".##..", ".##.."],
    "_": [".....", ".....", ".....", ".....", ".....", ".....", "#####"],
    "-": [".....", ".....", ".....", "#####", ".....", ".....", "....."],
    "+": [".....", "..#..", "..#..", "#####", "..#..", "..#..", "....."],
    "(": ["...#.", "..#..", ".#...", ".#...", ".#...", "..#..", "...#."],
    ")": [".#...", "..#..", "...#.", "...#.", "...#.", "..#..", ".#..."],
    "/": ["....#", "...#.", "...#.", "..#..", ".#...", ".#...", "#...."],
    ":": [".....", ".##..", ".##..", ".....", ".##..", ".##..", "....."],
    " ": ["....."] * 7,
    "a": [".....", ".....", ".###.", "....#", ".####", "#...#", ".####"],
    "b": ["#....", "#....", "####.", "#...#", "#...#", "#...#", "####."],
    "c": [".....", ".....", ".####", "#....", "#....", "#....", ".####"],
    "d": ["....#", "....#", ".####", "#...#", "#...#", "#...#", ".####"],
    "e": [".....", ".....", ".###.", "#...#", "#####", "#....", ".###."],
    "f": ["..##.", ".#...", "####.", ".#...", ".#...", ".#...", ".#..."],
    "g": [".....", ".####", "#...#", "#...#", ".####", "....#", ".###."],
    "h": ["#....", "#....", "####.", "#...#", "#...#", "#...#", "#...#"],
    "i": ["..#..", ".....", ".##..", "..#..", "..#..", "..#..", ".###."],
    "j": ["...#.", ".....", "..##.", "...#.", "...#.", "#..#.", ".##.."],
    "k": ["#....", "#....", "#..#.", "#.#..", "##...", "#.#..", "#..#."],
    "l": [".##..", "..#..", "..#..", "..#..", "..#..", "..#..", ".###."],
    "m": [".....", ".....", "##.#.", "#.#.#", "#.#.#", "#.#.#", "#.#.#"],
    "n": [".....", ".....", "####.", "#...#", "#...#", "#...#", "#...#"],
    "o": [".....", ".....", ".###.", "#...#", "#...#", "#...#", ".###."],
    "p": [".....", "####.", "#...#", "#...#", "####.", "#....", "#...."],
    "q": [".....", ".####", "#...#", "#...#", ".####", "....#", "....#"],
    "r": [".....", ".....", "#.##.", "##...", "#....", "#....", "#...."],
    "s": [".....", ".....", ".####", "#....", ".###.", "....#", "####."],
    "t": [".#...", ".#...", "####.", ".#...", ".#...", ".#..#", "..##."],
    "u": [".....", ".....", "#...#", "#...#", "#...#", "#..##", ".##.#"],
    "v": [".....", ".....", "#...#", "#...#", "#...#", ".#.#.", "..#.."],
    "w": [".....", ".....", "#...#", "#.#.#", "#.#.#", "#.#.#", ".#.#."],
    "x": [".....", ".....", "#...#", ".#.#.", "..#..", ".#.#.", "#...#"],
    "y": [".....", "#...#", "#...#", ".####", "....#", "#...#", ".###."],
    "z": [".....", ".....", "#####", "...#.", "..#..", ".#...", "#####"],
}

_COLOURS = [(31, 119, 180), (255, 127, 14), (44, 160, 44), (214, 39, 40),
            (148, 103, 189), (140, 86, 75), (227, 119, 194), (127, 127, 127)]


class _Canvas:
    def __init__(self, width, height):
        self.width, self.height = width, height
        self.pixels = bytearray(b"\xff" * (width * height * 3))

    def rect(self, x0, y0, x1, y1, colour):
        x0, x1 = max(0, min(x0, x1)), min(self.width, max(x0, x1))
        y0, y1 = max(0, min(y0, y1)), min(self.height, max(y0, y1))
        row = bytes(colour) * (x1 - x0)
        for y in range(y0, y1):
            start = (y * self.width + x0) * 3
            self.pixels[start:start + len(row)] = row

    def text(self, x, y, text, colour=(0, 0, 0), vertical=False):
        """Draws `text` with its top-left corner at (x, y); vertical text
        runs upwards from (x, y)."""
        for i, char in enumerate(text.lower()):
            glyph = _FONT.get(char, _FONT[" "])
            for row, bits in enumerate(glyph):
                for col, bit in enumerate(bits):
                    if bit != "#":
                        continue
                    if vertical:
                        px, py = x + row, y - i * 6 - col
                    else:
                        px, py = x + i * 6 + col, y + row
                    if 0 <= px < self.width and 0 <= py < self.height:
                        start = (py * self.width + px) * 3
                        self.pixels[start:start + 3] = bytes(colour)

    def png(self):
        raw = b"".join(b"\x00" + bytes(self.pixels[y * self.width * 3:
                                                    (y + 1) * self.width * 3])
                       for y in range(self.height))

        def chunk(kind, data):
            return (struct.pack(">I", len(data)) + kind + data +
                    struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff))
        header = struct.pack(">IIBBBBB", self.width, self.height, 8, 2, 0, 0, 0)
        return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) +
                chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def write_png(path, groups, series, values, title):
    bar, gap = 9, 14
    group_width = bar * len(series) + gap
    left, right, top, bottom = 50, 20, 40, 110
    legend = sum(11 + 6 * len(name) + 14 for name in series)
    width = max(left + right + group_width * len(groups), left + legend + right,
                left + 6 * len(title) + right)
    height = 420
    plot = height - top - bottom
    peak = max([v for row in values for v in row if v is not None] + [1.0])
    ymax = max(1.5, (int(peak * 2) + 1) / 2.0)
    canvas = _Canvas(width, height)
    canvas.text(left, 12, title)

    def y_of(value):
        return top + plot - int(plot * value / ymax)
    # Axis, ticks and grid.
    tick = 0.0
    while tick <= ymax + 1e-9:
        y = y_of(tick)
        canvas.rect(left, y, width - right, y + 1, (225, 225, 225))
        canvas.text(8, y - 3, "%.1f" % tick)
        tick += 0.5
    canvas.rect(left - 1, top, left, top + plot + 1, (0, 0, 0))
    canvas.rect(left, top + plot, width - right, top + plot + 1, (0, 0, 0))
    one = y_of(1.0)
    for x in range(left, width - right, 6):
        canvas.rect(x, one, x + 3, one + 1, (0, 0, 0))
    # Bars and labels.
    for g, name in enumerate(groups):
        x0 = left + gap // 2 + g * group_width
        for s, value in enumerate(values[g]):
            if value is None:
                continue
            x = x0 + s * bar
            canvas.rect(x, y_of(value), x + bar - 1, top + plot,
                        _COLOURS[s % len(_COLOURS)])
        canvas.text(x0 + group_width // 2 - 6, top + plot + 6 + 6 * len(name),
                    name, vertical=True)
    # Legend.
    x = left
    y = height - 14
    for s, name in enumerate(series):
        canvas.rect(x, y, x + 8, y + 7, _COLOURS[s % len(_COLOURS)])
        canvas.text(x + 11, y, name)
        x += 11 + 6 * len(name) + 14
    with open(path, "wb") as f:
        f.write(canvas.png())
