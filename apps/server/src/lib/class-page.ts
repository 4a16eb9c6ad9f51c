import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * Marks the API calls of a page drawn for a class of signed-in readers (issue 32 §1,
 * plugins/page-renderer.ts): they answer what the class shares and leave out what is a reader's
 * own (a chapter's offers with their rentals), which each reader's part of the page brings. The
 * value is random per process: no request from outside can carry it.
 */
export const CLASS_PAGE_HEADER = 'x-inkwell-class-page';
export const CLASS_PAGE_TOKEN = randomBytes(18).toString('base64url');

export const isClassPageCall = (request: FastifyRequest): boolean => request.headers[CLASS_PAGE_HEADER] === CLASS_PAGE_TOKEN;
