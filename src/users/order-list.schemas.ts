import { Type, type Static } from 'typebox';
import { DAY_PATTERN } from '../format/dates.ts';
import { Id, Nullable, ref } from '../schemas/common.ts';

const Enum = Type.Enum;

/**
 * What a person keeps of an order list (GET /me/order_lists/{list}): the columns they chose and
 * their saved views. The lists: the order list (`orders`) and the staff pipeline (`pipeline`).
 */
export const ORDER_LISTS = ['orders', 'pipeline'] as const;
export type OrderListName = (typeof ORDER_LISTS)[number];

/**
 * The columns a person may choose beside those every row shows (the file number, the status).
 * Which of them a role may see (the client's name is for staff) is the web application's
 * presentation; the fees in them are what the list API gives each role.
 */
export const ORDER_LIST_COLUMNS = [
  'property',
  'borrower',
  'loan_number',
  'client',
  'product',
  'appraiser',
  'ordered',
  'due',
  'inspection',
  'fee',
  'time_in_status',
  'loan',
] as const;

/** The most views one person keeps of one list: more is a list to search, not to pick from. */
export const MAX_VIEWS = 50;

export const OrderListParams = Type.Object({
  list: Enum(ORDER_LISTS, { description: 'Which list: the order list or the staff pipeline' }),
});
export const OrderListViewParams = Type.Object({
  ...OrderListParams.properties,
  view_id: Id('The saved view'),
});

const Columns = Type.Array(Enum(ORDER_LIST_COLUMNS), {
  uniqueItems: true,
  maxItems: ORDER_LIST_COLUMNS.length,
  description: 'The columns shown, in their order (the file number and the status always are)',
});

const DAY = DAY_PATTERN;

/** A view's search, as the list's address carries it (the web application's parameters). */
export const OrderListSearch = Type.Object(
  {
    q: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'The words searched' })),
    status: Type.Optional(
      Type.String({ pattern: '^[a-z_]{1,60}$', description: "A status's key (status.id)" }),
    ),
    due_from: Type.Optional(Type.String({ pattern: DAY, description: 'Due on or after, YYYY-MM-DD' })),
    due_to: Type.Optional(Type.String({ pattern: DAY, description: 'Due on or before, YYYY-MM-DD' })),
    sort: Type.Optional(Enum(['created_at desc', 'created_at asc', 'due_date asc', 'due_date desc'])),
    mine: Type.Optional(
      Type.Boolean({ description: 'My orders only: placed by me (an appraiser: assigned to me)' }),
    ),
    client_id: Type.Optional(Id('The client (staff)')),
    queue: Type.Optional(Type.String({ pattern: '^[a-z_]{1,60}$', description: "The pipeline's queue" })),
  },
  {
    $id: 'OrderListSearch',
    additionalProperties: false,
    description: "A list's filters and sort, as its address in the web application carries them",
  },
);

export const OrderListView = Type.Object(
  {
    id: Id(),
    name: Type.String(),
    search: ref(OrderListSearch),
    columns: Columns,
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'OrderListView', description: 'A saved view: a search, a sort and columns under a name' },
);

export const OrderListSettings = Type.Object(
  {
    list: Enum(ORDER_LISTS),
    columns: Nullable(Columns),
    views: Type.Array(ref(OrderListView), { description: 'Your saved views of the list, by name' }),
  },
  {
    $id: 'OrderListSettings',
    description: "Your columns of an order list (null: your role's defaults) and your saved views",
  },
);

export const OrderListColumnsBody = Type.Object(
  { columns: Nullable(Columns) },
  {
    $id: 'OrderListColumnsRequest',
    additionalProperties: false,
    description: "The columns to show; null goes back to your role's defaults",
  },
);

export const CreateOrderListViewBody = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: 60,
      pattern: '\\S',
      description: 'A name of yours, unique among your views of the list',
    }),
    search: ref(OrderListSearch),
    columns: Columns,
  },
  { $id: 'CreateOrderListViewRequest', additionalProperties: false, description: 'A view to save' },
);

export type OrderListColumn = (typeof ORDER_LIST_COLUMNS)[number];
export type OrderListViewRow = Static<typeof OrderListView>;
