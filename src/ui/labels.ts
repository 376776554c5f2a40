/**
 * Words the UI kit itself shows (control names and screen-reader labels). Product messages
 * (docs/product/messages.md) live in `src/contract` and are never repeated here; the pager's
 * words (docs/product/screens.md) are.
 * Every component takes its own label props, so a host can translate without touching this file.
 *
 * @example
 * <Pager page={1} pageCount={3} onPageChange={go} previousLabel={UI_TEXT.previous} />
 */
// Straight from the file, not the contract index, so the UI bundle does not pull in zod schemas.
import { MESSAGES } from '../contract/messages';

export const UI_TEXT = {
  loading: MESSAGES.generic.loading,
  close: 'Close',
  cancel: 'Cancel',
  confirm: 'Confirm',
  retry: 'Try again',
  somethingWentWrong: MESSAGES.generic.unexpected,
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  chooseFile: 'Choose file',
  noFileChosen: 'No file chosen',
  filesChosen: (count: number) => `${count} files chosen`,
  required: 'required',
  pagination: 'Pagination',
  /** docs/product/screens.md: "Showing page X of Y". */
  showingPage: (page: number, count: number) => `Showing page ${page} of ${count}`,
  previous: 'Previous',
  next: 'Next',
  firstPage: 'First page',
  lastPage: 'Last page',
  page: (page: number) => `Page ${page}`,
  morePages: 'More pages',
  selectAll: 'Select all rows',
  selectRow: (label: string) => `Select ${label}`,
  noData: 'Nothing to show yet',
  notifications: 'Notifications',
  dismiss: 'Dismiss notification',
} as const;
