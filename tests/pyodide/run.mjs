// Runs a Python file in Pyodide under Node, offline: node run.mjs DRIVER.py [FILE ...]
// Pyodide loads from node_modules (npm package "pyodide", see package.json); nothing is fetched. Each FILE
// is copied into Pyodide's file system under /work/ by its base name, with the driver; the driver runs
// with /work as its current folder and on sys.path. Whatever it prints is printed; a Python error exits 1.
import { readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const here = dirname(fileURLToPath(import.meta.url));
const [driver, ...files] = process.argv.slice(2);
const pyodide = await loadPyodide({ indexURL: join(here, "node_modules", "pyodide") });
pyodide.FS.mkdir("/work");
for (const file of [driver, ...files]) {
  pyodide.FS.writeFile(`/work/${basename(file)}`, readFileSync(file));
}
try {
  await pyodide.runPythonAsync(`
import os, sys
os.chdir("/work")
sys.path.insert(0, "/work")
sys.argv = ["${basename(driver)}"]
exec(compile(open("${basename(driver)}").read(), "${basename(driver)}", "exec"), {"__name__": "__main__"})
`);
} catch (error) {
  console.error(String(error));
  process.exit(1);
}
