import { z } from 'zod';
import { type CheckReport, CheckReportSchema, LocationSchema } from '../engine/report';

/** What `check --model` adds to the report: the endpoint, and what the model proposed, was refused or failed. */
export const ModelSectionSchema = z.object({
  endpoint: z.object({ baseUrl: z.string(), model: z.string() }),
  requests: z.number().int().nonnegative().describe('Requests sent (retries not counted).'),
  cached: z.number().int().nonnegative().describe('Answers taken from the answer cache instead of the endpoint.'),
  redacted: z.number().int().nonnegative().describe('Secrets removed from the messages before sending.'),
  constraints: z
    .array(
      z.object({
        path: z.string(),
        entry: z.string().optional(),
        sessionId: z.string().optional(),
        constraintId: z.string().describe('The id the findings name this constraint by (it starts with "model-").'),
        turn: z.number().int().nonnegative(),
        location: LocationSchema.describe('The sentence the model quoted, or its whole message when the quote was not found.'),
        sentence: z.string(),
        rule: z.string().describe('The compiled rule in words.'),
      }),
    )
    .describe('Constraints that came from the model; the auditor treated them like any other.'),
  dropped: z.array(z.object({ path: z.string(), turn: z.number().int().optional(), reason: z.string() })).describe('Proposed rules that failed validation, and why.'),
  failures: z.array(z.object({ path: z.string(), kind: z.string(), message: z.string(), turns: z.array(z.number().int()) })).describe('Requests with no usable answer: their messages were analysed deterministically only.'),
});
export type ModelSection = z.infer<typeof ModelSectionSchema>;

export const ModelCheckReportSchema = CheckReportSchema.extend({ model: ModelSectionSchema }).describe('Output of `ghost-lint check --model --format json`.');
export type ModelCheckReport = CheckReport & { model: ModelSection };

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The model section of the text report. */
export function formatModelSection(section: ModelSection): string {
  const lines = [
    `Model ${section.endpoint.model} at ${section.endpoint.baseUrl}: ${plural(section.requests, 'request')}, ${section.cached} from the cache, ${plural(section.redacted, 'secret')} redacted before sending`,
  ];
  if (section.constraints.length > 0) lines.push('  constraints from the model:');
  for (const c of section.constraints) lines.push(`    ${c.path}:${c.location.startLine}:${c.location.startColumn}  ${c.constraintId}  ${c.rule}  "${c.sentence}"`);
  if (section.dropped.length > 0) lines.push('  proposals dropped:');
  for (const d of section.dropped) lines.push(`    ${d.path}${d.turn !== undefined ? ` turn ${d.turn}` : ''}: ${d.reason}`);
  if (section.failures.length > 0) lines.push('  requests that failed (those messages were analysed deterministically only):');
  for (const f of section.failures) lines.push(`    ${f.path} turns ${f.turns.join(', ')}: ${f.kind}: ${f.message}`);
  return `${lines.join('\n')}\n`;
}
