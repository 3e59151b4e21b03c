"""Opens each .xlsx in headless LibreOffice, recalculates everything, and prints every formula
cell's value as JSON: {"Sheet!A1": value | {"error": code}}. An independent engine to check
the cached results our writer puts in files. Usage: python3 libreoffice-recalc.py a.xlsx [b.xlsx...]"""
import json
import os
import subprocess
import sys
import tempfile
import time

import uno
from com.sun.star.beans import PropertyValue

PIPE = f"wt_recalc_{os.getpid()}"


def prop(name, value):
    p = PropertyValue()
    p.Name = name
    p.Value = value
    return p


def main(paths):
    profile = tempfile.mkdtemp(prefix="lo-profile-")
    office = subprocess.Popen(
        ["soffice", "--headless", "--invisible", "--norestore", "--nologo",
         f"-env:UserInstallation=file://{profile}", f"--accept=pipe,name={PIPE};urp;"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        local = uno.getComponentContext()
        resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
        for _ in range(120):
            try:
                ctx = resolver.resolve(f"uno:pipe,name={PIPE};urp;StarOffice.ComponentContext")
                break
            except Exception:
                time.sleep(0.5)
        desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
        results = {}
        for path in paths:
            doc = desktop.loadComponentFromURL(uno.systemPathToFileUrl(os.path.abspath(path)), "_blank", 0, (prop("Hidden", True),))
            doc.calculateAll()
            values = {}
            for sheet in doc.Sheets:
                cursor = sheet.createCursor()
                cursor.gotoEndOfUsedArea(False)
                end = cursor.getRangeAddress()
                for r in range(end.EndRow + 1):
                    for c in range(end.EndColumn + 1):
                        cell = sheet.getCellByPosition(c, r)
                        if not cell.getFormula().startswith("="):
                            continue
                        ref = f"{sheet.Name}!{cell.AbsoluteName.split('.')[-1].replace('$', '')}"
                        if cell.getError() != 0:
                            values[ref] = {"error": cell.getString()}
                        elif cell.FormulaResultType2 == 2:  # com.sun.star.sheet.FormulaResult.STRING
                            values[ref] = cell.getString()
                        else:
                            values[ref] = cell.getValue()
            results[path] = values
            doc.close(True)
        print(json.dumps(results))
    finally:
        office.terminate()
        office.wait(timeout=30)


if __name__ == "__main__":
    main(sys.argv[1:])
