import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, withScriptHashes } from './web';

describe("the pages' policy for index.html's inline scripts", () => {
  const theme = "try{document.documentElement.dataset.theme='light'}catch(e){}";
  const html = `<head><script>${theme}</script><script type="module" src="/assets/index.js"></script></head>`;

  it('hashes each inline script of the shell, never one loaded from a file', () => {
    expect(inlineScriptHashes(html)).toEqual([`'sha256-${createHash('sha256').update(theme).digest('base64')}'`]);
  });

  it('adds the hashes to script-src and leaves the rest of the policy as it was', () => {
    const hashes = inlineScriptHashes(html);
    expect(withScriptHashes("default-src 'self';script-src 'self' 'nonce-abc';object-src 'none'", hashes)).toBe(
      `default-src 'self';script-src 'self' ${hashes[0]} 'nonce-abc';object-src 'none'`,
    );
    expect(withScriptHashes("script-src 'self'", [])).toBe("script-src 'self'");
  });
});
