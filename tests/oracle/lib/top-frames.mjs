/** The first frames of an error's stack, with paths cut to the package ("@scope/pkg/dist/x.js:1:2"). */
export function topFrames(e, count = 3) {
  return String(e?.stack ?? '').split('\n').filter(line => /^\s+at /.test(line)).slice(0, count)
      .map(line => line.trim().replace(/(\(|at )[^ ()]*node_modules\//, '$1')).join(' | ');
}
