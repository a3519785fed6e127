"""The ribbon's buttons as data: name, label, icon and the full tooltip, without importing xlwings.

The add-in builder (:mod:`sheetpair.excel.package`) makes the ribbon and the Lite scripts from this list on a
machine that only builds the add-in; :mod:`sheetpair.excel.buttons` holds one function per name, and a test
checks that the two lists are the same.
"""

from __future__ import annotations

from .xlam import RibbonButton

BUTTONS: tuple[RibbonButton, ...] = (
    RibbonButton("pair_next_round", "Pair next round", "TableInsert",
                 "Pairs the next round and writes its sheet. The results of the current round must all be in."),
    RibbonButton("update_standings", "Update standings", "RefreshAll",
                 "Reads the results typed in the round sheets and rewrites Standings and Crosstable."),
    RibbonButton("make_reports", "Make reports", "FilePrintPreview",
                 "Makes the HTML report (standings and crosstable) from the results typed so far, without "
                 "changing the workbook. The classic add-in saves it beside the workbook; xlwings Lite and "
                 "unsaved workbooks get the Report sheet, whose column A is the page to copy into a .html file."),
    RibbonButton("import_trf_csv", "Import TRF/CSV", "ImportTextFile",
                 "Starts the event from the TRF or CSV text pasted into the Import sheet (made on first use)."),
    RibbonButton("enter_results", "Enter results", "AcceptInvitation",
                 "Reads the results typed into the current round's sheet, checks them, rewrites the standings "
                 "from them and says which boards still have no result."),
    RibbonButton("export_trf", "Export TRF", "ExportTextFile",
                 "Writes the event as a FIDE Tournament Report File (TRF26): beside a saved workbook, or into "
                 "the TRF sheet where there is no file system (xlwings Lite)."),
    RibbonButton("undo_round", "Undo round", "Undo",
                 "Removes the last paired round. A round with results is kept until its results are cleared, "
                 "so no typed result is ever removed by one click."),
    RibbonButton("explain_round", "Explain pairing", "Help",
                 "Explains, board by board, the pairing of the round whose sheet is active (else the last "
                 "paired round) in the Explanation sheet."),
    RibbonButton("update_from_fide_list", "FIDE list", "XmlImport",
                 "Fills the Players sheet from FIDE's rating list saved beside the workbook (players_list_xml.zip or "
                 "players_list.zip from FIDE's download page): name, FIDE id, federation, titles, sex, birth year, "
                 "standard rating and K, by FIDE id or by name. A name found twice is refused, listing the "
                 "candidates: type the FIDE id of the one meant."),
    RibbonButton("make_prize_list", "Prize list", "AccountingFormat",
                 "Hands out the prizes of the Prizes sheet by the standings (places, categories, groups, the "
                 "sharing rule) and writes the Prize list sheet: who gets what, and why each amount is what it is."),
    RibbonButton("check_norms", "Title norms", "HappyFace",
                 "Writes the Norms sheet: per player the GM, IM, WGM and WIM norms achieved or still possible (with "
                 "the points needed) and why not yet, the IT3 counts, and the IT1 sheet for each norm achieved."),
    RibbonButton("check_report", "Check rating report", "FileDocumentInspect",
                 "Lists what a federation's rating officer would reject in the rating report (missing FIDE ids, a "
                 "new player without birth date or sex, no chief arbiter) before Export TRF sends it."),
)
