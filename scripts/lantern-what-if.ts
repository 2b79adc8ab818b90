/**
 * What Lighthouse's simulated mobile load (Lantern) would say of a change to a page's first load, without
 * the run-to-run noise of a new trace: one run is saved, then Lantern is run again on it after editing
 * its network log (decision 040, "What Lantern counts").
 *
 *   node --import tsx scripts/lantern-what-if.ts gather <url> <dir>
 *   node --import tsx scripts/lantern-what-if.ts audit <dir> [edit ...]
 *
 * Edits:
 *   merge:<A>=><B>   fold every request whose URL matches the pattern A into the first one matching B
 *                    (its bytes, less ~600 B of response headers, move over): "what if these were one file"
 *   scale:<factor>   multiply the bytes of every script and stylesheet: "what if the code were smaller"
 *
 * Lantern's figures move in steps of its simulated round trip (150 ms), so a change either takes a
 * step off or does nothing; compare edits on the same saved run, never across runs.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { withFreshChromium } from './lib/bench-web.ts';

interface LogEvent {
  method: string;
  params: {
    requestId?: string;
    request?: { url: string };
    encodedDataLength?: number;
  };
}

const HEADER_BYTES = 600;
const [verb, ...args] = process.argv.slice(2);

function gather(url: string, dir: string) {
  return withFreshChromium((port) =>
    lighthouse(url, { port, logLevel: 'error', onlyCategories: ['performance'], gatherMode: dir }),
  );
}

/** Applies the edits to the saved network log (in place). */
function edit(log: LogEvent[], edits: string[]): LogEvent[] {
  const urlOf = new Map<string, string>();
  for (const e of log) {
    if (e.method === 'Network.requestWillBeSent' && e.params.requestId && e.params.request) {
      urlOf.set(e.params.requestId, e.params.request.url);
    }
  }
  const finishedById = new Map<string, LogEvent>();
  for (const e of log) {
    if (e.method === 'Network.loadingFinished' && e.params.requestId) finishedById.set(e.params.requestId, e);
  }
  const finished = (id: string) => finishedById.get(id);
  let out = log;
  for (const spec of edits) {
    const [kind, arg = ''] = spec.split(/:(.*)/s);
    if (kind === 'scale') {
      const factor = Number(arg);
      for (const [id, url] of urlOf) {
        const done = finished(id);
        if (done?.params.encodedDataLength && /\.(js|css)(\?|$)/.test(url)) {
          done.params.encodedDataLength = Math.round(done.params.encodedDataLength * factor);
        }
      }
    } else if (kind === 'merge') {
      const [from = '', into = ''] = arg.split('=>');
      const gone = new Set([...urlOf].filter(([, u]) => new RegExp(from).test(u)).map(([id]) => id));
      const target = [...urlOf].find(([id, u]) => !gone.has(id) && new RegExp(into).test(u))?.[0];
      if (gone.size === 0 || !target) throw new Error(`${spec}: nothing to merge`);
      let moved = 0;
      for (const id of gone)
        moved += Math.max(0, (finished(id)?.params.encodedDataLength ?? 0) - HEADER_BYTES);
      const kept = finished(target);
      if (kept?.params.encodedDataLength !== undefined) kept.params.encodedDataLength += moved;
      out = out.filter((e) => !(e.params.requestId && gone.has(e.params.requestId)));
      console.log(`${spec}: ${gone.size} request(s), ${moved} bytes moved`);
    } else {
      throw new Error(`unknown edit: ${spec}`);
    }
  }
  return out;
}

async function audit(saved: string, edits: string[]) {
  const dir = mkdtempSync(path.join(tmpdir(), 'what-if-'));
  try {
    cpSync(saved, dir, { recursive: true });
    const logPath = path.join(dir, 'defaultPass.devtoolslog.json');
    const log = JSON.parse(readFileSync(logPath, 'utf8')) as LogEvent[];
    writeFileSync(logPath, JSON.stringify(edit(log, edits)));
    const result = await lighthouse(undefined, {
      auditMode: dir,
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const audits = result?.lhr.audits ?? {};
    const ms = (id: string) => Math.round(audits[id]?.numericValue ?? Number.NaN);
    console.log(
      `${edits.join(' ') || 'as saved'}: LCP ${ms('largest-contentful-paint')} ms, FCP ${ms('first-contentful-paint')} ms`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (verb === 'gather' && args.length === 2) await gather(args[0]!, path.resolve(args[1]!));
else if (verb === 'audit' && args.length >= 1) await audit(path.resolve(args[0]!), args.slice(1));
else {
  console.error(
    'usage: lantern-what-if.ts gather <url> <dir> | audit <dir> [merge:<A>=><B> | scale:<f>] ...',
  );
  process.exit(2);
}
