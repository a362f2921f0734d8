import type { LanguageService } from './languageService';

/** The language service's methods, callable across the worker boundary. */
export type ServiceMethod = {
  [M in keyof LanguageService]: LanguageService[M] extends (...args: never[]) => unknown ? M : never;
}[keyof LanguageService];

export type ServiceParams<M extends ServiceMethod> = Parameters<LanguageService[M]>[0];
export type ServiceResult<M extends ServiceMethod> = Awaited<ReturnType<LanguageService[M]>>;

export interface ServiceRequest {
  readonly id: number;
  readonly method: ServiceMethod;
  readonly params: unknown;
}

/** A reply: the result, a progress report on the way, a cancellation, or a failure with its stack. */
export type ServiceReply =
  | { readonly id: number; readonly result: unknown }
  | { readonly id: number; readonly progress: { readonly message: string; readonly percentage: number } }
  | { readonly id: number; readonly cancelled: true }
  | { readonly id: number; readonly error: string };

/** Marks the worker thread the server starts for its language service. */
export const WORKER_ROLE = 'ghost-lint-language-service';

export interface WorkerData {
  readonly role: typeof WORKER_ROLE;
  /** One Int32: the id of the job the server wants stopped. */
  readonly cancel: SharedArrayBuffer;
}
