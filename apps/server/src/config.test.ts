import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const dataDir = mkdtempSync(join(tmpdir(), 'inkwell-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    const [heading, ...lines] = (error as Error).message.split('\n');
    expect(heading).toBe('Invalid configuration:');
    return lines.map((line) => line.trim());
  }
  throw new Error('the configuration was accepted');
}

describe('loadConfig (issue 17 §4)', () => {
  it('names every missing or wrong variable in one message', () => {
    const problems = problemsOf({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      MEDIA_DRIVER: 's3',
      STRIPE_SECRET_KEY: 'sk_test_1',
      PORT: 'eighty',
      REDIS_URL: 'not a url',
    });
    expect(problems.map((problem) => problem.split(':')[0]).sort()).toEqual([
      'PORT',
      'REDIS_URL',
      'S3_BUCKET',
      'SESSION_SECRET',
      'STRIPE_WEBHOOK_SECRET',
    ]);
    expect(problems).toContain('S3_BUCKET: required when MEDIA_DRIVER=s3');
    expect(problems).toContain('SESSION_SECRET: required in production');
    expect(problems).toContain('STRIPE_WEBHOOK_SECRET: required when the other Stripe variable is set');
  });

  it('reports a missing variable alone when nothing else is wrong', () => {
    expect(problemsOf({ NODE_ENV: 'production', DATA_DIR: dataDir })).toEqual(['SESSION_SECRET: required in production']);
  });

  it('never lets the journeys’ movable clock into production', () => {
    expect(problemsOf({ NODE_ENV: 'production', DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(40), TEST_CLOCK: '1' })).toEqual([
      'TEST_CLOCK: must be off in production',
    ]);
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, TEST_CLOCK: '1' }).testClock).toBe(true);
  });

  it('counts an empty variable as unset', () => {
    expect(problemsOf({ NODE_ENV: 'production', DATA_DIR: dataDir, SESSION_SECRET: '' })).toEqual([
      'SESSION_SECRET: required in production',
    ]);
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, REDIS_URL: '' }).redisUrl).toBeUndefined();
  });
});
