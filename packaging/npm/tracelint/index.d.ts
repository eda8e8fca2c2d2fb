/** A place in the decoded trace: 1-based line and column (UTF-16 code units), 0-based UTF-16 offset. */
export interface Position { line: number; column: number; offset: number; }
export interface Range { start: Position; end: Position; }
export interface Finding {
  path: string;
  rule: string;
  severity: 'error' | 'warning' | 'information' | 'hint';
  message: string;
  range: Range;
  related: { message: string; range: Range }[];
  fixes: { title: string; safe: boolean; edits: { range: Range; newText: string }[] }[];
}
export type Viewer = 'chrome-tracing' | 'perfetto' | 'devtools' | 'speedscope' | 'tracerbench';
export interface FileResult {
  path: string;
  status: 'checked' | 'not-a-trace' | 'unreadable';
  error?: string;
  /** per targeted viewer: its verdict and the indexes in `findings` of the findings responsible */
  viewers?: Partial<Record<Viewer, { verdict: 'loads' | 'degraded' | 'fails'; because: number[] }>>;
}
/** `tracelint check --format json`'s document (version 1), and the CLI's exit code. */
export interface Result {
  version: number;
  viewerVersions: Record<string, unknown>;
  findings: Finding[];
  files: FileResult[];
  summary: { errors: number; warnings: number; information: number; hints: number };
  exitCode: 0 | 1;
}
export interface CheckOptions { viewers?: Viewer[]; config?: string; showHints?: boolean; }
/** Checks a trace file or folder, or a Buffer holding a trace; rejects on exit code 2 (usage, unreadable file). */
export function check(pathOrBuffer: string | Buffer, options?: CheckOptions): Promise<Result>;
