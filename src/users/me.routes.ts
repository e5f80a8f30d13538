import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { fullName } from '../auth/principal.ts';
import { TOKEN_SHOWN_ONCE } from '../auth/token.ts';
import { principalOf } from '../http/request-context.ts';
import { inviteUser } from './invitation.service.ts';
import { Type } from 'typebox';
import type { PaymentProvider } from '../cards/card-processor.ts';
import { ref, Success } from '../schemas/common.ts';
import { cardOnFile, forgetCard, keepCard } from './payment-card.service.ts';
import {
  CardBody,
  CardOnFile,
  CurrentUser,
  NotificationSetting,
  NotificationSettingsChange,
} from './user.schemas.ts';
import { changeNotificationSettings, notificationSettings } from './notification-settings.service.ts';

export function registerMeRoutes(app: AppInstance, deps: AppDeps & { payments: PaymentProvider }): void {
  const { db, config, tokens } = deps;
  app.post(
    '/me',
    {
      config: { allowInvite: true, shownOnce: TOKEN_SHOWN_ONCE },
      schema: {
        operationId: 'getCurrentUser',
        tags: ['users'],
        summary: 'The current user, with a single-sign-on token; or invite a user',
        description:
          'Answers the user whose permissions apply: the key owner, or the user named by X-Api-Email ' +
          '(or X-User-Email) when the key owner administers that user. When X-Api-Email names no user and ' +
          "X-Api-First-Name and X-Api-Last-Name come with it, the user is created in the caller's organization " +
          '(X-Api-Role: staff or appraiser in a company) and emailed an invitation; the answer is the new user. ' +
          'Inviting is for staff and client admins.',
        response: { 200: ref(CurrentUser, 'The user whose permissions apply, or the invited user') },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const user = principal.invite
        ? await inviteUser(db, config, principal.user, principal.invite)
        : principal.user;
      // A token for someone else (acted for, or just invited) carries who minted it: its
      // session does what the key's owner may do for the user, no more (policy/acting.ts).
      const jwt = await tokens.sign(user, principal.keyOwner);
      return { id: user.id, name: fullName(user), email: user.email, jwt };
    },
  );

  app.get(
    '/me/notification_settings',
    {
      schema: {
        operationId: 'getNotificationSettings',
        tags: ['users'],
        summary: 'Which status notices you get by email',
        description:
          'Every status notice of your role, with whether it arrives. Each email links to the order in the web application.',
        response: { 200: Type.Array(ref(NotificationSetting), { description: 'The kinds of your role' }) },
      },
    },
    (request) => notificationSettings(db, principalOf(request).user),
  );
  app.patch(
    '/me/notification_settings',
    {
      schema: {
        operationId: 'changeNotificationSettings',
        tags: ['users'],
        summary: 'Turn status notices on or off',
        description:
          'Send the kinds to change: {"new_offer": false} turns new offers off, true turns them back on; the others stay. A kind of another role answers 422.',
        body: ref(NotificationSettingsChange),
        response: {
          200: Type.Array(ref(NotificationSetting), {
            description: 'The kinds of your role, as they now are',
          }),
        },
      },
    },
    (request) => changeNotificationSettings(db, principalOf(request).user, request.body),
  );

  const appraisersOnly = { roles: ['appraiser'] as const };
  app.get(
    '/me/payment_card',
    {
      config: { ...appraisersOnly, errors: [404] },
      schema: {
        operationId: 'getPaymentCard',
        tags: ['users'],
        summary: 'Your card on file (appraisers)',
        description:
          "The card the company's submission fees are charged to: brand, last four digits and expiry. 404 when there is none.",
        response: { 200: ref(CardOnFile) },
      },
    },
    (request) => cardOnFile(db, principalOf(request)),
  );
  app.put(
    '/me/payment_card',
    {
      config: appraisersOnly,
      schema: {
        operationId: 'putPaymentCard',
        tags: ['users'],
        summary: 'Put a card on file (appraisers), replacing the one before',
        description:
          "The card goes to the card processor, which keeps it; the service stores only the processor's token, the brand and the last four digits.",
        body: ref(CardBody),
        response: { 200: ref(CardOnFile, 'The card now on file') },
      },
    },
    (request) => keepCard(deps, principalOf(request), request.body),
  );
  app.delete(
    '/me/payment_card',
    {
      config: { ...appraisersOnly, errors: [404] },
      schema: {
        operationId: 'deletePaymentCard',
        tags: ['users'],
        summary: 'Remove your card on file',
        description:
          'Submission fees can then not be charged until a card is put on file again. 404 when there is no card on file.',
        response: { 200: ref(Success) },
      },
    },
    async (request) => {
      await forgetCard(db, principalOf(request));
      return { success: true as const };
    },
  );
}
