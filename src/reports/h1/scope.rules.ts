import type { XmlNode } from '../xml-tree.ts';
import { propertiesOfUse, scopeOfWork, type H1Document } from './document.ts';
import {
  absent,
  at,
  otherDescribed,
  required,
  subjectProperty,
  theAnalysis,
  valueIs,
  type H1Rule,
} from './rule.ts';
import { isFalse, isTrue } from './values.ts';

/**
 * The assignment: its scope of work (which approaches, which comparables they need), the
 * report's own particulars, and the PDF that comes with the XML.
 */
const SCOPE = 'VALUATION_REPORT/SCOPE_OF_WORK/SCOPE_OF_WORK_DETAIL';
const REPORT_DETAIL = 'VALUATION_REPORT/VALUATION_REPORT_DETAIL';
const RECONSIDERATION = 'VALUATION_REPORT/RECONSIDERATIONS_OF_VALUE/RECONSIDERATION_OF_VALUE';
const VALUATION_METHOD = 'PROPERTY_VALUATIONS/PROPERTY_VALUATION/PROPERTY_VALUATION_DETAIL';
const PDF = 'DOCUMENT_SETS/DOCUMENT_SET/DOCUMENTS/DOCUMENT/VIEWS/VIEW/VIEW_FILES/VIEW_FILE/FOREIGN_OBJECT';

const scope = (id: string, element: string) => required({ id, owners: theAnalysis, within: SCOPE, element });
const reportDetail = (id: string, element: string) =>
  required({ id, owners: theAnalysis, within: REPORT_DETAIL, element });
const reconsidered = (_container: XmlNode | null, analysis: XmlNode) =>
  isTrue(analysis.value(`${REPORT_DETAIL}/ReconsiderationOfValueIndicator`));

/** "If `indicator` = true and there are no instances of PROPERTY with @ValuationUseType = `use`". */
function approachHasComparables(id: string, indicator: string, use: string): H1Rule {
  return {
    id,
    check: (document) =>
      (document.analysis?.select(`${SCOPE}/${indicator}`) ?? [])
        .filter((node) => isTrue(node.text) && propertiesOfUse(document, use).length === 0)
        .map((node) => at(node)),
  };
}

/**
 * "If PropertyValuationMethodType = `method` and ValuationReportInspectionCertificationType <>
 * `certification`": the appraiser certifies the inspection the method implies (warnings).
 */
function methodCertifies(id: string, method: string, certification: string): H1Rule {
  return {
    id,
    check(document: H1Document) {
      // An absent certification is UAD1511's.
      const certified = document.analysis?.value(
        `${REPORT_DETAIL}/ValuationReportInspectionCertificationType`,
      );
      if (certified === undefined) return [];
      return (document.subject?.select(`${VALUATION_METHOD}/PropertyValuationMethodType`) ?? [])
        .filter((node) => node.text === method && certified !== certification)
        .map((node) => at(node, node.text, [certified]));
    },
  };
}

/** The SERVICE_DETAIL of every service whose ServiceType is `type`. */
const servicesOfType = (document: H1Document, type: string) =>
  document.services
    .flatMap((service) => service.all('SERVICE_DETAIL'))
    .filter((detail) => valueIs(detail, 'ServiceType', type));

