import { useEditorState, type Editor } from "@tiptap/react";
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { typedLinkHref } from "@shared/html-links";
import { useAdminT, type AdminKey } from "@/lib/i18n";

type Format = "bold" | "italic" | "bulletList" | "orderedList" | "link";

const svg = (path: ReactNode) => (
  <svg
    viewBox="0 0 24 24"
    width="20"
    height="20"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    aria-hidden="true"
  >
    {path}
  </svg>
);

/** The toolbar's buttons, in order; the last opens the link box. */
const BUTTONS: { name: AdminKey; format: Format; icon: ReactNode; toggle?: (editor: Editor) => void }[] = [
  { name: "richText.bold", format: "bold", icon: <b aria-hidden="true">B</b>, toggle: (e) => e.chain().focus().toggleBold().run() },
  { name: "richText.italic", format: "italic", icon: <i aria-hidden="true">I</i>, toggle: (e) => e.chain().focus().toggleItalic().run() },
  {
    name: "richText.bulletedList",
    format: "bulletList",
    icon: svg(<path d="M9 6h11M9 12h11M9 18h11M4 6h.01M4 12h.01M4 18h.01" />),
    toggle: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    name: "richText.numberedList",
    format: "orderedList",
    icon: svg(<path d="M10 6h10M10 12h10M10 18h10M4 4v4M3 17h2.5l-2.5 3h2.5" />),
    toggle: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    name: "richText.link",
    format: "link",
    icon: svg(<path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />),
  },
];

/**
 * The keys that move along a toolbar (WAI-ARIA's toolbar pattern), from the button at `at` of
 * `count`: the arrow toward the line's end goes to the next button (ArrowLeft, right to left).
 */
function movedTo(key: string, at: number, count: number, rtl: boolean): number | null {
  if (key === (rtl ? "ArrowLeft" : "ArrowRight")) return (at + 1) % count;
  if (key === (rtl ? "ArrowRight" : "ArrowLeft")) return (at - 1 + count) % count;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
}

/**
 * The formatting buttons above the notes: one stop for Tab, the arrow keys, Home and End move along
 * them, and each says whether the selection has its format (aria-pressed). A button formats the
 * selection and gives the keyboard back to the text; Link opens a box for the link's address.
 */
export function RichTextToolbar({ editor, controls, labelId }: { editor: Editor; controls: string; labelId: string }) {
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => Object.fromEntries(BUTTONS.map(({ format }) => [format, e.isActive(format)])) as Record<Format, boolean>,
  });
  const t = useAdminT();
  const [current, setCurrent] = useState(0);
  const [isLinking, setLinking] = useState(false);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const toolbarId = useId();
  const linkBoxId = useId();
  const onKeyDown = (event: KeyboardEvent) => {
    const next = movedTo(event.key, current, BUTTONS.length, getComputedStyle(event.currentTarget).direction === "rtl");
    if (next === null) return;
    event.preventDefault();
    setCurrent(next);
    buttons.current[next]?.focus();
  };
  return (
    <>
      <div
        id={toolbarId}
        role="toolbar"
        aria-label={t("richText.formatting")}
        aria-describedby={labelId}
        aria-controls={controls}
        className="rich-text-toolbar"
        onKeyDown={onKeyDown}
      >
        {BUTTONS.map(({ name, format, icon, toggle }, index) => (
          <button
            key={format}
            ref={(button) => {
              buttons.current[index] = button;
            }}
            type="button"
            className="icon-btn"
            aria-label={t(name)}
            title={t(name)}
            // The formats are on or off; Link opens and closes the box for the address.
            aria-pressed={toggle ? active[format] : undefined}
            aria-expanded={toggle ? undefined : isLinking}
            aria-controls={toggle || !isLinking ? undefined : linkBoxId}
            tabIndex={index === current ? 0 : -1}
            onFocus={() => setCurrent(index)}
            onClick={() => (toggle ? toggle(editor) : setLinking((open) => !open))}
          >
            {icon}
          </button>
        ))}
      </div>
      {isLinking ? (
        <LinkBox
          id={linkBoxId}
          editor={editor}
          onClose={() => {
            setLinking(false);
            editor.commands.focus();
          }}
        />
      ) : null}
    </>
  );
}

/**
 * The link's address for the selected words (or, with nothing selected, the address itself becomes
 * the words): a web or e-mail address only (shared/html-links.ts).
 */
function LinkBox({ id, editor, onClose }: { id: string; editor: Editor; onClose: () => void }) {
  const t = useAdminT();
  const isLink = editor.isActive("link");
  const [address, setAddress] = useState(() => String(editor.getAttributes("link").href ?? ""));
  const [isWrong, setWrong] = useState(false);
  const setLink = () => {
    const href = typedLinkHref(address);
    if (href === null) return setWrong(true);
    const chain = editor.chain().focus().extendMarkRange("link");
    const words = { type: "text", text: address.trim(), marks: [{ type: "link", attrs: { href } }] };
    (editor.state.selection.empty && !isLink ? chain.insertContent(words) : chain.setLink({ href })).run();
    onClose();
  };
  const removeLink = () => {
    editor.chain().focus().extendMarkRange("link").unsetLink().run();
    onClose();
  };
  const addressRef = useRef<HTMLInputElement>(null);
  // As the box is drawn, before the next key (decision 021).
  useLayoutEffect(() => addressRef.current?.focus(), []);
  /** Enter in the address sets the link (not the form's submit); Escape anywhere in the box closes it. */
  const onKey = (key: string, act: () => void) => (event: KeyboardEvent) => {
    if (event.key !== key) return;
    event.preventDefault();
    event.stopPropagation();
    act();
  };
  return (
    <div id={id} role="group" aria-labelledby={`${id}-label`} className="rich-text-link" onKeyDown={onKey("Escape", onClose)}>
      <label id={`${id}-label`} htmlFor={`${id}-address`} className="field-label">
        {t("richText.linkAddress")}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={`${id}-address`}
          // Text, not url: the box takes a bare "example.com" (it gets https://), and the browser's
          // own URL check would stop the whole episode form from saving while the box is open.
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          dir="ltr"
          className="input min-w-0 flex-1 basis-48"
          value={address}
          placeholder="https://"
          // The box opens when the owner asks for it, to type the address in at once (focused on
          // mount below: Preact, unlike React, leaves `autoFocus` to the browser, which honours it only on page load).
          ref={addressRef}
          onKeyDown={onKey("Enter", setLink)}
          aria-invalid={isWrong || undefined}
          aria-describedby={isWrong ? `${id}-error` : undefined}
          onChange={(event) => {
            setAddress(event.target.value);
            setWrong(false);
          }}
        />
        <button type="button" className="icon-btn px-3" onClick={setLink}>
          {t("richText.setLink")}
        </button>
        {isLink ? (
          <button type="button" className="icon-btn px-3" onClick={removeLink}>
            {t("richText.removeLink")}
          </button>
        ) : null}
        <button type="button" className="icon-btn px-3" aria-label={t("richText.closeLinkBox")} onClick={onClose}>
          {t("richText.close")}
        </button>
      </div>
      {isWrong ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {t("richText.linkAddressWrong")}
        </p>
      ) : null}
    </div>
  );
}
