/** Names of a workspace policy file, in the order one folder's are tried. Kept apart from the policy parser so the live hook can look for them without loading it. */
export const POLICY_FILE_NAMES = ['.ghost-lint.json', '.ghost-lint.yaml', '.ghost-lint.yml'] as const;