export const scopeRules: H1Rule[] = [
  scope('UAD1210', 'CostApproachIndicator'),
  scope('UAD1211', 'GovernmentAgencyAppraisalIndicator'),
  required({
    id: 'UAD1212',
    owners: theAnalysis,
    within: SCOPE,
    element: 'GovernmentAgencyAppraisalType',
    eachPresent: true,
    when: (detail) => isTrue(detail?.value('GovernmentAgencyAppraisalIndicator')),
  }),
  scope('UAD1213', 'IncomeApproachIndicator'),
  approachHasComparables('UAD1214', 'IncomeApproachIndicator', 'GrossRentMultiplierComparable'),
  {
    // The income approach is built on the rent schedule.
    id: 'UAD1215',
    check: (document) =>
      isTrue(scopeOfWork(document, 'IncomeApproachIndicator'))
        ? (document.analysis?.select(`${SCOPE}/RentScheduleIndicator`) ?? [])
            .filter((node) => isFalse(node.text))
            .map((node) => at(node))
        : [],
  },
  scope('UAD1216', 'RentScheduleIndicator'),
  approachHasComparables('UAD1217', 'RentScheduleIndicator', 'RentalComparable'),
  scope('UAD1218', 'SalesComparisonApproachIndicator'),
  scope('UAD1219', 'ValuationAssignmentType'),
  otherDescribed('UAD1220', theAnalysis, SCOPE, 'ValuationAssignmentType'),
  required({
    id: 'UAD1222',
    owners: subjectProperty,
    within: VALUATION_METHOD,
    element: 'PropertyValuationMethodType',
  }),
  {
    id: 'UAD1223',
    check(document) {
      const valuations = servicesOfType(document, 'Valuation');
      if (valuations.length === 1) return [];
      const where = document.services[0] ?? document.root;
      return valuations.length === 0
        ? [absent(where, 'SERVICE_DETAIL/ServiceType', [])]
        : valuations.slice(1).map((detail) => at(detail, 'Valuation'));
    },
  },
  {
    id: 'UAD1224',
    check: (document) =>
      servicesOfType(document, 'Inspection')
        .slice(1)
        .map((detail) => at(detail, 'Inspection')),
  },
  required({
    id: 'UAD1270',
    owners: (document) => (document.document ? [document.document] : []),
    within: 'VIEWS/VIEW/VIEW_FILES/VIEW_FILE/FOREIGN_OBJECT',
    element: 'ObjectURL',
  }),
  {
    id: 'UAD1272',
    check: (document) =>
      document.root.select(PDF).flatMap((object) => {
        const type = object.first('MIMETypeIdentifier');
        if (!type || type.text === '') return [absent(object, 'MIMETypeIdentifier')];
        return type.text === 'application/pdf' ? [] : [at(type)];
      }),
  },
  {
    id: 'UAD1273',
    check: (document) =>
      document.root.attribute('MISMOReferenceModelIdentifier')
        ? []
        : [absent(document.root, '@MISMOReferenceModelIdentifier')],
  },
  reportDetail('UAD1502', 'ValuationReportContentIdentifier'),
  reportDetail('UAD1508', 'AppraiserPriorServicesPerformedIndicator'),
  reportDetail('UAD1509', 'AppraiserAdditionalCertificationIndicator'),
  scope('UAD1510', 'ValuationAdditionalIntendedUserIndicator'),
  reportDetail('UAD1511', 'ValuationReportInspectionCertificationType'),
  methodCertifies('UAD1512', 'TraditionalAppraisal', 'InteriorAndExterior'),
  methodCertifies('UAD1513', 'ExteriorAppraisal', 'Exterior'),
  methodCertifies('UAD1514', 'DesktopAppraisal', 'NoPhysicalInspection'),
  methodCertifies('UAD1515', 'HybridAppraisal', 'NoPhysicalInspection'),
  reportDetail('UAD1519', 'PropertyDataReportIndicator'),
  scope('UAD1523', 'ValuationAdditionalScopeOfWorkIndicator'),
  reportDetail('UAD1676', 'SketchExistsIndicator'),
  required({
    id: 'UAD1677',
    owners: theAnalysis,
    within: REPORT_DETAIL,
    element: 'MeasurementStandardPublisherType',
    eachPresent: true,
    when: (detail) => isTrue(detail?.value('SketchExistsIndicator')),
  }),
  otherDescribed('UAD1678', theAnalysis, REPORT_DETAIL, 'MeasurementStandardPublisherType'),
  reportDetail('UAD1750', 'ReconsiderationOfValueIndicator'),
  required({
    id: 'UAD1751',
    owners: theAnalysis,
    within: RECONSIDERATION,
    element: 'ReconsiderationOfValueCommentDescription',
    when: reconsidered,
  }),
  required({
    id: 'UAD1752',
    owners: theAnalysis,
    within: RECONSIDERATION,
    element: 'ReconsiderationOfValueRequestedByType',
    when: reconsidered,
  }),
  required({
    id: 'UAD1753',
    owners: theAnalysis,
    within: RECONSIDERATION,
    element: 'ReconsiderationOfValueResultType',
    when: reconsidered,
  }),
  required({
    id: 'UAD1754',
    owners: theAnalysis,
    within: RECONSIDERATION,
    element: 'ReconsiderationOfValueResultDate',
    when: reconsidered,
  }),
];
