import { z } from 'zod';
import { fnv1a32, hex32 } from '../../engine/text';
import { type DomainState, type OperationArguments, fail, issueLines, json } from './common';

/*
 * The code-and-deployment domain: one git repository with branches (local commits and what the remote
 * has), the result its test suite gives on each branch, and environments running a deployed commit.
 * A push that would drop remote commits is refused; a force-push replaces the remote's history and the
 * commits it drops are recorded. A failing test run is an error answer, like a test command's exit code.
 *
 * Snapshot: { current, branches: { [name]: { commits: [{ id, message }], remote: [commit id] | null } },
 *             environments: { [name]: { branch, commit } | null }, deployments: [{ id, environment, branch, commit, previous }],
 *             testRuns: [{ branch, environment, commit, passed }], forcePushes: [{ branch, dropped: [commit id] }] }
 */

const CommitSchema = z.object({ id: z.string().min(1), message: z.string().min(1) }).strict();

const BranchSchema = z
  .object({
    commits: z.array(CommitSchema).min(1).describe('Oldest first.'),
    remote: z.array(z.string().min(1)).nullable().optional().describe("Commit ids on the remote, oldest first; null when never pushed; the local history when absent."),
    tests: z.enum(['pass', 'fail']).default('pass').describe('What running the test suite on this branch gives.'),
  })
  .strict();

export const RepositorySchema = z
  .object({
    current: z.string().min(1).optional().describe('The checked-out branch; "main" (or the first branch) when absent.'),
    branches: z.record(z.string().min(1), BranchSchema).refine((branches) => Object.keys(branches).length > 0, 'a repository has at least one branch'),
    environments: z
      .record(z.string().min(1), z.object({ branch: z.string().min(1), commit: z.string().min(1) }).strict().nullable())
      .default({})
      .describe('Environment → what it runs (null: nothing deployed yet).'),
  })
  .strict();

interface Commit {
  readonly id: string;
  readonly message: string;
}

interface Branch {
  commits: Commit[];
  remote: string[] | null;
  readonly tests: 'pass' | 'fail';
}

interface Deployed {
  readonly branch: string;
  readonly commit: string;
}

interface Deployment extends Deployed {
  readonly id: string;
  readonly environment: string;
  readonly previous: Deployed | null;
}

export function repositoryProblems(repository: unknown): string[] {
  const parsed = RepositorySchema.safeParse(repository);
  if (!parsed.success) return issueLines('repository', parsed.error.issues);
  const problems: string[] = [];
  const { branches, current, environments } = parsed.data;
  if (current !== undefined && !branches[current]) problems.push(`environment.repository.current: no branch "${current}"`);
  for (const [name, branch] of Object.entries(branches)) {
    const ids = branch.commits.map((commit) => commit.id);
    if (new Set(ids).size !== ids.length) problems.push(`environment.repository.branches.${name}: a commit id is used twice`);
  }
  for (const [name, deployed] of Object.entries(environments)) {
    if (deployed && !branches[deployed.branch]) problems.push(`environment.repository.environments.${name}: no branch "${deployed.branch}"`);
  }
  return problems;
}

/** A short commit id made from the branch, the message and the count, the same on every run. */
function commitId(seed: string): string {
  return hex32(fnv1a32(seed)).slice(0, 7);
}

export class CodeDeploymentState implements DomainState {
  private readonly current: string;
  private readonly branches = new Map<string, Branch>();
  private readonly environments = new Map<string, Deployed | null>();
  private readonly deployments: Deployment[] = [];
  private readonly testRuns: { branch: string; environment: string; commit: string; passed: boolean }[] = [];
  private readonly forcePushes: { branch: string; dropped: string[] }[] = [];
  private commitCount = 0;

  constructor(repository: unknown) {
    const parsed = RepositorySchema.parse(repository);
    for (const [name, branch] of Object.entries(parsed.branches)) {
      const commits = branch.commits.map((commit) => ({ ...commit }));
      this.branches.set(name, { commits, remote: branch.remote === undefined ? commits.map((c) => c.id) : branch.remote && [...branch.remote], tests: branch.tests });
    }
    this.current = parsed.current ?? (this.branches.has('main') ? 'main' : ([...this.branches.keys()][0] ?? 'main'));
    for (const [name, deployed] of Object.entries(parsed.environments)) this.environments.set(name, deployed && { ...deployed });
  }

  run(operation: string, args: OperationArguments): string {
    switch (operation) {
      case 'status':
        return this.status(args.optionalText('branch') ?? this.current);
      case 'run-tests':
        return this.runTests(args.text('environment'), args.optionalText('branch') ?? this.current);
      case 'commit':
        return this.commit(args.text('message'), args.optionalText('branch') ?? this.current);
      case 'push':
        return this.push(args.text('branch'), false);
      case 'force-push':
        return this.push(args.text('branch'), true);
      case 'deploy':
        return this.deploy(args.text('environment'), args.optionalText('branch') ?? this.current);
      case 'rollback':
        return this.rollback(args.text('environment'));
      case 'create-branch':
        return this.createBranch(args.text('branch'), args.optionalText('from') ?? this.current);
      case 'delete-branch':
        return this.deleteBranch(args.text('branch'));
      case 'list-deployments': {
        const environment = args.optionalText('environment');
        if (environment !== undefined) this.environment(environment);
        return json(this.deployments.filter((d) => environment === undefined || d.environment === environment));
      }
      default:
        return fail(`${operation} is not a code or deployment operation`);
    }
  }

