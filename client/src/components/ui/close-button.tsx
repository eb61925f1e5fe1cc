/** What a dialog's or a notice's close button carries: a × to see, and "Close" to hear (the × is hidden from screen readers). */
export const CLOSE_BUTTON = { "aria-label": "Close", children: <span aria-hidden="true">×</span> };
