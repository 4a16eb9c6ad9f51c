import { useState } from 'react';
import { useT } from '../../../lib/i18n/i18n-context';
import { richText } from '../../../lib/i18n/rich';
import '../messages';

/** http(s) addresses only: nothing else typed (javascript:, data:, markup) ever becomes a link. */
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
/** Punctuation that ends a sentence more often than an address. */
const TRAILING = /[.,!?;:)\]}'"]+$/;

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; href: string; text: string };

/** Splits plain text into text and http(s) links, for rendering as React text nodes (never as HTML). */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const href = match[0].replace(TRAILING, '');
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', href, text: href });
    last = start + href.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** A comment's words as typed, line breaks kept, addresses clickable (opened away from the page, no referrer). */
export function CommentText({ body }: { body: string }) {
  return (
    <p className="whitespace-pre-wrap break-words text-sm leading-relaxed text-zinc-200">
      {linkify(body).map((part, index) =>
        part.kind === 'link' ? (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="nofollow ugc noopener noreferrer"
            className="text-accent-400 underline underline-offset-2 hover:text-accent-300"
          >
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}

/** A spoiler stays covered (not even in the page's text) until the reader asks for it. */
export function SpoilerText({ body }: { body: string }) {
  const t = useT();
  const [isShown, setIsShown] = useState(false);
  if (isShown) return <CommentText body={body} />;
  return (
    <button
      type="button"
      onClick={() => setIsShown(true)}
      className="w-full rounded-md bg-ink-800 px-3 py-2 text-left text-sm text-zinc-400 hover:bg-ink-700"
    >
      {richText(t('comments.spoilerCovered'), {
        strong: (words) => <span className="font-semibold text-amber-300">{words}</span>,
      })}
    </button>
  );
}
