// Copies what the .vsix bundles from this repository: the server jar (built by the Maven module
// `server` before this one) and the editor form of the trace JSON Schema.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { editorSchema } from './editor-schema.mjs';

const ext = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repo = path.resolve(ext, '..');
const jar = process.env.TRACELINT_JAR ?? path.join(repo, 'server', 'target', 'tracelint.jar');
if (!fs.existsSync(jar)) {
  console.error(`copy-assets: ${jar} is missing: build the server first (./mvnw -B package -pl server)`);
  process.exit(1);
}
fs.mkdirSync(path.join(ext, 'server'), { recursive: true });
fs.copyFileSync(jar, path.join(ext, 'server', 'tracelint.jar'));
const schema = JSON.parse(fs.readFileSync(path.join(repo, 'schema', 'trace-event-format.schema.json'), 'utf8'));
fs.mkdirSync(path.join(ext, 'schema'), { recursive: true });
fs.writeFileSync(path.join(ext, 'schema', 'trace-event-format.schema.json'), JSON.stringify(editorSchema(schema), null, 1) + '\n');
console.log(`copy-assets: server/tracelint.jar (${fs.statSync(jar).size} bytes), schema/trace-event-format.schema.json`);
