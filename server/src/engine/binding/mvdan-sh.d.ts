// Types for the parts of mvdan-sh (a GopherJS build of mvdan.cc/sh/v3/syntax) that binding uses.
// Field names follow the Go structs. The JS API converts a Go value on every property access; binding
// reads GopherJS's own objects instead (`__internal_object__`, see shellParser.ts), where nothing is
// converted: a nil pointer is its type's `nil`, a nil interface an object of no Go type, a slice a
// window on a shared array, a string a JS string of UTF-8 bytes, and Go methods are there to call.
declare module 'mvdan-sh' {
  /** A Go type as GopherJS represents it: the constructor of its values. */
  export interface GoType {
    /** The Go name, `*syntax.CallExpr` for a pointer to a syntax node. */
    readonly string?: string;
    /** The type's nil value (pointer types). */
    readonly nil?: unknown;
  }

  /** A Go pointer to a struct: the struct's fields by their Go names, and its methods. */
  export interface GoObject {
    readonly constructor: GoType;
    readonly [field: string]: unknown;
  }

  export interface GoPos {
    /** UTF-8 byte offset. */
    Offset(): number;
  }

  /** A syntax node (a Go pointer to one of the syntax structs). */
  export interface GoNode extends GoObject {
    Pos(): GoPos;
    End(): GoPos;
  }

  /** A Go slice: `$length` items of `$array` from `$offset`. */
  export interface GoSlice {
    readonly $array: readonly unknown[];
    readonly $offset: number;
    readonly $length: number;
  }

  export interface ShPos {
    Offset(): number;
  }

  /** A node as the JS API gives it: a wrapper that converts each field when it is read. */
  export interface ShNode {
    Pos(): ShPos;
    End(): ShPos;
    readonly [field: string]: unknown;
  }

  export interface ShFile extends ShNode {
    readonly __internal_object__: GoNode;
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
