// Keeps the rule ids of the `tracelint.rules` setting (completion and descriptions in the settings
// editor) in step with the rule table of the repository's README.md: one property per rule, its
// description the table's "What it finds" cell. Rewrites package.json only when something changed.
// Rules missing here are still accepted (additionalProperties), so a stale list costs only completion.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ext = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readme = fs.readFileSync(path.join(ext, '..', 'README.md'), 'utf8');
const pkgFile = path.join(ext, 'package.json');
const text = fs.readFileSync(pkgFile, 'utf8');
const pkg = JSON.parse(text);
const SEVERITIES = ['off', 'hint', 'information', 'warning', 'error'];

const plain = (md) => md.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/`/g, '').replace(/\\\|/g, '|').trim();
const rules = {};
for (const m of readme.matchAll(/^\| \[`([a-z0-9-]+)`\]\([^)]*\) \| ([a-z]+) \| (.*?) \| .*\|\s*$/gm)) {
  rules[m[1]] = { type: 'string', enum: SEVERITIES, description: `${plain(m[3])} (default: ${m[2]})` };
}
if (Object.keys(rules).length === 0) {
  console.error('sync-rules: no rule table found in README.md; package.json left as it is');
  process.exit(0);
}
const setting = pkg.contributes.configuration.properties['tracelint.rules'];
if (JSON.stringify(setting.properties) !== JSON.stringify(rules)) {
  setting.properties = rules;
  fs.writeFileSync(pkgFile, JSON.stringify(pkg, null, 2) + '\n');
  console.log(`sync-rules: tracelint.rules now lists ${Object.keys(rules).length} rules (package.json updated)`);
} else {
  console.log(`sync-rules: tracelint.rules lists the ${Object.keys(rules).length} rules of README.md`);
}
