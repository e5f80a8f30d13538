import { Type, type Static } from 'typebox';
import { MONEY_PATTERN } from '../format/money.ts';
import { Nullable, ref } from '../schemas/common.ts';
import { ORDER_VISIBILITIES, PAYMENT_METHODS } from '../db/schema.ts';

const Id = Type.String({ format: 'uuid' });
const NonBlank = (maxLength: number, description?: string) =>
  Type.String({ minLength: 1, maxLength, pattern: '\\S', ...(description ? { description } : {}) });

export const ClientSummary = Type.Object(
  { id: Id, name: Type.String() },
  { $id: 'Client', description: 'A client (lender)' },
);
export const ClientTypeSummary = Type.Object(
  { id: Id, name: Type.String() },
  { $id: 'ClientType', description: 'A kind of client (bank, credit union, …)' },
);
export const PropertyType = Type.Object(
  { id: Id, name: Type.String(), slug: Type.String() },
  { $id: 'PropertyType', description: 'A kind of property' },
);

export const ClientConfiguration = Type.Object(
  {
    id: Type.String({ description: 'The configuration id (the client id: one configuration per client)' }),
    branches: Type.Array(Type.Object({ id: Id, name: Type.String() })),
    companies: Type.Array(
      Type.Object({
        company_id: Id,
        company_name: Type.String(),
        payment_methods: Type.Array(Type.Enum(PAYMENT_METHODS), {
          description: 'The ways the company takes payment',
        }),
        products: Type.Array(
          Type.Object({
            id: Id,
            name: Type.String(),
            service_type: Type.String(),
            follow_up: Type.Boolean(),
          }),
        ),
      }),
    ),
    parties: Type.Array(Type.Object({ id: Id, name: Type.String() }), {
      description:
        'Users of the client that orders can name (client_user_ids): loan officers, processors, ...',
    }),
    property_types: Type.Array(ref(PropertyType)),
  },
  { $id: 'ClientConfiguration', description: 'What an order for this client may name' },
);

/**
 * Phone types, with the names people use for them (any letter case): the key on the left is
 * what is stored.
 */
export const PHONE_TYPES = {
  mobile: ['mobile', 'cell', 'cellular', 'cell phone', 'mobile phone'],
  work: ['work', 'office', 'business', 'main', 'direct', 'desk', 'work phone', 'office phone'],
  home: ['home', 'residence', 'home phone'],
  fax: ['fax', 'facsimile'],
  other: ['other'],
} as const;
export type PhoneType = keyof typeof PHONE_TYPES;

/** The stored phone type for a name people use ("Office" → work); null when unknown. */
export function toPhoneType(input: string): PhoneType | null {
  const name = input
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
  const found = Object.entries(PHONE_TYPES).find(([, names]) => (names as readonly string[]).includes(name));
  return (found?.[0] as PhoneType | undefined) ?? null;
}

export const CreateClientBody = Type.Object(
  {
    organization: Type.Object({
      name: NonBlank(200),
      client_type_id: Type.String({ description: 'An id from GET /api/v1/client_types' }),
      add_all_products: Type.Boolean({
        description: "Attach all of the company's products to the new client",
      }),
      company_id: Type.Optional(
        Type.String({
          description: 'Operators only: the company that serves the new client (staff: always their own)',
        }),
      ),
      address_attributes: Type.Object({
        address_one: NonBlank(200),
        address_two: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
        city: NonBlank(100),
        state: NonBlank(40, 'USPS code (TX) or name (Texas)'),
        zip: Type.String({ pattern: '^\\d{5}(-?\\d{4})?$', description: '12345 or 12345-6789' }),
      }),
      contacts_attributes: Type.Array(
        Type.Object({
          name: NonBlank(200),
          emails: Type.Optional(
            Type.Array(Type.String({ format: 'email', maxLength: 254 }), { maxItems: 20 }),
          ),
          phones_attributes: Type.Optional(
            Type.Array(
              Type.Object({
                phone_number: Type.String({ pattern: '^[0-9+()\\-. x]{7,30}$' }),
                phone_type: Type.Optional(
                  Type.String({
                    minLength: 1,
                    maxLength: 30,
                    description:
                      'mobile (or cell), work (or office, business, main, direct), home, fax or other, in any letter case; default work',
                  }),
                ),
              }),
              { maxItems: 20 },
            ),
          ),
        }),
        { maxItems: 50 },
      ),
    }),
  },
  { $id: 'CreateClientRequest' },
);
export type CreateClientBody = Static<typeof CreateClientBody>;

export const CreatedClient = Type.Object(
  { success: Type.Literal(true), client: ref(ClientSummary) },
  { $id: 'CreatedClient', description: 'The new client' },
);

