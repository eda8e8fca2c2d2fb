// Records the names of the functions, methods and classes defined in the viewers' source files, at
// the versions the viewer model pins, for CitedFunctionsTest: names only (facts), never source text.
//
//   node names.mjs --perfetto GITDIR --catapult GITDIR --speedscope GITDIR --tracerbench GITDIR \
//       [--devtools DIR] [--jar server/target/tracelint.jar] [--out FILE]
//
// GITDIR: a git directory holding the pinned commit (a clone, or a mirror as the `fetch` tool
// leaves it). DIR: chrome-devtools-frontend's npm package unpacked (its `package/`); without it the
// script runs `npm pack chrome-devtools-frontend@<version>` itself. The versions come from the
// model: `java -jar <jar> rules --format json` (`viewerVersions`), so build the jar first
// (./mvnw -B -o -q -pl server package -DskipTests). C++ is read with Universal Ctags (`ctags`,
// Debian package universal-ctags), JavaScript/TypeScript (and the <script>s of catapult's HTML)
// with the TypeScript compiler's parser (npm ci here).
//
// Which files: every file the model may cite, not only those it cites today (see FILES below).
import {execFileSync} from 'node:child_process';
import {mkdtempSync, mkdirSync, readFileSync, writeFileSync, readdirSync, statSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join, relative, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import ts from 'typescript';

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = resolve(HERE, '../..');
const DEFAULT_OUT = join(REPO, 'server/src/test/resources/dev/tracelint/viewer/viewer-names.txt');

// For each viewer: the folders (with everything below them) or files whose names are recorded.
const FILES = {
  'chrome-tracing': {
    take: ['tracing/tracing/extras/importer/', 'tracing/tracing/importer/', 'tracing/tracing/model/',
      'tracing/tracing/base/', 'tracing/tracing/ui/base/file.html'],
    ext: /\.html$/, skip: /_test\.html$/,
  },
  perfetto: {
    take: ['src/trace_processor/importers/json/', 'src/trace_processor/importers/common/', 'src/trace_processor/util/',
      'src/trace_processor/sorter/', 'src/trace_processor/storage/', 'src/trace_processor/forwarding_trace_parser.',
      'src/trace_processor/trace_reader_registry.', 'include/perfetto/ext/base/string_utils.h', 'src/base/string_utils.cc'],
    ext: /\.(cc|h)$/, skip: /_(unittest|benchmark|test|fuzzer)\.cc$/,
  },
  devtools: {
    take: ['front_end/models/trace/', 'front_end/panels/timeline/', 'front_end/models/bindings/FileUtils.ts'],
    ext: /\.ts$/, skip: /(\.test\.ts|\.d\.ts)$/,
  },
  speedscope: {
    take: ['src/'],
    ext: /\.tsx?$/, skip: /\.test\.tsx?$/,
  },
  tracerbench: {
    take: ['packages/trace-model/src/'],
    ext: /\.ts$/, skip: /\.test\.ts$/,
  },
};

function args() {
  const a = process.argv.slice(2);
  const out = {};
  for (let i = 0; i < a.length; i += 2) {
    if (!a[i].startsWith('--') || a[i + 1] === undefined) {
      throw new Error(`usage: see the head of names.mjs (at ${a[i]})`);
    }
    out[a[i].slice(2)] = a[i + 1];
  }
  return out;
}

function git(gitDir, ...rest) {
  return execFileSync('git', ['--git-dir', gitDir, ...rest], {maxBuffer: 1 << 30, encoding: 'utf8'});
}

function wanted(viewer, path) {
  const f = FILES[viewer];
  return f.ext.test(path) && !f.skip.test(path) && f.take.some(t => path === t || path.startsWith(t));
}

/** [path, text] of the viewer's files at the pinned revision. */
function sources(viewer, version, opts) {
  if (version.sources.startsWith('github:')) {
    const gitDir = opts[viewer === 'chrome-tracing' ? 'catapult' : viewer];
    if (!gitDir) {
      throw new Error(`--${viewer === 'chrome-tracing' ? 'catapult' : viewer} GITDIR is needed (${version.sources})`);
    }
    const paths = git(gitDir, 'ls-tree', '-r', '--name-only', version.revision).split('\n').filter(p => wanted(viewer, p));
    return paths.map(p => [p, git(gitDir, 'show', `${version.revision}:${p}`)]);
  }
  let dir = opts.devtools;
  if (!dir) {
    const tmp = mkdtempSync(join(tmpdir(), 'viewer-names-'));
    process.on('exit', () => rmSync(tmp, {recursive: true, force: true}));
    const pkg = version.sources.slice('npm:'.length);
    const tgz = execFileSync('npm', ['pack', '--silent', `${pkg}@${version.revision}`], {cwd: tmp, encoding: 'utf8'}).trim();
    execFileSync('tar', ['xzf', tgz], {cwd: tmp});
    dir = join(tmp, 'package');
  }
  const json = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  if (json.version !== version.revision) {
    throw new Error(`${dir} is ${json.name}@${json.version}, not ${version.revision}`);
  }
  const out = [];
  const walk = d => {
    for (const e of readdirSync(d)) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) {
        walk(p);
      } else {
        const rel = relative(dir, p).split('\\').join('/');
        if (wanted(viewer, rel)) {
          out.push([rel, readFileSync(p, 'utf8')]);
        }
      }
    }
  };
  walk(join(dir, 'front_end'));
  return out.sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

