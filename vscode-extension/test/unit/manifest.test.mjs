// The manifest and the editor schema: which files the extension claims, and that VS Code's JSON
// support gets descriptions but no validation (tracelint reports schema problems once, itself).
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { editorSchema } from '../../scripts/editor-schema.mjs';

const ext = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const pkg = JSON.parse(fs.readFileSync(path.join(ext, 'package.json'), 'utf8'));
const schema = JSON.parse(fs.readFileSync(path.join(ext, '..', 'schema', 'trace-event-format.schema.json'), 'utf8'));
const PATTERNS = ['*.trace.json', '*.trace', '*.json.trace', '*trace*.json'];

describe('package.json', () => {
  it('activates on any JSON and associates the trace patterns and the schema', () => {
    assert.deepEqual(pkg.activationEvents, ['onLanguage:json', 'onLanguage:jsonc']);
    assert.deepEqual(pkg.contributes.languages[0].filenamePatterns, PATTERNS);
    assert.equal(pkg.contributes.languages[0].id, 'json');
    assert.deepEqual(pkg.contributes.jsonValidation, [{ fileMatch: PATTERNS, url: './schema/trace-event-format.schema.json' }]);
  });
  it('has every setting under tracelint. and the seven commands', () => {
    const props = Object.keys(pkg.contributes.configuration.properties);
    assert.deepEqual(props.sort(), ['tracelint.formatQuestion', 'tracelint.inlayHints.enabled', 'tracelint.java.home', 'tracelint.maxProblems', 'tracelint.maxSymbols',
      'tracelint.rules', 'tracelint.server.vmargs', 'tracelint.trace.server', 'tracelint.viewers'].sort());
    assert.deepEqual(pkg.contributes.commands.map((c) => c.command).sort(),
      ['tracelint.applyAllFixes', 'tracelint.lintFile', 'tracelint.restartServer', 'tracelint.showOutput', 'tracelint.showSlowestSlices', 'tracelint.showTimeline',
        'tracelint.showVerdicts']);
  });
  it('shows the timeline button on the trace patterns only, and ships the panel\'s page', () => {
    const button = pkg.contributes.menus['editor/title'].find((m) => m.command === 'tracelint.showTimeline');
    const re = new RegExp(button.when.match(/=~ \/(.*)\/$/)[1]);
    for (const name of ['a.trace.json', 'b.trace', 'c.json.trace', 'my_trace_1.json', 'broken.trace.json']) {
      assert.ok(re.test(name), name);
    }
    for (const name of ['package.json', 'tracer.js', 'settings.json']) {
      assert.ok(!re.test(name), name);
    }
    const ignore = fs.readFileSync(path.join(ext, '.vscodeignore'), 'utf8');
    assert.match(ignore, /^!dist\/timeline\.js$/m);
  });
  it('lists every rule the rules index documents in tracelint.rules', () => {
    const index = fs.readFileSync(path.join(ext, '..', 'docs', 'rules', 'README.md'), 'utf8');
    const documented = [...index.matchAll(/^\| \[([a-z0-9-]+)\]\(\1\.md\)/gm)].map((m) => m[1]);
    assert.ok(documented.length >= 10, documented.join());
    for (const id of documented) {
      assert.ok(pkg.contributes.configuration.properties['tracelint.rules'].properties[id], `rule ${id} missing from tracelint.rules`);
    }
  });
});

describe('editor schema', () => {
  const s = editorSchema(schema);
  const text = JSON.stringify(s);
  it('keeps descriptions and suggestions', () => {
    const count = (t, k) => (t.match(new RegExp(`"${k}":`, 'g')) ?? []).length;
    assert.equal(count(text, 'markdownDescription'), count(JSON.stringify(schema), 'markdownDescription'));
    assert.equal(count(text, 'description'), count(JSON.stringify(schema), 'description'));
    assert.ok(count(text, 'examples') > 0);
  });
  it('has no keyword that reports a problem outside `if`', () => {
    const bad = [];
    (function walk(n, where, inIf) {
      if (Array.isArray(n)) { n.forEach((x, i) => walk(x, `${where}/${i}`, inIf)); return; }
      if (!n || typeof n !== 'object') { return; }
      for (const [k, v] of Object.entries(n)) {
        if (!inIf && ['type', 'required', 'const', 'enum', 'oneOf', 'not', 'minProperties', 'maxProperties'].includes(k)) { bad.push(`${where}/${k}`); }
        if (!inIf && k === 'additionalProperties' && v === false) { bad.push(`${where}/${k}`); }
        if (k === 'properties' || k === 'definitions') {
          for (const [p, d] of Object.entries(v)) { walk(d, `${where}/${k}/${p}`, inIf); }
        } else {
          walk(v, `${where}/${k}`, inIf || k === 'if');
        }
      }
    })(s, '#', false);
    assert.deepEqual(bad, []);
  });
  it('does not change the source schema', () => {
    assert.ok(JSON.stringify(schema).includes('"required"'));
  });
});
