import type { Log, ReportingDescriptor, Result } from 'sarif';
import type { CheckReport, FileReport, FindingReport, Location } from './report';
import { RULES, ruleHelpUri } from '../findings/rules';

export const FINGERPRINT_KEY = 'ghostLint/v1';

/** A relative path as a SARIF URI: forward slashes, each segment percent-encoded. */
export function toSarifUri(path: string): string {
  return path
    .split(/[\\/]/)
    .map((segment) => encodeURIComponent(segment))
    .join('/');
}

function region(location: Location) {
  return { startLine: location.startLine, startColumn: location.startColumn, endLine: location.endLine, endColumn: location.endColumn };
}

function resultsOf(file: FileReport): Result[] {
  const uri = toSarifUri(file.path);
  return file.sessions.flatMap((session) => {
    // Locations inside a zip member have no lines in the zip itself: the member is named instead.
    const physical = (location: Location, path?: string) =>
      path !== undefined
        ? { artifactLocation: { uri: toSarifUri(path) }, region: region(location) }
        : { artifactLocation: { uri }, ...(session.entry === undefined && { region: region(location) }) };
    const result = (finding: FindingReport, suppressed?: { reason: string; policy: string }): Result => ({
      ruleId: finding.ruleId,
      ruleIndex: RULES.findIndex((r) => r.id === finding.ruleId),
      level: finding.level,
      message: { text: finding.message },
      locations: [{ physicalLocation: physical(finding.location) }],
      ...(finding.related.length > 0 && {
        relatedLocations: finding.related.map((r, id) => ({ id, message: { text: r.message }, physicalLocation: physical(r.location, r.path) })),
      }),
      partialFingerprints: { [FINGERPRINT_KEY]: finding.fingerprint },
      ...(suppressed && { suppressions: [{ kind: 'external' as const, justification: `${suppressed.reason} (${suppressed.policy})` }] }),
      properties: {
        format: session.format,
        ...(finding.callId !== undefined && { callId: finding.callId }),
        ...(finding.constraintId !== undefined && { constraintId: finding.constraintId }),
        ...(finding.repair && { repair: finding.repair }),
        ...(session.entry !== undefined && { entry: session.entry, line: finding.location.startLine }),
        ...(session.id !== undefined && { sessionId: session.id }),
      },
    });
    return [...session.findings.map((f) => result(f)), ...session.suppressed.map((s) => result(s, s))];
  });
}

/** SARIF 2.1.0 as GitHub code scanning reads it; URIs stay relative to the folder `check` ran in. */
export function toSarif(report: CheckReport): Log {
  const rules: ReportingDescriptor[] = RULES.map((rule) => ({
    id: rule.id,
    name: rule.id.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase()),
    shortDescription: { text: rule.summary },
    fullDescription: { text: rule.summary },
    helpUri: ruleHelpUri(rule.id),
    help: { text: `${rule.summary} See ${ruleHelpUri(rule.id)}` },
    defaultConfiguration: { level: rule.level },
    properties: { tags: ['agent-safety'], precision: rule.id === 'transcript-problem' || rule.id === 'case-invalid' ? 'very-high' : 'high' },
  }));
  const inputErrors = report.files.filter((f) => f.status === 'input-error');
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'ghost-lint', version: report.tool.version, semanticVersion: report.tool.version, informationUri: 'https://github.com/ghost-lint/ghost-lint', rules } },
        columnKind: 'utf16CodeUnits',
        invocations: [
          {
            executionSuccessful: inputErrors.length === 0,
            toolExecutionNotifications: inputErrors.map((f) => ({
              level: 'error' as const,
              message: { text: `${f.path}: ${f.error ?? 'input error'}` },
              locations: [{ physicalLocation: { artifactLocation: { uri: toSarifUri(f.path) } } }],
            })),
          },
        ],
        results: report.files.flatMap(resultsOf),
      },
    ],
  };
}

/** The `ruleId/fingerprint` keys of an earlier SARIF log, for `--baseline`. */
export function baselineKeys(log: unknown): Set<string> {
  const keys = new Set<string>();
  const runs = (log as Log | undefined)?.runs;
  if (!Array.isArray(runs)) return keys;
  for (const run of runs) {
    for (const result of run.results ?? []) {
      const fingerprintValue = result.partialFingerprints?.[FINGERPRINT_KEY];
      if (result.ruleId && fingerprintValue) keys.add(`${result.ruleId}/${fingerprintValue}`);
    }
  }
  return keys;
}
