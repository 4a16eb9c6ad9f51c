import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TransferRefused } from './payout-provider';
import { createStripePayoutProvider } from './stripe-payout-provider';

/*
 * Decision 0045: a transfer is marked failed (and the admin's retry sends under a new key) only when
 * Stripe refused it for certain. Stripe's answers come from a small server on loopback, read by the
 * real SDK, so its own sorting of errors is what is tested.
 */
let answer: { status: number; error: Record<string, string> } = { status: 200, error: {} };
let server: Server;
let provider: ReturnType<typeof createStripePayoutProvider>;

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.status === 200 ? { id: 'tr_1', object: 'transfer' } : { error: answer.error }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  provider = createStripePayoutProvider(
    new Stripe('sk_test_payouts', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0, telemetry: false }),
  );
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const transfer = () =>
  provider.transfer({
    accountId: 'acct_1',
    amountCents: 2100,
    currency: 'usd',
    idempotencyKey: 'payout-a-2026-01',
    metadata: {},
  });

describe("Stripe's answers to a transfer", () => {
  it.each([
    [400, { type: 'invalid_request_error', code: 'balance_insufficient', message: 'Insufficient funds' }],
    [402, { type: 'card_error', message: 'The account cannot receive transfers' }],
    [403, { type: 'invalid_request_error', message: 'Not permitted' }],
    [404, { type: 'invalid_request_error', code: 'resource_missing', message: "No such destination: 'acct_1'" }],
  ])('takes a %i as a refusal: nothing was sent', async (status, error) => {
    answer = { status, error };
    await expect(transfer()).rejects.toEqual(new TransferRefused(error.message));
  });

  it.each([
    [409, { type: 'idempotency_error', message: 'There is currently another in-progress request using this Idempotent Key' }],
    [429, { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests' }],
    [400, { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests' }],
    [400, { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used with the same parameters' }],
    [401, { type: 'invalid_request_error', message: 'Invalid API Key provided' }],
    [500, { type: 'api_error', message: 'Something went wrong' }],
  ])('takes a %i (%o) as an unknown outcome, to ask again under the same key', async (status, error) => {
    answer = { status, error };
    const thrown = await transfer().catch((caught: unknown) => caught);
    expect(thrown).toBeInstanceOf(Stripe.errors.StripeError);
    expect(thrown).not.toBeInstanceOf(TransferRefused);
  });

  it('gives the transfer id of a transfer made', async () => {
    answer = { status: 200, error: {} };
    await expect(transfer()).resolves.toEqual({ transferId: 'tr_1' });
  });
});
