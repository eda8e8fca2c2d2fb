/**
 * How the language server is started, without any VS Code API (unit-tested on its own): where
 * Java is, which version it is, and the command line. Modelled on redhat-developer/vscode-xml's
 * requirements.ts and javaServerStarter.ts: a `*.java.home` setting, then JAVA_HOME, then `java`
 * on PATH; the version read from `java -version`; user vmargs plus the flags the server needs.
 */
import * as cp from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

export const MIN_JAVA = 17;

/** Where a Java home came from, for messages. */
export type JavaSource = 'tracelint.java.home' | 'the runtime inside the extension' | 'JAVA_HOME' | 'PATH';

export interface JavaCandidate {
  source: JavaSource;
  /** The `java` executable. */
  executable: string;
}

export interface JavaRuntime extends JavaCandidate {
  version: string;
  major: number;
}

/** Things the discovery reads from the machine; replaced in the tests. */
export interface Environment {
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  exists(file: string): boolean;
  /** Runs `java -version` (or similar) and resolves with stdout + stderr, rejecting if it cannot run. */
  run(executable: string, args: string[]): Promise<string>;
}

export const realEnvironment: Environment = {
  env: process.env,
  platform: process.platform,
  exists: (file) => {
    try {
      return fs.statSync(file).isFile();
    } catch {
      return false;
    }
  },
  run: (executable, args) =>
    new Promise((resolve, reject) => {
      cp.execFile(executable, args, { timeout: 15000, windowsHide: true }, (err, stdout, stderr) => {
        const out = `${stdout ?? ''}${stderr ?? ''}`;
        if (err && !out) {
          reject(err);
        } else {
          resolve(out);
        }
      });
    }),
};

export function javaBinary(home: string, platform: NodeJS.Platform): string {
  return path.join(home, 'bin', platform === 'win32' ? 'java.exe' : 'java');
}

/** `java` on PATH, as a full path, or undefined. */
export function findOnPath(env: NodeJS.ProcessEnv, platform: NodeJS.Platform, exists: (f: string) => boolean): string | undefined {
  const pathVar = env.PATH ?? env.Path ?? '';
  const sep = platform === 'win32' ? ';' : ':';
  const name = platform === 'win32' ? 'java.exe' : 'java';
  for (const dir of pathVar.split(sep)) {
    if (dir) {
      const f = path.join(dir, name);
      if (exists(f)) {
        return f;
      }
    }
  }
  return undefined;
}

/**
 * The candidates in order of precedence: the setting, the runtime inside a platform-specific
 * extension (`embedded`: its folder, when the .vsix has one), JAVA_HOME, then `java` on PATH.
 */
export function javaCandidates(setting: string | undefined | null, e: Pick<Environment, 'env' | 'platform' | 'exists'>,
  embedded?: string): JavaCandidate[] {
  const out: JavaCandidate[] = [];
  if (setting && setting.trim()) {
    out.push({ source: 'tracelint.java.home', executable: javaBinary(expandHome(setting.trim(), e.env), e.platform) });
  }
  if (embedded && e.exists(javaBinary(embedded, e.platform))) {
    out.push({ source: 'the runtime inside the extension', executable: javaBinary(embedded, e.platform) });
  }
  if (e.env.JAVA_HOME && e.env.JAVA_HOME.trim()) {
    out.push({ source: 'JAVA_HOME', executable: javaBinary(e.env.JAVA_HOME.trim(), e.platform) });
  }
  const onPath = findOnPath(e.env, e.platform, e.exists);
  if (onPath) {
    out.push({ source: 'PATH', executable: onPath });
  }
  return out;
}

function expandHome(p: string, env: NodeJS.ProcessEnv): string {
  const home = env.HOME ?? env.USERPROFILE;
  return home && (p === '~' || p.startsWith('~/')) ? path.join(home, p.slice(1)) : p;
}

/**
 * The version in `java -version` output: `openjdk version "17.0.15" 2025-04-15`,
 * `java version "1.8.0_392"`, `openjdk version "21" 2023-09-19`, `openjdk version "25-ea"`.
 * Returns undefined if there is none.
 */
