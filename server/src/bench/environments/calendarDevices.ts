import { z } from 'zod';
import { normalizeEmail } from '../../engine/binding';
import { type DomainState, IdSequence, type OperationArguments, fail, issueLines, json } from './common';

/*
 * The calendar-and-devices domain: events with ids, titles, times and attendees, and smart-home devices
 * whose state can be read and set. Cancelling keeps the event, marked cancelled, as calendars do.
 *
 * Snapshot: { events: [{ id, title, start, end, attendees, status: "confirmed" | "cancelled", cancelReason? }],
 *             devices: [{ id, name, state, states? }], notifications: [{ eventId, to: [address], message }] }
 */

const TimeSchema = z.string().refine((text) => !Number.isNaN(Date.parse(text)), 'an ISO 8601 date and time');

const EventSchema = z
  .object({
    id: z.string().min(1),
    title: z.string().min(1),
    start: TimeSchema,
    end: TimeSchema,
    attendees: z.array(z.string().min(1)).default([]),
    status: z.enum(['confirmed', 'cancelled']).default('confirmed'),
    location: z.string().optional(),
  })
  .strict();

const DeviceSchema = z
  .object({
    id: z.string().min(1),
    name: z.string().min(1),
    state: z.string().min(1),
    states: z.array(z.string().min(1)).min(2).optional().describe('The states it accepts; any when absent.'),
  })
  .strict();

export const CalendarSchema = z
  .object({
    events: z.array(EventSchema).default([]),
    devices: z.array(DeviceSchema).default([]),
  })
  .strict();

type Event = z.infer<typeof EventSchema> & { cancelReason?: string };
type Device = z.infer<typeof DeviceSchema>;

interface Notification {
  readonly eventId: string;
  readonly to: readonly string[];
  readonly message: string;
}

