"""The classic add-in file ``sheetpair.xlam``: one ribbon tab with every button, and the VBA behind it.

Each ribbon button's ``onAction`` names a VBA Sub of the module :data:`RIBBON_MODULE`; the Sub runs the
button's Python function through xlwings' ``RunPython``. ``RunPython`` and its settings come from the VBA
module xlwings ships for custom add-ins (``xlwings_custom_addin.bas``, with its ``Dictionary`` class for
macOS), taken from the installed xlwings so that the add-in matches it (on Windows its VBA loads xlwings'
DLL of exactly that version). The module's project name becomes ``sheetpair``, so its settings are read
from the add-in's ``sheetpair.conf`` sheet, else ``sheetpair.conf`` beside the tournament workbook, else
the user's ``.sheetpair/sheetpair.conf`` (which the install scripts write).

Everything else in the package is a handful of small XML parts written here. docs/development.md
("The classic add-in file") explains the layout; docs/excel.md is the arbiter's side.
"""

from __future__ import annotations

import re
import uuid
import zipfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path

from .cfb import write_compound_file
from .ovba import VbaModule, vba_project_streams
from .pin import check_vba_version

PROJECT_NAME = "sheetpair"
"""The VBA project's name, and the stem of the xlwings settings sheet and file (``sheetpair.conf``)."""
SETTINGS_SHEET = f"{PROJECT_NAME}.conf"
RIBBON_MODULE = "SheetpairRibbon"
WORKBOOK_CODE_NAME = "ThisWorkbook"
SETTINGS_CODE_NAME = "Sheet1"
PROJECT_ID = "{" + str(uuid.uuid5(uuid.NAMESPACE_URL, "sheetpair.xlam")).upper() + "}"
CUSTOM_UI_NAMESPACE = "http://schemas.microsoft.com/office/2009/07/customui"
CUSTOM_UI_PART = "customUI/customUI14.xml"
_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_RELATIONSHIPS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_PACKAGE_RELATIONSHIPS = "http://schemas.openxmlformats.org/package/2006/relationships"
_XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
_DOCUMENT_BASE = {
    WORKBOOK_CODE_NAME: "0{00020819-0000-0000-C000-000000000046}",
    SETTINGS_CODE_NAME: "0{00020820-0000-0000-C000-000000000046}",
}
"""The type (``VB_Base``) of the workbook's and a worksheet's document module."""


@dataclass(frozen=True)
class RibbonButton:
    """One button: ``name`` is the VBA Sub and the Python function it runs, ``image`` an Office icon."""

    name: str
    label: str
    image: str
    tip: str


def python_call(button: RibbonButton) -> str:
    """The Python statement a button's Sub hands to ``RunPython``."""
    return f"import sheetpair.excel.buttons; sheetpair.excel.buttons.run_from_excel('{button.name}')"


def ribbon_xml(buttons: Sequence[RibbonButton]) -> str:
    """The ribbon (RibbonX, Office 2010 schema): one ``sheetpair`` tab, one large button per function."""
    items = "".join(
        f'          <button id="{escape(b.name)}" label="{escape(b.label)}" size="large" imageMso="{escape(b.image)}"'
        f' screentip="{escape(b.label)}" supertip="{escape(b.tip)}" onAction="{RIBBON_MODULE}.{b.name}"/>\n'
        for b in buttons)
    return (f'<customUI xmlns="{CUSTOM_UI_NAMESPACE}">\n  <ribbon>\n    <tabs>\n'
            '      <tab id="sheetpairTab" label="sheetpair">\n'
            '        <group id="sheetpairTournament" label="Tournament">\n'
            f"{items}        </group>\n      </tab>\n    </tabs>\n  </ribbon>\n</customUI>\n")


def ribbon_module(buttons: Sequence[RibbonButton]) -> VbaModule:
    """The VBA module the ribbon calls: one Sub per button, each one ``RunPython`` line."""
    subs = "\n".join(
        f"' {b.label}: {b.tip}\n"
        f"Sub {b.name}(control As IRibbonControl)\n"
        f'    RunPython "{python_call(b)}"\n'
        "End Sub\n"
        for b in buttons)
    return VbaModule(RIBBON_MODULE, "module", f'Attribute VB_Name = "{RIBBON_MODULE}"\n'
                     "' sheetpair's ribbon buttons: each runs its Python function in the Python that xlwings is\n"
                     f"' set to use (the {SETTINGS_SHEET} sheet or file: Interpreter_Win, Interpreter_Mac).\n"
                     f"Option Explicit\n\n{subs}")


def xlwings_modules(xlwings_dir: Path) -> list[VbaModule]:
    """xlwings' VBA for custom add-ins (``RunPython``, settings) and its ``Dictionary`` class for macOS.

    :raises ValueError: when the installed xlwings lacks these files or their expected lines.
    """
    main = xlwings_dir / "xlwings_custom_addin.bas"
    dictionary = xlwings_dir / "addin" / "Dictionary.cls"
    if not main.is_file() or not dictionary.is_file():
        raise ValueError(f"xlwings in {xlwings_dir} has no add-in VBA (xlwings_custom_addin.bas, addin/Dictionary.cls)")
    source = main.read_text(encoding="utf-8")
    source, count = re.subn(r'(Public Const PROJECT_NAME As String = )"[^"]*"', rf'\1"{PROJECT_NAME}"', source)
    if count != 1 or not source.startswith('Attribute VB_Name = "xlwings"'):
        raise ValueError(f"{main} changed: sheetpair knows the one of xlwings 0.37")
    check_vba_version(source)
    class_source = dictionary.read_text(encoding="utf-8")
    attributes = class_source.find("Attribute VB_Name")
    if attributes < 0:
        raise ValueError(f"{dictionary} has no Attribute VB_Name line")
    return [VbaModule("xlwings", "module", source), VbaModule("Dictionary", "class", class_source[attributes:])]


