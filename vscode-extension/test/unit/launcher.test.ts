import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import * as path from 'node:path';
import {
  Environment, findJava, heapLimit, isOutOfMemoryExit, javaCandidates, JavaNotFoundError, majorOf,
  parseJavaVersion, parseVmargs, RestartPolicy, serverArgs, summarize, Tail,
} from '../../src/launcher';

const OPENJDK17 = 'openjdk version "17.0.15" 2025-04-15\nOpenJDK Runtime Environment (build 17.0.15+6-Debian-1deb12u1)\n';
const JAVA8 = 'java version "1.8.0_392"\nJava(TM) SE Runtime Environment (build 1.8.0_392-b08)\n';

/** A fake machine: files that exist and what each `java -version` prints. */
function machine(files: Record<string, string | Error>, env: NodeJS.ProcessEnv = {}, platform: NodeJS.Platform = 'linux'): Environment & { ran: string[] } {
  const ran: string[] = [];
  return {
    env,
    platform,
    ran,
    exists: (f) => f in files,
    run: async (exe) => {
      ran.push(exe);
      const out = files[exe];
      if (out instanceof Error) {
        throw out;
      }
      return out;
    },
  };
}

describe('parseJavaVersion', () => {
  it('reads OpenJDK, Oracle 8, bare and early-access versions', () => {
    assert.deepEqual(parseJavaVersion(OPENJDK17), { version: '17.0.15', major: 17 });
    assert.deepEqual(parseJavaVersion(JAVA8), { version: '1.8.0_392', major: 8 });
    assert.deepEqual(parseJavaVersion('openjdk version "21" 2023-09-19'), { version: '21', major: 21 });
    assert.deepEqual(parseJavaVersion('openjdk version "25-ea" 2025-09-16'), { version: '25-ea', major: 25 });
    assert.deepEqual(parseJavaVersion('Picked up JAVA_TOOL_OPTIONS: -Xss4m\nopenjdk version "11.0.2" 2019-01-15'), { version: '11.0.2', major: 11 });
    assert.deepEqual(parseJavaVersion('    java.version = 22.0.1\n'), { version: '22.0.1', major: 22 });
  });
  it('returns undefined without a version', () => {
    assert.equal(parseJavaVersion('bash: java: command not found'), undefined);
    assert.equal(parseJavaVersion(''), undefined);
  });
  it('majorOf', () => {
    assert.equal(majorOf('1.7.0_80'), 7);
    assert.equal(majorOf('17+35'), 17);
    assert.equal(majorOf('nonsense'), 0);
  });
});

describe('javaCandidates', () => {
  it('orders the setting, JAVA_HOME, then java on PATH', () => {
    const m = machine({ '/usr/bin/java': OPENJDK17 }, { JAVA_HOME: '/opt/jdk21', PATH: '/bin:/usr/bin' });
    assert.deepEqual(javaCandidates('/opt/jdk17', m), [
      { source: 'tracelint.java.home', executable: path.join('/opt/jdk17', 'bin', 'java') },
      { source: 'JAVA_HOME', executable: path.join('/opt/jdk21', 'bin', 'java') },
      { source: 'PATH', executable: '/usr/bin/java' },
    ]);
  });
  it('ignores a blank setting and expands ~', () => {
    const m = machine({}, { HOME: '/home/me' });
    assert.deepEqual(javaCandidates('  ', m), []);
    assert.equal(javaCandidates('~/jdk', m)[0].executable, path.join('/home/me', 'jdk', 'bin', 'java'));
  });
  it('uses java.exe and ; on Windows', () => {
    const m = machine({ [path.join('C:\\jdk\\bin', 'java.exe')]: OPENJDK17 }, { Path: 'C:\\Windows;C:\\jdk\\bin' }, 'win32');
    const c = javaCandidates(null, m);
    assert.equal(c.length, 1);
    assert.ok(c[0].executable.endsWith('java.exe'));
  });
});

