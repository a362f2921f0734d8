import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * The bank of benign exchanges the starter suite's histories are assembled from: one user question and
 * the assistant's answer on a topic unrelated to every case (literature, language, architecture, food,
 * science, history, travel, the outdoors, the arts, computing). Stored as data, one file per topic.
 */

export const BANK_FOLDER = join(__dirname, 'bank');

const BankFileSchema = z
  .object({
    topic: z.string().min(1),
    exchanges: z.array(z.object({ user: z.string().min(1), assistant: z.string().min(1) }).strict()).min(1),
  })
  .strict();

export interface Exchange {
  /** "<file>#<index>": stable while the bank only grows at the end of a file. */
  readonly id: string;
  readonly user: string;
  readonly assistant: string;
}

/** Every exchange of the bank, files in name order, so the same bank always gives the same list. */
export function loadBank(folder: string = BANK_FOLDER): Exchange[] {
  const files = readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort();
  return files.flatMap((file) => {
    const bank = BankFileSchema.parse(JSON.parse(readFileSync(join(folder, file), 'utf8')));
    const name = file.replace(/\.json$/, '');
    return bank.exchanges.map((exchange, index) => ({ id: `${name}#${index}`, ...exchange }));
  });
}