/** Names in JavaScript/TypeScript text: functions, methods, classes, functions bound to a const, with their enclosing named scopes ("A.b"). */
function scriptNames(text, kind, names) {
  const file = ts.createSourceFile('x', text, ts.ScriptTarget.Latest, false, kind);
  const nameOf = n => (n && (ts.isIdentifier(n) || ts.isPrivateIdentifier(n) || ts.isStringLiteral(n)) ? n.text : null);
  const isFn = n => n && (ts.isArrowFunction(n) || ts.isFunctionExpression(n) || ts.isClassExpression(n));
  const strip = n => {
    while (n && (ts.isParenthesizedExpression(n) || ts.isAsExpression(n) || ts.isSatisfiesExpression?.(n))) {
      n = n.expression;
    }
    return n;
  };
  const add = (scope, name) => names.add([...scope, name].join('.'));
  const visit = (node, scope) => {
    let inner = scope;
    if ((ts.isClassDeclaration(node) || ts.isClassExpression(node) || ts.isFunctionDeclaration(node)
        || ts.isMethodDeclaration(node) || ts.isGetAccessor(node) || ts.isSetAccessor(node)) && nameOf(node.name)) {
      add(scope, nameOf(node.name));
      inner = [...scope, nameOf(node.name)];
    } else if (ts.isConstructorDeclaration(node)) {
      add(scope, 'constructor');
      inner = [...scope, 'constructor'];
    } else if ((ts.isVariableDeclaration(node) || ts.isPropertyDeclaration(node) || ts.isPropertyAssignment(node))
        && nameOf(node.name) && isFn(strip(node.initializer))) {
      add(scope, nameOf(node.name));
      inner = [...scope, nameOf(node.name)];
    } else if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken
        && ts.isPropertyAccessExpression(node.left)) {
      const right = strip(node.right);
      const left = node.left;
      if (left.name.text === 'prototype' && ts.isPropertyAccessExpression(left) && right && ts.isObjectLiteralExpression(right)) {
        // X.prototype = {m() {...}}: methods of X
        const owner = ts.isIdentifier(left.expression) ? left.expression.text
            : ts.isPropertyAccessExpression(left.expression) ? left.expression.name.text : null;
        if (owner) {
          ts.forEachChild(right, c => visit(c, [...scope, owner]));
          return;
        }
      } else if (isFn(right)) {
        // a.b.c = function () {...}; Owner.m = function () {...} (a capitalised owner: a class) is "Owner.m"
        const owner = ts.isIdentifier(left.expression) ? left.expression.text
            : ts.isPropertyAccessExpression(left.expression) ? left.expression.name.text : '';
        const name = /^[A-Z]/.test(owner) ? `${owner}.${left.name.text}` : left.name.text;
        add(scope, name);
        inner = [...scope, name];
      }
    }
    ts.forEachChild(node, c => visit(c, inner));
  };
  visit(file, []);
}

