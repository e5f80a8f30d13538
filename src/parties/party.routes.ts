import { Type } from 'typebox';
import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { principalOf } from '../http/request-context.ts';
import { Party } from '../orders/order.schemas.ts';
import { CreatePartyBody, TogglePocBody } from './party.schemas.ts';
import { Id, OrderParams, ref, Success } from '../schemas/common.ts';
import { addParty, setPointOfContact } from './party.service.ts';

const PartyParams = Type.Object({ order_id: Id('The order'), party_id: Id('The party') });

export function registerPartyRoutes(app: AppInstance, { db }: AppDeps): void {
  app.post(
    '/orders/:order_id/parties',
    {
      config: { roles: ['client', 'staff'] },
      schema: {
        operationId: 'addOrderParty',
        tags: ['parties'],
        summary: 'Add a party to the order',
        description:
          'Client users and staff. A party that is a point of contact receives the inspection contact details.',
        params: OrderParams,
        body: ref(CreatePartyBody),
        response: { 201: ref(Party, 'The new party') },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addParty(db, principalOf(request), request.params.order_id, request.body.party)),
  );

  const toggle = (method: 'put' | 'post') => ({
    config: { roles: ['client', 'staff'] as const },
    schema: {
      // Both methods are kept for integrators; each needs its own operationId.
      operationId: method === 'put' ? 'togglePartyPointOfContact' : 'togglePartyPointOfContactPost',
      tags: ['parties'],
      summary: "Set a party's point-of-contact flag",
      description: `poc as a form field or JSON.${method === 'post' ? ' The same as the PUT, for clients that cannot send PUT.' : ''}`,
      params: PartyParams,
      body: ref(TogglePocBody),
      response: { 200: ref(Success, 'Set') },
    },
  });
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
  app.put('/orders/:order_id/parties/:party_id/toggle_poc', toggle('put'), handler);
  app.post('/orders/:order_id/parties/:party_id/toggle_poc', toggle('post'), handler);
}
