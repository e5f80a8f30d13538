import { Type } from 'typebox';
import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { principalOf } from '../http/request-context.ts';
import { Party } from '../orders/order.schemas.ts';
import { COMMON_PARTY_ROLES } from '../orders/order.parties.ts';
import { OrderParams, Success } from '../schemas/common.ts';
import { addParty, setPointOfContact } from './party.service.ts';

const CreatePartyBody = Type.Object({
  party: Type.Object({
    name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
    role: Type.String({
      minLength: 1,
      maxLength: 60,
      description: `A role title as you name it ("Loan Officer", "Seller's Agent"); answered as written. Common roles share a key whatever the spelling: ${Object.keys(COMMON_PARTY_ROLES).join(', ')}`,
    }),
    poc: Type.Union([Type.Boolean(), Type.Enum(['true', 'false'])]),
    emails: Type.Optional(Type.Array(Type.String({ format: 'email', maxLength: 254 }), { maxItems: 20 })),
    phones: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { maxItems: 20 })),
  }),
});

const TogglePocBody = Type.Object({ poc: Type.Union([Type.Boolean(), Type.Enum(['true', 'false'])]) });
const PartyParams = Type.Object({ order_id: Type.String(), party_id: Type.String() });

export function registerPartyRoutes(app: AppInstance, { db }: AppDeps): void {
  app.post(
    '/orders/:order_id/parties',
    {
      config: { roles: ['client', 'staff'] },
      schema: {
        tags: ['parties'],
        summary: 'Add a party to the order (client users and staff)',
        params: OrderParams,
        body: CreatePartyBody,
        response: { 201: Party },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addParty(db, principalOf(request), request.params.order_id, request.body.party)),
  );

  const toggle = {
    config: { roles: ['client', 'staff'] as const },
    schema: {
      tags: ['parties'],
      summary: "Set a party's point-of-contact flag (poc as a form field or JSON)",
      params: PartyParams,
      body: TogglePocBody,
      response: { 200: Success },
    },
  };
  const handler = async (
    request: { params: { order_id: string; party_id: string }; body: { poc: boolean | string } } & Parameters<
      typeof principalOf
    >[0],
  ) => {
    await setPointOfContact(
      db,
      principalOf(request),
      request.params.order_id,
      request.params.party_id,
      request.body.poc === true || request.body.poc === 'true',
    );
    return { success: true as const };
  };
  app.put('/orders/:order_id/parties/:party_id/toggle_poc', toggle, handler);
  app.post('/orders/:order_id/parties/:party_id/toggle_poc', toggle, handler);
}