describe('findJava', () => {
  it('takes the setting when it is 17+', async () => {
    const m = machine({ '/opt/jdk17/bin/java': OPENJDK17, '/usr/bin/java': JAVA8 }, { PATH: '/usr/bin' });
    const j = await findJava('/opt/jdk17', m);
    assert.equal(j.source, 'tracelint.java.home');
    assert.equal(j.major, 17);
    assert.deepEqual(m.ran, ['/opt/jdk17/bin/java']);
  });
  it('skips an old JAVA_HOME for java on PATH', async () => {
    const m = machine({ '/opt/jdk8/bin/java': JAVA8, '/usr/bin/java': 'openjdk version "21.0.2" 2024-01-16' }, { JAVA_HOME: '/opt/jdk8', PATH: '/usr/bin' });
    const j = await findJava(undefined, m);
    assert.equal(j.source, 'PATH');
    assert.equal(j.executable, '/usr/bin/java');
    assert.equal(j.version, '21.0.2');
  });
  it('skips a java that cannot run or prints nothing useful', async () => {
    const m = machine({ '/a/bin/java': new Error('EACCES'), '/usr/bin/java': OPENJDK17 }, { JAVA_HOME: '/a', PATH: '/usr/bin' });
    assert.equal((await findJava(null, m)).source, 'PATH');
  });
  it('fails clearly when the setting points at nothing, without falling back', async () => {
    const m = machine({ '/usr/bin/java': OPENJDK17 }, { PATH: '/usr/bin' });
    await assert.rejects(findJava('/nowhere', m), (e: JavaNotFoundError) =>
      e instanceof JavaNotFoundError && /tracelint.java.home is set to "\/nowhere"/.test(e.message) && /bin\/java/.test(e.message));
  });
  it('fails clearly when the setting is too old', async () => {
    const m = machine({ '/opt/jdk8/bin/java': JAVA8 }, {});
    await assert.rejects(findJava('/opt/jdk8', m), /points at Java 1\.8\.0_392; tracelint needs Java 17 or newer/);
  });
  it('lists what it tried when nothing fits', async () => {
    const m = machine({ '/opt/jdk11/bin/java': 'openjdk version "11.0.2"' }, { JAVA_HOME: '/opt/jdk11', PATH: '/usr/bin' });
    await assert.rejects(findJava('', m), (e: JavaNotFoundError) =>
      /needs Java 17 or newer/.test(e.message) && /JAVA_HOME: \/opt\/jdk11\/bin\/java is Java 11.0.2/.test(e.message)
      && /set tracelint.java.home/.test(e.message) && e.tried.length === 1);
  });
  it('takes the runtime inside a platform-specific extension before JAVA_HOME and PATH', async () => {
    const m = machine({ '/ext/runtime/bin/java': 'openjdk version "17.0.15" 2025-04-15', '/opt/jdk21/bin/java': 'openjdk version "21.0.2"',
      '/usr/bin/java': OPENJDK17 }, { JAVA_HOME: '/opt/jdk21', PATH: '/usr/bin' });
    const j = await findJava(undefined, m, '/ext/runtime');
    assert.equal(j.source, 'the runtime inside the extension');
    assert.equal(j.executable, path.join('/ext/runtime', 'bin', 'java'));
    assert.deepEqual(javaCandidates(null, m, '/ext/runtime').map((c) => c.source),
      ['the runtime inside the extension', 'JAVA_HOME', 'PATH']);
  });
  it('takes tracelint.java.home over the runtime inside the extension', async () => {
    const m = machine({ '/ext/runtime/bin/java': OPENJDK17, '/opt/jdk21/bin/java': 'openjdk version "21.0.2"' }, {});
    const j = await findJava('/opt/jdk21', m, '/ext/runtime');
    assert.equal(j.source, 'tracelint.java.home');
    assert.equal(j.major, 21);
  });
  it('has no embedded candidate in the universal extension (no runtime folder)', () => {
    const m = machine({ '/usr/bin/java': OPENJDK17 }, { PATH: '/usr/bin' });
    assert.deepEqual(javaCandidates(null, m, '/ext/runtime').map((c) => c.source), ['PATH']);
  });
  it('says so when there is no Java at all', async () => {
    await assert.rejects(findJava(undefined, machine({}, { PATH: '/usr/bin' })), /no JAVA_HOME and no java on PATH/);
  });
});

