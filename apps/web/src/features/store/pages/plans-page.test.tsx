import { ROUTES } from '@inkwell/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi, readerUser, renderRoutes, verifyAs } from '../../../../test/render';
import { fail, id, ok, plan, subscription, verifyAsViewer, viewer } from '../store-fixtures';
import PlansPage from './plans-page';

const PLANS = [
  plan({ id: id(11), name: 'Reader Monthly', priceCents: 499, interval: 'month', coinsPerPeriod: 0 }),
  plan({
    id: id(12),
    name: 'Reader Yearly',
    priceCents: 4900,
    interval: 'year',
    coinsPerPeriod: 600,
    description: 'Two months free.',
  }),
];

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const renderPlans = (path = '/buy/subscriptions') =>
  renderRoutes(
    [
      { path: '/buy/subscriptions', element: <PlansPage /> },
      { path: '*', element: <Where /> },
    ],
    path,
  );
const card = (name: string) => screen.getByRole('article', { name });

describe('subscriptions store', () => {
  it('shows the plans side by side with price per month or year, premium and coins per period', async () => {
    mockApi({ [ROUTES.verify.path]: verifyAs(null), [ROUTES.plans.path]: () => ok({ items: PLANS }) });
    renderPlans();
    await screen.findByRole('heading', { name: 'Reader Yearly' });
    expect(card('Reader Monthly')).toHaveTextContent('$4.99 / month');
    expect(card('Reader Monthly')).toHaveTextContent('Premium chapters');
    expect(card('Reader Monthly')).not.toHaveTextContent('coins every');
    expect(card('Reader Yearly')).toHaveTextContent('$49.00 / year');
    expect(card('Reader Yearly')).toHaveTextContent('+600 coins every year');
    expect(card('Reader Yearly')).toHaveTextContent('Two months free.');
    // A visitor is asked to log in first.
    expect(screen.getAllByRole('link', { name: 'Log in to subscribe' })).toHaveLength(2);
  });

  it('opens a checkout for the plan with returnTo and goes there', async () => {
    const bodies: unknown[] = [];
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [ROUTES.plans.path]: () => ok({ items: PLANS }),
      [ROUTES.mySubscription.path]: () => ok(null),
      [`POST ${ROUTES.checkout.path}`]: (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return ok({ purchaseId: id(21), checkoutUrl: `/buy/checkout/${id(21)}` }, 201);
      },
    });
    renderPlans('/buy/subscriptions?returnTo=/premium');
    await screen.findByRole('heading', { name: 'Reader Yearly' });
    fireEvent.click(within(card('Reader Yearly')).getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByTestId('where')).toHaveTextContent(`/buy/checkout/${id(21)}`);
    expect(bodies).toEqual([{ kind: 'plan', planId: id(12), returnTo: '/premium' }]);
  });

  it('marks the plan a reader already has and lets them start no other', async () => {
    mockApi({
      [ROUTES.verify.path]: verifyAsViewer(viewer({ isPremium: true, membership: 'Reader Monthly' })),
      [ROUTES.plans.path]: () => ok({ items: PLANS }),
      [ROUTES.mySubscription.path]: () => ok(subscription({ plan: PLANS[0] })),
    });
    renderPlans();
    await screen.findByRole('heading', { name: 'Reader Yearly' });
    expect(within(card('Reader Monthly')).getByText('Your plan')).toBeInTheDocument();
    expect(within(card('Reader Yearly')).queryByText('Your plan')).toBeNull();
    for (const button of screen.getAllByRole('button')) {
      if (card('Reader Monthly').contains(button) || card('Reader Yearly').contains(button)) expect(button).toBeDisabled();
    }
    expect(screen.getByRole('link', { name: 'Manage your subscription' })).toHaveAttribute('href', '/profile/subscriptions');
  });

  it('shows the server’s message when it refuses a second plan, and asks for the subscription again', async () => {
    let subscriptionCalls = 0;
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [ROUTES.plans.path]: () => ok({ items: PLANS }),
      [ROUTES.mySubscription.path]: () => {
        subscriptionCalls += 1;
        return ok(subscriptionCalls === 1 ? null : subscription({ plan: PLANS[1] }));
      },
      [`POST ${ROUTES.checkout.path}`]: () => fail(409, 'conflict', 'You already have a plan'),
    });
    renderPlans();
    await screen.findByRole('heading', { name: 'Reader Yearly' });
    fireEvent.click(within(card('Reader Monthly')).getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You already have a plan');
    expect(await within(card('Reader Yearly')).findByText('Your plan')).toBeInTheDocument();
  });
});
