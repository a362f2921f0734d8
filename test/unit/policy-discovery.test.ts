import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Host } from '../../server/src/host/host';
import { PolicyDiscovery } from '../../server/src/host/policies';

const ROOT = join('/', 'workspace');
const HOME = join('/', 'home', 'someone');
const policyText = (id: string) => JSON.stringify({ rules: [{ id, kind: 'prohibition', trigger: ['delete'], scope: { paths: ['data/**'] }, statement: 'Never delete data.' }] });

/** A host over files held in memory, counting each file's reads. */
function memoryHost(files: Map<string, string>, reads: Map<string, number>): Host {
  return {
    home: HOME,
    readFile: (path) => {
      reads.set(path, (reads.get(path) ?? 0) + 1);
      const text = files.get(path);
      if (text === undefined) throw Object.assign(new Error('no such file'), { code: 'ENOENT' });
      return Buffer.from(text);
    },
    stat: (path) => (files.has(path) ? { kind: 'file', bytes: Buffer.byteLength(files.get(path)!) } : undefined),
    list: () => [],
    openPieces: () => {
      throw new Error('not used');
    },
    makeFolder: () => {},
    writeFile: (path, text) => void files.set(path, text),
  };
}

test("policy discovery reads each folder's policy once for all the files in it, nearest first, and again after it is told a policy changed", () => {
  const files = new Map([[join(ROOT, '.ghost-lint.json'), policyText('root-rule')]]);
  const reads = new Map<string, number>();
  const discovery = new PolicyDiscovery(memoryHost(files, reads), { workspaceRoots: [ROOT] });
  const runs = Array.from({ length: 50 }, (_, i) => join(ROOT, 'runs', `run-${i}.json`));
  for (const run of runs) assert.deepEqual(discovery.forTranscript(run).map((p) => p.rules[0]?.id), ['root-rule']);
  assert.ok([...reads.values()].every((count) => count === 1), 'a policy file was read more than once');

  files.set(join(ROOT, 'runs', '.ghost-lint.json'), policyText('runs-rule'));
  assert.deepEqual(discovery.forTranscript(runs[0]!).map((p) => p.rules[0]?.id), ['root-rule'], 'what was read is kept until invalidated');
  discovery.invalidate();
  assert.deepEqual(discovery.forTranscript(runs[0]!).map((p) => p.rules[0]?.id), ['runs-rule', 'root-rule']);
});
