// The status-bar item "Will it load?" for the active trace: each targeted viewer with ✓ (loads),
// ~ (degraded: events dropped or drawn wrongly) or ✗ (fails: the import aborts), in the code lens's
// order, from the server's tracelint/verdicts request (docs/lsp.md). Refreshed when the
// active editor changes, when the server publishes the diagnostics of its document (a new
// analysis), and when a (re)started client is running, so that after a restart the item does not
// wait for diagnostics that may have come while the client could not be asked yet; hidden for
// documents that are not traces. Clicking it runs tracelint.showVerdicts: the findings
// responsible, per viewer, in a quick pick; choosing one selects its range.
import * as vscode from 'vscode';
import { LanguageClient, State } from 'vscode-languageclient/node';

type Range = { start: { line: number; character: number }; end: { line: number; character: number } };

/** One viewer as tracelint/verdicts answers it. */
interface ViewerVerdict {
  viewer: string;
  label: string;
  verdict: 'loads' | 'degraded' | 'fails';
  because: { rule: string; message: string; range: Range }[];
  /** How many findings are responsible (because lists the first ones). */
  total: number;
}

interface FindingItem extends vscode.QuickPickItem {
  range?: Range;
}

const MARK: Record<ViewerVerdict['verdict'], string> = { loads: '✓', degraded: '~', fails: '✗' };
const SAYS: Record<ViewerVerdict['verdict'], string> = {
  loads: 'loads the trace',
  degraded: 'loads it degraded (events dropped or drawn wrongly)',
  fails: 'cannot load it (the import aborts)',
};

/**
 * Registers the item and tracelint.showVerdicts; {@code current} is the running client, or undefined (never prompts).
 * Returns what to call with each new client: the item asks it again once it runs.
 */
export function registerVerdictStatus(
  context: vscode.ExtensionContext,
  client: () => Promise<LanguageClient | undefined>,
  current: () => LanguageClient | undefined,
): (started: LanguageClient) => void {
  const item = vscode.window.createStatusBarItem('tracelint.verdicts', vscode.StatusBarAlignment.Left, 9);
  item.name = 'tracelint: Will it load?';
  item.command = 'tracelint.showVerdicts';
  let shown: { uri: string; verdicts: ViewerVerdict[] } | undefined;
  /** Counts refreshes: an answer that comes after a newer refresh started is dropped. */
  let generation = 0;

  const refresh = async (): Promise<void> => {
    const mine = ++generation;
    const editor = vscode.window.activeTextEditor;
    const c = current();
    if (!editor || !c || !isJson(editor.document)) {
      shown = undefined;
      item.hide();
      return;
    }
    const uri = c.code2ProtocolConverter.asUri(editor.document.uri);
    let verdicts: ViewerVerdict[];
    try {
      verdicts = (await c.sendRequest<{ viewers: ViewerVerdict[] }>('tracelint/verdicts', { uri })).viewers;
    } catch {
      verdicts = []; // the server restarting, or gone: nothing to say
    }
    if (mine !== generation) {
      return;
    }
    if (verdicts.length === 0) { // not a trace
      shown = undefined;
      item.hide();
      return;
    }
    shown = { uri: editor.document.uri.toString(), verdicts };
    item.text = verdicts.map((v) => `${v.label} ${MARK[v.verdict]}`).join(' ');
    item.tooltip = `Will it load?\n${verdicts.map((v) => `${v.label} ${SAYS[v.verdict]}${
      v.total > 0 ? ` (${v.total} finding${v.total === 1 ? '' : 's'})` : ''}`).join('\n')}\nClick for the findings responsible.`;
    item.backgroundColor = verdicts.some((v) => v.verdict === 'fails') ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    item.show();
  };

  context.subscriptions.push(
    item,
    vscode.window.onDidChangeActiveTextEditor(() => void refresh()),
    vscode.languages.onDidChangeDiagnostics((e) => {
      const active = vscode.window.activeTextEditor?.document.uri.toString();
      if (active && e.uris.some((u) => u.toString() === active)) {
        void refresh();
      }
    }),
    vscode.commands.registerCommand('tracelint.showVerdicts', async () => {
      await refresh(); // the latest analysis, whatever the item showed
      await showVerdicts(client, shown);
    }),
  );
  void refresh();
  return (started) => {
    context.subscriptions.push(started.onDidChangeState((e) => {
      if (e.newState === State.Running) {
        void refresh();
      }
    }));
  };
}

function isJson(d: vscode.TextDocument): boolean {
  return d.languageId === 'json' || d.languageId === 'jsonc';
}

/** The findings responsible, under a separator per viewer that does not load the trace cleanly; choosing one selects its range. */
async function showVerdicts(
  client: () => Promise<LanguageClient | undefined>,
  shown: { uri: string; verdicts: ViewerVerdict[] } | undefined,
): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor || !shown || shown.uri !== editor.document.uri.toString()) {
    void vscode.window.showInformationMessage('tracelint: open a trace to see what each viewer makes of it.');
    return;
  }
  const c = await client();
  if (!c) {
    return;
  }
  // the viewers that load the trace have nothing to choose: they are named in the title only
  const items: FindingItem[] = [];
  for (const v of shown.verdicts.filter((v) => v.verdict !== 'loads')) {
    items.push({ label: `${v.label} ${MARK[v.verdict]} ${v.verdict}`, kind: vscode.QuickPickItemKind.Separator });
    const icon = v.verdict === 'fails' ? '$(error)' : '$(warning)';
    for (const f of v.because) {
      const at = `${f.range.start.line + 1}:${f.range.start.character + 1}`;
      items.push({ label: `${icon} ${f.rule} · ${at}`, detail: f.message, range: f.range });
    }
    if (v.total > v.because.length) {
      items.push({ label: `… and ${v.total - v.because.length} more (see the Problems panel)` });
    }
  }
  const title = `Will it load? ${shown.verdicts.map((v) => `${v.label} ${v.verdict}`).join(' · ')}`;
  const chosen = await vscode.window.showQuickPick(items, {
    title,
    placeHolder: items.length === 0 ? 'Every targeted viewer loads the trace' : 'Choose a finding to select it',
    matchOnDescription: true,
    matchOnDetail: true,
  });
  if (chosen?.range) {
    const range = c.protocol2CodeConverter.asRange(chosen.range);
    await vscode.window.showTextDocument(editor.document, editor.viewColumn);
    editor.selection = new vscode.Selection(range.start, range.end);
    editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }
}
