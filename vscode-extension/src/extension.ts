/**
 * The tracelint VS Code extension: starts the bundled language server (`java -jar tracelint.jar
 * lsp`) for JSON documents (the server leaves JSON that is not a trace alone) and adds commands:
 * restart, output, lint a file on disk (files over 50 MB never reach extensions), fix all.
 */
import * as cp from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { registerSlowestSlices } from './slowestSlices';
import {
  CloseAction,
  CloseHandlerResult,
  ErrorAction,
  ErrorHandlerResult,
  ExecuteCommandRequest,
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  State,
  WorkDoneProgress,
  WorkDoneProgressBegin,
  WorkDoneProgressReport,
} from 'vscode-languageclient/node';
import {
  findJava,
  heapLimit,
  javaBinary,
  realEnvironment,
  isOutOfMemoryExit,
  JavaNotFoundError,
  RestartPolicy,
  serverArgs,
  summarize,
  Tail,
} from './launcher';
import { registerTimeline } from './timeline';
import { registerVerdictStatus } from './verdictStatus';

const SECTION = 'tracelint';
/** Documents at least this long (UTF-16 units) show the status bar item while being analysed. */
const BIG_DOCUMENT = 2_000_000;
const FIX_ALL = 'source.fixAll.tracelint';

let client: LanguageClient | undefined;
/** The "Will it load?" item's hook for each new client (see verdictStatus.ts). */
let watchForVerdicts: ((c: LanguageClient) => void) | undefined;
let output: vscode.OutputChannel;
let status: Status;
let extensionContext: vscode.ExtensionContext;
let starting: Promise<void> | undefined;

interface CheckFileSummary {
  uri: string;
  trace: boolean;
  problems: number;
  shown: number;
  error: number;
  warning: number;
  information: number;
  hint: number;
  bytes: number;
  millis: number;
}

/** The status bar item: shown while a large document or a file on disk is being analysed. */
class Status {
  private readonly item = vscode.window.createStatusBarItem('tracelint.status', vscode.StatusBarAlignment.Left, 10);
  private readonly documents = new Map<string, string>();
  private readonly files = new Map<string, string>();

  constructor() {
    this.item.name = 'tracelint';
    this.item.command = 'tracelint.showOutput';
  }

  analysing(uri: string, label: string): void {
    this.documents.set(uri, label);
    this.update();
  }

  done(uri: string): void {
    if (this.documents.delete(uri)) {
      this.update();
    }
  }

  clearDocuments(): void {
    this.documents.clear();
    this.update();
  }

  file(token: string, text: string | undefined): void {
    if (text === undefined) {
      this.files.delete(token);
    } else {
      this.files.set(token, text);
    }
    this.update();
  }

  private update(): void {
    const texts = [...this.files.values(), ...this.documents.values()];
    if (texts.length === 0) {
      this.item.hide();
      return;
    }
    this.item.text = `$(loading~spin) tracelint: ${texts[0]}${texts.length > 1 ? ` (+${texts.length - 1})` : ''}`;
    this.item.tooltip = texts.join('\n');
    this.item.show();
  }

  dispose(): void {
    this.item.dispose();
  }
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  extensionContext = context;
  output = vscode.window.createOutputChannel('tracelint');
  status = new Status();
  context.subscriptions.push(output, status);
  registerSlowestSlices(context, runningClient);
  context.subscriptions.push(
    vscode.commands.registerCommand('tracelint.restartServer', restart),
    vscode.commands.registerCommand('tracelint.showOutput', () => output.show(true)),
    vscode.commands.registerCommand('tracelint.lintFile', lintFile),
    vscode.commands.registerCommand('tracelint.applyAllFixes', applyAllFixes),
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (e.affectsConfiguration('tracelint.java.home') || e.affectsConfiguration('tracelint.server.vmargs')) {
        const choice = await vscode.window.showInformationMessage(
          'tracelint: the Java settings apply when the language server restarts.', 'Restart Now');
        if (choice === 'Restart Now') {
          await restart();
        }
      }
      // everything else (rules, maxProblems, inlay hints) reaches the running server through
      // workspace/didChangeConfiguration: no restart
    }),
  );
  registerTimeline(context, runningClient);
  watchForVerdicts = registerVerdictStatus(context, runningClient, () => (client?.state === State.Running ? client : undefined));
  await start();
}

export async function deactivate(): Promise<void> {
  await stop();
}

async function start(): Promise<void> {
  if (!starting) {
    starting = doStart().finally(() => {
      starting = undefined;
    });
  }
  return starting;
}

/**
 * The Java runtime inside a platform-specific .vsix (`runtime/`, made by packaging/jlink-runtime.sh),
 * or undefined in the universal one. Its executables are made executable in case the .vsix was
 * unpacked without file modes.
 */
