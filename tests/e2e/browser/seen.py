"""What a person sees, measured: colours sampled from screenshots, WCAG contrast ratios of computed colours,
and whether an element is really uncovered where it stands on the screen."""

from __future__ import annotations

import io
import re
from collections import Counter
from typing import TYPE_CHECKING, Any

from PIL import Image

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

Rgb = tuple[int, int, int]
_RGB = re.compile(r"rgba?\((\d+),\s*(\d+),\s*(\d+)")


def parse_rgb(css: str) -> Rgb:
    """``rgb(198, 40, 40)`` (a computed colour) or ``#c62828`` as a triple."""
    found = _RGB.match(css.strip())
    if found:
        red, green, blue = (int(part) for part in found.groups())
        return red, green, blue
    digits = css.strip().lstrip("#")
    return int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16)


def _linear(channel: int) -> float:
    value = channel / 255
    return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4


def luminance(colour: Rgb) -> float:
    red, green, blue = (_linear(channel) for channel in colour)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(first: Rgb, second: Rgb) -> float:
    """The WCAG contrast ratio, 1 (same) to 21 (black on white)."""
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def distance(first: Rgb, second: Rgb) -> int:
    return max(abs(a - b) for a, b in zip(first, second, strict=True))


def screenshot(page: Page, path: str | None = None) -> Image.Image:
    """The page as the viewport shows it now (saved under ``path`` too, for people to look at)."""
    image = Image.open(io.BytesIO(page.screenshot(path=path))).convert("RGB")
    return image


def dominant_colour(image: Image.Image, box: dict[str, float], inset: int = 3) -> Rgb:
    """The most frequent colour inside ``box`` (a bounding box in CSS pixels of the shot), a few pixels in
    from its border: the fill a person sees, whatever the text or outline on it. The shot is taken at one
    device pixel per CSS pixel (the browser tests' contexts keep the default scale)."""
    left = int(box["x"]) + inset
    top = int(box["y"]) + inset
    right = int(box["x"] + box["width"]) - inset
    bottom = int(box["y"] + box["height"]) - inset
    assert right > left and bottom > top, f"box too small to sample: {box}"
    pixels: Counter[Rgb] = Counter()
    crop = image.crop((left, top, right, bottom))
    for pixel in crop.get_flattened_data():
        red, green, blue = pixel[:3]
        pixels[(red, green, blue)] += 1
    return pixels.most_common(1)[0][0]


UNCOVERED = """(node) => {
  const box = node.getBoundingClientRect();
  const x = box.left + box.width / 2, y = box.top + box.height / 2;
  if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return false;
  const top = document.elementFromPoint(x, y);
  return top !== null && (top === node || node.contains(top));
}"""


def uncovered(locator: Locator) -> bool:
    """True when the element's centre is on screen and nothing else lies on top of it there."""
    result: Any = locator.evaluate(UNCOVERED)
    return bool(result)
