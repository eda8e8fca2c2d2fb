/**
 * "tracelint: Show Timeline": a webview beside a trace's editor drawing the trace as a flame chart
 * (dist/timeline.js, from src/webview/), fed by the server's tracelint/timeline request for the
 * range on screen. Clicking a slice selects its event in the editor; moving the editor's cursor
 * onto an event selects it in the picture.
 */
import * as path from 'path';
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type {
  EventRange, ExtensionMessage, FindingList, FindingsAsk, HoverAsk, PageMessage, RequestAsk, RevealAsk, SentAnswer,
} from './webview/wire';

const METHOD = 'tracelint/timeline';
/** How long the cursor rests before the picture follows it (a held arrow key asks once). */
const CURSOR_DELAY_MS = 120;

/** Bounds on what goes to the tooltip: a hover is a paragraph, not the whole event. */
const HOVER_MAX_CHARS = 1500;
const FINDINGS_IN_TOOLTIP = 8;

/** Registers the command; {@code client} gives the running language client (or undefined, having said why). */
export function registerTimeline(context: vscode.ExtensionContext, client: () => Promise<LanguageClient | undefined>): void {
  context.subscriptions.push(
    // arg: the editor's document (a Uri), a path, or the URI string the server gave a file it checked by path
    vscode.commands.registerCommand('tracelint.showTimeline', async (arg?: vscode.Uri | string) => {
      const uri = typeof arg === 'string' ? (arg.startsWith('file:') ? vscode.Uri.parse(arg) : vscode.Uri.file(arg))
        : arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
      if (!uri) {
        void vscode.window.showInformationMessage('tracelint: open a trace first, then show its timeline.');
        return undefined;
      }
      const c = await client();
      if (!c) {
        return undefined;
      }
      // the server knows a file checked by path by the URI it made of the path (its spelling, not VS Code's)
      return TimelinePanel.show(context, c, uri, typeof arg === 'string' && arg.startsWith('file:') ? arg : uri.toString());
    }),
  );
}

class TimelinePanel {
  private static readonly panels = new Map<string, TimelinePanel>();
  private readonly disposables: vscode.Disposable[] = [];
  private cursorTimer: NodeJS.Timeout | undefined;

  static show(context: vscode.ExtensionContext, client: LanguageClient, uri: vscode.Uri, serverUri: string): TimelinePanel {
    const existing = TimelinePanel.panels.get(uri.toString());
    if (existing) {
      existing.panel.reveal(vscode.ViewColumn.Beside, true);
      return existing;
    }
    const panel = vscode.window.createWebviewPanel('tracelint.timeline', `Timeline: ${path.basename(uri.fsPath)}`,
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      { enableScripts: true, retainContextWhenHidden: true, localResourceRoots: [vscode.Uri.joinPath(context.extensionUri, 'dist')] });
    const made = new TimelinePanel(context, client, uri, serverUri, panel);
    TimelinePanel.panels.set(uri.toString(), made);
    return made;
  }

