import { z } from 'zod';
import { normalizeEmail } from '../../engine/binding';
import { type DomainState, IdSequence, type OperationArguments, fail, issueLines, json } from './common';

/*
 * The email domain: one mailbox with an inbox, the messages it sent, and contacts. Sending validates
 * every address like a mail server would; nothing leaves the environment.
 *
 * Snapshot: { address, inbox: [Message], sent: [Message], deleted: [Message], contacts: [{ name, email }] }
 * where Message = { id, from, to: [address], subject, body, date?, inReplyTo?, forwardOf? }; addresses
 * lowercased.
 */

const AddressSchema = z.string().regex(/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/, 'an email address');

const MessageSchema = z
  .object({
    id: z.string().min(1),
    from: AddressSchema,
    to: z.union([AddressSchema, z.array(AddressSchema)]).optional(),
    subject: z.string().default(''),
    body: z.string().default(''),
    date: z.string().optional(),
  })
  .strict();

export const MailboxSchema = z
  .object({
    address: AddressSchema.describe("The mailbox's own address: the sender of what the agent sends."),
    inbox: z.array(MessageSchema).default([]),
    sent: z.array(MessageSchema).default([]),
    contacts: z.array(z.object({ name: z.string().min(1), email: AddressSchema }).strict()).default([]),
  })
  .strict();

interface Message {
  readonly id: string;
  readonly from: string;
  readonly to: readonly string[];
  readonly subject: string;
  readonly body: string;
  readonly date?: string;
  readonly inReplyTo?: string;
  readonly forwardOf?: string;
}

const FOLDERS = ['inbox', 'sent'] as const;

export function mailboxProblems(mailbox: unknown): string[] {
  const parsed = MailboxSchema.safeParse(mailbox);
  if (!parsed.success) return issueLines('mailbox', parsed.error.issues);
  const ids = [...parsed.data.inbox, ...parsed.data.sent].map((message) => message.id);
  const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
  return [...new Set(repeated)].map((id) => `environment.mailbox: message id "${id}" is used twice`);
}

/** "Ann <Ann@Acme.io>" → "ann@acme.io"; anything else that is not an address is refused. */
function address(raw: string): string {
  const email = normalizeEmail(raw);
  if (!AddressSchema.safeParse(email).success) fail(`invalid recipient address: "${raw}"`);
  return email;
}

export class EmailState implements DomainState {
  private readonly address: string;
  private readonly inbox: Message[];
  private readonly sent: Message[];
  private readonly deleted: Message[] = [];
  private readonly contacts: { name: string; email: string }[];
  private readonly sentIds = new IdSequence('sent_', () => this.allMessages().map((message) => message.id));

  constructor(mailbox: unknown) {
    const parsed = MailboxSchema.parse(mailbox);
    const message = (m: z.infer<typeof MessageSchema>, defaultTo: string): Message => ({
      id: m.id,
      from: normalizeEmail(m.from),
      to: (m.to === undefined ? [defaultTo] : typeof m.to === 'string' ? [m.to] : m.to).map(normalizeEmail),
      subject: m.subject,
      body: m.body,
      ...(m.date !== undefined && { date: m.date }),
    });
    this.address = normalizeEmail(parsed.address);
    this.inbox = parsed.inbox.map((m) => message(m, this.address));
    this.sent = parsed.sent.map((m) => message(m, this.address));
    this.contacts = parsed.contacts.map((contact) => ({ name: contact.name, email: normalizeEmail(contact.email) }));
  }

  private allMessages(): Message[] {
    return [...this.inbox, ...this.sent, ...this.deleted];
  }

  run(operation: string, args: OperationArguments): string {
    switch (operation) {
      case 'list-messages':
        return this.list(args.optionalText('folder') ?? 'inbox');
      case 'read-message':
        return json(this.find(args.text('message_id')));
      case 'send':
        return this.deliver({ to: args.list('to').map(address), subject: args.optionalText('subject') ?? '', body: args.text('body') });
      case 'reply': {
        const original = this.find(args.text('message_id'));
        return this.deliver({ to: [original.from], subject: /^re:/i.test(original.subject) ? original.subject : `Re: ${original.subject}`, body: args.text('body'), inReplyTo: original.id });
      }
      case 'forward': {
        const original = this.find(args.text('message_id'));
        const note = args.optionalText('note');
        const quoted = `---------- Forwarded message ----------\nFrom: ${original.from}\nSubject: ${original.subject}\n\n${original.body}`;
        return this.deliver({ to: args.list('to').map(address), subject: `Fwd: ${original.subject}`, body: note ? `${note}\n\n${quoted}` : quoted, forwardOf: original.id });
      }
      case 'delete-message':
        return this.delete(args.text('message_id'));
      case 'list-contacts':
        return json(this.contacts);
      default:
        return fail(`${operation} is not an email operation`);
    }
  }

  private list(folder: string): string {
    const name = folder.trim().toLowerCase();
    if (!(FOLDERS as readonly string[]).includes(name)) fail(`no such folder: ${folder} (folders: ${FOLDERS.join(', ')})`);
    const messages = name === 'inbox' ? this.inbox : this.sent;
    return json(messages.map(({ id, from, to, subject, date }) => ({ id, from, to, subject, ...(date !== undefined && { date }) })));
  }

  private find(id: string): Message {
    return this.inbox.find((message) => message.id === id) ?? this.sent.find((message) => message.id === id) ?? fail(`no such message: ${id}`);
  }

  private deliver(message: Omit<Message, 'id' | 'from'>): string {
    const id = this.sentIds.create();
    this.sent.push({ id, from: this.address, ...message });
    return `Message ${id} sent to ${message.to.join(', ')}`;
  }

  private delete(id: string): string {
    for (const folder of [this.inbox, this.sent]) {
      const index = folder.findIndex((message) => message.id === id);
      const [message] = index === -1 ? [] : folder.splice(index, 1);
      if (message) {
        this.deleted.push(message);
        return `Deleted message ${id}`;
      }
    }
    return fail(`no such message: ${id}`);
  }

  snapshot(): unknown {
    const copy = (messages: readonly Message[]) => messages.map((message) => ({ ...message, to: [...message.to] }));
    return { address: this.address, inbox: copy(this.inbox), sent: copy(this.sent), deleted: copy(this.deleted), contacts: this.contacts.map((c) => ({ ...c })) };
  }

  dispose(): void {
    this.inbox.length = 0;
    this.sent.length = 0;
  }
}
