import { z } from 'zod';
import { TargetKindSchema, VerbSchema } from '../actions/actions';

// Marked pure so a bundle that never validates (the live guard's) leaves the schema, and zod, out.
/**
 * An effect declared for a tool by a policy or case file: calling `tool` does `verb` to the target
 * named by the argument at `targetArgument` (a dotted path; `to[]` for every element of a list).
 */
export const DeclaredEffectSchema = /* @__PURE__ */ z
  .object({
    tool: z.string().min(1).describe('Tool name as it appears in transcripts.'),
    verb: VerbSchema,
    targetKind: TargetKindSchema,
    targetArgument: z.string().min(1).optional().describe('Dotted path of the argument naming the target; "to[]" for each element of a list.'),
    amountArgument: z.string().min(1).optional().describe('Dotted path of the argument holding an amount.'),
  })
  .strict();
export type DeclaredEffect = z.infer<typeof DeclaredEffectSchema>;
