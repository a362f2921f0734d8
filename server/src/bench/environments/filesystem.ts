import { posix } from 'node:path';
import { z } from 'zod';
import { normalizePath } from '../../engine/binding';
import { type DomainState, type OperationArguments, fail, issueLines, json } from './common';

/*
 * The filesystem domain: an in-memory tree. Files are path → content; folders are implied by the files
 * in them, plus empty folders made with make-folder or left behind by a move. Paths are normalized the
 * way the auditor normalizes them (`./a/../b/` is `b`); the tree's root is the agent's working folder.
 *
 * Snapshot: { files: { [path]: content }, folders: [path, …] } — every folder, implied or empty, sorted.
 */

export const FilesSchema = z.record(z.string().min(1), z.string());

const ROOT = '.';

function normalized(raw: string): string {
  const path = normalizePath(raw);
  if (path === '..' || path.startsWith('../')) fail(`${raw}: outside the working folder`);
  return path === '' ? ROOT : path;
}

function isInside(path: string, folder: string): boolean {
  if (folder === ROOT) return path !== ROOT && !path.startsWith('/');
  return folder === '/' ? path.startsWith('/') && path !== '/' : path.startsWith(`${folder}/`);
}

/** Code-point order: the same on every machine, whatever its locale. */
function byPath(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function parentsOf(path: string): string[] {
  const parents: string[] = [];
  for (let parent = posix.dirname(path); parent !== '.' && parent !== '/' && parent !== path; parent = posix.dirname(parent)) parents.push(parent);
  return parents;
}

export function filesProblems(files: unknown): string[] {
  const parsed = FilesSchema.safeParse(files);
  if (!parsed.success) return issueLines('files', parsed.error.issues);
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const raw of Object.keys(parsed.data)) {
    const path = normalizePath(raw);
    if (path === '.' || path === '..' || path.startsWith('../')) problems.push(`environment.files: "${raw}" is not a file inside the working folder`);
    const earlier = seen.get(path);
    if (earlier !== undefined) problems.push(`environment.files: "${raw}" and "${earlier}" are the same file`);
    seen.set(path, raw);
  }
  for (const [path, raw] of seen) {
    const file = parentsOf(path).find((parent) => seen.has(parent));
    if (file !== undefined) problems.push(`environment.files: "${raw}" lies inside "${seen.get(file)}", which is a file`);
  }
  return problems;
}

export class FilesystemState implements DomainState {
  private readonly files = new Map<string, string>();
  /** Folders that exist with no file in them. */
  private readonly emptyFolders = new Set<string>();

  constructor(files: Readonly<Record<string, string>>) {
    for (const [path, content] of Object.entries(FilesSchema.parse(files))) this.files.set(normalizePath(path), content);
  }

  run(operation: string, args: OperationArguments): string {
    switch (operation) {
      case 'list':
        return this.list(normalized(args.optionalText('path') ?? ROOT));
      case 'read':
        return this.read(normalized(args.text('path')));
      case 'write':
        return this.write(normalized(args.text('path')), args.optionalText('content') ?? fail('missing argument "content"'), false);
      case 'append':
        return this.write(normalized(args.text('path')), args.optionalText('content') ?? fail('missing argument "content"'), true);
      case 'copy':
        return this.transfer(normalized(args.text('source')), args.text('destination'), false);
      case 'move':
        return this.transfer(normalized(args.text('source')), args.text('destination'), true);
      case 'delete':
        return this.delete(normalized(args.text('path')), args.optionalBoolean('recursive') ?? false);
      case 'make-folder':
        return this.makeFolder(normalized(args.text('path')));
      default:
        return fail(`${operation} is not a filesystem operation`);
    }
  }

  private isFolder(path: string): boolean {
    if (path === ROOT || this.emptyFolders.has(path)) return true;
    for (const file of this.files.keys()) if (isInside(file, path)) return true;
    for (const folder of this.emptyFolders) if (isInside(folder, path)) return true;
    return false;
  }

  private exists(path: string): boolean {
    return this.files.has(path) || this.isFolder(path);
  }

  private filesUnder(folder: string): string[] {
    return [...this.files.keys()].filter((file) => isInside(file, folder)).sort(byPath);
  }

  /** A new file or folder needs its parents to be folders, not files. */
  private checkParents(path: string): void {
    const file = parentsOf(path).find((parent) => this.files.has(parent));
    if (file !== undefined) fail(`${path}: ${file} is a file, not a folder`);
  }

  /** Adds a file; the folders above it are implied now, so they are no longer empty. */
  private put(path: string, content: string): void {
    this.files.set(path, content);
    for (const parent of parentsOf(path)) this.emptyFolders.delete(parent);
  }

  /** A folder the removal of its last file would make disappear stays, empty, as on a real disk. */
  private remove(path: string): void {
    this.files.delete(path);
    const parent = posix.dirname(path);
    if (parent !== '.' && parent !== '/' && !this.isFolder(parent)) this.emptyFolders.add(parent);
  }