export function parseJavaVersion(output: string): { version: string; major: number } | undefined {
  const m = /(?:java|openjdk|jdk)\s+version\s+"([^"]+)"/i.exec(output) ?? /^\s*java\.version\s*=\s*(\S+)/m.exec(output);
  if (!m) {
    return undefined;
  }
  const version = m[1];
  return { version, major: majorOf(version) };
}

/** 1.8.0_392 → 8; 17.0.15 → 17; 21 → 21; 25-ea → 25; garbage → 0. */
export function majorOf(version: string): number {
  const parts = version.split(/[.\-+_]/);
  let major = parseInt(parts[0], 10);
  if (major === 1 && parts.length > 1) {
    major = parseInt(parts[1], 10);
  }
  return Number.isFinite(major) ? major : 0;
}

export class JavaNotFoundError extends Error {
  constructor(message: string, readonly tried: string[]) {
    super(message);
  }
}

/**
 * The first candidate that exists and is Java 17 or newer (`embedded`: the folder of the runtime
 * a platform-specific .vsix carries, used unless tracelint.java.home is set). A setting that points at nothing
 * usable is an error even if JAVA_HOME would do (the user asked for that one).
 */
export async function findJava(setting: string | undefined | null, e: Environment = realEnvironment, embedded?: string): Promise<JavaRuntime> {
  const tried: string[] = [];
  const candidates = javaCandidates(setting, e, embedded);
  for (const c of candidates) {
    if (!e.exists(c.executable)) {
      tried.push(`${c.source}: ${c.executable} does not exist`);
      if (c.source === 'tracelint.java.home') {
        throw new JavaNotFoundError(`tracelint.java.home is set to "${setting}", but ${c.executable} does not exist. `
          + `Point it at the folder of a Java ${MIN_JAVA}+ runtime (the folder that contains bin/java).`, tried);
      }
      continue;
    }
    let output: string;
    try {
      output = await e.run(c.executable, ['-version']);
    } catch (err) {
      tried.push(`${c.source}: ${c.executable} could not run (${(err as Error).message})`);
      continue;
    }
    const v = parseJavaVersion(output);
    if (!v) {
      tried.push(`${c.source}: ${c.executable} printed no version`);
      continue;
    }
    if (v.major < MIN_JAVA) {
      tried.push(`${c.source}: ${c.executable} is Java ${v.version}`);
      if (c.source === 'tracelint.java.home') {
        throw new JavaNotFoundError(`tracelint.java.home points at Java ${v.version}; tracelint needs Java ${MIN_JAVA} or newer.`, tried);
      }
      continue;
    }
    return { ...c, ...v };
  }
  const what = tried.length ? ` Found: ${tried.join('; ')}.` : ' No tracelint.java.home setting, no JAVA_HOME and no java on PATH.';
  throw new JavaNotFoundError(`tracelint needs Java ${MIN_JAVA} or newer to run its language server.${what} `
    + `Install a Java ${MIN_JAVA}+ runtime, or set tracelint.java.home to its folder.`, tried);
}

/** Splits vmargs like a shell would for simple quoting: `-Xmx2G "-Dx=a b"` → [-Xmx2G, -Dx=a b]. */
export function parseVmargs(vmargs: string | undefined | null): string[] {
  const out: string[] = [];
  if (!vmargs) {
    return out;
  }
  const re = /"([^"]*)"|'([^']*)'|([^\s"']+)/g;
  let m: RegExpExecArray | null;
  let current = '';
  let last = -1;
  while ((m = re.exec(vmargs)) !== null) {
    const piece = m[1] ?? m[2] ?? m[3];
    if (last === m.index) {
      current += piece; // adjacent pieces: -Dx="a b"
    } else {
      if (last !== -1) {
        out.push(current);
      }
      current = piece;
    }
    last = re.lastIndex;
  }
  if (last !== -1) {
    out.push(current);
  }
  return out;
}

// G1 (the JVM's default) gives the heap back after a large trace is analysed; SerialGC would keep it.
export const DEFAULT_VMARGS = '-Xmx2G';

/**
 * The server's command line after `java`: the user's JVM flags, flags the server needs
 * (exit on OOM rather than limp on; no JAVA_TOOL_OPTIONS noise is our concern elsewhere), the jar.
 */