  private constructor(context: vscode.ExtensionContext, private readonly client: LanguageClient,
    private readonly uri: vscode.Uri, private readonly serverUri: string, private readonly panel: vscode.WebviewPanel) {
    panel.webview.html = html(panel.webview, vscode.Uri.joinPath(context.extensionUri, 'dist', 'timeline.js'), uri);
    this.disposables.push(
      panel.webview.onDidReceiveMessage((m: PageMessage) => {
        if (m.type === 'request') {
          void this.answer(m);
        } else if (m.type === 'reveal') {
          void this.reveal(m);
        } else if (m.type === 'hover') {
          void this.hover(m);
        } else if (m.type === 'findings') {
          void this.findings(m);
        }
      }),
      vscode.window.onDidChangeTextEditorSelection((e) => {
        if (e.textEditor.document.uri.toString() !== this.uri.toString()) {
          return;
        }
        clearTimeout(this.cursorTimer);
        const p = e.selections[0].active;
        this.cursorTimer = setTimeout(() => {
          this.send({ type: 'cursor', position: { line: p.line, character: p.character } });
        }, CURSOR_DELAY_MS);
      }),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document.uri.toString() === this.uri.toString()) {
          this.send({ type: 'refresh' }); // the server answers from the edit's analysis
        }
      }),
    );
    panel.onDidDispose(() => {
      TimelinePanel.panels.delete(this.uri.toString());
      clearTimeout(this.cursorTimer);
      this.disposables.forEach((d) => d.dispose());
    });
  }

  /** A message to the page (one type for both ends: webview/wire.ts). */
  private send(m: ExtensionMessage): void {
    void this.panel.webview.postMessage(m);
  }

  private async answer(m: RequestAsk): Promise<void> {
    try {
      const data = await this.client.sendRequest<SentAnswer>(METHOD, {
        uri: this.serverUri, start: m.start, end: m.end, widthPx: m.widthPx, at: m.at,
      });
      this.send({ type: 'data', seq: m.seq, data });
    } catch (e) {
      this.send({ type: 'error', seq: m.seq, error: `tracelint: ${(e as Error).message}` });
    }
  }

  /**
   * The editor's hover at the event's start (the same text the editor shows there: name, duration,
   * self time, thread...) and the diagnostics on the event (on its B or E), as plain text.
   */
  private async hover(m: HoverAsk): Promise<void> {
    const toRange = (r: EventRange) => new vscode.Range(r[0], r[1], r[2], r[3]);
    const ranges = [toRange(m.range), ...(m.endRange ? [toRange(m.endRange)] : [])];
    let text = '';
    try {
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', this.uri, ranges[0].start);
      text = (hovers ?? []).flatMap((h) => h.contents).map((c) => plain(typeof c === 'string' ? c : c.value)).join('\n').trim();
    } catch { // a file VS Code does not open (over its 50 MB limit): no hover, the webview keeps its own lines
    }
    const onEvent = vscode.languages.getDiagnostics(this.uri).filter((d) => ranges.some((r) => r.intersection(d.range) !== undefined));
    const findings = onEvent.slice(0, FINDINGS_IN_TOOLTIP).map((d) => ({
      severity: ['error', 'warning', 'information', 'hint'][d.severity],
      message: d.message.length > 300 ? `${d.message.slice(0, 300)}…` : d.message,
      rule: typeof d.code === 'object' ? String(d.code.value) : d.code === undefined ? undefined : String(d.code),
      line: d.range.start.line,
    }));
    this.send({ type: 'hover', seq: m.seq,
      text: text.length > HOVER_MAX_CHARS ? `${text.slice(0, HOVER_MAX_CHARS)}…` : text, findings, more: onEvent.length - findings.length });
  }

  /** The findings in a selected range of time, from the server (which knows each finding's ts). */
  private async findings(m: FindingsAsk): Promise<void> {
    try {
      const data = await this.client.sendRequest<{ findingList?: FindingList }>(METHOD, {
        uri: this.serverUri, start: m.start, end: m.end, widthPx: 1, listFindings: true,
      });
      this.send({ type: 'findings', seq: m.seq, list: data.findingList ?? { items: [], more: false } });
    } catch (e) {
      this.send({ type: 'findings', seq: m.seq, error: `tracelint: ${(e as Error).message}` });
    }
  }

  /** Selects the clicked event in the trace's editor (opening it beside the panel if it is not shown). */
  private async reveal(m: RevealAsk): Promise<void> {
    const start = new vscode.Position(m.range[0], m.range[1]);
    const end = new vscode.Position(m.range[2], m.range[3]);
    let editor = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === this.uri.toString());
    if (!editor) {
      try {
        editor = await vscode.window.showTextDocument(this.uri, { viewColumn: vscode.ViewColumn.One, preserveFocus: true });
      } catch (e) { // a file over VS Code's 50 MB limit (shown from "Lint a Trace File on Disk") has no editor
        void vscode.window.showInformationMessage(`tracelint: the event is at line ${start.line + 1}, column ${start.character + 1}`
          + ` of ${path.basename(this.uri.fsPath)}, which VS Code does not open in an editor (${(e as Error).message}).`);
        return;
      }
    }
    editor.selection = new vscode.Selection(end, start); // the cursor at the event's start
    editor.revealRange(new vscode.Range(start, end), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }
}

