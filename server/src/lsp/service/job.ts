/** Thrown at a checkpoint when the job was cancelled: its result is no longer wanted. */
export class Cancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

/** What a running job may do besides its work. */
export interface JobContext {
  /** Throws `Cancelled` once the job is cancelled; called between steps of long work. */
  checkpoint(): void;
  /** Reports progress of a long job (one report per file of a workspace audit). */
  progress(report: { readonly message: string; readonly percentage: number }): void;
}
