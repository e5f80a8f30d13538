import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { principalOf } from '../http/request-context.ts';
import { OrderParams, ref } from '../schemas/common.ts';
import { BorrowerCopyBody, borrowerCopyAnswer } from './borrower-copy.schemas.ts';
import { getBorrowerCopy, recordBorrowerCopy } from './borrower-copy.service.ts';

const tags = ['orders'];
const rule =
  'Regulation B (12 CFR 1002.14(a)(1)): a copy of the appraisal to the applicant promptly upon completion (read as 3 business days from the delivery) or 3 business days before the closing date, whichever is earlier; business days of the company\'s calendar (docs/turn-times.md, "The borrower\'s copy").';

/** The borrower's copy of the appraisal: when it is due, and its record once given. */
export function registerBorrowerCopyRoutes(app: AppInstance, { db, config }: AppDeps): void {
  app.get(
    '/orders/:order_id/borrower_copy',
    {
      config: { roles: ['client', 'staff', 'operator'], errors: [404] },
      schema: {
        operationId: 'getBorrowerCopy',
        tags,
        summary: "When the borrower's copy of the appraisal is due, and whether it was given",
        description: `${rule} The lender's people on the order and the company's staff; appraisers get 403.`,
        params: OrderParams,
        response: borrowerCopyAnswer,
      },
    },
    (request) => getBorrowerCopy(db, principalOf(request).user, request.params.order_id, config.timeZone),
  );
  app.put(
    '/orders/:order_id/borrower_copy',
    {
      config: { roles: ['client', 'staff', 'operator'], errors: [404, 409] },
      schema: {
        operationId: 'recordBorrowerCopy',
        tags,
        summary: "Record the borrower's copy of the appraisal as given",
        description: `${rule} Once the report is delivered (409 before): how it was given and when (default now; 422 naming sent_at before the delivery or in the future). Recorded again, the last record stands; the order's history keeps each. The reminder stops.`,
        params: OrderParams,
        body: ref(BorrowerCopyBody),
        response: borrowerCopyAnswer,
      },
    },
    (request) =>
      recordBorrowerCopy(db, principalOf(request), request.params.order_id, request.body, config.timeZone),
  );
}