/** Markdown as plain text for the tooltip: fences, emphasis, code ticks and escapes dropped (the tooltip sets textContent). */
function plain(markdown: string): string {
  return markdown
    .replace(/^```.*$/gm, '')
    .replace(/\*\*|__|`/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\\([\\`*_{}[\]()#+\-.!|<>~])/g, '$1')
    .replace(/^\s*---\s*$/gm, '')
    .replace(/\n{3,}/g, '\n\n');
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function nonce(): string {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let s = '';
  for (let i = 0; i < 32; i++) {
    s += chars.charAt(Math.floor(Math.random() * chars.length));
  }
  return s;
}

/** The page: one canvas in a scroller, a status line, a tooltip; nothing loads from outside the extension. */
function html(webview: vscode.Webview, script: vscode.Uri, trace: vscode.Uri): string {
  const n = nonce();
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'nonce-${n}'; script-src 'nonce-${n}' ${webview.cspSource};">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<style nonce="${n}">
  html, body { margin: 0; padding: 0; height: 100%; overflow: hidden; }
  body { color: var(--vscode-editor-foreground); background: var(--vscode-editor-background); font-family: var(--vscode-font-family); }
  #scroller { position: absolute; top: 0; left: 0; right: 0; bottom: 22px; overflow-y: auto; overflow-x: hidden; }
  #timeline { display: block; outline: none; }
  #status { position: absolute; left: 0; right: 0; bottom: 0; height: 22px; line-height: 22px; padding: 0 6px; font-size: 12px;
    color: var(--vscode-descriptionForeground); border-top: 1px solid var(--vscode-panel-border); white-space: nowrap; overflow: hidden; }
  #tooltip { position: fixed; display: none; white-space: pre-wrap; max-width: 480px; pointer-events: none; font-size: 12px; padding: 4px 6px; z-index: 2;
    color: var(--vscode-editorHoverWidget-foreground); background: var(--vscode-editorHoverWidget-background);
    border: 1px solid var(--vscode-editorHoverWidget-border); }
  #range { position: absolute; display: none; top: 0; bottom: 22px; pointer-events: none; z-index: 1;
    background: var(--vscode-editor-selectionBackground); opacity: 0.35; border-left: 1px solid var(--vscode-focusBorder);
    border-right: 1px solid var(--vscode-focusBorder); }
  #findings { position: absolute; display: none; right: 8px; bottom: 30px; width: min(520px, 70%); max-height: 45%; overflow: auto; z-index: 2;
    font-size: 12px; color: var(--vscode-editorWidget-foreground); background: var(--vscode-editorWidget-background);
    border: 1px solid var(--vscode-editorWidget-border, var(--vscode-contrastBorder, transparent)); }
  #findings header { padding: 3px 6px; font-weight: bold; border-bottom: 1px solid var(--vscode-panel-border); }
  #findings ul { list-style: none; margin: 0; padding: 0; }
  #findings li { padding: 2px 6px; cursor: pointer; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  #findings li:hover, #findings li:focus { background: var(--vscode-list-hoverBackground); outline: none; }
  #findings .sev { display: inline-block; width: 8px; height: 8px; margin-right: 6px; border-radius: 4px; }
</style>
</head>
<body data-uri="${escapeHtml(trace.toString())}">
<div id="scroller"><canvas id="timeline" tabindex="0" aria-label="Timeline of the trace"></canvas></div>
<div id="status">asking the tracelint server for the timeline…</div>
<div id="tooltip"></div>
<div id="range"></div>
<div id="findings" role="dialog" aria-label="Findings in the selected time range"></div>
<script nonce="${n}" src="${webview.asWebviewUri(script)}"></script>
</body>
</html>`;
}
