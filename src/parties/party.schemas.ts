import { Type } from 'typebox';
import { COMMON_PARTY_ROLES } from '../orders/order.parties.ts';

const Poc = Type.Union([Type.Boolean(), Type.Enum(['true', 'false'])], {
  description: 'Whether the party is a point of contact (a boolean, or the text true or false)',
});

export const CreatePartyBody = Type.Object(
  {
    party: Type.Object({
      name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
      role: Type.String({
        minLength: 1,
        maxLength: 60,
        description: `A role title as you name it ("Loan Officer", "Seller's Agent"); answered as written. Common roles share a key whatever the spelling: ${Object.keys(COMMON_PARTY_ROLES).join(', ')}`,
      }),
      poc: Poc,
      emails: Type.Optional(Type.Array(Type.String({ format: 'email', maxLength: 254 }), { maxItems: 20 })),
      phones: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { maxItems: 20 })),
    }),
  },
  { $id: 'CreatePartyRequest', description: 'Sent as party[name], party[role], party[emails][]… in a form' },
);

export const TogglePocBody = Type.Object({ poc: Poc }, { $id: 'TogglePointOfContactRequest' });
