// "tracelint: Show Slowest Slices": the active trace's slowest slices in a quick pick, by duration
// or (the button) by self time, from the server's tracelint/slowestSlices request
// (docs/lsp.md); choosing one selects its event and scrolls to it.
import * as vscode from 'vscode';
import { LanguageClient } from 'vscode-languageclient/node';

/** One slice as tracelint/slowestSlices answers it (times in µs). */
interface Slice {
  name: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  dur: number;
  selfTime: number;
  thread: string;
}

type By = 'duration' | 'selfTime';

interface SliceItem extends vscode.QuickPickItem {
  slice: Slice;
}

/** Slices listed: the server ranks the whole trace and sends these. */
const LIMIT = 100;

export function registerSlowestSlices(context: vscode.ExtensionContext, client: () => Promise<LanguageClient | undefined>): void {
  context.subscriptions.push(vscode.commands.registerCommand('tracelint.showSlowestSlices', () => showSlowestSlices(client)));
}

async function showSlowestSlices(client: () => Promise<LanguageClient | undefined>): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    void vscode.window.showInformationMessage('tracelint: open a trace to see its slowest slices.');
    return;
  }
  const c = await client();
  if (!c) {
    return;
  }
  const uri = c.code2ProtocolConverter.asUri(editor.document.uri);
  const pick = vscode.window.createQuickPick<SliceItem>();
  const toggle = (to: string): vscode.QuickInputButton => ({ iconPath: new vscode.ThemeIcon('arrow-swap'), tooltip: `Sort by ${to}` });
  pick.matchOnDescription = true;
  pick.matchOnDetail = true;
  let by: By = 'duration';
  const load = async (): Promise<void> => {
    pick.busy = true;
    pick.title = by === 'duration' ? 'Slowest slices (by duration)' : 'Slowest slices (by self time)';
    pick.buttons = [toggle(by === 'duration' ? 'self time' : 'duration')];
    try {
      const slices = await c.sendRequest<Slice[]>('tracelint/slowestSlices', { uri, limit: LIMIT, by });
      pick.items = slices.map((s) => ({
        label: s.name,
        description: `${human(s.dur)} · self ${human(s.selfTime)}`,
        detail: s.thread,
        slice: s,
      }));
      pick.placeholder = slices.length === 0 ? 'No slice with a duration in this trace' : 'Choose a slice to select its event';
    } catch (e) {
      pick.hide();
      void vscode.window.showErrorMessage(`tracelint: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      pick.busy = false;
    }
  };
  pick.onDidTriggerButton(() => {
    by = by === 'duration' ? 'selfTime' : 'duration';
    void load();
  });
  pick.onDidAccept(() => {
    const chosen = pick.selectedItems[0];
    pick.hide();
    if (chosen) {
      const range = c.protocol2CodeConverter.asRange(chosen.slice.range);
      editor.selection = new vscode.Selection(range.start, range.end);
      editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
      void vscode.window.showTextDocument(editor.document, editor.viewColumn);
    }
  });
  pick.onDidHide(() => pick.dispose());
  pick.show();
  await load();
}

/** µs in human units, three significant digits, as the server's hovers write them: 22 µs, 3.1 ms, 1.25 s. */
export function human(micros: number): string {
  const abs = Math.abs(micros);
  const round = (v: number): string => String(Number(v.toPrecision(3)));
  if (abs >= 1_000_000) {
    return `${round(micros / 1_000_000)} s`;
  }
  if (abs >= 1_000) {
    return `${round(micros / 1_000)} ms`;
  }
  if (abs >= 1 || abs === 0) {
    return `${round(micros)} µs`;
  }
  return `${round(micros * 1_000)} ns`;
}
