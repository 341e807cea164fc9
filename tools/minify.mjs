// Our scripts and stylesheets as the site ships them: comments and spaces out, names kept
// (a browser's traceback still names each function) and nothing reordered; with
// `--mangle`, a third party's script (minified already but for its names) has its local
// names shortened too. Each file is rewritten in place. Called by tasks.py (minify_site):
//   node tools/minify.mjs [--mangle] FILE...
import { readFile, writeFile } from "node:fs/promises";
import { minify as minifyStyle } from "csso";
import { minify as minifyScript } from "terser";

const args = process.argv.slice(2);
const mangle = args[0] === "--mangle";
const files = mangle ? args.slice(1) : args;

for (const file of files) {
  const text = await readFile(file, "utf8");
  let small;
  if (file.endsWith(".css")) {
    small = minifyStyle(text, { restructure: false, comments: false }).css;
  } else if (/\.m?js$/.test(file)) {
    // Parsed as a module: our classic scripts parse the same, and without `compress` the
    // code is the same code.
    const out = await minifyScript(text, { module: true, compress: false, mangle, format: { comments: false } });
    small = out.code;
  } else {
    throw new Error(`${file}: neither a script nor a stylesheet`);
  }
  if (!small) throw new Error(`${file}: minified to nothing`);
  await writeFile(file, small);
}
