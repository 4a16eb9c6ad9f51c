/* global document */
/*
 * Inkwell's house ad (the demo's ad script, served from our own origin): it fills the ad slot it
 * was added to with an Inkwell Premium promotion, marked as an ad container so the page sees the
 * ad arrive. An admin replaces it with an ad network's markup in /Dashboard/Configuration.
 */
(() => {
  const script = document.currentScript;
  const slot = script && script.closest('[data-ad-slot]');
  if (!slot || slot.querySelector('[data-ad-container]')) return;
  const host = slot.querySelector('[data-ad-host]') || slot;

  const element = (tag, style, text) => {
    const node = document.createElement(tag);
    node.setAttribute('style', style);
    if (text) node.textContent = text;
    return node;
  };

  const card = element(
    'div',
    'box-sizing:border-box;height:100%;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:10px;' +
      'padding:16px 20px;border-radius:12px;border:1px solid #2a2542;text-align:center;font-family:inherit;' +
      'background:linear-gradient(135deg,rgba(124,58,237,0.28),#14111f 55%,#0c0a14);',
  );
  card.setAttribute('data-ad-container', 'house');
  card.append(
    element(
      'p',
      'margin:0;font-size:12px;font-weight:700;letter-spacing:0.12em;text-transform:uppercase;color:#fcd34d;',
      'Inkwell Premium',
    ),
    element('p', 'margin:0;font-size:20px;font-weight:700;color:#ffffff;', 'Every premium chapter the moment it is out.'),
    element('p', 'margin:0;font-size:14px;color:#d4d4d8;', 'No ads, and coins each month with Patron.'),
  );
  const link = element(
    'a',
    'display:inline-block;margin-top:4px;padding:8px 16px;border-radius:8px;background:#7c3aed;color:#ffffff;font-size:14px;font-weight:600;text-decoration:none;',
    'See the plans',
  );
  link.href = '/buy/subscriptions';
  // The ad runs in a sandboxed frame: its link opens the plans in a tab of their own.
  link.target = '_blank';
  link.rel = 'noopener';
  card.append(link);
  host.append(card);
})();
