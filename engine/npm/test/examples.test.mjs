// The examples of docs/javascript.md (engine/npm/examples/*.mjs) run, and the page shows each
// file as it is (MENAGERIE_ROOT: the repository).
import test from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

// engine/npm/ci.sh copies them beside the installed package, so that they import it.
test("the documented examples run", (t) => {
  const dir = join(process.cwd(), "examples");
  if (!existsSync(dir)) {
    t.skip("SKIPPED: no examples/ folder here (engine/npm/ci.sh copies it)");
    return;
  }
  const examples = readdirSync(dir).filter((f) => f.endsWith(".mjs"));
  assert.ok(examples.length >= 2);
  const root = process.env.MENAGERIE_ROOT;
  const doc = root ? readFileSync(join(root, "docs", "javascript.md"), "utf8") : null;
  for (const f of examples) {
    if (doc) assert.ok(doc.includes(readFileSync(join(dir, f), "utf8")), `docs/javascript.md shows ${f}`);
    // From this folder, so `menagerie-chess` is the installed package.
    const out = execFileSync("node", [join(dir, f)], { encoding: "utf8", cwd: process.cwd() });
    assert.ok(out.trim().length > 0, f);
  }
});
