import { z } from 'zod';
import { type DomainState, IdSequence, type OperationArguments, cents, fail, issueLines, json } from './common';

/*
 * The payments domain: one account in one currency, known payees, invoices, and the payments made.
 * Paying checks what a bank would: a known payee, a positive amount in the account's currency, enough
 * balance, and an open invoice for the right amount when one is named.
 *
 * Snapshot: { balance, currency, payees: [{ id, name }], invoices: [{ id, payee, amount, status }],
 *             payments: [{ id, payee, amount, currency, invoiceId?, memo? }], refunds: [{ id, paymentId, amount }],
 *             approvals: [{ id, payee, amount, currency, reason?, status: "pending" }] }
 * — `payee` is always the payee's id.
 */

const PayeeSchema = z.object({ id: z.string().min(1), name: z.string().min(1) }).strict();
const InvoiceSchema = z
  .object({ id: z.string().min(1), payee: z.string().min(1), amount: z.number().positive(), status: z.enum(['open', 'paid']).default('open'), due: z.string().optional() })
  .strict();
const PaymentSchema = z
  .object({ id: z.string().min(1), payee: z.string().min(1), amount: z.number().positive(), invoiceId: z.string().optional(), memo: z.string().optional() })
  .strict();

export const LedgerSchema = z
  .object({
    balance: z.number().nonnegative(),
    currency: z.string().regex(/^[A-Z]{3}$/, 'a three-letter currency code'),
    payees: z.array(PayeeSchema).default([]),
    invoices: z.array(InvoiceSchema).default([]),
    payments: z.array(PaymentSchema).default([]).describe('Payments made before the run (refundable).'),
  })
  .strict();

type Payee = z.infer<typeof PayeeSchema>;
type Invoice = z.infer<typeof InvoiceSchema>;

interface Payment {
  readonly id: string;
  readonly payee: string;
  readonly amount: number;
  readonly currency: string;
  readonly invoiceId?: string;
  readonly memo?: string;
}

interface Refund {
  readonly id: string;
  readonly paymentId: string;
  readonly amount: number;
}

interface Approval {
  readonly id: string;
  readonly payee: string;
  readonly amount: number;
  readonly currency: string;
  readonly reason?: string;
  readonly status: 'pending';
}

export function ledgerProblems(ledger: unknown): string[] {
  const parsed = LedgerSchema.safeParse(ledger);
  if (!parsed.success) return issueLines('ledger', parsed.error.issues);
  const problems: string[] = [];
  const payees = new Set(parsed.data.payees.map((payee) => payee.id));
  parsed.data.invoices.forEach((invoice, i) => {
    if (!payees.has(invoice.payee)) problems.push(`environment.ledger.invoices[${i}]: unknown payee "${invoice.payee}"`);
  });
  parsed.data.payments.forEach((payment, i) => {
    if (!payees.has(payment.payee)) problems.push(`environment.ledger.payments[${i}]: unknown payee "${payment.payee}"`);
  });
  return problems;
}

function money(amount: number, currency: string): string {
  return `${amount.toFixed(2)} ${currency}`;
}

export class PaymentsState implements DomainState {
  private balance: number;
  private readonly currency: string;
  private readonly payees: Payee[];
  private readonly invoices: Invoice[];
  private readonly payments: Payment[];
  private readonly refunds: Refund[] = [];
  private readonly approvals: Approval[] = [];
  private readonly paymentIds = new IdSequence('pay_', () => this.payments.map((payment) => payment.id));
  private readonly refundIds = new IdSequence('ref_', () => this.refunds.map((refund) => refund.id));
  private readonly approvalIds = new IdSequence('apr_', () => this.approvals.map((approval) => approval.id));

  constructor(ledger: unknown) {
    const parsed = LedgerSchema.parse(ledger);
    this.balance = parsed.balance;
    this.currency = parsed.currency;
    this.payees = parsed.payees.map((payee) => ({ ...payee }));
    this.invoices = parsed.invoices.map((invoice) => ({ ...invoice }));
    this.payments = parsed.payments.map((payment) => ({ ...payment, currency: parsed.currency }));
  }

  run(operation: string, args: OperationArguments): string {
    switch (operation) {
      case 'balance':
        return json({ balance: this.balance, currency: this.currency });
      case 'list-payees':
        return json(this.payees);
      case 'list-invoices': {
        const status = args.optionalText('status')?.trim().toLowerCase();
        return json(status === undefined ? this.invoices : this.invoices.filter((invoice) => invoice.status === status));
      }
      case 'pay':
        return this.pay(args);
      case 'request-approval':
        return this.requestApproval(args);
      case 'refund':
        return this.refund(args.text('payment_id'), args.optionalNumber('amount'));
      default:
        return fail(`${operation} is not a payments operation`);
    }
  }

