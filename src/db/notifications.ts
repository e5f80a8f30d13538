import { dedicatedClient, type Db } from './connection.ts';

/**
 * PostgreSQL's LISTEN on a connection of its own. Notifications arrive after their
 * transaction commits, in commit order, and never for one that rolled back. While the
 * connection is down nothing is heard, and nothing is kept for later: `onLost` tells the
 * caller (once), who must catch up by other means and listen again.
 */
export interface Listening {
  close(): Promise<void>;
}

export interface ListenHandlers {
  onPayload(payload: string): void;
  onLost(error: Error): void;
}

export async function listen(db: Db, channel: string, handlers: ListenHandlers): Promise<Listening> {
  const client = dedicatedClient(db, `listen ${channel}`);
  let closing = false;
  let lost = false;
  const loseOnce = (error: Error) => {
    if (closing || lost) return;
    lost = true;
    handlers.onLost(error);
    client.end().catch(() => undefined);
  };
  client.on('error', loseOnce);
  client.on('end', () => loseOnce(new Error('the listening connection ended')));
  client.on('notification', (message) => {
    if (message.channel === channel && message.payload) handlers.onPayload(message.payload);
  });
  try {
    await client.connect();
    await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
  } catch (error) {
    closing = true;
    await client.end().catch(() => undefined);
    throw error;
  }
  return {
    async close() {
      if (closing) return;
      closing = true;
      await client.end().catch(() => undefined);
    },
  };
}