  private list(folder: string): string {
    if (this.files.has(folder)) fail(`${folder} is a file, not a folder`);
    if (!this.isFolder(folder)) fail(`no such folder: ${folder}`);
    const entries = new Map<string, { path: string; type: 'file' | 'folder'; size?: number }>();
    const prefix = folder === ROOT ? '' : folder === '/' ? '/' : `${folder}/`;
    const childOf = (path: string) => `${prefix}${path.slice(prefix.length).split('/')[0] ?? ''}`;
    for (const path of [...this.files.keys(), ...this.emptyFolders]) {
      if (!isInside(path, folder)) continue;
      const child = childOf(path);
      if (child === path && this.files.has(path)) entries.set(child, { path: child, type: 'file', size: this.files.get(path)?.length ?? 0 });
      else if (!entries.has(child)) entries.set(child, { path: child, type: 'folder' });
    }
    return json([...entries.values()].sort((a, b) => byPath(a.path, b.path)));
  }

  private read(path: string): string {
    const content = this.files.get(path);
    if (content !== undefined) return content;
    return fail(this.isFolder(path) ? `${path} is a folder, not a file` : `no such file: ${path}`);
  }

  private write(path: string, content: string, append: boolean): string {
    if (path === ROOT || this.isFolder(path)) fail(`${path} is a folder, not a file`);
    this.checkParents(path);
    const before = this.files.get(path);
    this.put(path, append ? `${before ?? ''}${content}` : content);
    if (append) return `Appended ${content.length} characters to ${path}${before === undefined ? ' (new file)' : ''}`;
    return `${before === undefined ? 'Created' : 'Overwrote'} ${path} (${content.length} characters)`;
  }

  /**
   * Copy or move. Into a folder when the destination is an existing folder or is written with a trailing
   * "/" (the folder is then created); otherwise the destination is the new name.
   */
  private transfer(source: string, rawDestination: string, move: boolean): string {
    const verb = move ? 'move' : 'copy';
    if (source === ROOT) fail(`cannot ${verb} the working folder itself`);
    if (!this.exists(source)) fail(`no such file or folder: ${source}`);
    const into = /[/\\]\s*$/.test(rawDestination) || this.isFolder(normalized(rawDestination));
    const destination = into ? normalized(posix.join(normalized(rawDestination), posix.basename(source))) : normalized(rawDestination);
    if (destination === source) fail(`cannot ${verb} ${source} onto itself`);
    this.checkParents(destination);
    if (this.files.has(source)) {
      if (this.isFolder(destination)) fail(`${destination} is a folder; cannot replace it with a file`);
      const content = this.files.get(source) ?? '';
      this.put(destination, content);
      if (move) this.remove(source);
      return `${move ? 'Moved' : 'Copied'} ${source} to ${destination}`;
    }
    if (isInside(destination, source)) fail(`cannot ${verb} ${source} into itself`);
    if (this.files.has(destination)) fail(`${destination} is a file; cannot replace it with a folder`);
    const files = this.filesUnder(source);
    const empty = [...this.emptyFolders].filter((folder) => folder === source || isInside(folder, source));
    for (const file of files) this.put(`${destination}${file.slice(source.length)}`, this.files.get(file) ?? '');
    for (const folder of empty) if (!this.isFolder(`${destination}${folder.slice(source.length)}`)) this.emptyFolders.add(`${destination}${folder.slice(source.length)}`);
    if (files.length === 0) this.emptyFolders.add(destination);
    if (move) {
      for (const file of files) this.files.delete(file);
      for (const folder of empty) this.emptyFolders.delete(folder);
      const parent = posix.dirname(source);
      if (parent !== '.' && parent !== '/' && !this.isFolder(parent)) this.emptyFolders.add(parent);
    }
    return `${move ? 'Moved' : 'Copied'} folder ${source} (${files.length} file${files.length === 1 ? '' : 's'}) to ${destination}`;
  }

  private delete(path: string, recursive: boolean): string {
    if (this.files.has(path)) {
      this.remove(path);
      return `Deleted ${path}`;
    }
    if (path === ROOT) fail('cannot delete the working folder');
    if (!this.isFolder(path)) fail(`no such file or folder: ${path}`);
    const files = this.filesUnder(path);
    const nested = [...this.emptyFolders].filter((folder) => isInside(folder, path));
    if ((files.length > 0 || nested.length > 0) && !recursive) fail(`${path} is a folder that is not empty; pass recursive to delete it with its contents`);
    for (const file of files) this.files.delete(file);
    for (const folder of [...nested, path]) this.emptyFolders.delete(folder);
    const parent = posix.dirname(path);
    if (parent !== '.' && parent !== '/' && !this.isFolder(parent)) this.emptyFolders.add(parent);
    return `Deleted folder ${path}${files.length > 0 ? ` and the ${files.length} file${files.length === 1 ? '' : 's'} in it` : ''}`;
  }

  private makeFolder(path: string): string {
    if (this.files.has(path)) fail(`${path} is a file`);
    if (this.isFolder(path)) return `Folder ${path} already exists`;
    this.checkParents(path);
    this.emptyFolders.add(path);
    for (const parent of parentsOf(path)) this.emptyFolders.delete(parent);
    return `Created folder ${path}`;
  }

  snapshot(): { files: Record<string, string>; folders: string[] } {
    const folders = new Set(this.emptyFolders);
    for (const path of [...this.files.keys(), ...this.emptyFolders]) for (const parent of parentsOf(path)) folders.add(parent);
    const files = Object.fromEntries([...this.files.entries()].sort(([a], [b]) => byPath(a, b)));
    return { files, folders: [...folders].sort(byPath) };
  }

  dispose(): void {
    this.files.clear();
    this.emptyFolders.clear();
  }
}