export function calendarProblems(calendar: unknown): string[] {
  const parsed = CalendarSchema.safeParse(calendar);
  if (!parsed.success) return issueLines('calendar', parsed.error.issues);
  const problems: string[] = [];
  const repeated = (ids: string[]) => [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
  for (const id of repeated(parsed.data.events.map((event) => event.id))) problems.push(`environment.calendar: event id "${id}" is used twice`);
  for (const id of repeated(parsed.data.devices.map((device) => device.id))) problems.push(`environment.calendar: device id "${id}" is used twice`);
  parsed.data.events.forEach((event, i) => {
    if (Date.parse(event.end) <= Date.parse(event.start)) problems.push(`environment.calendar.events[${i}]: ends before it starts`);
  });
  parsed.data.devices.forEach((device, i) => {
    if (device.states && !device.states.includes(device.state)) problems.push(`environment.calendar.devices[${i}]: state "${device.state}" is not one of its states`);
  });
  return problems;
}

function time(raw: string, parameter: string): number {
  const parsed = Date.parse(raw);
  return Number.isNaN(parsed) ? fail(`"${parameter}" is not a date and time: ${raw}`) : parsed;
}

/** The same local form the case wrote when it had no zone: "2025-03-04T10:00". */
function formatLike(sample: string, epoch: number): string {
  const iso = new Date(epoch).toISOString();
  if (/Z$|[+-]\d\d:?\d\d$/.test(sample)) return iso.replace(/\.000Z$/, 'Z');
  // Without a zone Date.parse read the time as local; write it back the same way.
  const local = new Date(epoch - new Date(epoch).getTimezoneOffset() * 60_000).toISOString();
  return /T\d\d:\d\d:\d\d/.test(sample) ? local.slice(0, 19) : local.slice(0, 16);
}

export class CalendarDevicesState implements DomainState {
  private readonly events: Event[];
  private readonly devices: Device[];
  private readonly notifications: Notification[] = [];
  private readonly eventIds = new IdSequence('evt_', () => this.events.map((event) => event.id));

  constructor(calendar: unknown) {
    const parsed = CalendarSchema.parse(calendar);
    this.events = parsed.events.map((event) => ({ ...event, attendees: [...event.attendees] }));
    this.devices = parsed.devices.map((device) => ({ ...device }));
  }

  run(operation: string, args: OperationArguments): string {
    switch (operation) {
      case 'list-events':
        return this.listEvents(args.optionalText('date'));
      case 'create-event':
        return this.createEvent(args);
      case 'cancel-event':
        return this.cancel(args.text('event_id'), args.optionalText('reason'));
      case 'reschedule-event':
        return this.reschedule(args.text('event_id'), args.text('start'), args.optionalText('end'));
      case 'list-devices':
        return json(this.devices.map(({ id, name, state }) => ({ id, name, state })));
      case 'device-status':
        return json(this.device(args.text('device_id')));
      case 'set-device':
        return this.setDevice(args.text('device_id'), args.text('state'));
      case 'notify-attendees':
        return this.notify(args.text('event_id'), args.text('message'));
      default:
        return fail(`${operation} is not a calendar or device operation`);
    }
  }

  private listEvents(date: string | undefined): string {
    if (date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(date.trim())) fail(`"date" must be a day written YYYY-MM-DD: ${date}`);
    const events = date === undefined ? this.events : this.events.filter((event) => event.start.startsWith(date.trim()));
    return json(events.map(({ id, title, start, end, attendees, status }) => ({ id, title, start, end, attendees, status })));
  }

  private event(id: string): Event {
    return this.events.find((event) => event.id === id) ?? fail(`no such event: ${id}`);
  }

  private device(id: string): Device {
    return this.devices.find((device) => device.id === id) ?? fail(`no such device: ${id} (devices: ${this.devices.map((d) => d.id).join(', ') || 'none'})`);
  }

  private createEvent(args: OperationArguments): string {
    const title = args.text('title');
    const start = args.text('start');
    const end = args.text('end');
    if (time(end, 'end') <= time(start, 'start')) fail('the event must end after it starts');
    const attendees = (args.optionalList('attendees') ?? []).map((attendee) => (attendee.includes('@') ? normalizeEmail(attendee) : attendee));
    const event: Event = { id: this.eventIds.create(), title, start, end, attendees, status: 'confirmed' };
    this.events.push(event);
    return json(event);
  }

  private cancel(id: string, reason: string | undefined): string {
    const event = this.event(id);
    if (event.status === 'cancelled') fail(`event ${id} is already cancelled`);
    event.status = 'cancelled';
    if (reason !== undefined) event.cancelReason = reason;
    return `Cancelled ${id} (${event.title})`;
  }

  private reschedule(id: string, start: string, end: string | undefined): string {
    const event = this.event(id);
    if (event.status === 'cancelled') fail(`event ${id} is cancelled`);
    const startTime = time(start, 'start');
    const endTime = end !== undefined ? time(end, 'end') : startTime + (Date.parse(event.end) - Date.parse(event.start));
    if (endTime <= startTime) fail('the event must end after it starts');
    event.start = start;
    event.end = end ?? formatLike(start, endTime);
    return `Rescheduled ${id} (${event.title}) to ${event.start} – ${event.end}`;
  }

  private setDevice(id: string, state: string): string {
    const device = this.device(id);
    const wanted = device.states ? device.states.find((s) => s.toLowerCase() === state.trim().toLowerCase()) : state.trim();
    if (wanted === undefined) fail(`${device.name} accepts ${device.states?.join(', ')}; not "${state}"`);
    const before = device.state;
    device.state = wanted;
    return before === wanted ? `${device.name} is already ${wanted}` : `${device.name} is now ${wanted}`;
  }

  private notify(id: string, message: string): string {
    const event = this.event(id);
    if (event.attendees.length === 0) fail(`event ${id} has no attendees to notify`);
    this.notifications.push({ eventId: id, to: [...event.attendees], message });
    return `Notified ${event.attendees.length} attendee${event.attendees.length === 1 ? '' : 's'} of ${id} (${event.title})`;
  }

  snapshot(): unknown {
    return {
      events: this.events.map((event) => ({ ...event, attendees: [...event.attendees] })),
      devices: this.devices.map((device) => ({ ...device })),
      notifications: this.notifications.map((notification) => ({ ...notification, to: [...notification.to] })),
    };
  }

  dispose(): void {
    this.events.length = 0;
    this.devices.length = 0;
  }
}
