/**
 * iCalendar (RFC 5545) text, for calendar apps that subscribe to a feed: lines end in CRLF,
 * a line longer than 75 octets is folded (CRLF and one space, never inside a UTF-8 character),
 * TEXT values escape backslash, semicolon, comma and newline, and every time is UTC
 * (`YYYYMMDDTHHMMSSZ`), so that no VTIMEZONE is needed and each app shows its own zone.
 */
export interface CalendarEvent {
  /** Stable across versions of the event: an app updates the event it already has. */
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  location?: string | null;
  description?: string | null;
  url?: string | null;
  lastModified?: Date | null;
}

export interface Calendar {
  /** PRODID: who made the file. */
  productId: string;
  name: string;
  /** When the file was made: every event's DTSTAMP. */
  stamp: Date;
  events: CalendarEvent[];
}

/** A UTC date-time: 20261220T163000Z. */
export const utcDateTime = (moment: Date): string =>
  moment
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');

/** A TEXT value (RFC 5545 3.3.11). */
export const escapeText = (text: string): string =>
  text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

/** Folds one content line into pieces of at most 75 octets (RFC 5545 3.1). */
export function foldLine(line: string): string {
  const pieces: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character, 'utf8');
    // The first piece holds 75 octets; the next ones 74, after the space that continues them.
    const limit = pieces.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      pieces.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  pieces.push(current);
  return pieces.join('\r\n ');
}

export function renderCalendar(calendar: Calendar): string {
  const stamp = utcDateTime(calendar.stamp);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${calendar.productId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
  ];
  for (const event of calendar.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${utcDateTime(event.start)}`,
      `DTEND:${utcDateTime(event.end)}`,
      `SUMMARY:${escapeText(event.summary)}`,
    );
    if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    if (event.url) lines.push(`URL:${event.url}`);
    if (event.lastModified) lines.push(`LAST-MODIFIED:${utcDateTime(event.lastModified)}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