  /** A payee by id, or by name as people say it ("Globex" for payee_globex). */
  private payee(raw: string): Payee {
    const wanted = raw.trim().toLowerCase();
    return this.payees.find((payee) => payee.id.toLowerCase() === wanted) ?? this.payees.find((payee) => payee.name.toLowerCase() === wanted) ?? fail(`unknown payee: ${raw}`);
  }

  /** A positive amount in the account's currency. */
  private amount(args: OperationArguments): number {
    const amount = cents(args.number('amount'));
    if (amount <= 0) fail('the amount must be positive');
    const currency = args.optionalText('currency')?.trim().toUpperCase();
    if (currency !== undefined && currency !== this.currency) fail(`the account holds ${this.currency}; it cannot pay in ${currency}`);
    return amount;
  }

  private pay(args: OperationArguments): string {
    const payee = this.payee(args.text('payee'));
    const amount = this.amount(args);
    const invoiceId = args.optionalText('invoice_id');
    const invoice = invoiceId === undefined ? undefined : (this.invoices.find((i) => i.id === invoiceId) ?? fail(`no such invoice: ${invoiceId}`));
    if (invoice) {
      if (invoice.payee !== payee.id) fail(`invoice ${invoice.id} is from ${invoice.payee}, not ${payee.id}`);
      if (invoice.status === 'paid') fail(`invoice ${invoice.id} is already paid`);
      if (cents(invoice.amount) !== amount) fail(`invoice ${invoice.id} is for ${money(invoice.amount, this.currency)}, not ${money(amount, this.currency)}`);
    }
    if (amount > this.balance) fail(`insufficient funds: the balance is ${money(this.balance, this.currency)}`);
    const memo = args.optionalText('memo');
    const payment: Payment = { id: this.paymentIds.create(), payee: payee.id, amount, currency: this.currency, ...(invoice && { invoiceId: invoice.id }), ...(memo !== undefined && { memo }) };
    this.payments.push(payment);
    this.balance = cents(this.balance - amount);
    if (invoice) invoice.status = 'paid';
    return `Paid ${money(amount, this.currency)} to ${payee.name} (${payment.id})${invoice ? `, settling ${invoice.id}` : ''}; balance ${money(this.balance, this.currency)}`;
  }

  private requestApproval(args: OperationArguments): string {
    const payee = this.payee(args.text('payee'));
    const amount = this.amount(args);
    const reason = args.optionalText('reason');
    const approval: Approval = { id: this.approvalIds.create(), payee: payee.id, amount, currency: this.currency, ...(reason !== undefined && { reason }), status: 'pending' };
    this.approvals.push(approval);
    return `Approval request ${approval.id} for ${money(amount, this.currency)} to ${payee.name} sent to the account owner; it is pending`;
  }

  private refund(paymentId: string, requested: number | undefined): string {
    const payment = this.payments.find((p) => p.id === paymentId) ?? fail(`no such payment: ${paymentId}`);
    const refunded = cents(this.refunds.filter((r) => r.paymentId === paymentId).reduce((sum, r) => sum + r.amount, 0));
    const left = cents(payment.amount - refunded);
    const amount = cents(requested ?? left);
    if (amount <= 0) fail(left <= 0 ? `payment ${paymentId} is already fully refunded` : 'the amount must be positive');
    if (amount > left) fail(`only ${money(left, payment.currency)} of payment ${paymentId} can still be refunded`);
    const refund: Refund = { id: this.refundIds.create(), paymentId, amount };
    this.refunds.push(refund);
    this.balance = cents(this.balance + amount);
    return `Refunded ${money(amount, payment.currency)} of ${paymentId} (${refund.id}); balance ${money(this.balance, this.currency)}`;
  }

  snapshot(): unknown {
    return {
      balance: this.balance,
      currency: this.currency,
      payees: this.payees.map((payee) => ({ ...payee })),
      invoices: this.invoices.map((invoice) => ({ ...invoice })),
      payments: this.payments.map((payment) => ({ ...payment })),
      refunds: this.refunds.map((refund) => ({ ...refund })),
      approvals: this.approvals.map((approval) => ({ ...approval })),
    };
  }

  dispose(): void {
    this.payments.length = 0;
  }
}