def document_module(code_name: str) -> VbaModule:
    """The (empty) module Excel keeps for the workbook or one of its sheets."""
    attributes = [f'VB_Name = "{code_name}"', f'VB_Base = "{_DOCUMENT_BASE[code_name]}"',
                  "VB_GlobalNameSpace = False", "VB_Creatable = False", "VB_PredeclaredId = True",
                  "VB_Exposed = True", "VB_TemplateDerived = False", "VB_Customizable = True"]
    return VbaModule(code_name, "document", "".join(f"Attribute {a}\n" for a in attributes))


def vba_project(buttons: Sequence[RibbonButton], xlwings_dir: Path) -> bytes:
    """``xl/vbaProject.bin``: the document modules, xlwings' modules and the ribbon's module."""
    modules = [document_module(WORKBOOK_CODE_NAME), document_module(SETTINGS_CODE_NAME),
               *xlwings_modules(xlwings_dir), ribbon_module(buttons)]
    return write_compound_file(vba_project_streams(PROJECT_NAME, PROJECT_ID, modules))


def write_xlam(target: Path, buttons: Sequence[RibbonButton], settings: Mapping[str, str], xlwings_dir: Path) -> Path:
    """Writes the add-in package: workbook with the settings sheet, ribbon, VBA project."""
    parts = {
        "[Content_Types].xml": _content_types(),
        "_rels/.rels": _relationships({
            "rId1": ("http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument",
                     "xl/workbook.xml"),
            "rId2": ("http://schemas.microsoft.com/office/2007/relationships/ui/extensibility", CUSTOM_UI_PART),
            "rId3": ("http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties",
                     "docProps/app.xml"),
        }),
        "docProps/app.xml": (_XML + '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/'
                             'extended-properties"><Application>Microsoft Excel</Application></Properties>'),
        "xl/workbook.xml": (_XML + f'<workbook xmlns="{_MAIN}" xmlns:r="{_RELATIONSHIPS}">'
                            f'<workbookPr codeName="{WORKBOOK_CODE_NAME}"/>'
                            '<bookViews><workbookView visibility="hidden"/></bookViews>'
                            f'<sheets><sheet name="{SETTINGS_SHEET}" sheetId="1" r:id="rId1"/></sheets></workbook>'),
        "xl/_rels/workbook.xml.rels": _relationships({
            "rId1": (f"{_RELATIONSHIPS}/worksheet", "worksheets/sheet1.xml"),
            "rId2": (f"{_RELATIONSHIPS}/styles", "styles.xml"),
            "rId3": ("http://schemas.microsoft.com/office/2006/relationships/vbaProject", "vbaProject.bin"),
        }),
        "xl/worksheets/sheet1.xml": settings_sheet_xml(settings),
        "xl/styles.xml": _STYLES,
        CUSTOM_UI_PART: ribbon_xml(buttons),
    }
    target.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as package:
        for name, text in parts.items():
            package.writestr(name, text.encode("utf-8"))
        package.writestr("xl/vbaProject.bin", vba_project(buttons, xlwings_dir))
    return target


def settings_sheet_xml(settings: Mapping[str, str]) -> str:
    """The ``sheetpair.conf`` sheet: one row per setting, key in column A, value in column B.

    Only settings with a value are written: xlwings takes a key present in the sheet even when empty,
    which would hide the user's settings file.
    """
    rows = "".join(
        f'<row r="{row}"><c r="A{row}" t="inlineStr"><is><t>{escape(key, quote=False)}</t></is></c>'
        f'<c r="B{row}" t="inlineStr"><is><t xml:space="preserve">{escape(value, quote=False)}</t></is></c></row>'
        for row, (key, value) in enumerate(((k, v) for k, v in settings.items() if v), start=1))
    return (_XML + f'<worksheet xmlns="{_MAIN}"><sheetPr codeName="{SETTINGS_CODE_NAME}"/>'
            '<cols><col min="1" max="1" width="18" customWidth="1"/><col min="2" max="2" width="60" customWidth="1"/>'
            f"</cols><sheetData>{rows}</sheetData></worksheet>")


def _content_types() -> str:
    overrides = {
        "/xl/workbook.xml": "application/vnd.ms-excel.addin.macroEnabled.main+xml",
        "/xl/worksheets/sheet1.xml": "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml",
        "/xl/styles.xml": "application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml",
        "/xl/vbaProject.bin": "application/vnd.ms-office.vbaProject",
        "/docProps/app.xml": "application/vnd.openxmlformats-officedocument.extended-properties+xml",
    }
    return (_XML + '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            '<Default Extension="xml" ContentType="application/xml"/>'
            + "".join(f'<Override PartName="{part}" ContentType="{kind}"/>' for part, kind in overrides.items())
            + "</Types>")


def _relationships(targets: Mapping[str, tuple[str, str]]) -> str:
    return (_XML + f'<Relationships xmlns="{_PACKAGE_RELATIONSHIPS}">'
            + "".join(f'<Relationship Id="{rid}" Type="{kind}" Target="{target}"/>'
                      for rid, (kind, target) in targets.items())
            + "</Relationships>")


_STYLES = (_XML + f'<styleSheet xmlns="{_MAIN}">'
           '<fonts count="1"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>'
           '<fills count="2"><fill><patternFill patternType="none"/></fill>'
           '<fill><patternFill patternType="gray125"/></fill></fills>'
           '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
           '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
           '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>'
           '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>')