function embeddedRuntime(): string | undefined {
  const home = extensionContext.asAbsolutePath('runtime');
  const java = javaBinary(home, process.platform);
  if (!fs.existsSync(java)) {
    return undefined;
  }
  if (process.platform !== 'win32') {
    for (const f of [java, path.join(home, 'lib', 'jspawnhelper')]) {
      try {
        if (fs.existsSync(f) && (fs.statSync(f).mode & 0o111) === 0) {
          fs.chmodSync(f, 0o755);
        }
      } catch {
        // findJava says what is wrong with it
      }
    }
  }
  return home;
}

async function doStart(): Promise<void> {
  const cfg = vscode.workspace.getConfiguration(SECTION);
  let java;
  try {
    java = await findJava(cfg.get<string | null>('java.home'), realEnvironment, embeddedRuntime());
  } catch (e) {
    const message = e instanceof JavaNotFoundError ? e.message : `tracelint: cannot look for Java: ${(e as Error).message}`;
    output.appendLine(message);
    if (e instanceof JavaNotFoundError) {
      e.tried.forEach((t) => output.appendLine(`  tried ${t}`));
    }
    void vscode.window.showErrorMessage(message, 'Open Setting', 'Show Output').then((choice) => {
      if (choice === 'Open Setting') {
        void vscode.commands.executeCommand('workbench.action.openSettings', 'tracelint.java.home');
      } else if (choice === 'Show Output') {
        output.show(true);
      }
    });
    return;
  }
  const jar = extensionContext.asAbsolutePath(path.join('server', 'tracelint.jar'));
  const args = serverArgs(cfg.get<string>('server.vmargs'), jar);
  output.appendLine(`Starting the tracelint language server: ${java.executable} (Java ${java.version}, from ${java.source}) ${args.join(' ')}`);

  let exited: Promise<{ code: number | null; stderr: string }> = Promise.resolve({ code: null, stderr: '' });
  const serverOptions: ServerOptions = async () => {
    const env = { ...process.env };
    delete env.JAVA_TOOL_OPTIONS; // its "Picked up ..." line would only add noise
    const proc = cp.spawn(java.executable, args, { env, stdio: 'pipe' });
    const tail = new Tail();
    proc.stderr.setEncoding('utf8');
    proc.stderr.on('data', (d: string) => tail.push(d));
    exited = new Promise((resolve) => {
      proc.on('exit', (code) => resolve({ code, stderr: tail.toString() }));
      proc.on('error', (err) => resolve({ code: -1, stderr: `${tail}${err.message}` }));
    });
    return proc;
  };

  const restarts = new RestartPolicy();
  let errors = 0;
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'json' },
      { scheme: 'file', language: 'jsonc' },
      { scheme: 'untitled', language: 'json' },
    ],
    synchronize: { configurationSection: SECTION },
    // clientCommands: the commands this extension runs that the server may put in a code lens
    // nonBlockingQuestions: VS Code shows window/showMessageRequest as a notification, so the server may ask
    initializationOptions: () => ({ tracelint: vscode.workspace.getConfiguration(SECTION), clientCommands: ['tracelint.showTimeline'], nonBlockingQuestions: true }),
    outputChannel: output,
    errorHandler: {
      // write errors to a dying server: logged in the output, not one pop-up each (the close
      // handler below says what happened once)
      error: (): ErrorHandlerResult => ({ action: ++errors <= 3 ? ErrorAction.Continue : ErrorAction.Shutdown, handled: true }),
      closed: async (): Promise<CloseHandlerResult> => {
        const end = await Promise.race([exited, new Promise<undefined>((r) => setTimeout(() => r(undefined), 3000))]);
        if (end && isOutOfMemoryExit(end.code, end.stderr)) {
          const heap = heapLimit(args) ?? 'the default';
          const message = `The tracelint language server ran out of memory (heap ${heap}) and was stopped rather than restarted. `
            + 'Raise -Xmx in tracelint.server.vmargs (e.g. -Xmx4G), or check very large traces with "tracelint: Lint a Trace File on Disk" (it streams).';
          output.appendLine(message);
          void vscode.window.showErrorMessage(message, 'Open Setting', 'Restart Server').then((c) => {
            if (c === 'Open Setting') {
              void vscode.commands.executeCommand('workbench.action.openSettings', 'tracelint.server.vmargs');
            } else if (c === 'Restart Server') {
              void restart();
            }
          });
          return { action: CloseAction.DoNotRestart, handled: true };
        }
        if (restarts.shouldRestart()) {
          output.appendLine(`The tracelint language server stopped (exit code ${end?.code ?? 'unknown'}); restarting it.`);
          return { action: CloseAction.Restart, handled: true };
        }
        return {
          action: CloseAction.DoNotRestart,
          message: 'The tracelint language server stopped 3 times in 3 minutes and will not be restarted. See "tracelint: Show Output"; "tracelint: Restart Language Server" starts it again.',
        };
      },
    },
    middleware: {
      didOpen: (doc, next) => {
        if (doc.getText().length >= BIG_DOCUMENT) {
          status.analysing(doc.uri.toString(), `analysing ${path.basename(doc.uri.fsPath)}`);
        }
        return next(doc);
      },
      didChange: (e, next) => {
        if (e.document.getText().length >= BIG_DOCUMENT) {
          status.analysing(e.document.uri.toString(), `analysing ${path.basename(e.document.uri.fsPath)}`);
        }
        return next(e);
      },
      didClose: (doc, next) => {
        status.done(doc.uri.toString());
        return next(doc);
      },
      handleDiagnostics: (uri, diagnostics, next) => {
        status.done(uri.toString());
        next(uri, diagnostics);
      },
    },
  };

  client = new LanguageClient('tracelint', 'tracelint', serverOptions, clientOptions);
  watchForVerdicts?.(client);
  client.onDidChangeState((e) => {
    if (e.newState === State.Stopped) {
      status.clearDocuments(); // no diagnostics will come for them from this server
      output.appendLine('tracelint language server stopped.');
    }
  });
  try {
    await client.start();
  } catch (e) {
    output.appendLine(`The tracelint language server did not start: ${(e as Error).message}`);
    void vscode.window.showErrorMessage(`tracelint: the language server did not start (${(e as Error).message}).`, 'Show Output')
      .then((c) => c && output.show(true));
  }
}

