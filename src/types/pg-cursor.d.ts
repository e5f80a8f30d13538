declare module 'pg-cursor' {
  /** A server-side cursor on a pg connection: the subset Kysely's stream() uses. */
  export default class Cursor<T = unknown> {
    constructor(text: string, values?: unknown[]);
    read(rows: number): Promise<T[]>;
    close(): Promise<void>;
  }
}
