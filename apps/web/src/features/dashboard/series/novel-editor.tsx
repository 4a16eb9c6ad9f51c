import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Bold, Heading2, Heading3, Italic, List, ListOrdered, Minus, Quote, Redo2, Strikethrough, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useT } from '../../../lib/i18n/i18n-context';
import '../messages';

function ToolButton({
  label,
  isActive = false,
  onClick,
  children,
}: {
  label: string;
  isActive?: boolean;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={isActive}
      // A click keeps the focus and the selection in the text, as in any editor: the next key
      // typed goes to the text, never to the button (a space would press it again).
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={`rounded p-1.5 ${isActive ? 'bg-accent-600 text-white' : 'text-zinc-300 hover:bg-ink-700'}`}
    >
      {children}
    </button>
  );
}

/** A novel chapter's text, written as rich text. The server sanitizes whatever arrives. */
export function NovelEditor({
  initialHtml,
  onChange,
  label,
}: {
  initialHtml: string;
  onChange(html: string): void;
  /** The text box's accessible name (announcements reuse this editor). */
  label?: string;
}) {
  const t = useT();
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] } })],
    content: initialHtml,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        class:
          'novel-text min-h-72 max-h-[32rem] overflow-y-auto max-w-none px-4 py-3 font-serif text-base leading-relaxed text-zinc-100 focus:outline-none',
        'aria-label': label ?? t('dashboard.series.editor.chapterText'),
        role: 'textbox',
        'aria-multiline': 'true',
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.getHTML()),
  });
  if (!editor) return null;
  const chain = () => editor.chain().focus();
  return (
    <div className="overflow-hidden rounded-lg border border-ink-700 bg-ink-900 focus-within:ring-2 focus-within:ring-accent-500">
      <div
        className="flex flex-wrap gap-0.5 border-b border-ink-700 bg-ink-800/60 p-1"
        role="toolbar"
        aria-label={t('dashboard.series.editor.formatting')}
      >
        <ToolButton
          label={t('dashboard.series.editor.bold')}
          isActive={editor.isActive('bold')}
          onClick={() => chain().toggleBold().run()}
        >
          <Bold className="size-4" aria-hidden />
        </ToolButton>
        <ToolButton
          label={t('dashboard.series.editor.italic')}
          isActive={editor.isActive('italic')}
          onClick={() => chain().toggleItalic().run()}
        >
          <Italic className="size-4" aria-hidden />
        </ToolButton>
        <ToolButton
          label={t('dashboard.series.editor.strikethrough')}
          isActive={editor.isActive('strike')}
          onClick={() => chain().toggleStrike().run()}
        >
          <Strikethrough className="size-4" aria-hidden />
        </ToolButton>
        <ToolButton
          label={t('dashboard.series.editor.heading')}
          isActive={editor.isActive('heading', { level: 2 })}
          onClick={() => chain().toggleHeading({ level: 2 }).run()}
        >
          <Heading2 className="size-4" aria-hidden />
        </ToolButton>
        <ToolButton
          label={t('dashboard.series.editor.subheading')}
          isActive={editor.isActive('heading', { level: 3 })}
          onClick={() => chain().toggleHeading({ level: 3 }).run()}
        >
          <Heading3 className="size-4" aria-hidden />
        </ToolButton>
        <ToolButton
          label={t('dashboard.series.editor.quote')}
          isActive={editor.isActive('blockquote')}
          onClick={() => chain().toggleBlockquote().run()}
        >
          <Quote className="size-4" aria-hidden />
        </ToolButton>
        <ToolButton
          label={t('dashboard.series.editor.bulletedList')}
          isActive={editor.isActive('bulletList')}
          onClick={() => chain().toggleBulletList().run()}
        >
          <List className="size-4" aria-hidden />
        </ToolButton>
        <ToolButton
          label={t('dashboard.series.editor.numberedList')}
          isActive={editor.isActive('orderedList')}
          onClick={() => chain().toggleOrderedList().run()}
        >
          <ListOrdered className="size-4" aria-hidden />
        </ToolButton>
        <ToolButton label={t('dashboard.series.editor.sceneBreak')} onClick={() => chain().setHorizontalRule().run()}>
          <Minus className="size-4" aria-hidden />
        </ToolButton>
        <span className="mx-1 w-px bg-ink-700" aria-hidden />
        <ToolButton label={t('dashboard.series.editor.undo')} onClick={() => chain().undo().run()}>
          <Undo2 className="size-4" aria-hidden />
        </ToolButton>
        <ToolButton label={t('dashboard.series.editor.redo')} onClick={() => chain().redo().run()}>
          <Redo2 className="size-4" aria-hidden />
        </ToolButton>
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
