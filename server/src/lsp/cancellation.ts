import { type ConnectionStrategy, LSPErrorCodes, Message, type ResponseMessage } from 'vscode-languageserver/node';
import { LedgerRequest } from '../../../shared/protocol';

/** Requests that only read: once cancelled, nobody wants their answer. */
const DROPPABLE = new Set([
  'textDocument/hover',
  'textDocument/codeAction',
  'codeAction/resolve',
  'textDocument/documentSymbol',
  'textDocument/definition',
  'textDocument/references',
  'textDocument/semanticTokens/full',
  'textDocument/inlayHint',
  LedgerRequest.method,
]);

/**
 * As vscode-eslint does: a read-only request cancelled while still queued is answered "cancelled"
 * at once and never dispatched, so a burst of stale hovers and code actions costs nothing.
 */
export const dropCancelledRequests: ConnectionStrategy = {
  cancelUndispatched: (message: Message): ResponseMessage | undefined =>
    Message.isRequest(message) && DROPPABLE.has(message.method)
      ? { jsonrpc: message.jsonrpc, id: message.id, error: { code: LSPErrorCodes.RequestCancelled, message: 'cancelled before it was handled' } }
      : undefined,
};