/** Names in C++ files (Universal Ctags): functions, methods, their declarations, classes, structs; "Class::Method". */
function cppNames(files) {
  const tmp = mkdtempSync(join(tmpdir(), 'viewer-names-cpp-'));
  const byPath = new Map();
  for (const [path, text] of files) {
    mkdirSync(dirname(join(tmp, path)), {recursive: true});
    writeFileSync(join(tmp, path), text);
    byPath.set(path, new Set());
  }
  const out = execFileSync('ctags', ['--output-format=json', '--fields=+KZ', '--kinds-C++=+p', '--languages=C++',
    '--langmap=C++:+.h', '-R', '-f', '-', '.'], {cwd: tmp, maxBuffer: 1 << 30, encoding: 'utf8'});
  const tags = out.split('\n').filter(Boolean).map(l => JSON.parse(l)).filter(t => t._type === 'tag');
  // the scopes that are namespaces (named or anonymous) are left out of a name
  const namespaces = new Set(tags.filter(t => t.kind === 'namespace').map(t => (t.scope ? `${t.scope}::` : '') + t.name));
  const kinds = new Set(['function', 'prototype', 'class', 'struct', 'enum', 'union']);
  for (const t of tags) {
    if (!kinds.has(t.kind) || t.name.startsWith('__anon')) {
      continue;
    }
    const parts = [];
    let prefix = '';
    for (const p of (t.scope ? t.scope.split('::') : [])) {
      prefix = prefix ? `${prefix}::${p}` : p;
      if (!namespaces.has(prefix) && !p.startsWith('__anon')) {
        parts.push(p);
      }
    }
    const path = t.path.replace(/^\.\//, '');
    byPath.get(path)?.add([...parts, t.name].join('::'));
  }
  rmSync(tmp, {recursive: true, force: true});
  return byPath;
}

function namesOf(viewer, files) {
  if (viewer === 'perfetto') {
    return cppNames(files);
  }
  const out = new Map();
  for (const [path, text] of files) {
    const names = new Set();
    if (path.endsWith('.html')) {
      for (const m of text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)) {
        scriptNames(m[1], ts.ScriptKind.JS, names);
      }
    } else {
      scriptNames(text, path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS, names);
    }
    out.set(path, names);
  }
  return out;
}

const opts = args();
const jar = resolve(opts.jar ?? join(REPO, 'server/target/tracelint.jar'));
const versions = JSON.parse(execFileSync('java', ['-jar', jar, 'rules', '--format', 'json'], {maxBuffer: 1 << 28, encoding: 'utf8'})).viewerVersions;
const lines = [
  '# The names of the functions, methods and classes defined in the viewers\' source files, at the versions',
  '# the viewer model pins (server/src/main/java/dev/tracelint/viewer/Viewer.java): names only, no source text.',
  '# CitedFunctionsTest checks every file and function that viewer/ViewerModel.java cites against them.',
  '# Made by tools/viewer-names/names.mjs (see its head to run it again after a version changes).',
  '# "viewer" lines: the viewer, what was read (github:owner/name or npm:package), the revision, its date.',
  '# "file" lines: a file at that revision; the indented lines under it: the names it defines, an enclosing',
  '# class or named function first ("Class::Method" in C++, "Class.method" in JavaScript/TypeScript).',
];
let total = 0;
for (const viewer of Object.keys(FILES)) {
  const v = versions[viewer];
  if (!v) {
    throw new Error(`the model has no version for ${viewer}`);
  }
  const files = sources(viewer, v, opts);
  if (files.length === 0) {
    throw new Error(`${viewer}: no file at ${v.sources} ${v.revision}`);
  }
  lines.push(['viewer', viewer, v.sources, v.revision, v.date ?? '-'].join('\t'));
  const names = namesOf(viewer, files);
  for (const [path] of files) {
    lines.push(`file\t${path}`);
    for (const n of [...names.get(path)].sort()) {
      lines.push(`\t${n}`);
      total++;
    }
  }
  console.error(`${viewer}: ${files.length} files, ${v.sources} ${v.revision}`);
}
const out = resolve(opts.out ?? DEFAULT_OUT);
mkdirSync(dirname(out), {recursive: true});
writeFileSync(out, lines.join('\n') + '\n');
console.error(`${total} names written to ${relative(process.cwd(), out)}`);