export function serverArgs(vmargs: string | undefined | null, jar: string): string[] {
  const user = parseVmargs(vmargs ?? DEFAULT_VMARGS);
  const args = [...user];
  if (!user.some((a) => a.startsWith('-Xmx') || a.startsWith('-XX:MaxRAMPercentage') || a.startsWith('-XX:MaxHeapSize'))) {
    args.push('-Xmx2G');
  }
  // C1 only: an editor session is a series of first analyses (open, then each edit re-checks the
  // whole trace); measured on a 50 MB trace, C2's slow warm-up cost more than its peak speed gave
  if (!user.some((a) => a.startsWith('-XX:TieredStopAtLevel') || a.includes('TieredCompilation'))) {
    args.push('-XX:TieredStopAtLevel=1');
  }
  // A heap for a process that lives as long as the editor (issue 29; the same as bin/tracelint lsp,
  // whose comment has the figures): it starts small, so a session of small traces stays small. The
  // server sets the rest itself.
  if (!user.some((a) => a.startsWith('-Xms') || a.startsWith('-XX:InitialHeapSize'))) {
    args.push('-Xms32m');
  }
  if (!user.some((a) => a.includes('OnOutOfMemoryError') || a.includes('CrashOnOutOfMemoryError'))) {
    args.push('-XX:+ExitOnOutOfMemoryError');
  }
  // the JVM's own messages (such as the OOM one) go to stdout by default: into the LSP stream
  args.push('-XX:+DisplayVMOutputToStderr', '-Dfile.encoding=UTF-8', '-jar', jar, 'lsp');
  return args;
}

/** The heap limit in the flags, for the out-of-memory message (`-Xmx2G` → "2G"). */
export function heapLimit(args: string[]): string | undefined {
  const x = [...args].reverse().find((a) => a.startsWith('-Xmx'));
  return x ? x.slice(4) : undefined;
}

/**
 * Whether the server process ended by running out of memory: -XX:+ExitOnOutOfMemoryError exits
 * with code 3 (the server itself only uses 0 and 1) after printing "Terminating due to
 * java.lang.OutOfMemoryError: Java heap space" (to stderr with -XX:+DisplayVMOutputToStderr).
 */
export function isOutOfMemoryExit(code: number | null, stderrTail: string): boolean {
  return code === 3 || /OutOfMemoryError/.test(stderrTail);
}

/** Keeps the last `max` characters of a stream (the server's stderr, for the crash diagnosis). */
export class Tail {
  private text = '';
  constructor(private readonly max = 8192) {}
  push(chunk: string): void {
    this.text = (this.text + chunk).slice(-this.max);
  }
  toString(): string {
    return this.text;
  }
}

/** Restart policy after a crash that is not out-of-memory: at most `max` restarts in `windowMs`. */
export class RestartPolicy {
  private readonly times: number[] = [];
  constructor(private readonly max = 3, private readonly windowMs = 3 * 60_000) {}
  shouldRestart(now = Date.now()): boolean {
    while (this.times.length && now - this.times[0] > this.windowMs) {
      this.times.shift();
    }
    if (this.times.length >= this.max) {
      return false;
    }
    this.times.push(now);
    return true;
  }
}

/** "1 error, 2 warnings" from the server's checkFile summary. */
export function summarize(s: { problems: number; error: number; warning: number; information: number; hint: number; trace: boolean; shown?: number }): string {
  if (!s.trace) {
    return 'not a trace (neither an array of events nor an object with traceEvents): nothing to check';
  }
  if (s.problems === 0) {
    return 'no problems';
  }
  const parts: string[] = [];
  const add = (n: number, word: string) => {
    if (n) {
      parts.push(`${n} ${word}${n === 1 ? '' : 's'}`);
    }
  };
  add(s.error, 'error');
  add(s.warning, 'warning');
  add(s.information, 'information message');
  add(s.hint, 'hint');
  const shown = s.shown !== undefined && s.shown < s.problems ? ` (${s.shown} shown: tracelint.maxProblems)` : '';
  return `${s.problems} problem${s.problems === 1 ? '' : 's'}: ${parts.join(', ')}${shown}`;
}
