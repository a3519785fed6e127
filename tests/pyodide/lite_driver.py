"""Runs inside Pyodide (tests/pyodide/run.mjs): sheetpair's xlwings Lite scripts on an in-memory book.

The wheels copied beside this file are unpacked into site-packages (micropip would need the network),
then the Lite ``main.py`` that ``sheetpair addin --lite`` writes runs its buttons with Lite's semantics
(tests/memxw.py: reads see the book as the script started, writes appear when it ends). Prints one JSON
line describing what happened, for tests/test_pyodide.py to check.
"""

import glob
import json
import site
import sys
import zipfile

target = site.getsitepackages()[0]
for wheel in sorted(glob.glob("*.whl")):
    zipfile.ZipFile(wheel).extractall(target)

import memxw  # noqa: E402  (needs the wheels above)

from sheetpair.io.workbook import load_tournament  # noqa: E402
from sheetpair.io.xlwings_port import XlwingsPort  # noqa: E402
from sheetpair.pairing.matching import compiled_available  # noqa: E402

namespace: dict = {}
exec(compile(open("main.py").read(), "main.py", "exec"), namespace)
roster = open("roster.csv", encoding="utf-8").read().splitlines()

book = memxw.new_book("Open.xlsx")
memxw.run_like_lite(book, namespace["import_trf_csv"])
sheet = book.sheets["Import"]
sheet["B2"].value, sheet["B3"].value, sheet["B5"].value = "dutch", 5, 7
sheet.range((10, 1)).value = [[line] for line in roster]
for name in ("import_trf_csv", "pair_next_round"):
    memxw.run_like_lite(book, namespace[name])
round_sheet = book.sheets["Round 1"]
boards = [row for row in round_sheet.range("A2:E40").value if row[0] is not None]
round_sheet.range((2, 4)).value = [["1-0"] if i % 2 == 0 else ["½-½"] for i in range(len(boards))]
for name in ("update_standings", "make_reports"):
    memxw.run_like_lite(book, namespace[name])
tournament = load_tournament(XlwingsPort(book))
report = "\n".join(str(row[0]) for row in XlwingsPort(book).read_sheet("Report")[1:])
standings = book.sheets["Standings"].range("A1:C3").value
print(json.dumps({
    "platform": sys.platform,
    "compiled_matcher": compiled_available(),
    "loaded": sorted(m for m in ("weasyprint", "pandas", "numpy", "py4swiss") if m in sys.modules),
    "system": tournament.settings.system,
    "players": len(tournament.players),
    "rounds_played": tournament.current_round,
    "boards": len(boards),
    "standings_head": standings,
    "report_html": report,
    "status": book.sheets["sheetpair"].range("B3:B4").value,
}))