async function stop(): Promise<void> {
  const c = client;
  client = undefined;
  if (c && c.state !== State.Stopped) {
    try {
      await c.stop(5000);
    } catch {
      // already gone
    }
  }
}

async function restart(): Promise<void> {
  await starting;
  await stop();
  await start();
}

async function runningClient(): Promise<LanguageClient | undefined> {
  await starting;
  if (!client || client.state !== State.Running) {
    const choice = await vscode.window.showErrorMessage('tracelint: the language server is not running.', 'Restart Server', 'Show Output');
    if (choice === 'Restart Server') {
      await restart();
    } else if (choice === 'Show Output') {
      output.show(true);
    }
    return client?.state === State.Running ? client : undefined;
  }
  return client;
}

let progressTokens = 0;

/**
 * Checks a file on disk through the server (workspace/executeCommand tracelint.checkFile): the
 * server streams it, so any size works, and publishes its findings to the Problems panel.
 * Argument: a Uri (explorer context menu) or a path; otherwise a file dialog asks.
 */
async function lintFile(arg?: vscode.Uri | string): Promise<CheckFileSummary | undefined> {
  let file: string | undefined = typeof arg === 'string' ? arg : arg instanceof vscode.Uri ? arg.fsPath : undefined;
  if (!file) {
    const picked = await vscode.window.showOpenDialog({
      canSelectMany: false,
      openLabel: 'Lint',
      title: 'Lint a trace file on disk (any size; .json, .json.gz, .trace)',
      filters: { 'Trace files': ['json', 'gz', 'trace'], 'All files': ['*'] },
    });
    file = picked?.[0]?.fsPath;
  }
  if (!file) {
    return undefined;
  }
  const c = await runningClient();
  if (!c) {
    return undefined;
  }
  const name = path.basename(file);
  const token = `tracelint-check-${++progressTokens}`;
  status.file(token, `checking ${name}`);
  const sub = c.onProgress(WorkDoneProgress.type, token, (v) => {
    if (v.kind === 'end') {
      return;
    }
    const p = v as WorkDoneProgressBegin | WorkDoneProgressReport;
    const pct = p.percentage !== undefined ? ` ${p.percentage}%` : '';
    status.file(token, `checking ${name}${pct}${p.message ? ` (${p.message})` : ''}`);
  });
  try {
    const summary = (await c.sendRequest(ExecuteCommandRequest.type, {
      command: 'tracelint.checkFile',
      arguments: [file],
      workDoneToken: token,
    })) as CheckFileSummary;
    const text = `tracelint: ${name}: ${summarize(summary)} (${(summary.millis / 1000).toFixed(1)} s)`;
    output.appendLine(text);
    if (summary.trace && summary.problems > 0) {
      void vscode.commands.executeCommand('workbench.actions.view.problems');
    }
    if (summary.trace) { // the server kept its analysis: the timeline can show it, whatever its size
      void vscode.window.showInformationMessage(text, 'Show Timeline').then((c) => {
        if (c === 'Show Timeline') {
          void vscode.commands.executeCommand('tracelint.showTimeline', summary.uri);
        }
      });
    } else {
      void vscode.window.showInformationMessage(text);
    }
    return summary;
  } catch (e) {
    void vscode.window.showErrorMessage(`tracelint: ${(e as Error).message}`);
    return undefined;
  } finally {
    sub.dispose();
    status.file(token, undefined);
  }
}

/** Applies every safe fix in the active editor (the server's source.fixAll.tracelint action). */
async function applyAllFixes(): Promise<boolean> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    void vscode.window.showInformationMessage('tracelint: open a trace first.');
    return false;
  }
  const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
    'vscode.executeCodeActionProvider', editor.document.uri, new vscode.Range(0, 0, 0, 0), FIX_ALL);
  const fixAll = actions?.find((a) => a.kind?.value === FIX_ALL && a.edit);
  if (!fixAll?.edit) {
    void vscode.window.showInformationMessage('tracelint: no safe fixes to apply.');
    return false;
  }
  return vscode.workspace.applyEdit(fixAll.edit);
}
