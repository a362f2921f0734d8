// Types for the parts of mvdan-sh (a GopherJS build of mvdan.cc/sh/v3/syntax) that binding uses.
// Field names follow the Go structs; a nil pointer arrives as null. Offsets are UTF-8 byte offsets.
declare module 'mvdan-sh' {
  export interface ShPos {
    Offset(): number;
  }

  export interface ShNode {
    Pos(): ShPos;
    End(): ShPos;
  }

  export interface ShFile extends ShNode {
    readonly Stmts: readonly ShStmt[];
  }

  export interface ShStmt extends ShNode {
    readonly Cmd: ShNode | null;
    readonly Redirs: readonly ShRedirect[];
  }

  export interface ShRedirect extends ShNode {
    /** A RedirOperator token: 54 `>`, 55 `>>`, 60 `>|`, 61 `<<` … (see shellSyntax.ts). */
    readonly Op: number;
    /** The descriptor written before the operator (`2` in `2>`), when there is one. */
    readonly N: ShLit | null;
    readonly Word: ShWord | null;
    readonly Hdoc: ShWord | null;
  }

  export interface ShCallExpr extends ShNode {
    readonly Args: readonly ShWord[];
  }

  export interface ShBinaryCmd extends ShNode {
    /** A BinCmdOperator token: 10 `&&`, 11 `||`, 12 `|`, 13 `|&`. */
    readonly Op: number;
    readonly X: ShStmt;
    readonly Y: ShStmt;
  }

  export interface ShIfClause extends ShNode {
    readonly Cond: readonly ShStmt[];
    readonly Then: readonly ShStmt[];
    /** `elif` or `else` (an IfClause with no Cond). */
    readonly Else: ShIfClause | null;
  }

  export interface ShWhileClause extends ShNode {
    readonly Cond: readonly ShStmt[];
    readonly Do: readonly ShStmt[];
  }

  export interface ShWord extends ShNode {
    readonly Parts: readonly ShNode[];
  }

  export interface ShLit extends ShNode {
    /** The literal as written in the source, escapes included. */
    readonly Value: string;
  }

  export interface ShSglQuoted extends ShNode {
    readonly Dollar: boolean;
    readonly Value: string;
  }

  export interface ShDblQuoted extends ShNode {
    readonly Parts: readonly ShNode[];
  }

  export interface ShParamExp extends ShNode {
    readonly Short: boolean;
    readonly Excl: boolean;
    readonly Length: boolean;
    readonly Width: boolean;
    readonly Param: ShLit | null;
    readonly Index: ShNode | null;
    readonly Slice: unknown;
    readonly Repl: unknown;
    readonly Exp: unknown;
  }

  export interface ShParser {
    /** Throws a ParseError object (with an Error() method) on a syntax error. */
    Parse(source: string, name: string): ShFile;
  }

  export const syntax: {
    NewParser(): ShParser;
    NodeType(node: ShNode): string;
    /** Visits node and its descendants depth-first; the visitor returns false to skip a node's children, and gets null after a node's children. */
    Walk(node: ShNode, visit: (node: ShNode | null) => boolean): void;
  };
}
