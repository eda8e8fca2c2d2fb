// Packages the platform-specific .vsix: the universal package's files plus the Java runtime that
// packaging/jlink-runtime.sh made for that platform (packaging/target/runtime-<target>/, built by
// the Maven module `packaging` before this one), in runtime/, which the extension runs unless
// tracelint.java.home is set.
//
// Usage: node scripts/package-platform.mjs [TARGET]   (VS Code's target names: linux-x64, darwin-arm64,
// win32-x64...; default linux-x64). Writes tracelint-<target>-<version>.vsix.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ext = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = process.argv[2] ?? process.env.TRACELINT_PLATFORM ?? 'linux-x64';
const pkg = JSON.parse(fs.readFileSync(path.join(ext, 'package.json'), 'utf8'));
const from = path.resolve(process.env.TRACELINT_RUNTIME ?? path.join(ext, '..', 'packaging', 'target', `runtime-${target}`));
const java = path.join(from, 'bin', target.startsWith('win32') ? 'java.exe' : 'java');
if (!fs.existsSync(java)) {
  console.error(`package-platform: ${java} is missing: build the runtime first (./mvnw -B package -pl server,packaging -DskipTests)`);
  process.exit(1);
}
const runtime = path.join(ext, 'runtime');
const out = `tracelint-${target}-${pkg.version}.vsix`;
fs.rmSync(runtime, { recursive: true, force: true });
try {
  fs.cpSync(from, runtime, { recursive: true, verbatimSymlinks: true });
  const vsce = spawnSync(path.join(ext, 'node_modules', '.bin', 'vsce'), ['package', '--target', target, '--no-dependencies', '--skip-license',
    '--allow-missing-repository', '--no-rewrite-relative-links', '-o', out], { cwd: ext, stdio: 'inherit' });
  if (vsce.status !== 0) {
    process.exit(vsce.status ?? 1);
  }
} finally {
  fs.rmSync(runtime, { recursive: true, force: true }); // the universal .vsix must not take it
}
console.log(`package-platform: ${out} (${(fs.statSync(path.join(ext, out)).size / 1048576).toFixed(1)} MiB)`);
