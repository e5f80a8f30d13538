import type { Finding, FindingSeverity } from '../findings.ts';
import type { ReportModel, ReportSigner } from '../report.model.ts';
import { sameName } from './address-match.ts';
import type { CheckContext, PanelLicense } from './check-context.ts';

/**
 * The license the report is signed under, against the panel's records of the appraiser the
 * order was assigned to (12 CFR 34.213: the company engages only appraisers licensed or
 * certified for the assignment, and shows that it did).
 */
const LEVEL_NAMES: Record<string, string> = {
  trainee: 'trainee',
  licensed: 'licensed residential',
  certified_residential: 'certified residential',
  certified_general: 'certified general',
  none: 'no license',
  other: 'other',
};
const CERTIFIED = ['certified_residential', 'certified_general'];

function finding(id: string, severity: FindingSeverity, field: string, message: string): Finding {
  return { id, source: 'credential', severity, message, field, line: null };
}

const plainNumber = (value: string) => value.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** The signer who vouches for the report: the supervisor when a trainee signed with one. */
function responsibleSigner(
  report: ReportModel,
): { signer: ReportSigner; role: 'appraiser' | 'supervisor' } | null {
  const level = report.appraiser?.license?.level;
  if ((level === 'trainee' || level === 'none') && report.supervisor)
    return { signer: report.supervisor, role: 'supervisor' };
  return report.appraiser ? { signer: report.appraiser, role: 'appraiser' } : null;
}

export function checkCredentials(report: ReportModel, context: CheckContext): Finding[] {
  const found: Finding[] = [];
  const subjectState = report.subject.address.state?.toUpperCase() ?? null;
  const effective = report.effective_date ?? context.as_of;
  const appraiserLicense = report.appraiser?.license ?? null;
  if (appraiserLicense?.level === 'trainee' && report.supervisor === null)
    found.push(
      finding(
        'CRD-TRAINEE-ALONE',
        'fatal',
        'supervisor',
        'The report is signed by a trainee with no supervisory appraiser: a trainee may not sign alone.',
      ),
    );
  const responsible = responsibleSigner(report);
  const license = responsible?.signer.license ?? null;
  const field = responsible ? `${responsible.role}.license` : 'appraiser.license';
  if (!license || license.number === null) {
    found.push(
      finding('CRD-LICENSE-MISSING', 'fatal', field, 'The report gives no license for its appraiser.'),
    );
    return found;
  }
  if (subjectState && license.state && license.state.toUpperCase() !== subjectState)
    found.push(
      finding(
        'CRD-LICENSE-STATE',
        'fatal',
        `${field}.state`,
        `The report is signed under a ${license.state} license; the property is in ${subjectState}.`,
      ),
    );
  if (license.expires_on !== null && license.expires_on < effective)
    found.push(
      finding(
        'CRD-LICENSE-EXPIRED',
        'fatal',
        `${field}.expires_on`,
        `The license the report gives expired on ${license.expires_on}, before the effective date ${effective}.`,
      ),
    );
  const certifiedProducts = context.order.certified_product_names.filter((name) =>
    context.order.product_names.includes(name),
  );
  if (certifiedProducts.length > 0 && license.level !== null && !CERTIFIED.includes(license.level))
    found.push(
      finding(
        'CRD-LEVEL',
        'fatal',
        `${field}.level`,
        `${certifiedProducts.join(', ')} needs a certified appraiser; the report is signed under a ${LEVEL_NAMES[license.level] ?? license.level} license.`,
      ),
    );
  // The panel's records are of the order's appraiser; a supervisor's are not on the panel.
  const appraiser = context.appraiser;
  if (!appraiser || responsible?.role !== 'appraiser') return found;
  if (report.appraiser?.name && !sameName(report.appraiser.name, appraiser.name))
    found.push(
      finding(
        'CRD-NAME',
        'fatal',
        'appraiser.name',
        `The report is signed by ${report.appraiser.name}; the order is assigned to ${appraiser.name}.`,
      ),
    );
  const state = (license.state ?? subjectState)?.toUpperCase();
  const onFile: PanelLicense | undefined = appraiser.licenses.find(
    (record) => record.state.toUpperCase() === state,
  );
  if (!onFile) {
    found.push(
      finding(
        'CRD-NOT-ON-FILE',
        'fatal',
        `${field}.number`,
        `${appraiser.name} has no ${state ?? ''} license on file with the company; add and verify it before the report is delivered.`.replace(
          '  ',
          ' ',
        ),
      ),
    );
    return found;
  }
  if (plainNumber(onFile.number) !== plainNumber(license.number))
    found.push(
      finding(
        'CRD-NUMBER',
        'fatal',
        `${field}.number`,
        `The report gives license number ${license.number}; the company has ${onFile.number} on file for ${appraiser.name} in ${onFile.state}.`,
      ),
    );
  if (onFile.expires_on < effective)
    found.push(
      finding(
        'CRD-INACTIVE-ON-EFFECTIVE',
        'fatal',
        `${field}.expires_on`,
        `The license on file expired on ${onFile.expires_on}, before the effective date ${effective}.`,
      ),
    );
  else if (onFile.registry_status !== null && onFile.registry_status !== 'active')
    found.push(
      finding(
        'CRD-REGISTRY',
        'fatal',
        `${field}.number`,
        `The national registry shows the ${onFile.state} license ${onFile.number} as ${onFile.registry_status}.`,
      ),
    );
  return found;
}
