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
    RibbonButton("request_bye", "Bye", "CalendarInsert",
                 "Records a bye a player asked for, before its round is paired: type the player, the points "
                 "(0.5 or 0) and, unless it is the next round, the round into the Request sheet (made on the "
                 "first press). The Byes sheet lists the requested byes."),
    RibbonButton("cancel_bye", "Cancel bye", "Delete",
                 "Cancels the requested bye of the player in the Request sheet (in the round typed there, else "
                 "the next round)."),
    RibbonButton("withdraw_player", "Withdraw", "DeclineInvitation",
                 "Withdraws the player in the Request sheet from the round typed there (else the next round) "
                 "on. A Swiss system stops pairing the player; a round robin records the remaining games as "
                 "lost by forfeit."),
    RibbonButton("reinstate_player", "Reinstate", "Redo",
                 "Cancels the withdrawal of the player in the Request sheet: the player is paired again from "
                 "the next round."),
    RibbonButton("late_entry", "Late entry", "AddressBook",
                 "Enters a late player with the next start number: type the name (and rating, title, "
                 "federation, FIDE ID, club) into the Request sheet. Each round already paired counts as a "
                 "zero- or half-point bye, as typed beside missed (else as the Settings sheet says)."),
    RibbonButton("pair_fixed_board", "Pair with fixed board", "TableDrawTable",
                 "Pairs the next round with the Request sheet's player as White against its second player as "
                 "Black on a board set by hand; the system pairs everyone else."),
    RibbonButton("forbid_pair", "Forbid pair", "SheetProtect",
                 "Rules that the two players in the Request sheet must never be paired against each other (for "
                 "example two players of one family). The Forbidden pairs sheet lists the pairs."),
    RibbonButton("allow_pair", "Allow pair", "SheetUnprotect",
                 "Lifts the ruling that the two players in the Request sheet must not be paired against each "
                 "other."),
    RibbonButton("team_lineup", "Line-up", "GroupListToolsArrange",
                 "Sets a team's line-up for a paired round of a team event before its match has results: type the "
                 "team, the players' start numbers in board order (12,14,15,17) and, unless it is the last paired "
                 "round, the round into the Request sheet (made on the first press). A player of another team, a "
                 "player twice, too many players or members out of their board order are refused."),
    RibbonButton("pdf_report", "PDF report", "FileSaveAsPdfOrXps",
                 "Saves the PDF report (pairings or starting list, standings, crosstable) beside the saved "
                 "workbook as '<workbook name> report.pdf'. It needs the classic add-in: xlwings Lite cannot "
                 "make PDFs."),
    RibbonButton("event_status", "Status", "Info",
                 "Writes into the Status sheet the workbook's revision, what was changed by hand since sheetpair "
                 "last wrote it, the rules those changes break, and what the next pairing waits for."),
    RibbonButton("compare_copy", "Compare copies", "ReviewCompareTwoVersions",
                 "Compares this workbook (A) with a colleague's copy of the same event (B), whose full path is "
                 "typed beside copy in the Request sheet; the Differences sheet lists every difference, "
                 "conflicts marked."),
    RibbonButton("merge_copy", "Merge copy", "ReviewCombineRevisions",
                 "Merges the colleague's copy named in the Request sheet into this workbook. A conflict stops "
                 "the merge and changes nothing until it is resolved beside take (A, B, or ITEM=A/ITEM=B as the "
                 "Differences sheet names the items)."),
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