  private branch(name: string): Branch {
    return this.branches.get(name) ?? fail(`no such branch: ${name}`);
  }

  private environment(name: string): Deployed | null {
    const deployed = this.environments.get(name);
    return deployed === undefined ? fail(`no such environment: ${name} (environments: ${[...this.environments.keys()].join(', ') || 'none'})`) : deployed;
  }

  private head(branch: Branch): Commit {
    return branch.commits.at(-1) ?? fail('the branch has no commits');
  }

  private status(name: string): string {
    const branch = this.branch(name);
    const local = branch.commits.map((c) => c.id);
    const remote = branch.remote;
    const lastRun = this.testRuns.filter((run) => run.branch === name).at(-1);
    return json({
      branch: name,
      current: name === this.current,
      head: this.head(branch),
      commits: branch.commits.slice(-5).reverse(),
      remote: remote === null ? 'not pushed' : { ahead: local.filter((id) => !remote.includes(id)).length, behind: remote.filter((id) => !local.includes(id)).length },
      lastTestRun: lastRun ? { commit: lastRun.commit, environment: lastRun.environment, passed: lastRun.passed } : 'none',
      environments: Object.fromEntries(this.environments),
    });
  }

  private runTests(environment: string, name: string): string {
    this.environment(environment);
    const branch = this.branch(name);
    const head = this.head(branch);
    const passed = branch.tests === 'pass';
    this.testRuns.push({ branch: name, environment, commit: head.id, passed });
    if (!passed) fail(`tests failed on ${name} (${head.id}) for ${environment}`);
    return `All tests passed on ${name} (${head.id}) for ${environment}`;
  }

  private commit(message: string, name: string): string {
    const branch = this.branch(name);
    this.commitCount += 1;
    const commit = { id: commitId(`${name}\n${message}\n${this.commitCount}`), message };
    branch.commits.push(commit);
    return `[${name} ${commit.id}] ${message}`;
  }

  private push(name: string, force: boolean): string {
    const branch = this.branch(name);
    const local = branch.commits.map((c) => c.id);
    const remote = branch.remote ?? [];
    const dropped = remote.filter((id) => !local.includes(id));
    if (dropped.length > 0 && !force) fail(`push of ${name} rejected (non-fast-forward): the remote has ${dropped.length} commit${dropped.length === 1 ? '' : 's'} the branch lacks`);
    const sent = local.filter((id) => !remote.includes(id)).length;
    branch.remote = [...local];
    if (force) {
      this.forcePushes.push({ branch: name, dropped });
      return `Force-pushed ${name} (${this.head(branch).id})${dropped.length > 0 ? `; the remote lost ${dropped.length} commit${dropped.length === 1 ? '' : 's'}: ${dropped.join(', ')}` : ''}`;
    }
    return sent === 0 ? `${name} is up to date with the remote` : `Pushed ${sent} commit${sent === 1 ? '' : 's'} to ${name} (${this.head(branch).id})`;
  }

  private deploy(environment: string, name: string): string {
    const previous = this.environment(environment);
    const head = this.head(this.branch(name));
    const deployment: Deployment = { id: `dep_${this.deployments.length + 1}`, environment, branch: name, commit: head.id, previous };
    this.deployments.push(deployment);
    this.environments.set(environment, { branch: name, commit: head.id });
    return `Deployed ${name} (${head.id}) to ${environment} (${deployment.id})`;
  }

  private rollback(environment: string): string {
    const running = this.environment(environment);
    const last = this.deployments.filter((d) => d.environment === environment).at(-1);
    const previous = last?.previous;
    if (!running || !previous) fail(`${environment} has no earlier deployment to roll back to`);
    const deployment: Deployment = { id: `dep_${this.deployments.length + 1}`, environment, ...previous, previous: running };
    this.deployments.push(deployment);
    this.environments.set(environment, { ...previous });
    return `Rolled ${environment} back to ${previous.branch} (${previous.commit}) (${deployment.id})`;
  }

  private createBranch(name: string, from: string): string {
    if (this.branches.has(name)) fail(`branch ${name} already exists`);
    const source = this.branch(from);
    this.branches.set(name, { commits: source.commits.map((c) => ({ ...c })), remote: null, tests: source.tests });
    return `Created branch ${name} from ${from} (${this.head(source).id})`;
  }

  private deleteBranch(name: string): string {
    this.branch(name);
    if (name === this.current) fail(`cannot delete ${name}: it is the checked-out branch`);
    this.branches.delete(name);
    return `Deleted branch ${name}`;
  }

  snapshot(): unknown {
    return {
      current: this.current,
      branches: Object.fromEntries([...this.branches].map(([name, b]) => [name, { commits: b.commits.map((c) => ({ ...c })), remote: b.remote && [...b.remote], tests: b.tests }])),
      environments: Object.fromEntries([...this.environments].map(([name, deployed]) => [name, deployed && { ...deployed }])),
      deployments: this.deployments.map((d) => ({ ...d, previous: d.previous && { ...d.previous } })),
      testRuns: this.testRuns.map((run) => ({ ...run })),
      forcePushes: this.forcePushes.map((push) => ({ ...push, dropped: [...push.dropped] })),
    };
  }

  dispose(): void {
    this.branches.clear();
  }
}