export const ClientSettings = Type.Object(
  {
    client_id: Id,
    company_id: Id,
    client_review_required: Type.Boolean({
      description:
        'The client reviews each report before it is completed (request_completion leads to Client quality assurance)',
    }),
    payment_before_assignment: Type.Boolean({
      description:
        'The client pays before the order is assigned: a new order with a balance waits in Waiting payment until paid',
    }),
    lender_requests_reviewed: Type.Boolean({
      description:
        "The client's revision and reconsideration requests go to the company's review first: staff forward them to the appraiser (as written or in their words) or answer them (forward_request, answer_request). Off: they go straight to the appraiser. Default on",
    }),
    messages_through_company: Type.Boolean({
      description:
        "What the client's users and the appraiser write or upload reaches the other only through the company, which forwards it (notes and files get the audience client or appraiser). Off: they may write to everyone, which is then their default. Default on",
    }),
    report_release_after_payment: Type.Boolean({
      description:
        'The client gets the report only once the order is paid: a completed order with a balance keeps its report until the payment. Default off',
    }),
    eo_minimum_per_claim: Nullable(
      Type.String({
        description:
          "The client's least E&O coverage per claim, a decimal amount: its orders go only to appraisers insured for at least this and the company's own minimum. null: none of its own",
      }),
    ),
    payment_terms_days: Type.Integer({
      minimum: 0,
      maximum: 120,
      description:
        'Days after an invoice is issued that it falls due (net 30: 30; 0: due on issue); what the aging counts from (docs/money.md). Default 30',
    }),
    invoice_reminder_days: Type.Array(Type.Integer({ minimum: -30, maximum: 365 }), {
      maxItems: 10,
      description:
        'The days from an invoice\'s due day its lender is reminded while something is owed, in order: -3 three days before, 0 on it, 15 fifteen days after (docs/money.md, "Reminders"). Default none',
    }),
  },
  { $id: 'ClientSettings', description: "A company's settings for one of the clients it serves" },
);

export const ClientSettingsBody = Type.Object(
  {
    client_review_required: Type.Optional(Type.Boolean()),
    payment_before_assignment: Type.Optional(Type.Boolean()),
    lender_requests_reviewed: Type.Optional(Type.Boolean()),
    messages_through_company: Type.Optional(Type.Boolean()),
    report_release_after_payment: Type.Optional(Type.Boolean()),
    eo_minimum_per_claim: Type.Optional(
      Nullable(
        Type.String({ pattern: MONEY_PATTERN, description: 'e.g. 2000000.00; null: none of its own' }),
      ),
    ),
    invoice_reminder_days: Type.Optional(
      Type.Array(Type.Integer({ minimum: -30, maximum: 365 }), {
        maxItems: 10,
        uniqueItems: true,
        description:
          'Days from the due day, -30 to 365, each once; [] for none. Invoices issued from then on',
      }),
    ),
    payment_terms_days: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 120,
        description: 'Days from issue to due, 0 to 120; invoices issued from now on',
      }),
    ),
    company_id: Type.Optional(
      Type.String({
        description: 'Operators: the company whose settings change, when several serve the client',
      }),
    ),
  },
  { $id: 'ClientSettingsChange', description: 'Absent fields stay' },
);
export type ClientSettingsBody = Static<typeof ClientSettingsBody>;

export const ClientProducts = Type.Object(
  {
    client_id: Id,
    company_id: Id,
    products: Type.Array(
      Type.Object({
        id: Id,
        name: Type.String(),
        standard_fee: Type.String({ description: "The product's own fee, e.g. 450.00" }),
        offered: Type.Boolean({ description: 'The client may order it' }),
        fee: Nullable(Type.String({ description: "The client's own fee; null: the standard fee applies" })),
      }),
      { description: 'Every product of the company, by name' },
    ),
  },
  { $id: 'ClientProducts', description: "Which of a company's products a client may order, and at what fee" },
);

export const ClientProductsBody = Type.Object(
  {
    products: Type.Array(
      Type.Object({
        product_id: Type.String({ description: 'A product of your company' }),
        fee: Type.Optional(
          Nullable(
            Type.String({
              pattern: MONEY_PATTERN,
              description: "The client's own fee; null or absent: the standard fee",
            }),
          ),
        ),
      }),
      { maxItems: 200, description: 'The products the client may order: every other is withdrawn' },
    ),
    company_id: Type.Optional(
      Type.String({ description: 'Operators: the company whose products, when several serve the client' }),
    ),
  },
  { $id: 'ClientProductsChange' },
);
export type ClientProductsBody = Static<typeof ClientProductsBody>;

export const ClientAccess = Type.Object(
  {
    client_id: Id,
    order_visibility: Type.Enum(ORDER_VISIBILITIES, {
      description:
        "Which of the client's orders its users who are not admins see (its admins see all): all (the default); branch: those of their branch (PATCH /users/{id} branch_id) and those they are on; own: those they are on (placed by them, or naming them as a party)",
    }),
  },
  {
    $id: 'ClientAccess',
    description: "Who of the client sees which of its orders: the client's own setting",
  },
);

export const ClientAccessBody = Type.Object(
  { order_visibility: Type.Enum(ORDER_VISIBILITIES) },
  { $id: 'ClientAccessChange' },
);
