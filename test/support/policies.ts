/** A workspace policy: back up every file in temp/ before deleting it (used by the CLI and host tests). */
export const BACKUP_TEMP_POLICY = `rules:
  - id: backup-temp
    kind: prerequisite
    trigger: [delete]
    scope: { paths: ["temp/**"] }
    requires: [backup]
    statement: Back up every file in temp/ before deleting it.
`;
