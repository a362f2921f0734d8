/**
 * Checks that a byte stream is nothing but Language Server Protocol messages: header lines
 * (`Content-Length`, optionally `Content-Type`) ending in a blank line, then exactly that many bytes
 * of one JSON-RPC 2.0 message. Fed the server's stdout chunk by chunk; records the first thing that
 * is not protocol (a stray log line, a stack trace, a broken frame) and stops checking there.
 */
export class ProtocolStreamCheck {
  private chunks: Buffer[] = [];
  private buffered = 0;
  /** Body length of the frame whose header was read, while its body is still arriving. */
  private pendingBody?: number;
  /** The first thing on the stream that is not protocol, with the bytes around it. */
  problem?: string;
  /** Well-formed messages seen. */
  messages = 0;

  feed(chunk: Buffer): void {
    if (this.problem) return;
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    this.drain();
  }

  /** Bytes received but not yet a whole message: non-zero when the stream ended mid-frame. */
  get leftover(): number {
    return this.buffered;
  }

  private take(length: number): Buffer {
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.buffered);
    const taken = all.subarray(0, length);
    const rest = all.subarray(length);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.buffered = rest.length;
    return taken;
  }

  private peek(): Buffer {
    if (this.chunks.length > 1) this.chunks = [Buffer.concat(this.chunks, this.buffered)];
    return this.chunks[0] ?? Buffer.alloc(0);
  }

  private fail(what: string, bytes: Buffer): void {
    this.problem = `${what} after ${this.messages} messages: ${JSON.stringify(bytes.subarray(0, 200).toString('utf8'))}`;
  }

  private drain(): void {
    for (;;) {
      if (this.pendingBody === undefined) {
        const head = this.peek();
        // Every header this server writes starts so; a partial one is a prefix of it.
        if (!'Content-'.startsWith(head.subarray(0, 8).toString('latin1'))) return this.fail('not a message header', head);
        const end = head.indexOf('\r\n\r\n');
        if (end === -1) {
          if (head.length > 1024) this.fail('header without end', head);
          return;
        }
        const headers = this.take(end + 4).subarray(0, end).toString('latin1').split('\r\n');
        let length: number | undefined;
        for (const header of headers) {
          const match = /^(Content-Length|Content-Type): (.+)$/.exec(header);
          if (!match) return this.fail('not a protocol header', Buffer.from(header));
          if (match[1] === 'Content-Length') length = Number(match[2]);
        }
        if (length === undefined || !Number.isInteger(length) || length < 0) return this.fail('no valid Content-Length', Buffer.from(headers.join('\r\n')));
        this.pendingBody = length;
      }
      if (this.buffered < this.pendingBody) return;
      const body = this.take(this.pendingBody);
      this.pendingBody = undefined;
      let message: unknown;
      try {
        message = JSON.parse(body.toString('utf8'));
      } catch {
        return this.fail('a body that is not JSON', body);
      }
      if ((message as { jsonrpc?: unknown } | null)?.jsonrpc !== '2.0') return this.fail('a body that is not JSON-RPC 2.0', body);
      this.messages++;
    }
  }
}
