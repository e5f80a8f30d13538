import { sql, type Kysely } from 'kysely';

/**
 * Pay cycles (docs/money.md, "What an appraiser is owed"): a company may pay what its appraisers
 * earned on its pay days rather than on each delivery: weekly on a weekday (1 Monday to 7
 * Sunday), twice a month (the 15th and the month's last day), or monthly on a day (a day past
 * the month's end is its last day). A payable earned then falls due on the next pay day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE company_payout_settings
      DROP CONSTRAINT company_payout_settings_pay_on_check,
      ADD CONSTRAINT company_payout_settings_pay_on_check
        CHECK (pay_on IN ('delivery', 'client_payment', 'pay_cycle')),
      ADD COLUMN pay_cycle text CHECK (pay_cycle IN ('weekly', 'semimonthly', 'monthly')),
      ADD COLUMN pay_cycle_day smallint,
      ADD CONSTRAINT company_payout_settings_cycle_check CHECK (
        (pay_on = 'pay_cycle') = (pay_cycle IS NOT NULL)
        AND CASE pay_cycle
              WHEN 'weekly' THEN pay_cycle_day BETWEEN 1 AND 7
              WHEN 'monthly' THEN pay_cycle_day BETWEEN 1 AND 31
              ELSE pay_cycle_day IS NULL
            END
      );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE company_payout_settings SET pay_on = 'delivery' WHERE pay_on = 'pay_cycle';
    ALTER TABLE company_payout_settings
      DROP CONSTRAINT company_payout_settings_cycle_check,
      DROP COLUMN pay_cycle_day,
      DROP COLUMN pay_cycle,
      DROP CONSTRAINT company_payout_settings_pay_on_check,
      ADD CONSTRAINT company_payout_settings_pay_on_check CHECK (pay_on IN ('delivery', 'client_payment'));
  `.execute(db);
}
