import { parseArgs } from 'node:util';
import { loadConfig, ConfigError } from '../config/config.ts';
import { openDatabase } from '../db/open.ts';
import { AppError } from '../errors/app-error.ts';
import { COMMANDS, type CommandOutput } from './commands.ts';

/**
 * The operator command line: `npm run --silent aoms -- <command> [options]`. It shares the
 * service's code and configuration; on the embedded default it attaches to the running
 * server, or starts one for the command's duration. `--json` prints one JSON object on stdout
 * and nothing else.
 */
const USAGE = `Usage: npm run --silent aoms -- <command> [options] [--json]

Commands:
  migrate                                   bring the database schema up to date
  orgs create --kind client|company --name NAME [--client-type NAME_OR_ID] [--serves CLIENT_ID] [--served-by COMPANY_ID]
  users create --email EMAIL --first-name F --last-name L --role client|staff|appraiser|operator [--org ORG_ID] [--admin] [--title TITLE]
  users move --email EMAIL --org ORG_ID [--admin]   move a client user or staff member to another organization (revokes their keys)
  keys issue (--user USER_ID | --email EMAIL) [--label LABEL]
  keys revoke (--id KEY_ID | --key API_KEY)
  clients settings --client CLIENT_ID [--company COMPANY_ID] [--client-review-required true|false]
                   [--payment-before-assignment true|false] [--lender-requests-reviewed true|false]
                   [--messages-through-company true|false] [--report-release-after-payment true|false]
                   [--eo-minimum-per-claim AMOUNT|none]
                                            show or change a company's settings for a client
  seed demo [--world]                       create a fresh demo world with keys (--world: the first
                                            start's, with two lenders, a panel and 200+ orders)
  registry import --file PATH               import the ASC National Registry's tab-delimited export
`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    strict: true,
    options: {
      json: { type: 'boolean', default: false },
      world: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
      kind: { type: 'string' },
      name: { type: 'string' },
      'client-type': { type: 'string' },
      serves: { type: 'string' },
      'served-by': { type: 'string' },
      email: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      role: { type: 'string' },
      org: { type: 'string' },
      admin: { type: 'boolean', default: false },
      title: { type: 'string' },
      user: { type: 'string' },
      label: { type: 'string' },
      id: { type: 'string' },
      key: { type: 'string' },
      file: { type: 'string' },
      client: { type: 'string' },
      company: { type: 'string' },
      'client-review-required': { type: 'string' },
      'payment-before-assignment': { type: 'string' },
      'lender-requests-reviewed': { type: 'string' },
      'messages-through-company': { type: 'string' },
      'report-release-after-payment': { type: 'string' },
      'eo-minimum-per-claim': { type: 'string' },
    },
  });
  const name = positionals.join(' ');
  const command = COMMANDS[name];
  if (values.help || !command) {
    (values.help ? process.stdout : process.stderr).write(USAGE);
    return values.help ? 0 : 2;
  }
  const json = values.json;
  const config = loadConfig();
  const database = await openDatabase(config, {
    attach: 'attach',
    poolSize: 2,
    log: (m) => process.stderr.write(`[aoms] ${m}\n`),
  });
  try {
    const output: CommandOutput = await command(database.db, values, config);
    process.stdout.write(json ? JSON.stringify(output.json) + '\n' : output.text + '\n');
    return 0;
  } catch (error) {
    report(error, json);
    return 1;
  } finally {
    await database.close();
  }
}

function report(error: unknown, json: boolean): void {
  const message = error instanceof Error ? error.message : String(error);
  if (json) {
    const body =
      error instanceof AppError
        ? { success: false, error: { code: error.code, message, details: error.details } }
        : { success: false, error: { code: 'failed', message, details: [] } };
    process.stdout.write(JSON.stringify(body) + '\n');
  }
  const details =
    error instanceof AppError ? error.details.map((d) => `\n  ${d.field}: ${d.message}`).join('') : '';
  process.stderr.write(`aoms: ${message}${details}\n`);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const usage =
      error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS');
    process.stderr.write(
      error instanceof ConfigError
        ? `${error.message}\n`
        : `aoms: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    if (usage) process.stderr.write(USAGE);
    process.exit(usage ? 2 : 1);
  },
);
