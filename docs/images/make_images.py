"""Makes the pictures of docs/excel.md: the sample event's sheets as LibreOffice prints them, and the
ribbon tab drawn from the add-in's own RibbonX XML.

Run from the repository: ``python docs/images/make_images.py`` (needs LibreOffice, pdftoppm, Pillow and
xlwings). The sheets come from ``sample_workbooks/club_championship.xlsx``, and the Byes and Forbidden pairs
sheets from ``dutch_open.xlsx`` after ``sheetpair bye`` and ``sheetpair forbid``; the ribbon from
:func:`sheetpair.excel.xlam.ribbon_xml` over the buttons of :mod:`sheetpair.excel.catalogue`, so the drawing
shows exactly the buttons the built add-in has (Office draws its own icons; the drawing shows their names).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from html import escape
from pathlib import Path

from PIL import Image, ImageChops

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
SAMPLE = REPO / "sample_workbooks" / "club_championship.xlsx"
SWISS = REPO / "sample_workbooks" / "dutch_open.xlsx"
PICTURES: tuple[tuple[Path, tuple[tuple[str, ...], ...], dict[str, str]], ...] = (
    (SAMPLE, (), {"round-sheet": "Round 3", "standings": "Standings", "crosstable": "Crosstable"}),
    (SWISS, (("bye", "12", "--points", "0.5"), ("bye", "5", "--points", "0"),
             ("bye", "20", "--points", "0.5", "--round", "6"), ("forbid", "7", "15"), ("forbid", "21", "22")),
     {"byes-sheet": "Byes", "forbidden-pairs-sheet": "Forbidden pairs"}),
)
"""Per sample: the sheetpair commands run on a copy first, and picture name: the sheet it shows (LibreOffice
prints one page per sheet)."""


def sheet_pictures() -> None:
    for sample, commands, pages in PICTURES:
        _pictures_of(sample, commands, pages)


def _pictures_of(sample: Path, commands: tuple[tuple[str, ...], ...], pages: dict[str, str]) -> None:
    with tempfile.TemporaryDirectory() as work:
        book = Path(work) / sample.name
        shutil.copy(sample, book)
        for command in commands:
            subprocess.run([sys.executable, "-m", "sheetpair", command[0], str(book), *command[1:]], check=True,
                           capture_output=True, timeout=300, cwd=REPO)
        subprocess.run(["soffice", "--headless", "--convert-to", "pdf", "--outdir", work, str(book)],
                       check=True, capture_output=True, timeout=300)
        pdf = book.with_suffix(".pdf")
        for name, sheet in pages.items():
            page = _page_of(pdf, sheet)
            subprocess.run(["pdftoppm", "-png", "-r", "110", "-f", str(page), "-l", str(page), "-singlefile",
                            str(pdf), str(Path(work) / name)], check=True, timeout=120)
            _trim(Path(work) / f"{name}.png").save(HERE / f"{name}.png", optimize=True)


def _page_of(pdf: Path, sheet: str) -> int:
    """The page whose footer names ``sheet`` (LibreOffice prints "<sheet> – page n of m")."""
    pages = int(next(line.split()[-1] for line in subprocess.run(
        ["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout.splitlines()
        if line.startswith("Pages:")))
    for page in range(1, pages + 1):
        text = subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), str(pdf), "-"],
                              capture_output=True, text=True, check=True).stdout
        if f"{sheet} – page" in text or f"{sheet} - page" in text:
            return page
    raise SystemExit(f"no page of {pdf.name} prints the sheet {sheet!r}")


def _trim(path: Path) -> Image.Image:
    """The page's content without the footer and the white margins, in a 12-pixel white frame."""
    image = Image.open(path).convert("RGB")
    top = image.crop((0, 0, image.width, int(image.height * 0.85)))
    box = ImageChops.difference(top, Image.new("RGB", top.size, "white")).getbbox()
    content = top.crop(box) if box else top
    framed = Image.new("RGB", (content.width + 24, content.height + 24), "white")
    framed.paste(content, (12, 12))
    return framed.quantize(64)


def ribbon_picture() -> None:
    """An SVG of the ribbon tab: tab name, group name, one large button per ``<button>`` element."""
    from sheetpair.excel.catalogue import BUTTONS
    from sheetpair.excel.xlam import CUSTOM_UI_NAMESPACE, ribbon_xml

    ui = "{" + CUSTOM_UI_NAMESPACE + "}"
    root = ET.fromstring(ribbon_xml(BUTTONS))
    (tab,) = root.iter(f"{ui}tab")
    (group,) = root.iter(f"{ui}group")
    buttons = list(group.iter(f"{ui}button"))
    width, cell = 24 + 96 * len(buttons), 96
    items = []
    for index, button in enumerate(buttons):
        x = 12 + index * cell
        words = (button.get("label") or "").split()
        lines = [" ".join(words[: (len(words) + 1) // 2]), " ".join(words[(len(words) + 1) // 2:])]
        items.append(
            f'<rect x="{x + 30}" y="46" width="36" height="36" rx="4" fill="#dbe7f5" stroke="#5b87c5">'
            f"<title>{escape(button.get('imageMso') or '')}</title></rect>"
            + "".join(f'<text x="{x + 48}" y="{100 + 13 * i}" font-size="11" text-anchor="middle">{escape(line)}</text>'
                      for i, line in enumerate(lines) if line))
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="150" font-family="Segoe UI, Arial, '
           f'sans-serif">\n<rect width="{width}" height="150" fill="#f3f3f3"/>\n'
           f'<rect x="12" y="6" width="80" height="24" fill="#ffffff" stroke="#c8c8c8"/>'
           f'<text x="52" y="23" font-size="13" text-anchor="middle" font-weight="bold">{escape(tab.get("label", ""))}'
           f"</text>\n<line x1=\"0\" y1=\"30\" x2=\"{width}\" y2=\"30\" stroke=\"#c8c8c8\"/>\n"
           + "\n".join(items)
           + f'\n<text x="{width // 2}" y="142" font-size="11" text-anchor="middle" fill="#666">'
           f'{escape(group.get("label", ""))}</text>\n</svg>\n')
    (HERE / "ribbon.svg").write_text(svg, encoding="utf-8")


if __name__ == "__main__":
    sys.path.insert(0, str(REPO))
    ribbon_picture()
    sheet_pictures()
