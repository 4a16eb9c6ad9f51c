// A success answer's words in the reader's language (decision 0040, as error answers say theirs):
// the message is a catalogue id of apiErrors.success.json, said in the request's language.
import type { FastifyRequest } from 'fastify';
import type { MessageValues } from './app-error';
import { translatorFor } from './i18n';

/** The id of a success answer's message. */
export type SuccessId = `apiErrors.success.${string}`;

/** Says `id` (with `values`) in the request's language: the picker's cookie, Accept-Language, the reader's own, the site's. */
export async function say(request: FastifyRequest, id: SuccessId, values?: MessageValues): Promise<string> {
  return translatorFor(await request.server.errorLocale(request))(id, values);
}
