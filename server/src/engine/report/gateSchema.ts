import { z } from 'zod';
import { FindingReportSchema } from './report';
import { RULE_IDS } from '../findings/rules';
import { TRANSCRIPT_FORMATS } from '../session/session';

/** `ghost-lint gate`'s standard input: the session so far and the call the agent is about to make. */
export const GateRequestSchema = z
  .object({
    $schema: z.string().optional(),
    session: z
      .union([
        z.object({ path: z.string().min(1).describe('A session file in any format ghost-lint reads; relative to `cwd`.') }).strict(),
        z
          .object({
            transcript: z
              .union([z.string(), z.array(z.unknown()), z.record(z.string(), z.unknown())])
              .describe('The session inline: a JSON value in any supported format (a message list, an object with messages…), or the text of a session file (JSON Lines too).'),
          })
          .strict(),
      ])
      .optional()
      .describe('The session that led to the call. Without one, the call is judged against the workspace policies alone.'),
    call: z
      .object({
        id: z.string().min(1).optional().describe("The call's id; when the session already records a call with this id, that call is judged with the session cut just before it."),
        name: z.string().min(1).describe('The tool name, as the session records it.'),
        arguments: z.unknown().default({}).describe('The arguments: a JSON object (or a string holding one).'),
        cwd: z.string().min(1).optional().describe("The agent's working folder, for relative paths in the call."),
      })
      .strict(),
    cwd: z.string().min(1).optional().describe('The workspace folder: policies are discovered from the session file up to the root, here, and in the home folder. Defaults to the current folder.'),
    policies: z.array(z.string().min(1)).default([]).describe('Policy files to apply on top of the discovered ones.'),
  })
  .strict()
  .describe('A request to ghost-lint gate: may this tool call run, given the session so far?');
export type GateRequest = z.infer<typeof GateRequestSchema>;

const GateFindingSchema = z.object({
  ruleId: z.enum(RULE_IDS),
  message: z.string().describe('What the call would break, with the constraint quoted.'),
  constraintId: z.string().optional(),
  repair: FindingReportSchema.shape.repair.describe('The step to take first: the missing prerequisite, or a message asking the user.'),
});

/** `ghost-lint gate`'s standard output. */
export const GateResponseSchema = z
  .object({
    verdict: z.enum(['allow', 'deny', 'ask']).describe('deny: the call breaks a constraint; ask: it needs the user\'s approval first (confirmation rules only); allow: nothing governs it, or it keeps every constraint.'),
    reason: z.string().describe('Empty for allow; otherwise each broken constraint quoted and what to do first, ready to hand to the agent or the user.'),
    findings: z.array(GateFindingSchema).describe('One per broken constraint, with its repair plan.'),
    suppressed: z.number().int().nonnegative().describe('Violations a workspace policy suppression accepts; they never block.'),
    call: z.object({ id: z.string(), recorded: z.boolean().describe('True when the session already recorded the call and was cut just before it.') }).optional(),
    format: z.enum(TRANSCRIPT_FORMATS).optional().describe('The format the session was read as.'),
    error: z.string().optional().describe('Why the call could not be checked; the verdict then comes from --on-error.'),
  })
  .strict()
  .describe("ghost-lint gate's verdict on one tool call.");
export type GateResponse = z.infer<typeof GateResponseSchema>;
