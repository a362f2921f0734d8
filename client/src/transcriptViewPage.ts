/**
 * The transcript view's page: one script (dist/transcriptView.js, built from client/webview) and one
 * style block, both admitted by a nonce under a content security policy that allows nothing else:
 * no network, no inline handlers, no frames. Colours are the theme's, through VS Code's variables.
 */

export interface PageOptions {
  readonly nonce: string;
  /** The webview URI of dist/transcriptView.js. */
  readonly scriptUri: string;
  /** The webview's own source (`webview.cspSource`), the only origin a script may come from. */
  readonly cspSource: string;
  readonly title: string;
}

const STYLE = `
body { padding: 0; margin: 0; color: var(--vscode-foreground); background: var(--vscode-editor-background); font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); }
header { position: sticky; top: 0; z-index: 2; padding: 6px 14px; background: var(--vscode-editor-background); border-bottom: 1px solid var(--vscode-panel-border, transparent); display: flex; gap: 10px; align-items: baseline; flex-wrap: wrap; }
header h1 { font-size: 1.05em; margin: 0; font-weight: 600; }
header .meta { color: var(--vscode-descriptionForeground); }
header .verdict { font: inherit; color: inherit; background: none; border: none; padding: 0; cursor: pointer; }
header .verdict:disabled { cursor: default; }
header .verdict.violations { color: var(--vscode-errorForeground); text-decoration: underline dotted; }
.notice { padding: 6px 14px; color: var(--vscode-editorWarning-foreground); }
#list { padding: 4px 14px 40px; }
.chunk { contain: content; }
.session { margin: 10px 0 4px; font-weight: 600; color: var(--vscode-descriptionForeground); }
.turn { border-left: 3px solid transparent; padding: 4px 8px; margin: 2px 0; cursor: pointer; border-radius: 2px; }
.turn:hover { background: var(--vscode-list-hoverBackground); }
.turn.current { background: var(--vscode-editor-lineHighlightBackground, var(--vscode-list-inactiveSelectionBackground)); outline: 1px solid var(--vscode-focusBorder); }
.turn.user { border-left-color: var(--vscode-charts-blue, #3794ff); }
.turn.assistant { border-left-color: var(--vscode-charts-purple, #b180d7); }
.turn.tool { border-left-color: var(--vscode-charts-green, #89d185); }
.turn.system, .turn.developer { border-left-color: var(--vscode-charts-orange, #d18616); }
.turn.subagent { margin-left: 22px; border-left-style: dashed; }
.who { font-size: 0.85em; color: var(--vscode-descriptionForeground); margin-bottom: 2px; }
.who .badge { padding: 0 5px; border-radius: 8px; background: var(--vscode-badge-background); color: var(--vscode-badge-foreground); margin-left: 6px; }
.text { white-space: pre-wrap; overflow-wrap: anywhere; line-height: 1.4; }
.boundary { text-align: center; color: var(--vscode-descriptionForeground); border-top: 1px dashed var(--vscode-descriptionForeground); margin: 10px 0 2px; padding-top: 2px; font-size: 0.85em; }
mark.constraint { background: var(--vscode-editor-findMatchHighlightBackground); color: inherit; border-bottom: 2px solid var(--vscode-charts-yellow, #cca700); cursor: pointer; }
mark.constraint.violated { border-bottom-color: var(--vscode-errorForeground); }
mark.constraint.ended { text-decoration: line-through; opacity: 0.75; }
.call { margin: 4px 0 2px 0; padding: 4px 8px; border: 1px solid var(--vscode-panel-border, var(--vscode-widget-border, #8884)); border-radius: 3px; background: var(--vscode-textCodeBlock-background); }
.call.violating { border-color: var(--vscode-errorForeground); }
.call .name { font-family: var(--vscode-editor-font-family); font-weight: 600; }
.call .status { margin-left: 6px; color: var(--vscode-descriptionForeground); }
.call .status.error { color: var(--vscode-errorForeground); }
pre { margin: 2px 0; white-space: pre-wrap; overflow-wrap: anywhere; font-family: var(--vscode-editor-font-family); font-size: var(--vscode-editor-font-size); }
summary { cursor: pointer; color: var(--vscode-textLink-foreground); }
.finding { margin: 4px 0; padding: 4px 8px; border-left: 3px solid var(--vscode-errorForeground); background: var(--vscode-inputValidation-errorBackground, transparent); }
.finding.warning { border-left-color: var(--vscode-editorWarning-foreground); background: var(--vscode-inputValidation-warningBackground, transparent); }
.finding.note { border-left-color: var(--vscode-editorInfo-foreground); background: transparent; }
.finding .rule { font-weight: 600; }
.finding .message { white-space: pre-wrap; }
.finding .broken { color: var(--vscode-descriptionForeground); cursor: pointer; }
.finding .broken q { color: var(--vscode-foreground); }
button.fix { margin-top: 4px; color: var(--vscode-button-foreground); background: var(--vscode-button-background); border: none; padding: 2px 8px; cursor: pointer; font-family: inherit; }
button.fix:hover { background: var(--vscode-button-hoverBackground); }
.more { color: var(--vscode-descriptionForeground); font-style: italic; }
`;

export function transcriptViewPage(options: PageOptions): string {
  const csp = [`default-src 'none'`, `style-src 'nonce-${options.nonce}'`, `script-src 'nonce-${options.nonce}' ${options.cspSource}`, `img-src ${options.cspSource}`].join('; ');
  const title = options.title.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${title}</title>
<style nonce="${options.nonce}">${STYLE}</style>
</head>
<body>
<header><h1 id="title">${title}</h1><span class="meta" id="meta">reading…</span><button class="verdict" id="verdict" title="Go to the next call with a finding"></button></header>
<div id="notice" class="notice" hidden></div>
<main id="list" aria-label="Conversation"></main>
<script nonce="${options.nonce}" src="${options.scriptUri}"></script>
</body>
</html>`;
}