describe('server arguments', () => {
  it('splits vmargs with quotes', () => {
    assert.deepEqual(parseVmargs('-Xmx4G  "-Dname=a b" -Dx="c d" \'-De=f\''), ['-Xmx4G', '-Dname=a b', '-Dx=c d', '-De=f']);
    assert.deepEqual(parseVmargs(''), []);
    assert.deepEqual(parseVmargs(undefined), []);
  });
  it('adds exit-on-OOM and the jar after the user flags', () => {
    assert.deepEqual(serverArgs('-Xmx4G', '/ext/server/tracelint.jar'),
      ['-Xmx4G', '-XX:TieredStopAtLevel=1', '-Xms32m', '-XX:+ExitOnOutOfMemoryError', '-XX:+DisplayVMOutputToStderr',
        '-Dfile.encoding=UTF-8', '-jar', '/ext/server/tracelint.jar', 'lsp']);
  });
  it('defaults the heap when the user gives none, and keeps their own OOM flag', () => {
    const a = serverArgs('-XX:+CrashOnOutOfMemoryError', 'x.jar');
    assert.ok(a.includes('-Xmx2G'));
    assert.ok(!a.includes('-XX:+ExitOnOutOfMemoryError'));
    const d = serverArgs(undefined, 'x.jar');
    assert.deepEqual(d.slice(0, 4), ['-Xmx2G', '-XX:TieredStopAtLevel=1', '-Xms32m', '-XX:+ExitOnOutOfMemoryError']);
    assert.ok(!serverArgs('-Xms256m', 'x.jar').includes('-Xms32m'), 'the user picks the initial heap');
    assert.ok(!serverArgs('-XX:TieredStopAtLevel=4', 'x.jar').includes('-XX:TieredStopAtLevel=1'), 'the user picks the JIT');
    assert.equal(heapLimit(d), '2G');
    assert.equal(heapLimit(['-Xmx1G', '-Xmx3G']), '3G');
  });
});

describe('crashes', () => {
  it('recognises an out-of-memory exit', () => {
    assert.ok(isOutOfMemoryExit(3, 'Terminating due to java.lang.OutOfMemoryError: Java heap space\n'));
    assert.ok(isOutOfMemoryExit(null, 'java.lang.OutOfMemoryError: Java heap space'));
    assert.ok(isOutOfMemoryExit(3, '')); // the message may have gone to stdout (without -XX:+DisplayVMOutputToStderr)
    assert.ok(!isOutOfMemoryExit(1, 'Exception in thread "main" java.lang.IllegalStateException'));
    assert.ok(!isOutOfMemoryExit(0, ''));
  });
  it('keeps the tail of stderr', () => {
    const t = new Tail(10);
    t.push('0123456789');
    t.push('abc');
    assert.equal(t.toString(), '3456789abc');
  });
  it('restarts at most 3 times in 3 minutes', () => {
    const p = new RestartPolicy(3, 180_000);
    assert.deepEqual([0, 1000, 2000, 3000].map((t) => p.shouldRestart(t)), [true, true, true, false]);
    assert.equal(p.shouldRestart(200_000), true); // the first ones left the window
  });
});

describe('summarize', () => {
  it('words the checkFile summary', () => {
    assert.equal(summarize({ trace: true, problems: 11, shown: 11, error: 8, warning: 2, information: 1, hint: 0 }),
      '11 problems: 8 errors, 2 warnings, 1 information message');
    assert.equal(summarize({ trace: true, problems: 1, shown: 1, error: 1, warning: 0, information: 0, hint: 0 }), '1 problem: 1 error');
    assert.equal(summarize({ trace: true, problems: 0, error: 0, warning: 0, information: 0, hint: 0 }), 'no problems');
    assert.match(summarize({ trace: true, problems: 5, shown: 2, error: 5, warning: 0, information: 0, hint: 0 }), /\(2 shown: tracelint.maxProblems\)$/);
    assert.match(summarize({ trace: false, problems: 0, error: 0, warning: 0, information: 0, hint: 0 }), /^not a trace/);
  });
});
