import { EditorContent, useEditor, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { safeHref, typedLinkHref } from "@shared/html-links";
import { RichTextToolbar } from "./rich-text-toolbar";

/**
 * The formatting the notes offer, each kept by the server's sanitiser (server/platform/text/
 * sanitize.ts): paragraphs, line breaks (Shift+Enter), bold, italic, bulleted and numbered lists
 * and links. The rest of StarterKit is off, so what is pasted with headings, quotes, code or rules
 * arrives as paragraphs and text. Links hold only addresses the server keeps (shared/html-links.ts);
 * one typed or pasted becomes a link only when it is a web or e-mail address.
 */
const EXTENSIONS = [
  StarterKit.configure({
    blockquote: false,
    code: false,
    codeBlock: false,
    heading: false,
    horizontalRule: false,
    strike: false,
    underline: false,
    // It adds an empty paragraph after notes that end in a list: a change the owner did not make.
    trailingNode: false,
    link: {
      openOnClick: false,
      defaultProtocol: "https",
      // The server gives a web link its target and rel (sanitize.ts); the editor writes the address alone.
      HTMLAttributes: { target: null, rel: null },
      // Asked of a link's address, and of typed or pasted words before they become one ("example.com",
      // which becomes https://example.com).
      isAllowedUri: (url) => typeof url === "string" && (safeHref(url) !== undefined || typedLinkHref(url) !== null),
      shouldAutoLink: (url) => typedLinkHref(url) !== null,
    },
  }),
];

/** The notes as the form keeps them: an empty editor is no notes at all (not `<p></p>`). */
const htmlOf = (editor: Editor) => (editor.isEmpty ? "" : editor.getHTML());

interface Props {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** The form's handle on the field, so a message can send focus here (react-hook-form's field ref). */
  focusRef: (handle: { focus: () => void } | null) => void;
  labelId: string;
  describedBy: string | undefined;
  isInvalid: boolean;
}

/** The box's own attributes; ProseMirror writes an attribute given as undefined as the text "undefined", so absent ones are left out. */
function boxAttributes({ id, labelId, describedBy, isInvalid }: Pick<Props, "id" | "labelId" | "describedBy" | "isInvalid">) {
  return {
    id,
    class: "show-notes rich-text-content",
    // As the episode's page sets the notes: their direction from their first letters (Arabic, Hebrew).
    dir: "auto",
    "aria-multiline": "true",
    "aria-labelledby": labelId,
    ...(describedBy ? { "aria-describedby": describedBy } : {}),
    ...(isInvalid ? { "aria-invalid": "true" } : {}),
  };
}

/**
 * Tiptap bound to a form's value (see RichTextField). Tiptap writes HTML its own way (`<br>` for
 * `<br />`, a list item's words in a paragraph), so the HTML the notes came with is remembered with
 * Tiptap's writing of it: while the editor holds that, the form keeps the HTML as it came.
 */
export default function RichTextEditor({ id, value, onChange, onBlur, focusRef, labelId, describedBy, isInvalid }: Props) {
  const [initial] = useState(value);
  const came = useRef<{ html: string; written: string } | null>(null);
  const sent = useRef(value);
  const editorProps = useMemo(
    () => ({ attributes: boxAttributes({ id, labelId, describedBy, isInvalid }) }),
    [id, labelId, describedBy, isInvalid],
  );
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initial,
    editorProps,
    onUpdate: ({ editor: changed }) => {
      const written = htmlOf(changed);
      sent.current = came.current && written === came.current.written ? came.current.html : written;
      onChange(sent.current);
    },
    onBlur: () => onBlur(),
  });
  // The notes the form sets itself (its first value, a reset after Cancel or a save) replace the editor's.
  // A layout effect: it runs with the render, before the next key is handled. As a passive effect it
  // ran after paint on Preact, by when more keys had reached the editor, and this render's (older)
  // value replaced them: typed letters were lost.
  useLayoutEffect(() => {
    if (came.current && value === sent.current) return;
    // Outside the undo history: Ctrl+Z never brings back the notes of the form's last episode.
    if (came.current) editor.chain().setMeta("addToHistory", false).setContent(value, { emitUpdate: false }).run();
    came.current = { html: value, written: htmlOf(editor) };
    sent.current = value;
  }, [editor, value]);
  useEffect(() => {
    focusRef({ focus: () => editor.commands.focus() });
    return () => focusRef(null);
  }, [editor, focusRef]);
  return (
    <div className="rich-text panel" data-invalid={isInvalid || undefined}>
      <RichTextToolbar editor={editor} controls={id} labelId={labelId} />
      <EditorContent editor={editor} />
    </div>
  );
}
