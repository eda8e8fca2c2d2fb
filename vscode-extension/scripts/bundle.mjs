// Bundles the extension and vscode-languageclient into one file (the .vsix ships no node_modules),
// and the timeline panel's page into another (it runs in the webview, a browser).
import { build } from 'esbuild';

await build({
  entryPoints: ['src/extension.ts'],
  bundle: true,
  outfile: 'dist/extension.js',
  external: ['vscode'],
  format: 'cjs',
  platform: 'node',
  target: 'node18',
  sourcemap: false,
  minify: process.argv.includes('--minify'),
  logLevel: 'info',
});

await build({
  entryPoints: ['src/webview/timeline-view.ts'],
  bundle: true,
  outfile: 'dist/timeline.js',
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  sourcemap: false,
  minify: process.argv.includes('--minify'),
  logLevel: 'info',
});
