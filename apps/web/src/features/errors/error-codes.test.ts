import { PROGRESS_BAR } from '@inkwell/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { errorToCode } from './error-codes';

describe('global error boundary mapping (SPEC §8)', () => {
  it('maps 401, 403, 404 and matching message text, else server_error', () => {
    expect(errorToCode({ status: 401 })).toBe('unauthorized');
    expect(errorToCode({ status: 403 })).toBe('forbidden');
    expect(errorToCode({ status: 404 })).toBe('not_found');
    expect(errorToCode(new Error('Request failed: Unauthorized'))).toBe('unauthorized');
    expect(errorToCode(new Error('forbidden resource'))).toBe('forbidden');
    expect(errorToCode(new Error('Series not found'))).toBe('not_found');
    expect(errorToCode(new Error('boom'))).toBe('server_error');
    expect(errorToCode(undefined)).toBe('server_error');
  });

  it('keeps an API error code the error page knows, and maps the others by status', () => {
    expect(errorToCode(new ApiError(404, 'Series not found', 'series_not_found'))).toBe('series_not_found');
    expect(errorToCode(new ApiError(404, 'No such chapter', 'chapter_not_found'))).toBe('not_found');
    expect(errorToCode(new ApiError(403, 'Not for you', 'forbidden'))).toBe('forbidden');
    expect(errorToCode(new ApiError(500, 'Oops', 'internal_error'))).toBe('server_error');
  });

  it('configures the progress bar exactly', () => {
    expect(PROGRESS_BAR).toEqual({ minimum: 0.08, speed: 400, trickleSpeed: 200, showSpinner: false });
  });
});
