import type { LicenseLevel } from '../report.model.ts';

/**
 * What the service knows that a report is checked against: the order it was ordered for, the
 * panel's records of the appraiser it was assigned to, and the company's thresholds. Gathered
 * by the intake service (reports/report-context.repository.ts); the checks are pure functions of
 * it and the report, so tests give them any order.
 */
export interface OrderFacts {
  file_number: string;
  address_one: string;
  address_two: string | null;
  city: string;
  /** Two-letter state code. */
  state: string;
  zip: string;
  /** The county's name ("Travis"), when the order has one. */
  county: string | null;
  latitude: number | null;
  longitude: number | null;
  loan_type: string;
  transaction_type: string;
  fha_case_number: string | null;
  /** Whole dollars and cents as decimal text ("489000.00"), like the report model's amounts. */
  contract_price: string | null;
  client_name: string;
  lender_name: string | null;
  product_names: string[];
  /** Products the company marks as needing a certified appraiser (the panel's selection rules). */
  certified_product_names: string[];
}

/** The panel's record of one of the appraiser's licenses. */
export interface PanelLicense {
  state: string;
  number: string;
  level: LicenseLevel;
  expires_on: string;
  /** What the national registry last said of it: active, inactive, expired; null: not in an import. */
  registry_status: string | null;
}

export interface AppraiserFacts {
  name: string;
  licenses: PanelLicense[];
}

/** The company's thresholds for the checks of its own (docs/reports.md, "Settings"). */
export interface CheckThresholds {
  /** A settled comparable older than this many months before the effective date is flagged. */
  comparable_max_age_months: number;
  /** Stated proximity and the distance between coordinates may differ by this many miles. */
  proximity_tolerance_miles: number;
  /** A net adjustment above this share of the price is flagged (percent). */
  net_adjustment_percent: number;
  /** Gross adjustments above this share of the price are flagged (percent). */
  gross_adjustment_percent: number;
}

export const DEFAULT_THRESHOLDS: CheckThresholds = {
  comparable_max_age_months: 12,
  proximity_tolerance_miles: 0.5,
  net_adjustment_percent: 15,
  gross_adjustment_percent: 25,
};

export interface CheckContext {
  order: OrderFacts;
  /** The order's appraiser; null when it has none (a pre-check by staff before assignment). */
  appraiser: AppraiserFacts | null;
  thresholds: CheckThresholds;
  /** The day rules that compare with today use; tests set it, the service uses today. */
  as_of: string;
}
