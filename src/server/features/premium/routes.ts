import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DemoCheckoutConfirmAnswerSchema,
  DemoCheckoutConfirmBodySchema,
  PaymentIntentAnswerSchema,
  PaymentIntentBodySchema,
  PremiumStatusSchema,
  StripeWebhookAnswerSchema,
  SubscriptionSchema,
  UpgradePremiumAnswerSchema,
  UpgradePremiumBodySchema,
} from '../../../shared/schemas/premium';
import { AppError, errorAnswers } from '../../http/errors';
import { memberOf, membersOnly } from '../../http/guards';
import type { AppDeps } from '../../types';
import { cancelPremium, confirmDemoPayment, pausePremium, premiumStatusOf, startPayment, subscriptionOf, upgradePremium } from './service';
import { receiveStripeWebhook } from './webhook';

const errors = errorAnswers(400, 401, 402, 404, 409, 503);

/**
 * Premium (issue 17): status, purchase, pause and cancel for members; the demo checkout's confirmation
 * only where the demo runs (never in production nor with Stripe: the route does not exist, 404); and
 * Stripe's webhook, the one call here that is not a member's (signed by Stripe instead: exempt from the
 * member guard and from the Origin check, http/origin.ts).
 */
export function premiumRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const noStore = { 'Cache-Control': 'private, no-store' };
  return async (app) => {
    // A provider outage reaches the member as a 503 with the catalogue's message; its cause goes to the log.
    app.addHook('onError', async (request, _reply, error) => {
      if (error instanceof AppError && error.status === 503 && error.cause)
        request.log.warn({ err: error.cause }, 'payment provider unavailable');
    });
    await app.register(
      membersOnly(async (members) => {
        members.get(
          '/api/auth/premium-status',
          {
            schema: {
              tags: ['premium'],
              summary: 'Whether I am premium, until when, and days remaining',
              response: { 200: PremiumStatusSchema, ...errorAnswers(401) },
            },
          },
          async (request, reply) => {
            reply.headers(noStore);
            return premiumStatusOf(memberOf(request), deps.now());
          },
        );
        members.post(
          '/api/create-payment-intent',
          {
            schema: {
              tags: ['premium'],
              summary: 'Start the monthly subscription: the first payment’s client secret for the card form',
              description:
                'Creates (once) the customer and a 550-yen monthly subscription whose first payment is pending. 409 while a subscription is live; 503 when payments are unavailable.',
              body: PaymentIntentBodySchema,
              response: { 200: PaymentIntentAnswerSchema, ...errors },
            },
          },
          async (request, reply) => {
            reply.headers(noStore);
            return startPayment(deps, memberOf(request), request.body);
          },
        );
        members.post(
          '/api/user/upgrade-premium',
          {
            schema: {
              tags: ['premium'],
              summary: 'Premium for a payment the provider confirms',
              description:
                'Granted only when the payment provider confirms that this member’s subscription payment succeeded (402 otherwise, nothing changed); a repeat adds nothing.',
              body: UpgradePremiumBodySchema,
              response: { 200: UpgradePremiumAnswerSchema, ...errors },
            },
          },
          async (request) => upgradePremium(deps, memberOf(request), request.body.paymentIntentId),
        );
        members.get(
          '/api/premium/subscription',
          {
            schema: {
              tags: ['premium'],
              summary: 'My subscription: active, cancelling, paused or none; period end; whether the pause was used',
              response: { 200: SubscriptionSchema, ...errorAnswers(401) },
            },
          },
          async (request, reply) => {
            reply.headers(noStore);
            return subscriptionOf(deps, memberOf(request));
          },
        );
        members.post(
          '/api/premium/pause',
          {
            schema: {
              tags: ['premium'],
              summary: 'Pause premium and billing for 90 days (once per member), then resume automatically',
              response: { 200: SubscriptionSchema, ...errors },
            },
          },
          async (request) => pausePremium(deps, memberOf(request)),
        );
        members.post(
          '/api/premium/cancel',
          {
            schema: {
              tags: ['premium'],
              summary: 'Cancel at the period end: premium until the day before renewal',
              response: { 200: SubscriptionSchema, ...errors },
            },
          },
          async (request) => cancelPremium(deps, memberOf(request)),
        );
        if (deps.payments?.confirm) {
          members.post(
            '/api/demo-checkout/confirm',
            {
              schema: {
                tags: ['premium'],
                summary: 'The demo checkout’s test card form: pay my demo payment (never in production nor with Stripe)',
                body: DemoCheckoutConfirmBodySchema,
                response: { 200: DemoCheckoutConfirmAnswerSchema, ...errors },
              },
            },
            async (request) => confirmDemoPayment(deps, memberOf(request), request.body.clientSecret),
          );
        }
      }),
    );

    await app.register(async (stripe) => {
      // The signature is over the exact bytes Stripe sent: this route alone reads its body raw.
      stripe.removeAllContentTypeParsers();
      stripe.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) =>
        done(null, body),
      );
      stripe.post(
        '/api/stripe/webhook',
        {
          schema: {
            tags: ['premium'],
            summary: 'Stripe’s webhook (signed; allow-listed events re-read from Stripe)',
            response: { 200: StripeWebhookAnswerSchema, ...errorAnswers(400, 404, 503) },
          },
        },
        async (request) => {
          await receiveStripeWebhook(deps, request.body, request.headers['stripe-signature']);
          return { received: true as const };
        },
      );
    });
  };
}
