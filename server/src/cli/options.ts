import { parseArgs } from 'node:util';
import { z } from 'zod';

export const CheckOptionsSchema = z.object({
  paths: z.array(z.string().min(1)).min(1, 'give at least one file or folder to check'),
  format: z.enum(['text', 'json', 'sarif']).default('text'),
  output: z.string().min(1).optional(),
  baseline: z.string().min(1).optional(),
  policy: z.array(z.string().min(1)).default([]),
});
export type CheckOptions = z.infer<typeof CheckOptionsSchema>;

export class UsageError extends Error {}

export const USAGE = `Usage: ghost-lint check [PATH…] [--format text|json|sarif] [--output FILE] [--policy FILE] [--baseline FILE]

Checks agent transcripts (files, or folders searched recursively) for tool calls that break
constraints stated earlier in the session.

Options:
  --format text|json|sarif  output format (default: text)
  --output FILE             write the report to FILE instead of standard output
  --policy FILE             add a workspace policy (.ghost-lint.json/.yaml) to the ones discovered
                            next to each transcript, up its folders, here, and in your home folder
  --baseline FILE           report only results not in this earlier SARIF file
  -h, --help                show this help
  -v, --version             print the version

Exit codes: 0 no error or warning results; 1 at least one; 2 usage or input error.`;

function zodMessage(error: z.ZodError): string {
  return error.issues.map((issue) => (issue.path.length > 0 ? `--${issue.path.join('.')}: ${issue.message}` : issue.message)).join('; ');
}

export type Command = { kind: 'help' } | { kind: 'version' } | { kind: 'check'; options: CheckOptions };

/** Parses argv (without node and script) into a command; throws UsageError with a readable message. */
export function parseCommand(argv: readonly string[]): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        format: { type: 'string', short: 'f' },
        output: { type: 'string', short: 'o' },
        baseline: { type: 'string' },
        policy: { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };
  const [command, ...paths] = positionals;
  if (command === undefined) throw new UsageError('missing command: ghost-lint check PATH…');
  if (command !== 'check') throw new UsageError(`unknown command "${command}"; the command is: check`);
  const result = CheckOptionsSchema.safeParse({ paths, format: values.format, output: values.output, baseline: values.baseline, policy: values.policy });
  if (!result.success) throw new UsageError(zodMessage(result.error));
  return { kind: 'check', options: result.data };
}
