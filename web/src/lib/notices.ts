import { notifications } from '@mantine/notifications';

/** A toast saying that what the person asked for was done: its title, and what it means for them. */
export function notifyDone(title: string, message: string): void {
  notifications.show({ color: 'teal', title, message });
}
