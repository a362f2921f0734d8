import { resolve } from 'node:path';
import { type Policy, parsePolicy } from '../engine/ledger';
import { policyFilesIn, policyFolders } from '../policy/locations';
import { type Host, asBuffer } from './host';

export interface DiscoveryOptions {
  /** Workspace folders (the editor's, or the CLI's working folder). */
  readonly workspaceRoots?: readonly string[];
  /** The user's home; searched last (the host's home when not given). */
  readonly home?: string;
  /** Policies given explicitly (`--policy`); used for every transcript. */
  readonly explicit?: readonly string[];
  /** How reports name a policy file (relative to the CLI's folder, or a URI in the editor). */
  readonly displayName?: (absolutePath: string) => string;
  /** A policy's text when it is not the file on disk (open in the editor with unsaved edits); undefined reads the disk. */
  readonly readText?: (absolutePath: string) => string | undefined;
}

/**
 * Finds the workspace policies for a transcript, the one discovery the CLI, the editor and the hook
 * share: explicit ones, then each folder from the transcript's up to the root, then the workspace
 * folders, then the home folder. One policy file per folder (.json before .yaml); files are read
 * once and cached.
 */
export class PolicyDiscovery {
  private readonly cache = new Map<string, Policy | null>();
  /** Each folder's policy (null: none), so a corpus of many files in few folders looks a folder's files up once. */
  private readonly folders = new Map<string, Policy | null>();
  private readonly home: string;

  constructor(
    private readonly host: Host,
    private readonly options: DiscoveryOptions = {},
  ) {
    this.home = options.home ?? host.home;
  }

  private load(absolutePath: string, required: boolean): Policy | undefined {
    if (!this.cache.has(absolutePath)) {
      let policy: Policy | null = null;
      try {
        const text = this.options.readText?.(absolutePath) ?? asBuffer(this.host.readFile(absolutePath)).toString('utf8');
        policy = parsePolicy(this.options.displayName?.(absolutePath) ?? absolutePath, text);
      } catch (e) {
        if (required) throw new Error(`cannot read policy ${absolutePath}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
      }
      this.cache.set(absolutePath, policy);
    }
    return this.cache.get(absolutePath) ?? undefined;
  }

  private inFolder(folder: string): Policy | undefined {
    let found = this.folders.get(folder);
    if (found === undefined) {
      found = null;
      for (const path of policyFilesIn(folder)) {
        found = this.load(path, false) ?? null;
        if (found) break;
      }
      this.folders.set(folder, found);
    }
    return found ?? undefined;
  }

  /** Policies for a transcript at `transcriptPath`, nearest first, without duplicates. */
  forTranscript(transcriptPath: string): Policy[] {
    const found: Policy[] = [];
    const add = (policy: Policy | undefined) => {
      if (policy && !found.includes(policy)) found.push(policy);
    };
    for (const path of this.options.explicit ?? []) add(this.load(resolve(path), true));
    for (const folder of policyFolders(transcriptPath, this.options.workspaceRoots ?? [], this.home)) add(this.inFolder(folder));
    return found;
  }

  /** Forgets what was read, after a policy file changed on disk. */
  invalidate(): void {
    this.cache.clear();
    this.folders.clear();
  }

  /** Every policy loaded so far, for reporting their problems once. */
  loaded(): Policy[] {
    return [...this.cache.values()].filter((p): p is Policy => p !== null);
  }
}
