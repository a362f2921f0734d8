/** The extension's command and view ids, in one place: package.json declares the same (a test checks). */
export const COMMANDS = {
  auditFile: 'ghostLint.auditFile',
  auditWorkspace: 'ghostLint.auditWorkspace',
  exportReport: 'ghostLint.exportReport',
  showLedger: 'ghostLint.showLedger',
  openTranscriptView: 'ghostLint.openTranscriptView',
  installLiveGuard: 'ghostLint.installLiveGuard',
  openRuleDocumentation: 'ghostLint.openRuleDocumentation',
  refreshSessions: 'ghostLint.sessions.refresh',
  addSessionFolder: 'ghostLint.sessions.addFolder',
  removeSessionFolder: 'ghostLint.sessions.removeFolder',
  openSession: 'ghostLint.sessions.open',
  /** Opens a location the server gave (a sentence, a call, a policy rule). */
  revealLocation: 'ghostLint.revealLocation',
  runBenchmark: 'ghostLint.runBenchmark',
  exportBenchmarkReport: 'ghostLint.exportBenchmarkReport',
  setModelApiKey: 'ghostLint.setModelApiKey',
  clearModelApiKey: 'ghostLint.clearModelApiKey',
  newCase: 'ghostLint.newCase',
  showOutput: 'ghostLint.showOutput',
  restartServer: 'ghostLint.restartServer',
} as const;

/** Commands that need an argument from a view: declared, but hidden from the palette. */
export const VIEW_ONLY_COMMANDS: readonly string[] = [COMMANDS.removeSessionFolder, COMMANDS.openSession, COMMANDS.revealLocation];

export const VIEWS = {
  container: 'ghostLint',
  sessions: 'ghostLint.sessions',
  constraints: 'ghostLint.constraints',
} as const;
